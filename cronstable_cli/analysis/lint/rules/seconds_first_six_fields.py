"""A 6-field schedule whose year is `*`: most likely a seconds-first (Quartz, Spring) paste.

## What it does
Flags schedules of six fields whose sixth field, the year, is `*`. In this
dialect six fields are minute, hour, day-of-month, month, day-of-week and
year; Quartz and Spring write six fields as second, minute, hour,
day-of-month, month and day-of-week. The message says what the schedule
means here and what it means seconds-first.

## Why is this bad?
A year field of `*` adds nothing, so a 6-field schedule ending in `*` is
almost always a seconds-first expression copied from Java or Spring, and it
loads without a word while meaning something else: `0 0/5 * * * *` is
"every 5 minutes" in Spring and "every 5 hours" here; `0 0 * * * *` is
"hourly" in Spring and "daily at 00:00" here.

## Example
```yaml
- name: poll-queue
  command: poll.sh
  schedule: "0 0/5 * * * *"   # Spring: every 5 minutes
```

## Use instead
```yaml
  schedule: "0 0/5 * * * * *"  # seconds first needs 7 fields: every 5 minutes
```
or, if the 5-field meaning was intended, drop the trailing year:
`0 0/5 * * *`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import Parsed, ScheduleError
from ....engine.describe import describe
from ....engine.parse_table import parse_schedule
from ....records import Finding, Level
from .. import wording as w
from ..context import YEAR, JobContext

CODE = "seconds-first-six-fields"
LEVEL: Level = "warning"


def applies(parsed: Parsed) -> bool:
    """Only a 6-field schedule can be read seconds first."""
    return parsed.field_count == 6 and not parsed.reboot


def check(ctx: JobContext) -> Iterator[Finding]:
    parsed = ctx.parsed
    if parsed.reboot or parsed.field_count != 6 or ctx.field(YEAR).source != "*":
        return
    if ctx.job.schedule_fields:
        return  # a map schedule names its year key: no field order to mistake
    tokens = parsed.source.split()
    seven = " ".join([*tokens, "*"])
    here = _lower_first(describe(parsed))
    try:
        # The job's name is the hash key, as it would be for the 7-field form.
        there = _lower_first(describe(parse_schedule(seven, ctx.name)))
    except ScheduleError:
        there = None
    quartz = (
        f"Quartz and Spring put seconds first, where it means {there}. If that was "
        f"meant, write {w.code(seven)} (7 fields, seconds first)"
        if there
        else "Quartz and Spring put seconds first; for that reading write it with 7 "
        f"fields, {w.code(seven)}"
    )
    yield ctx.finding(
        CODE,
        (
            f"{w.code(parsed.source)} has 6 fields and the 6th, the year, is "
            f"`*`: here the fields are minute hour day-of-month month day-of-week year, so it "
            f"means {here}. {quartz}; if not, drop the year: "
            f"{w.code(' '.join(tokens[:5]))}."
        ),
        column=ctx.field(YEAR).column,
    )


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]
