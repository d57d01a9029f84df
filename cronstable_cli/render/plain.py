"""Plain text for output that is not a terminal, written without importing rich.

Piped output carries no colour or bold, and rich costs about 16 ms to import,
a quarter of a short command's start-up. `PlainConsole` prints the layout
renderables (`Prose`, `FitTable`, `Line`) exactly as rich lays them out, from the same
width rules (tests/render/test_plain.py compares the two), and hands anything
else to a rich console built on first use, so a renderer may mix both.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import IO, TYPE_CHECKING, Any

from ..safe_text import is_plain, printable_ascii, shown
from .layout import (
    INDENT,
    Block,
    Column,
    FitTable,
    Keep,
    Line,
    Prose,
    Row,
    _cell_width,
    cell_plain,
    column_widths,
    fitted_plain,
    natural_width,
    overflows,
    wrap_plain,
)

if TYPE_CHECKING:
    from rich.console import Console

# rich's HEAVY_HEAD box without its outer edge: the header's separators, the rule
# under the header and its crossings, the rows' separators.
_HEAD_BAR, _RULE, _CROSS, _ROW_BAR = "┃", "━", "╇", "│"


class PlainConsole:
    """The part of rich's Console the renderers use, for plain output."""

    def __init__(self, file: IO[str], width: int, make_rich: Callable[[], Console]) -> None:
        self.file = file
        self.width = width
        self._make_rich = make_rich
        self._rich: Console | None = None

    @property
    def rich(self) -> Console:
        """The rich console for what this one does not lay out itself (built on first use)."""
        if self._rich is None:
            self._rich = self._make_rich()
        return self._rich

    def print(self, *objects: Any, **options: Any) -> None:
        """Print one Prose, FitTable or Line plainly; anything else goes through rich."""
        # soft_wrap is how print_blocks prints a block that may overflow (a whole path).
        plain = len(objects) == 1 and (not options or options == {"soft_wrap": True})
        lines = plain_lines(objects[0], self.width) if plain else None
        if lines is None:
            self.rich.print(*objects, **options)
            return
        self.file.write(_text(lines))

    def print_blocks(self, blocks: Iterable[Block]) -> None:
        """`print_block` for each block in turn, the plain ones written a batch at a time
        (a report of 100,000 findings is not 100,000 writes)."""
        from .console import print_block  # console builds this writer: imported on use

        pending: list[str] = []
        try:
            for block in blocks:
                lines = plain_lines(block, self.width)
                if lines is None:
                    self._flush(pending)
                    print_block(self.rich, block)
                    continue
                pending += lines
                if len(pending) >= _BATCH:
                    self._flush(pending)
        finally:
            self._flush(pending)

    def _flush(self, pending: list[str]) -> None:
        if pending:
            text = _text(pending)
            pending.clear()  # before the write: a broken pipe must not write it twice
            self.file.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rich, name)


# Lines the plain writer gathers before it writes them.
_BATCH = 4096


def _text(lines: list[str]) -> str:
    """The lines as written: each ended by a line break, control characters escaped.

    Every line is whole: a line break inside one came from the text itself."""
    if not lines:
        return ""
    if is_plain("".join(lines)):  # the common case, checked in C
        return "\n".join(lines) + "\n"
    return "".join(shown(line) + "\n" for line in lines)


def plain_lines(renderable: object, width: int) -> list[str] | None:
    """The lines rich would print for `renderable` without styles, or None if not ours."""
    lines: list[str] | None
    if isinstance(renderable, Prose):
        return _prose_fitted(renderable, width)
    if isinstance(renderable, FitTable):
        lines = _fit_table(renderable, width)
    elif isinstance(renderable, Line):
        lines = [renderable.plain] if renderable.whole else _line(renderable.plain, width)
    else:
        return None
    return _fitted(lines, width, overflows(renderable))


