"""The `suggest` answer for a terminal: the slot, why, and what else would do."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..analysis.suggest import Suggestion
from .pressure_text import plural

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType


class SuggestReport:
    """Renderable: the suggested expression first (easy to copy), then the reasons."""

    def __init__(self, result: Suggestion) -> None:
        self.result = result

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> Iterator[RenderableType]:
        from rich.text import Text

        s = self.result
        what = f"re-placing {s.job}" if s.job else f"a new {s.period} job"
        yield Text.assemble(("suggest", "bold"), f": {what} ({s.timezone})")
        yield Text.assemble("  ", (s.expression, "bold green"))
        yield Text(
            f"  {s.slot.label} has {plural(s.fires_in_window, 'fire')} in the "
            f"{s.based_on.hours} h from {s.based_on.start.strftime('%Y-%m-%d %H:%M')}; the "
            f"busiest slot, {s.busiest.label}, has {plural(s.busiest.fires, 'fire')}."
        )
        if s.alternatives:
            others = ", ".join(f"{a.expression} ({plural(a.fires, 'fire')})"
                               for a in s.alternatives)
            yield Text(f"  alternatives: {others}")
        yield Text(f"  or let the daemon spread it: {s.hash_hint}", style="dim")
        counted = f"  based on {plural(s.based_on.jobs, 'job')}"
        if s.job:
            counted += f" (not counting {s.job} itself)"
        if s.excluded or s.invalid:
            counted += f"; left out {s.excluded + s.invalid:,} disabled, @reboot or invalid"
        yield Text(counted, style="dim")
