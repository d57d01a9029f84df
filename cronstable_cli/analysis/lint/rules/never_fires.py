"""The schedule has no fire left before the end of 2099.

## What it does
Checks that the schedule still has an occurrence after today (the search
stops at the end of 2099, as the daemon's does), and says why it has none:
every year its year field names is past, or the date it asks for never
exists (February 30th, the 31st of a 30-day month, a day-of-month that never
falls on the requested weekday).

## Why is this bad?
A schedule that never fires is legal, so the daemon loads the job without a
word and then never runs it. Nothing at run time tells you.

## Example
```yaml
- name: month-end-report
  command: report.sh
  schedule: "0 6 30 2 *"   # February 30th never exists
```

## Use instead
```yaml
  schedule: "0 6 L 2 *"    # the last day of February, every year
```
A job that was meant to stop after a past year is better disabled or
deleted. A job that is deliberately never scheduled, run only on demand
(from the daemon's web UI or API), says so with a comment above its
schedule:
```yaml
  # cronstable: ignore[never-fires]
  schedule: "0 0 30 2 *"   # on demand only
```
 This finding replaces `skipped-months`, `leap-day-only` and the DST
notes for the same job: they say nothing useful about a job that never runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

from ....records import Finding, Level
from .. import calendar
from .. import wording as w
from ..context import DAY_OF_MONTH, YEAR, JobContext

CODE = "never-fires"
LEVEL: Level = "warning"
# Findings depend only on the schedule text and the job's zone, kind and enabled flag,
# so the linter shares them between such jobs (linter._job_findings).
PER_SCHEDULE = True
# Findings that say nothing useful about a job that never runs.
REPLACES = frozenset({
    "skipped-months", "leap-day-only", "dst-skipped-time", "dst-repeated-time",
    # A job that never runs has no runs to overlap, go stale or outlive a timeout.
    "runs-may-overlap", "sla-gap-breach", "runtime-alarm-after-timeout",
})  # fmt: skip
# A deliberately unscheduled job (run from the web UI or API) is legitimate: say how to mark it.
ON_DEMAND = (
    f" If the job is meant to run only on demand, add "
    f"`# cronstable: ignore[{CODE}]` on the line above its schedule."
)


def check(ctx: JobContext) -> Iterator[Finding]:
    parsed = ctx.parsed
    if parsed.reboot or ctx.next_fire() is not None:
        return
    head = w.code(parsed.source)
    year_col = ctx.field(YEAR).column
    last = ctx.prev_fire()
    if last is not None:
        when = _stamp(last)
        if calendar.years_restricted(parsed) and max(parsed.years) < ctx.now.year:
            yield ctx.finding(
                CODE,
                (
                    f"{head} has no fire left: its year field ends at {max(parsed.years)} and its "
                    f"last fire was {when}; move the year field forward, remove it, or delete "
                    f"the job.{ON_DEMAND}"
                ),
                column=year_col,
            )
        else:
            yield ctx.finding(
                CODE,
                (
                    f"{head} has no fire left before the end of 2099 (its last fire was {when}); "
                    f"check the day, month and year fields.{ON_DEMAND}"
                ),
            )
        return
    dom_col = ctx.field(DAY_OF_MONTH).column
    if calendar.years_restricted(parsed) and _exists_in_some_year(ctx):
        yield ctx.finding(
            CODE,
            (
                f"{head} never fires: the dates it asks for do not occur in the years of its "
                f"year field ({w.code(calendar.year_text(parsed))}); change the years or the "
                f"day fields.{ON_DEMAND}"
            ),
            column=year_col or dom_col,
        )
        return
    why, fix = _why_no_date(ctx)
    yield ctx.finding(
        CODE,
        (f"{head} never fires: the date it asks for never exists — {why}; {fix}.{ON_DEMAND}"),
        column=dom_col,
    )


def _exists_in_some_year(ctx: JobContext) -> bool:
    layouts = calendar.every_layout()
    schedule = ctx.schedule
    return any(calendar.month_union(schedule, m, layouts) for m in ctx.parsed.months)


def _why_no_date(ctx: JobContext) -> tuple[str, str]:
    """Why no date matches, and what to do about it."""
    parsed = ctx.parsed
    days = calendar.plain_days(parsed)
    if days is not None:
        months = sorted(parsed.months)
        if all(calendar.missing_days(days, m) == sorted(days) for m in months):
            said = w.join([str(d) for d in sorted(days)])
            where = w.month_list(months, "or")
            why = (
                f"day {said} does not exist in {where}"
                if len(days) == 1
                else f"days {said} do not exist in {where}"
            )
            return why, "use `L` for a month's last day, or pick days that exist"
    months_text = "any month" if len(parsed.months) == 12 else w.month_list(parsed.months, "or")
    return (
        f"no day of {months_text} matches {calendar.day_fields_text(parsed)}",
        "loosen one of the day fields",
    )


def _stamp(at: datetime) -> str:
    text = at.strftime("%Y-%m-%d %H:%M")
    if at.second:
        text = at.strftime("%Y-%m-%d %H:%M:%S")
    return f"{text} {at.tzname()}"
