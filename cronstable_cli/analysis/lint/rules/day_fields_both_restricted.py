"""Both day fields are restricted, so a day must match both (AND, not Vixie's OR).

## What it does
Flags schedules that restrict day-of-month *and* day-of-week (`?` and `*`
leave a field unrestricted).

## Why is this bad?
cronstable fires only on days that satisfy both fields: `0 0 13 * 5` is
Friday the 13th. Vixie cron (and most crontab manuals) fire on days that
satisfy *either* field, so the same line there runs every 13th and every
Friday. A schedule copied from a crontab, or written from its manual, fires
far less often here than its author expects.

## Example
```yaml
- name: payroll
  command: payroll.sh
  schedule: "0 9 1,15 * 1-5"   # 1st or 15th only when it is a weekday
```

## Use instead
If either day was meant, split the job in two:
```yaml
  schedule: "0 9 1,15 * *"     # and a second job with "0 9 * * 1-5"
```
If both were meant (Friday the 13th), keep it and silence the finding with
`# cronstable: ignore[day-fields-both-restricted]`; `1W,15W` picks the
weekday nearest a date.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....records import Finding, Level
from .. import wording as w
from ..context import DAY_OF_MONTH, DAY_OF_WEEK, JobContext

CODE = "day-fields-both-restricted"
LEVEL: Level = "warning"
# Findings depend only on the schedule text and the job's zone, kind and enabled flag,
# so the linter shares them between such jobs (linter._job_findings).
PER_SCHEDULE = True


def check(ctx: JobContext) -> Iterator[Finding]:
    parsed = ctx.parsed
    if parsed.reboot or not (parsed.dom.restricted and parsed.dow.restricted):
        return
    dom, dow = ctx.field(DAY_OF_MONTH), ctx.field(DAY_OF_WEEK)
    yield ctx.finding(
        CODE,
        (
            f"{w.code(parsed.source)} restricts both day-of-month "
            f"({w.code(dom.source)}) and day-of-week ({w.code(dow.source)}); cronstable fires only "
            "on days matching both, while Vixie cron fires on days matching either. If either was "
            "meant, split it into two jobs; if both, add "
            f"`# cronstable: ignore[{CODE}]`."
        ),
        column=dom.column,
    )
