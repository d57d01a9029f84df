"""More jobs than `--max-per-minute` fire in the same minute of the hour (fleet-level).

## What it does
Runs only with `--max-per-minute N`. Over a 24-hour window from now, counts
the distinct enabled jobs of the loaded set that fire in each minute of the
hour (in UTC, so zoned jobs count at their real instants) and reports the
minutes where more than N fire, naming the jobs and suggesting an `H`
spelling for one of them. Minutes crowded by exactly the same jobs are
reported together.

## Why is this bad?
Schedules written by hand cluster on round numbers: `0 * * * *`, `*/15`,
`0 0 * * *`. Every job of the cluster starts at the same second, competing
for CPU, database connections and API rate limits, while the minutes around
them sit idle.

## Example
```yaml
- name: sync-users
  command: sync.sh
  schedule: "*/15 * * * *"   # with a dozen other */15 jobs
```

## Use instead
```yaml
  schedule: "H/15 * * * *"   # every 15 minutes, at a slot hashed from the name
```
`cronstable pressure` shows the whole picture and `cronstable suggest` the
least-loaded slot.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timezone
from itertools import pairwise

from ....engine.fields import MACROS
from ....records import Finding, FixKind, Job, Level
from .. import wording as w
from ..context import MINUTE, FleetContext, JobContext, LintSettings

CODE = "crowded-minute"
LEVEL: Level = "warning"
# Fixable: the suggested job's minute becomes its `H` form (the job moves).
FIX: FixKind = "unsafe"
SCOPE = "fleet"


def applies(settings: LintSettings) -> bool:
    """Only with a limit (`--max-per-minute`) is a minute crowded."""
    return settings.max_per_minute is not None


def check(ctx: FleetContext) -> Iterator[Finding]:
    limit = ctx.settings.max_per_minute
    if limit is None or not ctx.jobs:
        return
    from ...fires import build_fleet, window_bounds  # only when asked for: start-up time

    order = {id(c.job): i for i, c in enumerate(ctx.jobs)}
    fleet = build_fleet([c.job for c in ctx.jobs], [c.parsed for c in ctx.jobs])
    start, end = window_bounds(ctx.now.astimezone(timezone.utc), 24)
    firing: list[list[Job]] = [[] for _ in range(60)]
    for group, fires in fleet.window(start, end):
        for minute in {e // 60 % 60 for e in fires}:
            firing[minute].extend(group.jobs)
    crowds: dict[tuple[int, ...], list[int]] = {}
    for minute, jobs in enumerate(firing):
        if len(jobs) > limit:
            key = tuple(sorted(order[id(j)] for j in jobs))
            crowds.setdefault(key, []).append(minute)
    used: set[int] = set()  # anchor each crowd on a different job where possible
    for members, minutes in crowds.items():
        found = _report([ctx.jobs[i] for i in members], minutes, limit, used)
        if found is not None:
            yield found


def _report(
    members: list[JobContext], minutes: list[int], limit: int, used: set[int]
) -> Finding | None:
    candidates = [c for c in members if not c.job.is_suppressed(CODE)]
    if not candidates:
        return None  # every job here has accepted its slot
    movable = [c for c in candidates if not c.field(MINUTE).hashed]
    fresh = [c for c in movable if id(c) not in used]
    anchor = (fresh or movable or candidates)[0]
    used.add(id(anchor))
    spread = _spread(anchor)
    hint = (
        f"e.g. {w.job(anchor.name)} {w.code(anchor.parsed.source)} → {w.code(spread)}"
        if spread
        else "or move some of them to quieter minutes"
    )
    where = f"minute {_minutes(minutes)}" if len(minutes) == 1 else f"minutes {_minutes(minutes)}"
    names = w.names([c.name for c in members])
    fix = None
    if spread and not anchor.parsed.source.startswith("@"):
        index = 1 if anchor.parsed.field_count == 7 else 0
        token = spread.split()[index]
        fix = anchor.field_fix(
            MINUTE, token, f"spread {w.job(anchor.name)} with {w.code(token)}", safe=False
        )
    return anchor.finding(
        CODE,
        (
            f"{len(members)} jobs fire in {where} of the hour, more than --max-per-minute "
            f"{limit}: {names}; spread them with H, {hint}."
        ),
        column=anchor.field(MINUTE).column,
        subject=False,
        key=",".join(str(m) for m in minutes),  # the crowd's members change with the fleet
        fix=fix,
    )


def _minutes(minutes: list[int]) -> str:
    shown = [f":{m:02d}" for m in minutes]
    if len(shown) > 6:
        return f"{shown[0]}, {shown[1]}, …, {shown[-1]} ({len(shown)} minutes)"
    return w.join(shown)


def _spread(ctx: JobContext) -> str | None:
    """The job's schedule with its minute field rewritten as an H form, if one fits."""
    parsed = ctx.parsed
    source = parsed.source
    tokens = (
        MACROS.get(source.lower(), MACROS["@daily"]).split()
        if source.startswith("@")
        else source.split()
    )
    index = 1 if parsed.field_count == 7 else 0
    minutes = sorted(parsed.minutes)
    token = tokens[index]
    if token.startswith("*/"):
        tokens[index] = "H" + token[1:]
    elif len(minutes) == 1:
        tokens[index] = "H"
    elif (
        len({b - a for a, b in pairwise(minutes)}) == 1
        and (minutes[1] - minutes[0]) * len(minutes) == 60
    ):
        tokens[index] = f"H/{minutes[1] - minutes[0]}"
    else:
        return None
    return " ".join(tokens)
