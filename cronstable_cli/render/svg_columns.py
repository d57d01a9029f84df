"""The HTML report's column layout: one column per minute (or second), grouped by ten.

The heatmap, the minute histogram and the jitter charts share it, so their
columns line up down the page.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..escaping import html as escape

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
