"""The job fires in the host's zone (`utc: false` without `timezone`).

## What it does
Notes a job whose `utc: false` (its own or its `defaults:`) is not paired
with a `timezone`, so the daemon reads its schedule on the host's local
clock. The finding points at the `utc` key; the schedule is its related
location.

## Why is this bad?
The host's zone is not in the job file: the same file fires at different
instants on differently configured hosts (a container in UTC, a laptop in
Berlin), and no tool can check it before a deploy — no DST finding, no
gap, no preview that is sure to match production.

## Example
```yaml
- name: rotate
  command: rotate.sh
  schedule: "0 2 * * *"
  utc: false
```

## Use instead
```yaml
  schedule: "0 2 * * *"
  timezone: Europe/Berlin     # the zone the job is meant for
```
"""

from __future__ import annotations

from collections.abc import Iterator

from ....records import Finding, Level
from ..context import JobContext

CODE = "host-local-zone"
LEVEL: Level = "note"
# Decided by the job's zone and kind alone, which jobs alike in their schedule share.
PER_RUNTIME = True


def check(ctx: JobContext) -> Iterator[Finding]:
    job = ctx.job
    if job.utc or job.timezone is not None or job.kind != "yaml":
        return
    yield ctx.key_finding(
        CODE,
        (
            "utc: false without a timezone: the schedule runs on the host's local clock, so "
            "it fires at different instants on differently configured hosts and no DST or "
            "gap check can be made for it here; name the zone with `timezone:`."
        ),
        "utc",
    )