def _fitted(lines: list[str] | None, width: int, whole: bool) -> list[str] | None:
    """The lines, unless one is still wider than the width (a wide character folded by
    code points, a chart on a very narrow screen): rich wraps that again, by rules of its
    own, and prints it. A whole path (`whole`: the first line) is the exception: printed
    as it is by both (soft wrap)."""
    if lines is None or any(_cell_width(line) > width for line in lines[1 if whole else 0 :]):
        return None
    return lines


def _prose_fitted(prose: Prose, width: int) -> list[str] | None:
    read = prose.plain()
    if read is None:
        return None
    plain, kept = read
    simple = printable_ascii(plain)  # asked once, for both
    if simple:
        # A cell a character (every finding of a big report): lines that all fit are
        # cut in one pass; one that does not is left to wrap_plain's folds below.
        fitted = fitted_plain(plain, width, prose.indent, kept)
        if fitted is not None:
            return fitted
    lines = wrap_plain(
        plain, width, prose.indent, kept=kept, whole_lead=prose.whole_lead, simple=simple
    )
    if not simple:
        return _fitted(lines, width, prose.whole_lead)
    # A cell a character (every finding of a big report): the widths are the lengths.
    rest = lines[1:] if prose.whole_lead else lines
    return lines if not rest or max(map(len, rest)) <= width else None


# rich's unit of wrapping: a word with the blanks before and after it.
_WORD = re.compile(r"\s*\S+\s*")


def _line(text: str, width: int) -> list[str] | None:
    """A Line as rich prints one Text: as it is when it fits, else broken before the word
    that does not fit, a word wider than a line cut every `width` characters, blanks past
    the width dropped. Text with characters other than one-cell ones is rich's to wrap."""
    if _cell_width(text) <= width:
        return [text]  # control characters too: the writer escapes them
    if not text.isprintable() or _cell_width(text) != len(text):
        return None
    breaks: list[int] = []
    offset = 0
    for match in _WORD.finditer(text):
        start, word = match.start(), match.group()
        length = len(word.rstrip(" "))
        if width - offset >= length:
            offset += len(word)
        elif length > width:
            pieces = [word[i : i + width] for i in range(0, len(word), width)]
            for piece in pieces[:-1]:
                if start:
                    breaks.append(start)
                start += len(piece)
            if start:
                breaks.append(start)
            offset = len(pieces[-1])
        elif offset and start:
            breaks.append(start)
            offset = len(word)
    lines = [text[a:b] for a, b in zip([0, *breaks], [*breaks, len(text)], strict=True)]
    return [_trimmed(line, width) for line in lines]


def _trimmed(line: str, width: int) -> str:
    """A wrapped line as rich ends it: trailing blanks past the width dropped, then cropped."""
    if len(line) <= width:
        return line
    blanks = len(line) - len(line.rstrip(" "))
    return line[: len(line) - min(blanks, len(line) - width)][:width]


def _prose(prose: Prose, width: int) -> list[str] | None:
    read = prose.plain()
    if read is None:
        return None
    plain, kept = read
    return wrap_plain(plain, width, prose.indent, kept=kept, whole_lead=prose.whole_lead)


def _cells_plain(table: FitTable) -> bool:
    """Only str and Spans cells, and no column empty throughout (rich draws those case by case)."""
    if not all(isinstance(cell, (str, tuple)) for row in table.rows for cell in row.cells):
        return False
    return all(
        (table.header and col.header) or any(row.cells[i] for row in table.rows)
        for i, col in enumerate(table.columns)
    )


