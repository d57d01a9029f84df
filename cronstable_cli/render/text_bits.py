"""Small pieces the terminal reports share: counted nouns and 60-column bar charts.

A chart has one column per minute (or second) with a space after every ten,
so it lines up under a `:00 :10 ...` axis; bars are block characters in
eighths, so they read the same without colour.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.text import Text

BARS = " ▁▂▃▄▅▆▇█"


def plural(n: int, word: str) -> str:
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def grouped(cells: list[Text]) -> list[Text]:
    """Six groups of ten columns, a space between groups."""
    from rich.text import Text

    out: list[Text] = []
    for start in range(0, 60, 10):
        if start:
            out.append(Text(" "))
        out.extend(cells[start:start + 10])
    return out


def axis_line(labels: Sequence[str], indent: int) -> str:
    """One label per ten-column group (each padded to the group's width), after `indent`."""
    return " " * indent + " ".join(label.ljust(10) for label in labels).rstrip()


def bar_rows(counts: Sequence[int], rows: int, style: str) -> Iterator[Text]:
    """A column chart of up to 60 counts, `rows` lines tall, the peak labelled on top.

    Every line starts with a label column as wide as the peak's digits plus one
    space; any count above zero shows at least one eighth.
    """
    from rich.text import Text

    peak = max(counts, default=0) or 1
    heights = [-(-c * rows * 8 // peak) if c else 0 for c in counts]
    width = label_width(counts)
    for row in range(rows, 0, -1):
        floor = (row - 1) * 8
        cells = [Text(BARS[min(8, max(0, h - floor))], style=style) for h in heights]
        label = f"{max(counts, default=0):,}".rjust(width) if row == rows else " " * width
        yield Text.assemble(Text(label + " ", style="dim"), *grouped(cells))


def label_width(counts: Sequence[int]) -> int:
    """Characters of the peak label in `bar_rows` (not counting its trailing space)."""
    return len(f"{max(counts, default=0):,}")
