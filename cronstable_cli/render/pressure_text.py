"""The `pressure` report for a terminal: heatmap, minute histogram, hot spots, gaps.

Every level of the heatmap has its own glyph and the histogram is drawn
with block characters, so the report reads the same without colour.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ..analysis.pressure import Cell, Pressure
from ..engine.describe import compress
from .heat_scale import GLYPHS, level, level_ranges, range_label
from .jitter_text import JitterPanel
from .stagger_text import duration_label
from .text_bits import axis_line, bar_rows, grouped, label_width, plural

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType

# Light to heavy; readable on dark and light terminals.
COLOURS = ("", "green", "green", "chartreuse3", "yellow3", "yellow", "orange3",
           "dark_orange", "red", "bold red")
HISTOGRAM_ROWS = 6


def minute_runs(minutes: Iterable[int]) -> str:
    """`:07-:09, :13, :41-:59`: runs of three or more shown as ranges."""
    return compress(minutes, lambda m: f":{m:02d}", final=", ")


def headline(result: Pressure) -> str:
    """`37 jobs fire at :00` — the busiest minute of the hour, in one line."""
    busiest = result.busiest_minute
    if busiest is None:
        return "Nothing fires in this window."
    verb = "fires" if busiest.jobs == 1 else "fire"
    return (f"{plural(busiest.jobs, 'job')} {verb} at :{busiest.minute:02d} "
            f"({plural(busiest.fires, 'fire')} in the window)")


def cell_names(cell: Cell) -> str:
    more = cell.jobs - len(cell.names)
    text = ", ".join(cell.names)
    return f"{text} +{more:,} more" if more > 0 else text


def _minute_axis(indent: int) -> str:
    """Minute labels over the six ten-minute groups, after `indent` columns."""
    return axis_line([f":{m:02d}" for m in range(0, 60, 10)], indent)


class PressureReport:
    """Renderable: the whole pressure report."""

    def __init__(self, result: Pressure) -> None:
        self.result = result

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> Iterator[RenderableType]:
        from rich.text import Text

        r = self.result
        yield Text.assemble(
            ("pressure", "bold"),
            f": {plural(r.jobs, 'job')}, {plural(r.total_fires, 'fire')} in {r.hours}h from "
            f"{r.start.strftime('%Y-%m-%d %H:%M')} ({r.timezone})",
        )
        left_out = []
        if r.excluded:
            left_out.append(f"{r.excluded:,} disabled or @reboot")
        if r.invalid:
            left_out.append(f"{r.invalid:,} with an invalid schedule or zone")
        if left_out:
            yield Text(f"left out: {'; '.join(left_out)}", style="dim")
        yield Text("")
        yield Text(headline(r), style="bold")
        if not r.total_fires:
            yield from self._jitter()
            return
        yield Text("")
        yield from self._heatmap()
        yield Text("")
        yield from self._histogram()
        yield Text("")
        empty = minute_runs(r.empty_minutes) if r.empty_minutes else "none"
        yield Text.assemble(("Empty minutes of the hour: ", "bold"), empty)
        yield Text("")
        yield self._top_cells()
        if r.gaps is not None:
            g = r.gaps
            yield Text("")
            yield Text.assemble(
                ("Gaps between fire instants: ", "bold"),
                f"min {duration_label(g.min)} · q1 {duration_label(g.q1)} · median "
                f"{duration_label(g.median)} · q3 {duration_label(g.q3)} · max "
                f"{duration_label(g.max)}",
            )
        yield from self._jitter()

    def _jitter(self) -> Iterator[RenderableType]:
        from rich.text import Text

        if self.result.jitter is not None:
            yield Text("")
            yield JitterPanel(self.result.jitter)

    def _heatmap(self) -> Iterator[RenderableType]:
        from rich.text import Text

        r = self.result
        peak = max(max(row) for row in r.grid)
        yield Text(f"Fires per minute ({r.timezone}), one row per hour", style="bold")
        yield Text(_minute_axis(3), style="dim")
        for hour, row in enumerate(r.grid):
            cells = []
            for value in row:
                k = level(value, peak)
                cells.append(Text(GLYPHS[k], style=COLOURS[k]))
            yield Text.assemble(Text(f"{hour:02d} ", style="dim"), *grouped(cells))
        legend = [Text("fires per cell:", style="dim")]
        for k, low, high in level_ranges(peak):
            glyph = "' '" if k == 0 else GLYPHS[k]
            legend.append(Text("  "))
            legend.append(Text(glyph, style=COLOURS[k]))
            legend.append(Text(f" {range_label(low, high)}"))
        yield Text.assemble(*legend)

    def _histogram(self) -> Iterator[RenderableType]:
        from rich.text import Text

        r = self.result
        counts = r.by_minute_fires
        yield Text("Fires by minute of the hour (all hours together)", style="bold")
        yield from bar_rows(counts, HISTOGRAM_ROWS, "cyan")
        yield Text(_minute_axis(label_width(counts) + 1), style="dim")

    def _top_cells(self) -> RenderableType:
        from rich.table import Table

        table = Table(title="Busiest cells", title_justify="left", title_style="bold",
                      box=None, pad_edge=False, header_style="bold")
        table.add_column("time", justify="right")
        table.add_column("fires", justify="right")
        table.add_column("jobs", justify="right")
        table.add_column("heaviest jobs", overflow="fold")
        for cell in self.result.top_cells:
            table.add_row(f"{cell.hour:02d}:{cell.minute:02d}", f"{cell.fires:,}",
                          f"{cell.jobs:,}", cell_names(cell))
        return table
