"""The `duplicates` report for a terminal: one block per group, largest first."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..analysis.duplicates import Duplicates
from ..engine.describe import plural
from .layout import Keep, Prose

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType

NAMES_SHOWN = 20


class DuplicatesReport:
    """Renderable: every duplicate group with its meaning, zone and jobs."""

    def __init__(self, result: Duplicates, *, limit: int | None = NAMES_SHOWN) -> None:
        self.result = result
        self.limit = limit

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> Iterator[RenderableType]:
        from rich.text import Text

        r = self.result
        in_groups = sum(g.count for g in r.groups)
        if not r.groups:
            yield Text.assemble(("duplicates", "bold"), f": none among {plural(r.jobs, 'job')}")
            return
        yield Text.assemble(
            ("duplicates", "bold"),
            f": {plural(len(r.groups), 'group')} covering {in_groups:,} of {plural(r.jobs, 'job')}",
        )
        for group in r.groups:
            yield Text("")
            yield Prose(
                (f"{group.count:,}× ", "bold"),
                Keep(group.expression, "bold cyan"),
                f"  {group.description} ({group.timezone})",
            )
            names = list(group.jobs)
            if self.limit is not None and len(names) > self.limit:
                more = len(names) - self.limit
                names = [*names[: self.limit], f"+{more:,} more"]
            # Wrapped by hand so continuation lines keep the indent (and no padding).
            width = max(20, options.max_width - 2)
            for line in textwrap.wrap(", ".join(names), width, break_on_hyphens=False):
                yield Text("  " + line)
