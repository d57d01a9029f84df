"""A scheduled wall time repeats on a fall-back date in the coming year; it fires once.

## What it does
For jobs with an explicit zone (`timezone`, a `defaults` timezone or
`CRON_TZ`) that has DST transitions, and a schedule with restricted hours,
looks at the transitions from today through the next 365 days and names the
date on which a scheduled wall time occurs twice. At most two DST findings
are reported per job.

## Why is this bad?
On a fall-back day the clock repeats an hour (01:00-02:00 in New York), so
01:30 happens twice. cronstable fires the job once, at the first 01:30, as
the daemon does. Vixie cron and some other schedulers behave differently,
and a job that is expected to run "every hour" runs one hour short that
night.

## Example
```yaml
- name: hourly-export
  command: export.sh
  timezone: Europe/Berlin
  schedule: "30 1-4 * * *"
```

## Use instead
```yaml
  schedule: "30 4-7 * * *"   # wall times that never repeat
```
Or schedule it in UTC (drop `timezone`). If one run is what you want,
silence the note with `# cronstable: ignore[dst-repeated-time]`.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import TYPE_CHECKING

from ....records import Finding, Level

if TYPE_CHECKING:
    from ..context import JobContext
    from ..dst import Hit

CODE = "dst-repeated-time"
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
        "repeated",
        _what,
        "pick wall times outside the repeated hour, or schedule in UTC, if every run matters.",
    )


def _what(ctx: JobContext, hit: Hit, secs: bool) -> str:
    from ..dst import clock

    before = datetime.fromtimestamp(hit.transition.epoch - 1, ctx.zone).tzname()
    first = clock(hit.walls[0], secs)
    if len(hit.walls) == 1:
        return f"{first} occurs twice; it fires once, at the first {first} ({before})"
    return (
        f"its {len(hit.walls)} runs from {first} to {clock(hit.walls[-1], secs)} each occur "
        f"twice; each fires once, at its first occurrence ({before})"
    )
