"""The runtime alarm is set at or above the timeout that stops the run first.

## What it does
Flags `sla.maxRuntimeSeconds` at or above `executionTimeout` (each from the
job or its `defaults:`, merged as the daemon merges them). The finding
points at `sla.maxRuntimeSeconds`, the schedule is its related location.

## Why is this bad?
The `maxRuntime` check pages while a run has been going longer than its
threshold, but the daemon cancels the run at `executionTimeout`: an alarm at
or past that point cannot fire for a run that stops when told (only one that
ignores the signal through the `killTimeout` escalation can reach it). The
alarm looks configured and never pages; the timeout's cancellation is
reported as a failure instead.

## Example
```yaml
- name: report
  command: report.sh
  schedule: "0 6 * * *"
  executionTimeout: 3600
  sla:
    maxRuntimeSeconds: 7200
```

## Use instead
```yaml
  executionTimeout: 3600
  sla:
    maxRuntimeSeconds: 2700   # pages before the run is killed
```
"""

from __future__ import annotations

from collections.abc import Iterator

from ....records import Finding, Level
from .. import runtime as r
from ..context import JobContext

CODE = "runtime-alarm-after-timeout"
LEVEL: Level = "warning"
NEEDS_RUNTIME = True  # no sla or timeout keys without runtime keys
PER_RUNTIME = True  # decided by the runtime values alone


def check(ctx: JobContext) -> Iterator[Finding]:
    keys = ctx.job.runtime
    if keys is None or keys.max_runtime is None or keys.execution_timeout is None:
        return
    alarm, timeout = keys.max_runtime, keys.execution_timeout
    if alarm < timeout:
        return
    killed = timeout + keys.kill_timeout
    if alarm < killed:
        reach = (
            f"only a run that ignores the stop signal for the {r.seconds(keys.kill_timeout)} "
            "killTimeout escalation lives long enough to trip it"
        )
    else:
        reach = f"the run is killed by {r.seconds(killed)} at the latest"
    yield ctx.key_finding(
        CODE,
        (
            f"sla.maxRuntimeSeconds {r.seconds(alarm)} is at or above executionTimeout "
            f"{r.seconds(timeout)}: the daemon cancels the run at the timeout, so the runtime "
            f"alarm cannot fire for a run that stops when told ({reach}); set it below "
            f"{r.seconds(timeout)}."
        ),
        "sla.maxRuntimeSeconds",
    )
