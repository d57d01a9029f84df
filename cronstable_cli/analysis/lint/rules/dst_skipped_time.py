"""A scheduled wall time falls in a spring-forward gap in the coming year.

## What it does
For jobs with an explicit zone (`timezone`, a `defaults` timezone or
`CRON_TZ`) that has DST transitions, and a schedule with restricted hours,
looks at the transitions from today through the next 365 days and names the
date on which a scheduled wall time does not exist, and the shifted time it
fires at instead. At most two DST findings are reported per job.

## Why is this bad?
On a spring-forward day the clock jumps (02:00 → 03:00 in New York), so a
02:30 run has no 02:30 to happen at. cronstable fires it once, at the
instant the pre-transition offset maps it to (03:30), as the daemon does;
anything that expects it at 02:30, or an hour before the 03:30 job, is
surprised once a year.

## Example
```yaml
- name: nightly-rollup
  command: rollup.sh
  timezone: America/New_York
  schedule: "30 2 * * *"
```

## Use instead
```yaml
  schedule: "30 3 * * *"   # a wall time that exists every day
```
Or schedule it in UTC (drop `timezone`). If the shift is acceptable, silence
the note with `# cronstable: ignore[dst-skipped-time]`.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import TYPE_CHECKING

from ....engine.timeline import instant_of
from ....records import Finding, Level

if TYPE_CHECKING:
    from ..context import JobContext
    from ..dst import Hit

CODE = "dst-skipped-time"
LEVEL: Level = "note"
# Findings depend only on the schedule text and the job's zone, kind and enabled flag,
# so the linter shares them between such jobs (linter._job_findings).
PER_SCHEDULE = True


def check(ctx: JobContext) -> Iterator[Finding]:
    if not ctx.job.zone_explicit:  # the common case: skip importing the DST helpers
        return
    from .. import dst

    yield from dst.findings(
        ctx,
        CODE,
        "skipped",
        _what,
        "pick a wall time outside the gap, or schedule in UTC, if the shift matters.",
    )


def _what(ctx: JobContext, hit: Hit, secs: bool) -> str:
    from ..dst import clock, duration

    zone = ctx.zone
    shifted = [datetime.fromtimestamp(instant_of(zone, _fields(t))[0], zone) for t in hit.walls]
    first, moved = clock(hit.walls[0], secs), clock(shifted[0], secs)
    if len(hit.walls) == 1:
        what = (
            f"its {first} run does not exist that day and fires at {moved} "
            f"{shifted[0].tzname()} instead"
        )
    else:
        what = (
            f"its {len(hit.walls)} runs from {first} to {clock(hit.walls[-1], secs)} do not "
            f"exist that day; each fires {duration(hit.transition.after - hit.transition.before)}"
            f" later ({first} → {moved} {shifted[0].tzname()})"
        )
    if any(ctx.schedule.matches(*_fields(s)) for s in shifted):
        what += ", together with the run already scheduled at that time"
    return what


def _fields(at: datetime) -> tuple[int, int, int, int, int, int]:
    return (at.year, at.month, at.day, at.hour, at.minute, at.second)
