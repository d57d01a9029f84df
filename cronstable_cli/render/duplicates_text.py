"""The `duplicates` report for a terminal: one block per group, largest first."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from typing import IO

from ..analysis.duplicates import Duplicates
from ..engine.describe import plural
from .console import print_blocks
from .layout import Block, Keep, Line, Prose

NAMES_SHOWN = 20


def render_duplicates(
    result: Duplicates,
    file: IO[str] | None = None,
    *,
    limit: int | None = NAMES_SHOWN,
    width: int | None = None,
) -> None:
    """Every duplicate group with its meaning, zone and jobs (`limit` names each)."""
    print_blocks(lambda w: duplicates_blocks(result, w, limit=limit), file, width=width)


def duplicates_blocks(r: Duplicates, width: int, *, limit: int | None) -> Iterator[Block]:
    """The report's lines for `width` columns."""
    in_groups = sum(g.count for g in r.groups)
    if not r.groups:
        yield Line(("duplicates", "bold"), f": none among {plural(r.jobs, 'job')}")
        return
    yield Line(
        ("duplicates", "bold"),
        f": {plural(len(r.groups), 'group')} covering {in_groups:,} of {plural(r.jobs, 'job')}",
    )
    for group in r.groups:
        yield Line()
        yield Prose(
            (f"{group.count:,}× ", "bold"),
            Keep(group.expression, "bold cyan"),
            f"  {group.description} ({group.timezone})",
        )
        names = list(group.jobs)
        if limit is not None and len(names) > limit:
            more = len(names) - limit
            names = [*names[:limit], f"+{more:,} more"]
        # Wrapped by hand so continuation lines keep the indent (and no padding).
        for line in textwrap.wrap(", ".join(names), max(20, width - 2), break_on_hyphens=False):
            yield Line("  " + line)
