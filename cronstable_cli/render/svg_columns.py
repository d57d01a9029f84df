"""The HTML report's column layout: one column per minute (or second), grouped by ten.

The heatmap, the minute histogram and the jitter charts share it, so their
columns line up down the page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..escaping import html as escape
from .heat_scale import level

PITCH = 15  # px per column (and per heatmap row)
CELL = 13  # px a cell or bar is wide
GROUP_GAP = 4  # extra space between ten-column groups
LEFT = 30  # room for the row labels
TOP = 22  # room for the column labels


def svg_open(svg_id: str, width: int, height: int, label: str) -> str:
    """The opening tag of an inline chart: its id, size, and the label a screen reader says."""
    return (
        f'<svg id="{svg_id}" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(label)}">'
    )


def column_x(column: int) -> int:
    """The left edge of a column (0-59)."""
    return LEFT + column * PITCH + column // 10 * GROUP_GAP


WIDTH = column_x(59) + PITCH + 4


def minute_heatmap_svg(
    svg_id: str,
    label: str,
    grid: Sequence[Sequence[int]],
    counted: str,
    title: Callable[[int, int, int], str],
) -> str:
    """A 24×60 grid (hour rows, minute columns): one <rect> per cell with its <title>.

    `counted` names the cell's `data-` attribute (`fires`, `runs`); `title(hour,
    minute, value)` is the cell's text, escaped here.
    """
    peak = max(max(row) for row in grid)
    height = TOP + 24 * PITCH + 2
    parts = [svg_open(svg_id, WIDTH, height, label)]
    for minute in range(0, 60, 5):
        parts.append(f'<text x="{column_x(minute)}" y="{TOP - 8}">:{minute:02d}</text>')
    for hour, row in enumerate(grid):
        y = TOP + hour * PITCH
        parts.append(f'<text x="2" y="{y + 10}">{hour:02d}</text>')
        for minute, value in enumerate(row):
            parts.append(
                f'<rect class="c l{level(value, peak)}" x="{column_x(minute)}" y="{y}" '
                f'width="{CELL}" height="{CELL}" rx="2" data-{counted}="{value}">'
                f"<title>{escape(title(hour, minute, value))}</title></rect>"
            )
    parts.append("</svg>")
    return "".join(parts)


def column_chart_svg(
    svg_id: str,
    label: str,
    counts: Sequence[int],
    titles: Sequence[str],
    axis: Sequence[tuple[int, str]],
    *,
    height: int,
    bar_class: str,
) -> str:
    """Up to 60 bars on the shared columns, each with a hover title, plus axis labels.

    `titles` and `axis` ((column, text) pairs) are plain text; they are escaped here.
    """
    peak = max(counts, default=0)
    scale = peak or 1
    total = height + TOP
    parts = [
        svg_open(svg_id, WIDTH, total, label),
        f'<text x="2" y="10">{peak:,}</text>',
    ]
    for column, (count, title) in enumerate(zip(counts, titles, strict=True)):
        tall = round(count * (height - 14) / scale) if count else 0
        parts.append(
            f'<rect class="{bar_class}" x="{column_x(column)}" y="{height - tall}" '
            f'width="{CELL}" height="{max(tall, 1) if count else 0}" rx="1">'
            f"<title>{escape(title)}</title></rect>"
        )
    for column, text in axis:
        parts.append(f'<text x="{column_x(column)}" y="{height + 16}">{escape(text)}</text>')
    parts.append("</svg>")
    return "".join(parts)
