"""Fitting text reports to a width without ever breaking a schedule.

Every table and paragraph a command prints goes through here, so one set of
rules holds everywhere (docs/cli.md, "Output width"):

- a *kept* cell or span (a schedule, an instant, a count) is never wrapped,
  broken or truncated;
- names, paths and prose wrap instead;
- a table whose kept columns cannot fit side by side is *stacked*: each row's
  first cell on a line of its own and the other cells in a narrower table
  below it, and when even that does not fit, one `label  value` line per cell.

rich is imported lazily so JSON runs never pay for it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import IO, TYPE_CHECKING, Literal, Union

from ..safe_text import printable_ascii

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
    from rich.text import Text

PIPED_WIDTH = 80
"""Width of output that is not a terminal when COLUMNS is not set."""

# Names and paths narrower than this are folded too tightly to read: rather than
# squeeze a wrappable column below it, the table is stacked.
MIN_WRAP = 16

Justify = Literal["left", "right", "center"]


def output_width(stream: IO[str]) -> int | None:
    """COLUMNS when set; a terminal's own width (None lets rich ask); else PIPED_WIDTH."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        if stream.isatty():
            return None
    except (AttributeError, ValueError):
        pass
    return PIPED_WIDTH


def text_width(stream: IO[str]) -> int:
    """The width plain-text output is fitted to: `output_width`, or the terminal's own."""
    import shutil

    return output_width(stream) or shutil.get_terminal_size().columns


def fit_lines(text: str, width: int, *, whole_lead: bool = False) -> str:
    """Plain text with every line wider than `width` wrapped by the rules above: `code`
    spans stay whole, continuation lines hang 4 columns deeper than the line's own indent.
    `whole_lead`: each line's first word (a `path:line:col:`) is never cut (see Prose)."""
    out = []
    for line in text.split("\n"):
        if _cell_width(line) <= width:
            out.append(line)
            continue
        indent = len(line) - len(line.lstrip(" ")) + 4
        if line.isprintable():
            # `wrap_plain` makes wrap's lines without building rich Text (thousands of
            # load errors on stderr at 100,000 jobs). rich drops control characters.
            out.extend(wrap_plain(line, width, indent, whole_lead=whole_lead))
            continue
        from rich.text import Text

        out.extend(piece.plain for piece in wrap(Text(line), width, indent, whole_lead=whole_lead))
    return "\n".join(out)


# --- tables ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """One column: `keep` cells (schedules, instants, numbers) are never wrapped."""

    header: str
    keep: bool = False
    justify: Justify = "left"


# A styled cell without rich: (text, style) runs, joined. Renderers that build
# cells from these and str print plainly through render/plain.py when piped.
Spans = tuple[tuple[str, str], ...]
Cell = Union[str, Spans, "Text"]


def cell_plain(cell: Cell) -> str:
    """A cell's text without styles."""
    if isinstance(cell, str):
        return cell
    if isinstance(cell, tuple):
        return "".join([text for text, _ in cell])
    return cell.plain


def _as_text(cell: Cell) -> Text:
    from rich.text import Text

    if isinstance(cell, str):
        return Text(cell)
    if isinstance(cell, tuple):
        return Text.assemble(*cell)
    return cell


@dataclass(frozen=True)
class Row:
    cells: tuple[Cell, ...]
    style: str | None = None


def _lines(cell: Cell) -> list[str]:
    plain = cell_plain(cell)
    return plain.split("\n") if plain else [""]


# The glyphs reports draw (arrows, dashes, bars, box lines): one cell each, as rich
# measures them, so a line of Latin text and these is measured without rich.cells.
_ONE_CELL = dict.fromkeys(map(ord, "→←—–…⏎█▁▂▃▄▅▆▇━┃│╇"))


def _cell_width(text: str) -> int:
    if text.isprintable():
        if text.isascii() or max(text) < "\u0300":
            return len(text)  # Latin text is one cell a character; rich.cells takes ms to import
        rest = text.translate(_ONE_CELL)
        if not rest or max(rest) < "\u0300":
            return len(text)
    from rich.cells import cell_len

    return cell_len(text)


