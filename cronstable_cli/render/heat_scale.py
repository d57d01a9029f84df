"""The heatmap's levels, shared by the terminal and HTML reports.

Zero is its own level (an empty cell must never look like a quiet one);
any fire lifts a cell to level 1 at least, and the busiest cell is level 9.
Each level has a glyph, so the terminal map reads without colour.
"""

from __future__ import annotations

GLYPHS = " .:-=+*#%@"  # level 0 (no fires) .. 9 (the busiest cells)
LEVELS = len(GLYPHS) - 1


def level(value: int, peak: int) -> int:
    """0 for no fires, else 1..9 in proportion to the busiest cell (rounded up)."""
    if value <= 0 or peak <= 0:
        return 0
    return max(1, -(-value * LEVELS // peak))


def level_ranges(peak: int) -> list[tuple[int, int, int]]:
    """(level, lowest, highest) fire counts for each level that can occur, 0 first."""
    ranges = [(0, 0, 0)]
    for k in range(1, LEVELS + 1):
        low = (k - 1) * peak // LEVELS + 1
        high = k * peak // LEVELS
        if low <= high:
            ranges.append((k, low, high))
    return ranges


def range_label(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"
