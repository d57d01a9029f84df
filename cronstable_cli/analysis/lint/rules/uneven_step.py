"""A `*/n` or `H/n` step that does not divide its field, so the wrap gap is uneven.

## What it does
Flags a `*/n` or `H/n` item whose step does not divide the field's span
(60 seconds, 60 minutes, 24 hours, 12 months, 7 weekdays). The message
names the short (or long) interval where the field wraps around. Any step
in day-of-month (`*/n` or `H/n` with n > 1) gets a note instead: months have
28 to 31 days, so the step restarts at the first value every month.

## Why is this bad?
A step reads as "every n", but it restarts at the top of each cycle:
`*/7` in minutes fires at :00, :07, …, :56 and then at :00 again, only four
minutes later. Anything that assumes a steady interval (rate limits, overlap
protection, a "fires every 7 minutes" dashboard) is wrong once an hour.

## Example
```yaml
- name: poll-feed
  command: poll.sh
  schedule: "*/7 * * * *"
```

## Use instead
```yaml
  schedule: "*/6 * * * *"    # or */10: steps that divide 60 stay even
```
Or list the exact values you want (`0,20,40`). In day-of-month, use fixed
days (`1,15`) or a weekday field when a steady interval matters.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ....engine.daemon_hash import hash_value
from ....engine.schedule import days_in_month
from ....records import Finding, FixKind, Level
from .. import wording as w
from ..context import DAY_OF_MONTH, DAY_OF_WEEK, HOUR, MINUTE, MONTH, SECOND, JobContext

CODE = "uneven-step"
LEVEL: Level = "warning"
# Findings depend only on the schedule text and the job's zone, kind and enabled flag,
# so the linter shares them between such jobs (linter._job_findings).
PER_SCHEDULE = True
# Fixable when a step leaves a whole field with one value (`H/50` -> that minute).
FIX: FixKind = "safe"

_STEP = re.compile(r"(\*|[Hh])/([0-9]+)")
_SPANS = {SECOND: 60, MINUTE: 60, HOUR: 24, MONTH: 12, DAY_OF_WEEK: 7}
_ONCE = {
    SECOND: "once a minute",
    MINUTE: "once an hour",
    HOUR: "once a day",
    MONTH: "once a year",
    DAY_OF_WEEK: "once a week",
}
_UNITS = {SECOND: "second", MINUTE: "minute", HOUR: "hour", MONTH: "month", DAY_OF_WEEK: "day"}


def check(ctx: JobContext) -> Iterator[Finding]:
    for index in (SECOND, MINUTE, HOUR, DAY_OF_MONTH, MONTH, DAY_OF_WEEK):
        text = ctx.field(index)
        if not text.column:  # implied by the layout (a 5-field second, a macro)
            continue
        offset = 0
        for item in text.source.split(","):
            match = _STEP.fullmatch(item)
            if match and int(match.group(2)) > 1:
                column = text.column + offset
                if index == DAY_OF_MONTH:
                    yield _month_restart(
                        ctx, item, match.group(1) in "Hh", int(match.group(2)), column
                    )
                elif _SPANS[index] % int(match.group(2)):
                    yield _wrap(ctx, index, item, int(match.group(2)), column)
            offset += len(item) + 1


def _field_values(ctx: JobContext, index: int) -> list[int]:
    p = ctx.parsed
    found = {
        SECOND: p.seconds,
        MINUTE: p.minutes,
        HOUR: p.hours,
        MONTH: p.months,
        DAY_OF_WEEK: p.dow.days,
    }[index]
    return sorted(found)


def _wrap(ctx: JobContext, index: int, item: str, step: int, column: int) -> Finding:
    found = _field_values(ctx, index)
    span, unit = _SPANS[index], _UNITS[index]
    first, last = found[0], found[-1]
    gap = span - last + first
    name = ctx.field(index).spec.name
    if first == last:  # the step leaves the field after one value
        edit = None
        if item == ctx.field(index).source:
            # `H/50` that keeps one minute for this name is that minute: every fire stays.
            edit = ctx.field_fix(
                index, str(first), f"write the one value, {w.code(str(first))}", safe=True
            )
        return ctx.finding(
            CODE,
            (
                f"{w.code(item)} in the {name} field selects only {first}, so "
                f"it fires {_ONCE[index]}, not every {step} {unit}s; write the single "
                f"value (or `H`) if that is meant, or use a step that divides {span}."
            ),
            column=column,
            key=f"{name}:{item}",
            fix=edit,
        )
    where = _wrap_text(index, first, last)
    prefix = item.split("/")[0]
    better = [f"`{prefix}/{d}`" for d in _divisors_near(span, step)]
    fix = (
        f"use {w.join(better, 'or')} (which divide{'s' if len(better) == 1 else ''} {span}) "
        f"or list the exact {unit}s"
        if better
        else f"list the exact {unit}s"
    )
    return ctx.finding(
        CODE,
        (
            f"{w.code(item)} in the {name} field fires "
            f"{where}, a {gap}-{unit} gap instead of {step}, because {step} does not divide "
            f"{span}; {fix}."
        ),
        column=column,
        key=f"{name}:{item}",
    )


def _wrap_text(index: int, first: int, last: int) -> str:
    if index == SECOND:
        return f"at second {last} then at second {first} of the next minute"
    if index == MINUTE:
        return f"at :{last:02d} then at :{first:02d} of the next hour"
    if index == HOUR:
        return f"at hour {last} then at hour {first} of the next day"
    if index == MONTH:
        return f"in {w.MONTHS[last]} then in {w.MONTHS[first]} of the next year"
    return f"on {w.WEEKDAYS[last]} then on {w.WEEKDAYS[first]}"


def _divisors_near(span: int, step: int) -> list[int]:
    """The divisors of `span` (excluding 1 and span) just below and just above `step`."""
    divisors = [d for d in range(2, span) if span % d == 0]
    below = [d for d in divisors if d < step]
    above = [d for d in divisors if d > step]
    return ([below[-1]] if below else []) + ([above[0]] if above else [])


def _month_restart(ctx: JobContext, item: str, hashed: bool, step: int, column: int) -> Finding:
    if hashed:  # H/n in day-of-month hashes over 1-28 (docs/hashing.md)
        first = 1 + hash_value("day-of-month", ctx.name) % step
        days = list(range(first, 29, step))
    else:
        days = list(range(1, 32, step))
    lengths = sorted({days_in_month(y, m) for m in ctx.parsed.months for y in (2023, 2024)})
    gaps = sorted({n - max(d for d in days if d <= n) + days[0] for n in lengths})
    gap_text = w.plural(gaps[0], "day") if len(gaps) == 1 else f"{gaps[0]} to {gaps[-1]} days"
    return ctx.finding(
        CODE,
        (
            f"{w.code(item)} in the day-of-month field restarts at day "
            f"{days[0]} every month (days {w.values(days)}), so the gap across a month's end is "
            f"{gap_text} instead of a steady {step}; if a fixed interval matters, use fixed days "
            "(e.g. `1,15`) or the day-of-week field."
        ),
        column=column,
        level="note",
        key=f"day-of-month:{item}",
    )
