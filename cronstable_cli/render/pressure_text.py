"""The `pressure` report for a terminal: heatmap, minute histogram, hot spots, gaps.

Every level of the heatmap has its own glyph and the histogram is drawn
with block characters, so the report reads the same without colour.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ..analysis.pressure import Cell, Pressure
from ..engine.describe import compress, plural
from .heat_scale import GLYPHS, level, level_ranges, range_label
from .jitter_text import JitterPanel
from .layout import Column, FitTable, Keep, Part, Prose, Row
from .minute_charts import FULL, axis_line, bar_rows, grouped, halves, label_width
from .stagger_text import duration_label

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType

# Light to heavy; readable on dark and light terminals.
COLOURS = (
    "",
    "green",
    "green",
    "chartreuse3",
    "yellow3",
    "yellow",
    "orange3",
    "dark_orange",
    "red",
    "bold red",
)
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
    return (
        f"{plural(busiest.jobs, 'job')} {verb} at :{busiest.minute:02d} "
        f"({plural(busiest.fires, 'fire')} in the window)"
    )


def cell_names(cell: Cell) -> str:
    more = cell.jobs - len(cell.names)
    text = ", ".join(cell.names)
    return f"{text} +{more:,} more" if more > 0 else text


def _minute_axis(indent: int, columns: range = FULL) -> str:
    """Minute labels over the ten-minute groups of `columns`, after `indent` columns."""
    return axis_line([f":{m:02d}" for m in range(columns.start, columns.stop, 10)], indent)


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
        yield from self._heatmap(options.max_width)
        yield Text("")
        yield from self._histogram(options.max_width)
        yield Text("")
        empty = minute_runs(r.empty_minutes) if r.empty_minutes else "none"
        yield Text.assemble(("Empty minutes of the hour: ", "bold"), empty)
        yield Text("")
        yield self._top_cells()
        if r.gaps is not None:
            g = r.gaps
            yield Text("")
            stats = [
                ("min", g.min),
                ("q1", g.q1),
                ("median", g.median),
                ("q3", g.q3),
                ("max", g.max),
            ]
            gaps: list[Part] = [("Gaps between fire instants:", "bold")]
            for i, (name, seconds) in enumerate(stats):
                gaps.append(" ")
                gaps.append(Keep(f"{'· ' if i else ''}{name} {duration_label(seconds)}"))
            yield Prose(*gaps)
        yield from self._jitter()

    def _jitter(self) -> Iterator[RenderableType]:
        from rich.text import Text

        if self.result.jitter is not None:
            yield Text("")
            yield JitterPanel(self.result.jitter)

    def _heatmap(self, width: int) -> Iterator[RenderableType]:
        from rich.text import Text

        r = self.result
        peak = max(max(row) for row in r.grid)
        parts = halves(width, 3)
        for columns in parts:
            title = f"Fires per minute ({r.timezone}), one row per hour"
            if len(parts) > 1:
                title += f", :{columns.start:02d}-:{columns.stop - 1:02d}"
            yield Text(title, style="bold")
            yield Text(_minute_axis(3, columns), style="dim")
            for hour, row in enumerate(r.grid):
                cells = []
                for value in row:
                    k = level(value, peak)
                    cells.append(Text(GLYPHS[k], style=COLOURS[k]))
                yield Text.assemble(Text(f"{hour:02d} ", style="dim"), *grouped(cells, columns))
        legend: list[Part] = [("fires per cell:", "dim")]
        for k, low, high in level_ranges(peak):
            glyph = "' '" if k == 0 else GLYPHS[k]
            legend.append("  ")
            # A glyph and its range stay on one line: split, they read as another level.
            legend.append(Keep(f"{glyph} {range_label(low, high)}"))
        yield Prose(*legend, indent=len("fires per cell:  "))

    def _histogram(self, width: int) -> Iterator[RenderableType]:
        from rich.text import Text

        r = self.result
        counts = r.by_minute_fires
        yield Text("Fires by minute of the hour (all hours together)", style="bold")
        indent = label_width(counts) + 1
        for columns in halves(width, indent):
            yield from bar_rows(counts, HISTOGRAM_ROWS, "cyan", columns)
            yield Text(_minute_axis(indent, columns), style="dim")

    def _top_cells(self) -> RenderableType:
        columns = [
            Column("time", keep=True, justify="right"),
            Column("fires", keep=True, justify="right"),
            Column("jobs", keep=True, justify="right"),
            Column("heaviest jobs"),
        ]
        rows = [
            Row(
                (
                    f"{cell.hour:02d}:{cell.minute:02d}",
                    f"{cell.fires:,}",
                    f"{cell.jobs:,}",
                    cell_names(cell),
                )
            )
            for cell in self.result.top_cells
        ]
        return FitTable(columns, rows, boxed=False, title="Busiest cells")
