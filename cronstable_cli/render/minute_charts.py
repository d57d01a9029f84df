"""60-column bar charts the terminal reports share: one column per minute (or second).

A chart has one column per minute (or second) with a space after every ten,
so it lines up under a `:00 :10 ...` axis; bars are block characters in
eighths, so they read the same without colour.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .layout import Line

Run = tuple[str, str]  # (text, style)

BARS = " ▁▂▃▄▅▆▇█"


FULL = range(0, 60)


def halves(width: int, indent: int) -> list[range]:
    """The columns of a 60-column chart: all at once, or two halves when `width` is too narrow.

    A chart is never squeezed or wrapped (a wrapped row reads as another hour):
    below 65 columns plus its label it is drawn twice, :00-:29 then :30-:59.
    """
    if indent + chart_width(FULL) <= width:
        return [FULL]
    return [range(0, 30), range(30, 60)]


def chart_width(columns: range) -> int:
    """Cells of a chart over `columns`, with a space between groups of ten."""
    return len(columns) + (len(columns) - 1) // 10


def grouped(cells: Sequence[Run], columns: range = FULL) -> list[Run]:
    """The cells of `columns` in groups of ten, a space between groups."""
    out: list[Run] = []
    for start in range(columns.start, columns.stop, 10):
        if start != columns.start:
            out.append((" ", ""))
        out.extend(cells[start : min(start + 10, columns.stop)])
    return out


def axis_line(labels: Sequence[str], indent: int) -> str:
    """One label per ten-column group (each padded to the group's width), after `indent`."""
    return " " * indent + " ".join(label.ljust(10) for label in labels).rstrip()


def bar_rows(counts: Sequence[int], rows: int, style: str, columns: range = FULL) -> Iterator[Line]:
    """A column chart of up to 60 counts, `rows` lines tall, the peak labelled on top.

    Every line starts with a label column as wide as the peak's digits plus one
    space; any count above zero shows at least one eighth. Only `columns` are
    drawn, scaled to the peak of all of them (so two halves share one scale).
    """
    peak = max(counts, default=0) or 1
    heights = [-(-c * rows * 8 // peak) if c else 0 for c in counts]
    width = label_width(counts)
    for row in range(rows, 0, -1):
        floor = (row - 1) * 8
        cells = [(BARS[min(8, max(0, h - floor))], style) for h in heights]
        label = f"{max(counts, default=0):,}".rjust(width) if row == rows else " " * width
        yield Line((label + " ", "dim"), *grouped(cells, columns))


def label_width(counts: Sequence[int]) -> int:
    """Characters of the peak label in `bar_rows` (not counting its trailing space)."""
    return len(f"{max(counts, default=0):,}")