def natural_width(cell: Cell) -> int:
    """The width a cell takes unwrapped: its longest line."""
    return max(_cell_width(line) for line in _lines(cell))


def _longest_word(text: str) -> int:
    return max((_cell_width(w) for w in text.split()), default=0)


def column_widths(
    naturals: Sequence[int], minimums: Sequence[int], width: int, gap: int
) -> list[int] | None:
    """Widths for columns separated by `gap` cells, or None when they cannot fit.

    Every column starts at its natural width; the widest shrink first, never
    below their minimum (for a kept column, its widest cell).
    """
    widths = list(naturals)
    budget = width - gap * (len(widths) - 1)
    excess = sum(widths) - budget
    while excess > 0:
        movable = [i for i in range(len(widths)) if widths[i] > minimums[i]]
        if not movable:
            return None
        widest = max(widths[i] for i in movable)
        tops = [i for i in movable if widths[i] == widest]
        below = max(
            [widths[i] for i in movable if widths[i] < widest] + [max(minimums[i] for i in tops)]
        )
        # Bring the widest columns down together, to the next width or as far as needed.
        step = max(1, min(widest - below, -(-excess // len(tops))))
        for i in tops:
            cut = min(step, excess, widths[i] - minimums[i])
            widths[i] -= cut
            excess -= cut
    return widths


class FitTable:
    """A table laid out for the console's width at render time (see the module doc)."""

    def __init__(
        self,
        columns: Sequence[Column],
        rows: Iterable[Row],
        *,
        boxed: bool = True,
        title: str | None = None,
        header: bool = True,
    ) -> None:
        self.columns = tuple(columns)
        self.rows = tuple(rows)
        self.boxed = boxed
        self.title = title
        self.header = header
        self._ascii = False  # cells already translated for an ASCII terminal

    @property
    def gap(self) -> int:
        return 3 if self.boxed else 2  # " │ " between boxed cells, two spaces otherwise

    def _measure(self, columns: range) -> tuple[list[int], list[int]]:
        naturals, minimums = [], []
        for i in columns:
            col = self.columns[i]
            cells = max((natural_width(r.cells[i]) for r in self.rows), default=0)
            header = col.header if self.header else ""
            head_word = _longest_word(header)
            naturals.append(max(cells, _cell_width(header)))
            if col.keep:
                minimums.append(max(cells, head_word))
            else:
                minimums.append(max(head_word, min(cells, MIN_WRAP)))
        return naturals, minimums

    def widths(self, width: int) -> list[int] | None:
        """Column widths for a side-by-side table at `width`, or None if it must stack."""
        naturals, minimums = self._measure(range(len(self.columns)))
        return column_widths(naturals, minimums, width, self.gap)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.text import Text

        width = options.max_width
        if options.ascii_only and not self._ascii:
            # Measure what the terminal will show: `→` becomes `->` on an ASCII terminal,
            # and a kept cell measured before that would lose its last character.
            yield _ascii_table(self, console, options.encoding)
            return
        if self.title:  # wrapped by `wrap`, not rich's own wrapper: plain.py matches it
            yield from wrap(Text(self.title), width, style="bold")
        widths = self.widths(width)
        if widths is not None:
            yield self._table(range(len(self.columns)), widths, self.rows, header=self.header)
            return
        rest = range(1, len(self.columns))
        naturals, minimums = self._measure(rest)
        sub = column_widths(naturals, minimums, width - INDENT, self.gap)
        if sub is not None and len(self.columns) > 1:
            yield from self._stacked(rest, sub, width)
        else:
            yield from self._labelled(width)

    def _table(
        self, columns: range, widths: Sequence[int], rows: Sequence[Row], *, header: bool
    ) -> RenderableType:
        from rich import box
        from rich.table import Table

        table = Table(
            box=box.HEAVY_HEAD if self.boxed else None,
            show_edge=False,
            pad_edge=False,
            header_style="bold",
            show_header=header,
        )
        for i, w in zip(columns, widths, strict=True):
            col = self.columns[i]
            # Kept cells fit their column by construction; only a kept header may wrap.
            table.add_column(col.header, width=w, justify=col.justify, overflow="fold")
        for row in rows:
            table.add_row(
                *(
                    _as_text(row.cells[i]) if self.columns[i].keep else _wrapped(row.cells[i], w)
                    for i, w in zip(columns, widths, strict=True)
                ),
                style=row.style,
            )
        return table

    def _stacked(self, rest: range, widths: Sequence[int], width: int) -> RenderResult:
        """The first column on its own line(s), the others in an indented table below."""
        from rich.padding import Padding
        from rich.text import Text

        if self.header:
            yield from wrap(Text(self.columns[0].header), width, style="bold")
            yield Padding(
                self._table(rest, widths, (), header=True), (0, 0, 0, INDENT), expand=False
            )
        for row in self.rows:
            yield from _joined(row.cells[0], width, row.style)
            yield Padding(
                self._table(rest, widths, (row,), header=False), (0, 0, 0, INDENT), expand=False
            )

    def _labelled(self, width: int) -> RenderResult:
        """Last resort: each row's first cell, then its other cells as `label: value` items
        that flow over as many lines as they need (an item is never split)."""
        from rich.text import Text

        for row in self.rows:
            yield from _joined(row.cells[0], width, row.style)
            parts: list[Part] = [" " * INDENT]
            for i, (col, cell) in enumerate(zip(self.columns[1:], row.cells[1:], strict=True)):
                lines = [line for line in _split(cell) if line.plain]
                if not lines:
                    continue
                if i:
                    parts.append("  ")
                label = Text(f"{col.header}:" if col.header else "", style="dim")
                item = Text.assemble(label, " ", lines[0]) if col.header else lines[0]
                if INDENT + _cell_width(item.plain) <= width or not col.header:
                    parts.append(Keep(item))
                else:  # too wide for one line: the value starts a line of its own
                    parts += [Keep(label), " ", Keep(lines[0])]
                parts.extend(p for line in lines[1:] for p in (" ", Keep(line)))
            yield Prose(*parts, style=row.style or "")


INDENT = 2


def _ascii_cell(cell: Cell, console: Console | None, encoding: str) -> Text:
    """The cell as the ASCII the console will print (console.to_ascii), styles kept."""
    from rich.text import Text

    from .console import to_ascii

    text = _as_text(cell)
    if console is None:
        return Text(to_ascii(text.plain, encoding))
    out = Text(style=text.style)
    for segment in text.render(console):
        out.append(to_ascii(segment.text, encoding), style=segment.style)
    return out


def _ascii_table(table: FitTable, console: Console, encoding: str) -> FitTable:
    from .console import to_ascii

    columns = [Column(to_ascii(c.header, encoding), c.keep, c.justify) for c in table.columns]
    rows = [
        Row(tuple(_ascii_cell(cell, console, encoding) for cell in row.cells), row.style)
        for row in table.rows
    ]
    title = to_ascii(table.title, encoding) if table.title else None
    out = FitTable(columns, rows, boxed=table.boxed, title=title, header=table.header)
    out._ascii = True
    return out


def _split(cell: Cell) -> list[Text]:
    from rich.text import Text

    text = _as_text(cell)
    return list(text.split("\n")) if text.plain else [Text("")]


def _wrapped(cell: Cell, width: int) -> Text:
    """A wrappable cell broken to `width` here, so names and paths break at `/` and `-`."""
    from rich.text import Text

    if natural_width(cell) <= width:  # the common case: nothing to break
        return _as_text(cell)
    return Text("\n").join([piece for line in _split(cell) for piece in wrap(line, width)])


def _joined(cell: Cell, width: int, style: str | None) -> Iterator[Text]:
    """A multi-line cell on one line (parts two spaces apart) when it fits, else line by line."""
    from rich.text import Text

    parts = _split(cell)
    joined = Text("  ").join(parts)
    if _cell_width(joined.plain) <= width:
        parts = [joined]
    for part in parts:
        if style:
            part.stylize(style)
        yield from wrap(part, width, INDENT)


# --- prose ----------------------------------------------------------------------------------

_CODE = re.compile(r"`[^`\n]+`")


@dataclass(frozen=True)
class Keep:
    """A span of prose that is never broken across lines (a schedule, a legend entry)."""

    text: str | Text
    style: str = ""


Part = Union[str, tuple[str, str], Keep, "Text"]


class Prose:
    """A paragraph that wraps at spaces, keeping `Keep` spans and `code` spans whole.

    Continuation lines are indented by `indent`. A kept span wider than a line
    is broken only between its fields (at its spaces), never inside one.
    `whole_lead=True`: the first word (a `path:line:col` that editors and
    terminals follow) is never cut, however long; it then stands alone,
    wider than the width.
    """

    def __init__(
        self, *parts: Part, indent: int = INDENT, style: str = "", whole_lead: bool = False
    ) -> None:
        self.parts = parts
        self.indent = indent
        self.style = style
        self.whole_lead = whole_lead

    def text(
        self, console: Console | None = None, encoding: str = "utf-8"
    ) -> tuple[Text, list[tuple[int, int]]]:
        """The paragraph as one Text and the [start, end) offsets of its kept spans (in the
        ASCII the terminal will show, when `console` is given and `encoding` is not UTF)."""
        from rich.text import Text

        ascii_only = console is not None and not encoding.lower().startswith("utf")
        out = Text(style=self.style)
        kept: list[tuple[int, int]] = []
        for part in self.parts:
            start = len(out.plain)
            if isinstance(part, Keep):
                if isinstance(part.text, str):
                    piece = Text(part.text, style=part.style)
                else:
                    piece = part.text
                out.append_text(_ascii_cell(piece, console, encoding) if ascii_only else piece)
                kept.append((start, len(out.plain)))
                continue
            piece = (
                part
                if isinstance(part, Text)
                else (Text(part) if isinstance(part, str) else Text(part[0], style=part[1]))
            )
            if ascii_only:
                piece = _ascii_cell(piece, console, encoding)
            out.append_text(piece)
            kept.extend((start + m.start(), start + m.end()) for m in _CODE.finditer(piece.plain))
        return out, kept

    def plain(self) -> tuple[str, list[tuple[int, int]]] | None:
        """`text()` without rich: the paragraph and its kept spans, or None when a part
        is a rich Text (render/plain.py prints what this returns)."""
        pieces: list[str] = []
        keep_at: set[int] = set()  # which pieces are Keep parts
        for part in self.parts:
            kind = type(part)  # the commonest parts first: a str, a (text, style) run
            if kind is str:
                pieces.append(part)  # type: ignore[arg-type]
            elif kind is tuple:
                pieces.append(part[0])  # type: ignore[index,arg-type]
            elif isinstance(part, Keep):
                if not isinstance(part.text, str):
                    return None
                keep_at.add(len(pieces))
                pieces.append(part.text)
            elif isinstance(part, tuple):
                pieces.append(part[0])
            elif isinstance(part, str):
                pieces.append(part)
            else:
                return None
        plain = "".join(pieces)
        if not keep_at and "`" not in plain:
            return plain, []  # most paragraphs: nothing kept
        kept: list[tuple[int, int]] = []
        start = 0
        for index, piece in enumerate(pieces):
            if index in keep_at:
                kept.append((start, start + len(piece)))
            elif "`" in piece:  # a code span needs its backticks, within one part
                kept.extend((start + m.start(), start + m.end()) for m in _CODE.finditer(piece))
            start += len(piece)
        return plain, kept

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text, kept = self.text(console, options.encoding) if options.ascii_only else self.text()
        yield from wrap(text, options.max_width, self.indent, kept=kept, whole_lead=self.whole_lead)


class Line:
    """One line of styled runs printed as written, trailing blanks kept: a chart row, which
    is laid out to fit by construction and must never be wrapped at spaces like prose.

    `whole=True`: never broken or cut, however long (a file path editors follow).
    """

    def __init__(self, *runs: str | tuple[str, str], whole: bool = False) -> None:
        self.runs = tuple((run, "") if isinstance(run, str) else run for run in runs)
        self.whole = whole

    @property
    def plain(self) -> str:
        """The line's text without styles."""
        return "".join([text for text, _ in self.runs])

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.text import Text

        yield Text.assemble(*self.runs)


# What a report is printed as: the plain writer lays each of these out without rich.
Block = Prose | FitTable | Line


def overflows(block: object) -> bool:
    """Whether a block may print a line wider than the width: a whole path, never cut.

    Such a block is printed with rich's soft wrap (no re-wrapping, no cropping): its
    other lines are already laid out to the width.
    """
    if isinstance(block, Line):
        return block.whole
    return isinstance(block, Prose) and block.whole_lead


def wrap(
    text: Text,
    width: int,
    indent: int = 0,
    *,
    kept: Sequence[tuple[int, int]] = (),
    style: str | None = None,
    whole_lead: bool = False,
) -> Iterator[Text]:
    """Greedy word wrap of one line of Text; `kept` spans and `code` spans stay whole
    (and with `whole_lead`, the first word: see Prose)."""
    from rich.text import Text

    breaks = _breaks(text.plain, width, indent, kept)
    lines = text.divide(breaks) if breaks else [text]
    lead = _run_end(text.plain, 0) if whole_lead else 0
    for n, line in enumerate(lines):
        line.rstrip()
        if n:
            line = Text.assemble(" " * indent, line)
        for piece in _fold(line, width, indent if n else lead, indent):
            if style:
                piece.stylize(style)
            yield piece


def wrap_plain(
    plain: str,
    width: int,
    indent: int = 0,
    *,
    kept: Sequence[tuple[int, int]] = (),
    whole_lead: bool = False,
    simple: bool | None = None,
) -> list[str]:
    """`wrap` for a plain str: the same breaks and folds, no rich Text built (fast path).

    `simple`: whether `plain` is printable ASCII, when the caller knows already."""
    # Printable ASCII is a cell per character: a line no longer than the width has
    # nothing to fold (the common case, asked without `_fold_plain`).
    if simple is None:
        simple = printable_ascii(plain)
    breaks = _breaks(plain, width, indent, kept, simple)
    lead = _run_end(plain, 0) if whole_lead else 0
    if not breaks:
        line = plain.rstrip()
        if simple and len(line) <= width:
            return [line]
        return list(_fold_plain(line, width, lead, indent))
    pad = " " * indent
    out = [plain[: breaks[0]].rstrip()]
    ends = [*breaks[1:], len(plain)]
    out += [pad + plain[a:b].rstrip() for a, b in zip(breaks, ends, strict=True)]
    if simple and max(map(len, out)) <= width:
        return out
    folded: list[str] = []
    for n, line in enumerate(out):
        if simple and len(line) <= width:
            folded.append(line)
        else:
            folded.extend(_fold_plain(line, width, indent if n else lead, indent))
    return folded


def fitted_plain(
    plain: str, width: int, indent: int = 0, kept: Sequence[tuple[int, int]] = ()
) -> list[str] | None:
    """`wrap_plain`'s lines for printable ASCII `plain` when none needs folding, cut by
    the regular expression engine (a report's thousands of paragraphs: a C call per
    paragraph, not a Python loop per line).

    None when a line would be wider than the width (a word or kept span wider than its
    line, which `wrap_plain` folds, or keeps whole as a `whole_lead`), the text opens
    with a blank, or continuations have no room: the caller then asks `wrap_plain`
    (tests/render/test_layout.py compares the two). Without a fold, `whole_lead`
    changes nothing, so it is not asked for."""
    room = width - indent
    if room < 1 or not plain or plain[0] == " ":
        return None
    text = plain
    if kept or "`" in plain:
        joined = _spans_joined(plain, list(kept) or [m.span() for m in _CODE.finditer(plain)])
        if joined is None:
            return None
        text = joined
    first = _fitting(width).match(text)
    assert first is not None  # the text opens with a non-blank: `\S+` at least
    head = first.group()
    rest = _fitting(room).findall(text, first.end())
    if kept:  # the spans' spaces back; a kept span may end in blanks, which lines drop
        head = head.replace(_JOINT, " ").rstrip(" ")
        rest = [line.replace(_JOINT, " ").rstrip(" ") for line in rest]
    elif text is not plain:  # `code` spans, which end in a backtick: lines in one pass
        head, *rest = "\n".join([head, *rest]).replace(_JOINT, " ").split("\n")
    if len(head) > width or (rest and max(map(len, rest)) > room):
        return None  # a word wider than its line: `wrap_plain` folds it (or keeps a lead)
    pad = " " * indent
    return [head, *[pad + line for line in rest]]


@cache
def _fitting(room: int) -> re.Pattern[str]:
    """The greedy line of at most `room` characters (room >= 1) from a non-blank: up to
    the last word that ends within it (its trailing blanks left out), else the one word
    that does not fit (longer than the line)."""
    fits = r"\S(?= |\Z)" if room == 1 else rf"\S(?:.{{0,{room - 2}}}\S)?(?= |\Z)"
    return re.compile(rf"{fits}|\S+")


def _breaks(
    plain: str, width: int, indent: int, kept: Sequence[tuple[int, int]], simple: bool | None = None
) -> list[int]:
    """Offsets where greedy wrapping starts a new line (shared by `wrap` and `wrap_plain`).

    `simple`: whether `plain` is printable ASCII, when the caller knows already."""
    # Printable ASCII is a cell per character: a span's width is its length, no slice.
    if simple is None:
        simple = printable_ascii(plain)
    if simple and not kept and "`" not in plain:
        return _line_breaks(plain, width, indent)
    if simple:
        spans = list(kept) or [m.span() for m in _CODE.finditer(plain)]
        joined = _spans_joined(plain, spans)
        if joined is not None:
            return _line_breaks(joined, width, indent)
    return _word_breaks(plain, width, indent, kept, simple)


# What `_spans_joined` writes for a space inside a span: no printable character, so the
# lines `fitted_plain` cuts from the joined text give back their spaces by one replace.
_JOINT = "\0"


def _spans_joined(plain: str, spans: Sequence[tuple[int, int]]) -> str | None:
    """`plain` with the spaces inside each span made non-spaces (as long, so the offsets
    hold), whose runs of non-spaces are `_words`'s words: a word that touches a span runs
    on through it and what is glued to it. None when a span opens with a space (its
    word starts after the space, which `_words` alone decides)."""
    pieces: list[str] = []
    done = 0
    for start, end in sorted(spans):
        start = max(start, done)
        if start >= end:
            continue
        if plain[start] == " ":
            return None
        pieces += (plain[done:start], plain[start:end].replace(" ", _JOINT))
        done = end
    pieces.append(plain[done:])
    return "".join(pieces)


def _line_breaks(plain: str, width: int, indent: int) -> list[int]:
    """`_word_breaks` for printable ASCII without kept spans: a line at a time, not a
    word at a time (the thousands of findings or load errors of a big fleet). The words
    that end within a line's width all fit; the first that ends past it starts the next.
    """
    word = _RUN.search(plain)
    if word is None:
        return []
    breaks: list[int] = []
    size = len(plain)
    line_start, first = 0, word.start()  # where the line is measured from, its first word
    room = width
    while True:
        limit = line_start + room  # a word may end here
        if limit >= size:
            return breaks
        if limit > first and plain[limit] == " ":
            cut = limit  # a word ends right at the limit: the next one moves
        else:
            # The word running across the limit moves, unless it is the line's first
            # (never moved): then the word after it does.
            cut = plain.rfind(" ", first, limit) if limit > first else -1
            if cut < 0:
                cut = plain.find(" ", max(limit, first))
                if cut < 0:
                    return breaks
        start = cut + 1  # the next word: after the space, or after a run of them
        if start < size and plain[start] == " ":
            word = _RUN.search(plain, start)
            if word is None:
                return breaks
            start = word.start()
        elif start >= size:
            return breaks
        breaks.append(start)
        line_start = first = start
        room = width - indent


def _word_breaks(
    plain: str, width: int, indent: int, kept: Sequence[tuple[int, int]], simple: bool
) -> list[int]:
    """Greedy wrapping a word at a time; `kept` and `code` spans are words of their own."""
    spans = list(kept) or [(m.start(), m.end()) for m in _CODE.finditer(plain)]
    breaks: list[int] = []
    line_start, first = 0, True
    for start, end in _words(plain, spans):
        lead = indent if breaks else 0
        if first:
            first = False
            continue
        wide = end - line_start if simple else _cell_width(plain[line_start:end])
        if lead + wide > width:
            breaks.append(start)
            line_start = start
    return breaks


def _words(plain: str, spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """[start, end) of each unbreakable run: a kept span, or a run of non-spaces."""
    if not spans:
        return [m.span() for m in _RUN.finditer(plain)]
    words: list[tuple[int, int]] = []
    i, n = 0, len(plain)
    spans = sorted(spans)
    while i < n:
        if plain[i] == " ":
            i += 1
            continue
        end = _run_end(plain, i)
        # A word that touches a kept span takes the whole span (and what is glued to it).
        for s, e in spans:
            if s < end and e > i:
                end = _run_end(plain, max(end, e))
        words.append((i, end))
        i = end
    return words


_RUN = re.compile("[^ ]+")


def _run_end(plain: str, at: int) -> int:
    """The end of the run of non-spaces going on at `at` (the next space, or the end)."""
    end = plain.find(" ", at)
    return len(plain) if end < 0 else end


_SEPARATORS = "/:-_."


def _fold(line: Text, width: int, skip: int, indent: int) -> Iterator[Text]:
    """A line still wider than `width` (one long word after `skip` leading cells): broken at
    spaces if it has any (between a schedule's fields), else after a separator or at the
    width (a long name or path); continuation lines start with `indent` spaces."""
    from rich.text import Text

    # A loop, not recursion: a 300,000-character name is thousands of lines.
    while (cut := _fold_cut(line.plain, width, skip)) is not None:
        head, tail = line.divide([cut])
        head.rstrip()
        tail = tail[len(tail.plain) - len(tail.plain.lstrip(" ")) :]
        yield head
        line, skip = Text.assemble(" " * indent, tail), indent
    yield line


def _fold_plain(line: str, width: int, skip: int, indent: int) -> Iterator[str]:
    """`_fold` for a plain str (the same cuts, as a loop for the same reason)."""
    while (cut := _fold_cut(line, width, skip)) is not None:
        yield line[:cut].rstrip()
        line, skip = " " * indent + line[cut:].lstrip(" "), indent
    yield line


def _fold_cut(plain: str, width: int, skip: int) -> int | None:
    """Where `_fold` breaks `plain`, or None when it fits (or nothing can be cut)."""
    if _cell_width(plain) <= width or width <= skip + 1:
        return None
    cut = plain.rfind(" ", skip + 1, width + 1)
    if cut <= skip:
        cut = width
        for sep in _SEPARATORS:  # the first separator (in this order) that fits wins
            at = plain.rfind(sep, skip + 1, width)
            if at > skip:
                cut = at + 1
                break
    return cut
