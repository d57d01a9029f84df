"""The jobs a fleet report leaves out, as its header says them (text and HTML)."""

from __future__ import annotations

from collections.abc import Iterator

from .layout import Line


def left_out(excluded: int, invalid: int, invalid_as: str = "invalid") -> list[str]:
    """`1 disabled or @reboot`, `2 invalid`: the parts that are not zero."""
    parts = []
    if excluded:
        parts.append(f"{excluded:,} disabled or @reboot")
    if invalid:
        parts.append(f"{invalid:,} {invalid_as}")
    return parts


def left_out_line(excluded: int, invalid: int) -> Iterator[Line]:
    """The terminal header's dim `left out: ...` line, when anything is."""
    parts = left_out(excluded, invalid, "with an invalid schedule or zone")
    if parts:
        yield Line((f"left out: {'; '.join(parts)}", "dim"))
