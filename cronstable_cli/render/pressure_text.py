"""The `pressure` report for a terminal: heatmap, minute histogram, hot spots, gaps.

Every level of the heatmap has its own glyph and the histogram is drawn
with block characters, so the report reads the same without colour.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO

from ..analysis.pressure import Cell, Pressure
from ..engine.describe import compress, plural
from .console import print_blocks
from .heat_scale import GLYPHS, level, level_ranges, range_label
from .jitter_text import jitter_blocks
from .layout import Block, Column, FitTable, Keep, Line, Part, Prose, Row
from .left_out import left_out_line
from .minute_charts import FULL, axis_line, bar_rows, grouped, halves, label_width
from .stagger_text import duration_label

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


def render_pressure(
    result: Pressure, file: IO[str] | None = None, *, width: int | None = None
) -> None:
    """The whole pressure report, its charts fitted to the output width."""
    print_blocks(lambda w: pressure_blocks(result, w), file, width=width)


def pressure_blocks(r: Pressure, width: int) -> Iterator[Block]:
    """The report's lines for `width` columns."""
    yield Line(
        ("pressure", "bold"),
        f": {plural(r.jobs, 'job')}, {plural(r.total_fires, 'fire')} in {r.hours}h from "
        f"{r.start.strftime('%Y-%m-%d %H:%M')} ({r.timezone})",
    )
    yield from left_out_line(r.excluded, r.invalid)
    yield Line()
    yield Line((headline(r), "bold"))
    if not r.total_fires:
        yield from _views(r, width)
        return
    yield Line()
    yield from _heatmap(r, width)
    yield Line()
    yield from _histogram(r, width)
    yield Line()
    empty = minute_runs(r.empty_minutes) if r.empty_minutes else "none"
    yield Line(("Empty minutes of the hour: ", "bold"), empty)
    yield Line()
    yield _top_cells(r)
    if r.gaps is not None:
        g = r.gaps
        yield Line()
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
    yield from _views(r, width)


def _views(r: Pressure, width: int) -> Iterator[Block]:
    """The optional views: jitter (--jitter) and runs in flight (--runtime)."""
    yield from _jitter(r, width)
    if r.occupancy is not None:
        from .occupancy_text import occupancy_blocks

        yield Line()
        yield from occupancy_blocks(r.occupancy)


def _jitter(r: Pressure, width: int) -> Iterator[Block]:
    if r.jitter is not None:
        yield Line()
        yield from jitter_blocks(r.jitter, width)


def _heatmap(r: Pressure, width: int) -> Iterator[Block]:
    peak = max(max(row) for row in r.grid)
    parts = halves(width, 3)
    for columns in parts:
        title = f"Fires per minute ({r.timezone}), one row per hour"
        if len(parts) > 1:
            title += f", :{columns.start:02d}-:{columns.stop - 1:02d}"
        yield Line((title, "bold"))
        yield Line((_minute_axis(3, columns), "dim"))
        for hour, row in enumerate(r.grid):
            cells = []
            for value in row:
                k = level(value, peak)
                cells.append((GLYPHS[k], COLOURS[k]))
            yield Line((f"{hour:02d} ", "dim"), *grouped(cells, columns))
    legend: list[Part] = [("fires per cell:", "dim")]
    for k, low, high in level_ranges(peak):
        glyph = "' '" if k == 0 else GLYPHS[k]
        legend.append("  ")
        # A glyph and its range stay on one line: split, they read as another level.
        legend.append(Keep(f"{glyph} {range_label(low, high)}"))
    yield Prose(*legend, indent=len("fires per cell:  "))


def _histogram(r: Pressure, width: int) -> Iterator[Block]:
    counts = r.by_minute_fires
    yield Line(("Fires by minute of the hour (all hours together)", "bold"))
    indent = label_width(counts) + 1
    for columns in halves(width, indent):
        yield from bar_rows(counts, HISTOGRAM_ROWS, "cyan", columns)
        yield Line((_minute_axis(indent, columns), "dim"))


def _top_cells(r: Pressure) -> FitTable:
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
        for cell in r.top_cells
    ]
    return FitTable(columns, rows, boxed=False, title="Busiest cells")