def _fit_table(table: FitTable, width: int) -> list[str] | None:
    """FitTable.__rich_console__ for plain cells: side by side, stacked or labelled."""
    if not _cells_plain(table):
        return None
    out: list[str] = []
    if table.title:
        out += wrap_plain(table.title, width)
    widths = table.widths(width)
    if widths is not None:
        return out + _table(table, range(len(table.columns)), widths, table.rows, table.header)
    rest = range(1, len(table.columns))
    naturals, minimums = table._measure(rest)
    sub = column_widths(naturals, minimums, width - INDENT, table.gap)
    if sub is not None and len(table.columns) > 1:
        margin = " " * INDENT
        if table.header:
            out += wrap_plain(table.columns[0].header, width)
            out += [margin + line for line in _table(table, rest, sub, (), True)]
        for row in table.rows:
            out += _joined(cell_plain(row.cells[0]), width)
            out += [margin + line for line in _table(table, rest, sub, (row,), False)]
        return out
    for row in table.rows:
        out += _joined(cell_plain(row.cells[0]), width)
        parts: list[str | tuple[str, str] | Keep] = [" " * INDENT]
        for i, (col, cell) in enumerate(zip(table.columns[1:], row.cells[1:], strict=True)):
            lines = [line for line in cell_plain(cell).split("\n") if line]
            if not lines:
                continue
            if i:
                parts.append("  ")
            label = f"{col.header}:" if col.header else ""
            item = f"{label} {lines[0]}" if col.header else lines[0]
            if INDENT + _cell_width(item) <= width or not col.header:
                parts.append(Keep(item))
            else:
                parts += [Keep(label), " ", Keep(lines[0])]
            parts.extend(p for line in lines[1:] for p in (" ", Keep(line)))
        lines_out = _prose(Prose(*parts), width)
        assert lines_out is not None  # only str parts
        out += lines_out
    return out


def _joined(cell: str, width: int) -> list[str]:
    """layout._joined for a str cell: its lines two spaces apart when they fit."""
    parts = cell.split("\n") if cell else [""]
    joined = "  ".join(parts)
    if _cell_width(joined) <= width:
        parts = [joined]
    return [line for part in parts for line in wrap_plain(part, width, INDENT)]


def _table(
    table: FitTable, columns: range, widths: Sequence[int], rows: Sequence[Row], header: bool
) -> list[str]:
    """rich's Table as FitTable._table builds it: padding 1 inside, none at the edges."""
    last = len(columns) - 1
    pads = [(0 if n == 0 else 1, 0 if n == last else 1) for n in range(len(columns))]
    cols = [table.columns[i] for i in columns]
    out: list[str] = []
    if header:
        cells = [_fit(col.header, w) for col, w in zip(cols, widths, strict=True)]
        height = max(len(c) for c in cells)
        cells = [[""] * (height - len(c)) + c for c in cells]  # headers sit on the rule
        out += _row_lines(cells, cols, widths, pads, _HEAD_BAR if table.boxed else "")
        if table.boxed:
            out.append(
                _CROSS.join(_RULE * (lo + w + hi) for w, (lo, hi) in zip(widths, pads, strict=True))
            )
    bar = _ROW_BAR if table.boxed else ""
    for row in rows:
        cells = []
        for i, col, w in zip(columns, cols, widths, strict=True):
            cell = cell_plain(row.cells[i])
            if not col.keep and natural_width(cell) > w:
                cell = "\n".join(p for line in cell.split("\n") for p in wrap_plain(line, w))
            cells.append(_fit(cell, w))
        height = max(len(c) for c in cells)
        cells = [c + [""] * (height - len(c)) for c in cells]
        out += _row_lines(cells, cols, widths, pads, bar)
    return out


def _fit(text: str, width: int) -> list[str]:
    """A cell's lines, each folded to `width` as rich folds an overlong line."""
    lines = text.split("\n")
    if len(lines) > 1 and not lines[-1]:
        lines.pop()  # rich drops a cell's final line break
    return [piece for line in lines for piece in wrap_plain(line, width)]


def _row_lines(
    cells: list[list[str]],
    cols: Sequence[Column],
    widths: Sequence[int],
    pads: Sequence[tuple[int, int]],
    bar: str,
) -> list[str]:
    out = []
    for n in range(len(cells[0])):
        pieces = []
        for cell, col, w, (lo, hi) in zip(cells, cols, widths, pads, strict=True):
            pieces.append(" " * lo + _justify(cell[n], w, col.justify) + " " * hi)
        out.append(bar.join(pieces))
    return out


def _justify(text: str, width: int, how: str) -> str:
    room = max(0, width - _cell_width(text))
    if how == "right":
        return " " * room + text
    if how == "center":
        return " " * (room // 2) + text + " " * (room - room // 2)
    return text + " " * room
