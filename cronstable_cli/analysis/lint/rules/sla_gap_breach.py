"""A staleness or lateness SLA that on-time runs breach.

## What it does
Compares `sla.maxTimeSinceSuccessSeconds` with the schedule's longest gap
between consecutive fires over the coming year in the job's own zone
(weekends, months with fewer days, the DST fall-back day included): when
the threshold is shorter than that gap, it names the gap, its dates and
the smallest threshold that would not breach (the gap itself when runs
take equally long, plus the run's bound to allow for a slow one). With `sla.lateAfterSeconds`,
it also checks the threshold against the delay the daemon itself applies to
a start: a catch-up run (`onMissed`) waits its deterministic
`catchupJitterSeconds` offset, crc32 of the job's name, before starting.
Values come from the job and its `defaults:` exactly as the daemon merges
them; the finding points at the threshold, the schedule is its related
location.

## Why is this bad?
The daemon pages when the time since the last success passes the
threshold. Successes land a gap apart (when runs take equally long), so
across a gap longer than the threshold the alarm fires although every run
succeeds: a Monday–Friday
job with a 26-hour threshold pages every Monday morning, a daily job in
`America/New_York` with a 24-hour threshold once a year, on the fall-back
day's 25-hour gap. A `lateAfterSeconds` shorter than the job's own
catch-up offset pages on a catch-up run that starts exactly when the daemon
means it to.

## Example
```yaml
- name: export
  command: export.sh
  schedule: "0 9 * * 1-5"
  sla:
    maxTimeSinceSuccessSeconds: 93600   # 26 h; Friday → Monday is 72 h
```

## Use instead
```yaml
  sla:
    maxTimeSinceSuccessSeconds: 262800  # 73 h: the weekend gap, and an hour for the run
```
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ....records import Finding, Level, RuntimeKeys
from .. import runtime as r
from ..context import JobContext

if TYPE_CHECKING:
    from ...gaps import Gap  # found only for a job with runtime keys (start-up)

CODE = "sla-gap-breach"
LEVEL: Level = "warning"
NEEDS_RUNTIME = True  # no sla keys without runtime keys


def _values_decide(keys: RuntimeKeys) -> bool:
    """The verdict is the runtime values' alone unless a catch-up offset is compared
    (it comes from the job's name): then each job is checked."""
    return not _compares_offset(keys)


def _compares_offset(keys: RuntimeKeys) -> bool:
    return keys.late_after is not None and keys.on_missed != "skip" and keys.catchup_jitter > 0


PER_RUNTIME = _values_decide  # linter: alike jobs are skipped where it found nothing


def check(ctx: JobContext) -> Iterator[Finding]:
    keys = ctx.job.runtime
    if keys is None:
        return
    for verdict in verdicts(ctx):
        yield r.said(ctx, CODE, verdict)
    if _compares_offset(keys):
        late = keys.late_after
        assert late is not None
        offset = r.catchup_offset(ctx.job.name, keys.catchup_jitter)
        if late < offset:  # the daemon pages only past the threshold
            yield ctx.key_finding(
                CODE,
                (
                    f"sla.lateAfterSeconds {late} s is shorter than this job's catch-up "
                    f"offset, {offset:g} s (catchupJitterSeconds {keys.catchup_jitter} spreads "
                    f"onMissed: {keys.on_missed} catch-up runs by a crc32 of the job's name): "
                    "a catch-up run that starts when the daemon means it to starts after the "
                    f"threshold; set it above {offset:g} s."
                ),
                "sla.lateAfterSeconds",
                key="lateAfterSeconds",
            )


def verdicts(ctx: JobContext) -> tuple[r.Verdict, ...]:
    """What `check` says of the job's values alone (the staleness alarm against the
    longest gap): all it says when PER_RUNTIME holds, the same for every job alike in
    its timeline and runtime values (the linter says it to them without asking)."""
    keys = ctx.job.runtime
    threshold = None if keys is None else keys.max_time_since_success
    if keys is None or threshold is None:
        return ()
    found = r.gaps(ctx)  # the timeline's, found once
    if found is None or threshold >= found.longest.seconds:
        return ()  # most jobs: no breach, no verdict to share
    longest = found.longest
    # Everything the verdict reads from the job besides its timeline (r.shared_verdict).
    key = (CODE, threshold, keys.execution_timeout, keys.kill_timeout, keys.max_runtime)
    return (r.shared_verdict(ctx, key, lambda: _stale_verdict(ctx, keys, threshold, longest)),)


def _stale_verdict(ctx: JobContext, keys: RuntimeKeys, threshold: int, gap: Gap) -> r.Verdict:
    message = _stale(ctx, threshold, gap, r.run_bound(keys))
    return r.Verdict(message, "sla.maxTimeSinceSuccessSeconds", LEVEL, "maxTimeSinceSuccessSeconds")


def _stale(ctx: JobContext, threshold: int, gap: Gap, bound: r.Bound | None) -> str:
    needed = (
        f"the smallest threshold that does not breach is {gap.seconds} s, when runs take "
        "equally long"
    )
    if bound is not None:
        margin = gap.seconds + math.ceil(bound.seconds)
        needed += f" ({margin} s also allows for a run of up to {bound.said})"
    return (
        f"sla.maxTimeSinceSuccessSeconds is {threshold} s ({r.span(threshold)}), "
        f"shorter than the schedule's longest gap of {gap.seconds} s "
        f"({r.span(gap.seconds)}) {r.fire_pair(ctx, gap)}: the staleness alarm "
        f"fires across it even when every run succeeds; {needed}."
    )
