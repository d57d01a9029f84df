"""The schedule uses `H`: its slots come from a hash of the job's name.

## What it does
Names the exact expression an `H` schedule resolves to, so a reviewer sees
when the job really fires, and reminds that the hash key is the job's name.

## Why is this bad?
It is not bad: `H` is the recommended way to spread jobs. But the resolved
times are not visible in the file, and renaming the job (or, for a crontab
entry, moving it to another line, since its name is `file:line`) moves it to
different slots.

## Example
```yaml
- name: refresh-cache
  command: refresh.sh
  schedule: "H/15 * * * *"    # resolves to e.g. 13,28,43,58 * * * *
```

## Use instead
Keep `H`. If the job must fire at a known time, write the resolved
expression instead; otherwise silence the note with
`# cronstable: ignore[hashed-slot]`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import Parsed
from ....records import Finding, Level
from .. import wording as w
from ..context import JobContext

CODE = "hashed-slot"
LEVEL: Level = "note"


# What moves the slots, by the job's kind.
_MOVES = {
    "crontab": "its name is its file and line, so moving the entry to another line moves it",
    "dag": "renaming the DAG moves it to other slots",
}


def applies(parsed: Parsed) -> bool:
    """Only a schedule with an H item has a slot."""
    return parsed.uses_hash


def check(ctx: JobContext) -> Iterator[Finding]:
    parsed = ctx.parsed
    if not parsed.uses_hash:
        return
    column = next(f.column for f in parsed.fields if f.hashed)
    moves = _MOVES.get(ctx.job.kind, "renaming the job moves it to other slots")
    yield ctx.finding(
        CODE,
        (
            f"{w.code(parsed.source)} resolves to {w.code(parsed.resolved)} "
            f"(hashed from the job name {ctx.name!r}); {moves}."
        ),
        column=column,
    )
