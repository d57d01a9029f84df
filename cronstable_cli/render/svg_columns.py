"""The HTML report's column layout: one column per minute (or second), grouped by ten.

The heatmap, the minute histogram and the jitter charts share it, so their
columns line up down the page.
"""

from __future__ import annotations

PITCH = 15  # px per column (and per heatmap row)
CELL = 13  # px a cell or bar is wide
GROUP_GAP = 4  # extra space between ten-column groups
LEFT = 30  # room for the row labels
TOP = 22  # room for the column labels


def column_x(column: int) -> int:
    """The left edge of a column (0-59)."""
    return LEFT + column * PITCH + column // 10 * GROUP_GAP


WIDTH = column_x(59) + PITCH + 4
