"""One place that builds rich consoles: colour only on a TTY, never with NO_COLOR."""

from __future__ import annotations

import os
import sys
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console


def make_console(file: IO[str] | None = None, *, stderr: bool = False,
                 width: int | None = None) -> Console:
    """A rich Console writing to `file` (stdout by default)."""
    from rich.console import Console

    target = file or (sys.stderr if stderr else sys.stdout)
    if width is None and not _isatty(target) and not os.environ.get("COLUMNS"):
        width = 100  # piped or captured output: wide enough for the tables, stable in tests
    # NO_COLOR means plain text: rich's own no_color mode still writes bold and dim
    # escapes on a terminal, so styling is switched off altogether.
    no_color = bool(os.environ.get("NO_COLOR"))
    return Console(
        file=target,
        no_color=no_color or None,
        color_system=None if no_color else "auto",
        highlight=False,
        width=width,
        soft_wrap=False,
    )


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def relative(seconds: float) -> str:
    """A short countdown: `in 3h 12m`, `in 45s`, `in 2d 4h`."""
    s = round(seconds)
    if s < 60:
        return f"in {s}s"
    minutes, _ = divmod(s, 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    if days:
        return f"in {days}d {hours}h"
    if hours:
        return f"in {hours}h {minutes}m"
    return f"in {minutes}m"
