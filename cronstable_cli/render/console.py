"""One place that builds rich consoles: colour per --color (auto: a TTY without NO_COLOR).

Every console escapes control and bidi characters in what it writes (the last
line of defence behind the escaped results the output writer renders; see
safe_text.py), and falls back to ASCII drawing on a terminal that is not UTF-8.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from functools import cache
from typing import IO, TYPE_CHECKING, Any, Literal

from ..safe_text import is_plain, shown_lines

if TYPE_CHECKING:
    from rich.console import Console

    from .layout import Block
    from .plain import PlainConsole

ColorMode = Literal["auto", "always", "never"]
_color: ColorMode = "auto"


def set_color(mode: ColorMode) -> None:
    """--color for every console built from now on in this run."""
    global _color
    _color = mode


# Stand-ins for the report's own glyphs where the terminal cannot show them.
ASCII_GLYPHS = str.maketrans(
    {
        "—": "-",
        "→": "->",
        "·": ".",
        "×": "x",
        "…": "...",
        "⏎": "<CR>",
        "▁": "_",
        "▂": ".",
        "▃": "-",
        "▄": "=",
        "▅": "+",
        "▆": "*",
        "▇": "%",
        "█": "#",
    }
)


def make_console(
    file: IO[str] | None = None, *, stderr: bool = False, width: int | None = None
) -> Console:
    """A rich Console writing to `file` (stdout by default)."""
    target = file or (sys.stderr if stderr else sys.stdout)
    if width is None:
        from .layout import output_width  # a console's first use (start-up: not at import)

        width = output_width(target)  # COLUMNS, else the terminal's, else 80 (docs/cli.md)
    if _color == "always":
        # Forced colour (CI logs that render ANSI): a fixed 16-colour palette, not a guess.
        return _safe_console_class()(
            file=target,
            force_terminal=True,
            color_system="standard",
            highlight=False,
            width=width,
            soft_wrap=False,
        )
    # NO_COLOR means plain text: rich's own no_color mode still writes bold and dim
    # escapes on a terminal, so styling is switched off altogether.
    no_color = _color == "never" or bool(os.environ.get("NO_COLOR"))
    return _safe_console_class()(
        file=target,
        no_color=no_color or None,
        color_system=None if no_color else "auto",
        highlight=False,
        # Names from job files are never rich markup or emoji codes: `[/]` must not
        # raise and `:warning:` must print as written.
        markup=False,
        emoji=False,
        width=width,
        soft_wrap=False,
    )


# Environment variables with which rich styles output that is not a terminal.
_FORCING = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")


def make_writer(file: IO[str] | None = None, *, width: int | None = None) -> Console | PlainConsole:
    """A console for a renderer that prints Prose and FitTable: plain text, without
    importing rich, when nothing would be styled (not a terminal, colour not forced)."""
    target = file or sys.stdout
    try:
        terminal = target.isatty()
    except (AttributeError, ValueError):
        terminal = False
    encoding = (getattr(target, "encoding", None) or "utf-8").lower()
    forced = _color == "always" or any(os.environ.get(name) for name in _FORCING)
    if terminal or forced or not encoding.startswith("utf"):
        return make_console(file, width=width)
    from .layout import output_width
    from .plain import PlainConsole

    return PlainConsole(
        target, width or output_width(target) or 80, lambda: make_console(file, width=width)
    )


def print_blocks(
    blocks: Callable[[int], Iterable[Block]],
    file: IO[str] | None = None,
    *,
    width: int | None = None,
) -> None:
    """Print a report's blocks, built for the writer's width (plain text when piped)."""
    console = make_writer(file, width=width)
    from .plain import PlainConsole

    if isinstance(console, PlainConsole):
        console.print_blocks(blocks(console.width))
        return
    for block in blocks(console.width):
        print_block(console, block)


def print_block(console: Console | PlainConsole, block: Block) -> None:
    """Print one block; one holding a whole path goes as laid out, never cut by the console."""
    from .layout import overflows

    if overflows(block):
        console.print(block, soft_wrap=True)
    else:
        console.print(block)


@cache
def _safe_console_class() -> type[Console]:
    """rich's Console, escaping every segment it renders (built on first use: rich is slow)."""
    from rich.console import Console
    from rich.segment import Segment

    class SafeConsole(Console):
        _escaping = False  # inside the outermost render: nested renders pass through

        def render(self, renderable: Any, options: Any = None) -> Any:
            segments = super().render(renderable, options)
            return segments if self._escaping else self._escaped(segments)

        def _escaped(self, segments: Any) -> Any:
            ascii_only = not self.encoding.startswith("utf")
            self._escaping = True
            try:
                for segment in segments:
                    text = segment.text
                    plain = (is_plain(text) or text == "\n") and (not ascii_only or text.isascii())
                    if segment.control or plain:
                        yield segment
                        continue
                    text = shown_lines(text)
                    if ascii_only:
                        text = to_ascii(text, self.encoding)
                    yield Segment(text, segment.style, segment.control)
            finally:
                self._escaping = False

        def on_broken_pipe(self) -> None:
            # rich would exit 1 ("failed"); the CLI exits 141 quietly instead.
            self.quiet = True
            raise BrokenPipeError

    return SafeConsole


def to_ascii(text: str, encoding: str = "ascii") -> str:
    """Text the terminal's encoding can show: drawing glyphs replaced, the rest `\\u` escaped."""
    text = text.translate(ASCII_GLYPHS)
    try:
        text.encode(encoding)
        return text
    except (UnicodeEncodeError, LookupError):
        pass
    out = []
    for char in text:
        if "\u2500" <= char <= "\u257f":  # box drawing
            import unicodedata  # only for a character the terminal cannot encode

            name = unicodedata.name(char, "")
            char = "-" if "HORIZONTAL" in name else "|" if "VERTICAL" in name else "+"
        out.append(char)
    try:
        return "".join(out).encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:
        return "".join(out).encode("ascii", "backslashreplace").decode("ascii")


def countdown(seconds: float) -> str:
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
