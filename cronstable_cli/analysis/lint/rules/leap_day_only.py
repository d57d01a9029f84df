"""February runs can only happen on the 29th, which exists only in leap years.

## What it does
Flags schedules that select February but whose day fields, in February, can
only match the 29th (`0 0 29 2 *`, `0 0 29-31 * *` in February). The message
names the next February 29th it fires on.

## Why is this bad?
A "February" run that happens once every four years is rarely what was
meant; usually the last day of February was.

## Example
```yaml
- name: february-close
  command: close.sh
  schedule: "0 0 29 2 *"
```

## Use instead
```yaml
  schedule: "0 0 L 2 *"    # February 28th, or the 29th in leap years
```
If once every leap year really is intended, silence the note with
`# cronstable: ignore[leap-day-only]`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....records import Finding, Level
from .. import calendar
from .. import wording as w
from ..context import DAY_OF_MONTH, JobContext

CODE = "leap-day-only"
LEVEL: Level = "note"
# Findings depend only on the schedule text and the job's zone, kind and enabled flag,
# so the linter shares them between such jobs (linter._job_findings).
PER_SCHEDULE = True

_ONLY_29TH = 1 << 29


def check(ctx: JobContext) -> Iterator[Finding]:
    parsed = ctx.parsed
    if parsed.reboot or 2 not in parsed.months or not parsed.dom.restricted:
        return
    days = None if calendar.years_restricted(parsed) else calendar.plain_days(parsed)
    if days is not None:  # fast path: plain days only, every year
        if {d for d in days if d <= 29} != {29}:
            return
    else:
        years = calendar.years_from(parsed, ctx.now.year) or calendar.every_layout()
        if calendar.month_union(ctx.schedule, 2, years) != _ONLY_29TH:
            return
    upcoming = _next_leap_day(ctx)
    when = f" (next: {upcoming}-02-29)" if upcoming else " (none is left before 2100)"
    yield ctx.finding(
        CODE,
        (
            f"{w.code(parsed.source)} can fire in February only on the 29th, "
            f"which exists only in leap years{when}; use `L` for February's last day if every "
            "year was meant."
        ),
        column=ctx.field(DAY_OF_MONTH).column,
    )


def _next_leap_day(ctx: JobContext) -> int | None:
    schedule, today = ctx.schedule, ctx.now
    start = today.year if (today.month, today.day) <= (2, 29) else today.year + 1
    for year in range(start, 2100):
        if year in ctx.parsed.years and schedule.day_mask(year, 2) & _ONLY_29TH:
            return year
    return None
