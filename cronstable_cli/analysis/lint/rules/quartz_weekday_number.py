"""A Quartz-shaped schedule with numeric weekdays: Quartz counts them from 1 = Sunday.

## What it does
Flags 7-field schedules that have Quartz's shape (seconds first, `?` in a
day field) and write day-of-week as numbers. Quartz numbers weekdays 1-7
from Sunday (1 = SUN, 2 = MON, ..., 7 = SAT); this dialect numbers them 0-7
from Sunday (0 and 7 = SUN, 1 = MON, ..., 6 = SAT). The message gives the
same days spelled with names, which mean the same in both.

## Why is this bad?
The expression parses verbatim and fires one day later than its author
meant, silently: `0 0 12 ? * 2#1 *` is the first Monday of the month in
Quartz and the first Tuesday here.

## Example
```yaml
- name: monthly-review
  command: review.sh
  schedule: "0 0 12 ? * 2#1 *"   # Quartz: first Monday
```

## Use instead
```yaml
  schedule: "0 0 12 ? * MON#1 *"  # names mean the same day everywhere
```
If the numbers already follow this dialect (1 = Monday), write them as names
anyway, or silence the finding with `# cronstable: ignore[quartz-weekday-number]`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ....engine import Parsed, ScheduleError
from ....engine.describe import explain_fields
from ....engine.parse_table import parse_schedule
from ....records import Finding, Level
from .. import wording as w
from ..context import DAY_OF_MONTH, DAY_OF_WEEK, JobContext

CODE = "quartz-weekday-number"
LEVEL: Level = "warning"


def applies(parsed: Parsed) -> bool:
    """Only a 7-field schedule has Quartz's shape."""
    return parsed.field_count == 7 and not parsed.reboot


# A weekday number: not the n of `d#n` and not a step.
_WEEKDAY_NUMBER = re.compile(r"(?<![#/0-9])[0-9]+")
QUARTZ_NAMES = ("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT")  # Quartz 1..7


def check(ctx: JobContext) -> Iterator[Finding]:
    parsed = ctx.parsed
    if parsed.reboot or parsed.field_count != 7:
        return
    dom, dow = ctx.field(DAY_OF_MONTH), ctx.field(DAY_OF_WEEK)
    if "?" not in (dom.source, dow.source):
        return
    numbers = [int(m.group()) for m in _WEEKDAY_NUMBER.finditer(dow.source)]
    if not numbers or not all(1 <= n <= 7 for n in numbers):
        return  # no numbers, or a 0 (never Quartz): nothing to misread
    named = _WEEKDAY_NUMBER.sub(lambda m: QUARTZ_NAMES[int(m.group()) - 1], dow.source)
    tokens = parsed.source.split()
    tokens[5] = named
    fixed = " ".join(tokens)
    try:
        quartz = parse_schedule(fixed, ctx.name)
    except ScheduleError:
        return  # not a Quartz spelling this dialect can take either
    yield ctx.finding(
        CODE,
        (
            f"{w.code(parsed.source)} has Quartz's shape (seconds first, `?` "
            f"in a day field), but weekday numbers differ: here {w.code(dow.source)} means "
            f"{_weekdays(parsed)} (0 = Sunday, 1 = Monday); in Quartz (1 = Sunday, 2 = Monday) "
            f"it means {_weekdays(quartz)}. Write the days as names, which mean the same in "
            f"both: {w.code(fixed)}."
        ),
        column=dow.column,
    )


def _weekdays(parsed: Parsed) -> str:
    """The day-of-week field in words."""
    return next(f.words for f in explain_fields(parsed) if f.name == "day-of-week")
