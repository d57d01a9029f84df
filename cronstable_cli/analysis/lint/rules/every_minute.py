"""The minute field is `*` while the hour is restricted: the job runs every minute of it.

## What it does
Flags schedules whose minute field selects every minute while the hour field
selects only some hours: `* 2 * * *` runs 60 times, at 02:00, 02:01, …, 02:59.

## Why is this bad?
It almost always means "once at 02:00": the author filled the minute with
`*` as if it were a "don't care". The job then runs sixty times in a row.

## Example
```yaml
- name: nightly-backup
  command: backup.sh
  schedule: "* 2 * * *"
```

## Use instead
```yaml
  schedule: "0 2 * * *"     # once, at 02:00 (or `H 2 * * *` to spread the fleet)
```
If every minute of that hour really is meant, silence the warning with
`# cronstable: ignore[every-minute]`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....records import Finding, FixKind, Level
from .. import wording as w
from ..context import MINUTE, JobContext

CODE = "every-minute"
LEVEL: Level = "warning"
# Findings depend only on the schedule text and the job's zone, kind and enabled flag,
# so the linter shares them between such jobs (linter._job_findings).
PER_SCHEDULE = True
# Fixable: a `*` minute becomes `0` (the job then fires once an hour, not 60 times).
FIX: FixKind = "unsafe"


def check(ctx: JobContext) -> Iterator[Finding]:
    parsed = ctx.parsed
    if parsed.reboot or len(parsed.minutes) != 60 or len(parsed.hours) == 24:
        return
    minute = ctx.field(MINUTE)
    hours = sorted(parsed.hours)
    per_day = 60 * len(hours) * len(parsed.seconds)
    if len(hours) == 1:
        runs = f"runs {per_day} times at {hours[0]:02d}:xx"
    else:
        runs = (
            f"runs every minute of hours {w.join([f'{h:02d}' for h in hours])} "
            f"({per_day} times a day)"
        )
    fix = None
    if minute.source == "*":
        fix = ctx.field_fix(MINUTE, "0", "run once, at minute 0", safe=False)
    yield ctx.finding(
        CODE,
        (f"{w.code(parsed.source)} {runs}; {w.code(_once(ctx))} was probably meant."),
        column=minute.column,
        fix=fix,
    )


def _once(ctx: JobContext) -> str:
    """The source with its minute (and an every-second second) field set to `0`."""
    tokens = ctx.parsed.source.split()
    if ctx.parsed.field_count == 7:
        tokens[1] = "0"
        if len(ctx.parsed.seconds) == 60:
            tokens[0] = "0"
    else:
        tokens[0] = "0"
    return " ".join(tokens)
