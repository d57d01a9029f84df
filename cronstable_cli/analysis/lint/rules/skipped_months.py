"""Some selected months never contain a day the day fields select.

## What it does
Flags schedules whose month field selects a month in which the day fields
can never match: `0 0 31 1,4 *` asks for the 31st of January and April, but
April has 30 days. The message names the months that are skipped.

## Why is this bad?
The schedule silently runs less often than written. A "month-end" job on the
31st misses five months a year; a job on the 30th never runs in February.

## Example
```yaml
- name: month-end-close
  command: close.sh
  schedule: "0 0 31 * *"    # never in February, April, June, September, November
```

## Use instead
```yaml
  schedule: "0 0 L * *"     # the last day of every month
```
Or remove the months that can never match from the month field.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....records import Finding, FixKind, Level
from .. import calendar
from .. import wording as w
from ..context import DAY_OF_MONTH, JobContext

CODE = "skipped-months"
LEVEL: Level = "warning"
# Findings depend only on the schedule text and the job's zone, kind and enabled flag,
# so the linter shares them between such jobs (linter._job_findings).
PER_SCHEDULE = True
# Fixable: day-of-month `31` becomes `L` (it then fires in every month).
FIX: FixKind = "unsafe"


def check(ctx: JobContext) -> Iterator[Finding]:
    parsed = ctx.parsed
    if parsed.reboot or (not parsed.dom.restricted and not parsed.dow.restricted):
        return
    days = None if calendar.years_restricted(parsed) else calendar.plain_days(parsed)
    if days is not None:  # fast path: plain days only, no weekday restriction
        skipped = [
            m for m in sorted(parsed.months) if calendar.missing_days(days, m) == sorted(days)
        ]
    else:
        years = calendar.years_from(parsed, ctx.now.year) or calendar.every_layout()
        schedule = ctx.schedule
        skipped = [m for m in sorted(parsed.months) if not calendar.month_union(schedule, m, years)]
    if not skipped:
        return
    plain = calendar.plain_days(parsed)
    if plain is not None:
        said = w.join([str(d) for d in sorted(plain)], "or")
        why = (
            f"{w.MONTHS[skipped[0]]} has no day {said}"
            if len(skipped) == 1
            else f"those months have no day {said}"
        )
        if calendar.years_restricted(parsed):
            why += " in the years of its year field"
    else:
        why = (
            f"no day of {'that month' if len(skipped) == 1 else 'those months'} matches "
            f"{calendar.day_fields_text(parsed)}"
        )
    fix = None
    if ctx.field(DAY_OF_MONTH).source == "31" and not parsed.dow.restricted:
        fix = ctx.field_fix(DAY_OF_MONTH, "L", "run on the last day of every month", safe=False)
    yield ctx.finding(
        CODE,
        (
            f"{w.code(parsed.source)} never fires in "
            f"{w.month_list(skipped)}: {why}; use `L` for the last day of a month, or drop "
            f"{'that month' if len(skipped) == 1 else 'those months'} from the month field."
        ),
        column=ctx.field(DAY_OF_MONTH).column,
        fix=fix,
    )
