"""The plain writer prints what rich prints for the layout renderables, without rich."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.render.console import make_console
from cronstable_cli.render.layout import Column, FitTable, Keep, Line, Prose, Row, overflows
from cronstable_cli.render.plain import PlainConsole, plain_lines

WORD = st.text(alphabet="abcxyz019:/-_.é日", min_size=1, max_size=12)
TEXT = st.lists(WORD, min_size=0, max_size=6).map(" ".join)
# Cells as reports make them: empty, or lines of text (never a blank line).
LINES = st.lists(TEXT.filter(bool), min_size=1, max_size=3).map("\n".join)
SPANS = st.lists(st.tuples(LINES, st.sampled_from(["", "dim", "bold red"])), min_size=1, max_size=3)
CELL = st.just("") | LINES | SPANS.map(tuple)


def _options(renderable: object) -> dict[str, bool]:
    # As print_blocks prints: a block that may hold a whole path with rich's soft wrap.
    return {"soft_wrap": True} if overflows(renderable) else {}


def by_rich(renderable: object, width: int) -> str:
    out = io.StringIO()
    make_console(out, width=width).print(renderable, **_options(renderable))
    return out.getvalue()


def by_plain(renderable: object, width: int) -> str:
    out = io.StringIO()
    writer = PlainConsole(out, width, lambda: make_console(out, width=width))
    writer.print(renderable, **_options(renderable))
    return out.getvalue()


@st.composite
def tables(draw: st.DrawFn) -> FitTable:
    count = draw(st.integers(1, 4))
    columns = [
        Column(
            draw(TEXT),
            keep=draw(st.booleans()),
            justify=draw(st.sampled_from(["left", "right", "center"])),
        )
        for _ in range(count)
    ]
    rows = [Row(tuple(draw(CELL) for _ in range(count))) for _ in range(draw(st.integers(0, 4)))]
    return FitTable(
        columns,
        rows,
        boxed=draw(st.booleans()),
        header=draw(st.booleans()),
        title=draw(st.none() | TEXT.filter(bool)),
    )


@settings(max_examples=200, deadline=None)
@given(tables(), st.integers(8, 90))
def test_fit_tables_print_as_rich_prints_them(table: FitTable, width: int) -> None:
    assert by_plain(table, width) == by_rich(table, width)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.one_of(TEXT, st.tuples(TEXT, st.just("dim")), WORD.map(Keep), st.just(" `0 5 * * *` ")),
        max_size=8,
    ),
    st.integers(0, 4),
    st.integers(8, 60),
    st.booleans(),
)
def test_prose_prints_as_rich_prints_it(parts: list, indent: int, width: int, lead: bool) -> None:
    prose = Prose(*parts, indent=indent, whole_lead=lead)
    assert by_plain(prose, width) == by_rich(prose, width)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            TEXT,
            st.tuples(TEXT, st.just("dim")),
            st.just(" `0 5 * * *` "),
            st.tuples(st.just("a `b c` d"), st.just("bold")),
            WORD.map(Keep),
        ),
        max_size=8,
    )
)
def test_prose_plain_is_rich_text_without_styles(parts: list) -> None:
    # Prose.plain reads str and (text, style) parts in one pass and everything else
    # part by part; either way the text and kept spans are those of rich's Text.
    prose = Prose(*parts)
    text, kept = prose.text()
    assert prose.plain() == (text.plain, kept)


# Lines: chart rows (block characters, glyphs, blanks, trailing ones too) and words, now
# and then a wide character (which leaves a line too wide for the plain writer to rich).
RUN = st.text(alphabet=" .:#█▁·-日", max_size=30) | st.text(alphabet="  ab/.█", max_size=30)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.one_of(RUN, st.tuples(RUN, st.sampled_from(["", "dim", "cyan"]))), max_size=5),
    st.integers(1, 70),
    st.booleans(),
)
def test_lines_print_as_rich_prints_them(runs: list, width: int, whole: bool) -> None:
    line = Line(*runs, whole=whole)
    assert by_plain(line, width) == by_rich(line, width)


def test_a_chart_row_keeps_its_trailing_blanks() -> None:
    row = Line(("03 ", "dim"), ("@", "red"), "    ", ("+", "yellow"), "   ")
    assert plain_lines(row, 20) == ["03 @    +   "]
    assert by_plain(row, 20) == "03 @    +   \n"
    # Too wide, as rich wraps one Text: the blanks past the width go, a line break keeps
    # the blank before it, one word (a long path) is cut every `width` characters.
    assert plain_lines(row, 11) == ["03 @    +  "]
    assert plain_lines(Line("aaaa bbbb cccc dddd eeee"), 10) == ["aaaa bbbb ", "cccc dddd ", "eeee"]
    path = Line(("deploy/cronstable.d/nightly.yaml", "bold underline"))
    assert by_plain(path, 12) == "deploy/crons\ntable.d/nigh\ntly.yaml\n"


def test_a_whole_path_is_never_cut() -> None:
    # A file header and a finding's `path:line:col`: longer than the width, printed whole
    # on a line of their own, by rich and by the plain writer alike.
    header = Line(("deploy/cronstable.d/nightly.yaml", "bold"), whole=True)
    finding = Prose(
        ("deploy/cronstable.d/nightly.yaml:4:16", "bold"), " warning a b", indent=2, whole_lead=True
    )
    for block in (header, finding):
        assert by_plain(block, 12) == by_rich(block, 12)
    assert by_plain(header, 12) == "deploy/cronstable.d/nightly.yaml\n"
    assert by_plain(finding, 12) == "deploy/cronstable.d/nightly.yaml:4:16\n  warning a\n  b\n"
    # Without whole_lead, the same paragraph folds the path at its separators.
    folded = by_plain(Prose("deploy/cronstable.d/nightly.yaml:4:16 warning", indent=2), 12)
    assert "deploy/cronstable.d/nightly.yaml:4:16" not in folded


def test_a_boxed_table_by_hand() -> None:
    table = FitTable(
        [Column("#", keep=True, justify="right"), Column("when", keep=True), Column("note")],
        [Row(("1", "00:00", "")), Row(("10", "12:30", "a gap"))],
    )
    assert by_plain(table, 80).split("\n") == [
        " # ┃ when  ┃ note ",
        "━━━╇━━━━━━━╇━━━━━━",
        " 1 │ 00:00 │      ",
        "10 │ 12:30 │ a gap",
        "",
    ]


def test_what_it_cannot_lay_out_goes_to_rich() -> None:
    from rich.text import Text

    assert plain_lines(Text("styled"), 80) is None
    assert by_plain(Text("styled"), 80) == "styled\n"
    assert plain_lines(FitTable([Column("a")], [Row((Text("x"),))]), 80) is None


def test_control_characters_are_escaped() -> None:
    assert by_plain(Prose("bell\x07 here"), 80) == "bell\\x07 here\n"


def test_latin_text_and_report_glyphs_are_measured_as_rich_measures_them() -> None:
    from rich.cells import cell_len

    from cronstable_cli.render.layout import _cell_width

    latin = "".join(chr(c) for c in range(0x20, 0x300))
    glyphs = "→←—–…⏎█▁▂▃▄▅▆▇━┃│╇"
    for text in (latin, "Zone UTC · from", "naïve café", "tab\there", "→ arrow", "日本", glyphs):
        assert _cell_width(text) == cell_len(text), text
    for text in (f"{glyphs}é日", "█\u0301", "→\x1b"):  # and with what only rich measures
        assert _cell_width(text) == cell_len(text), text


# Printable ASCII takes the writer's fast path (a line at a time, widths as lengths):
# runs of blanks, leading and trailing ones, words wider than a line, tiny widths.
ASCII_TEXT = st.text(alphabet="ab  x/:-_.`", max_size=60)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(ASCII_TEXT, st.tuples(ASCII_TEXT, st.just("bold")), ASCII_TEXT.map(Keep)),
        max_size=6,
    ),
    st.integers(0, 6),
    st.integers(1, 40),
    st.booleans(),
)
def test_ascii_prose_prints_as_rich_prints_it(
    parts: list, indent: int, width: int, lead: bool
) -> None:
    prose = Prose(*parts, indent=indent, whole_lead=lead)
    assert by_plain(prose, width) == by_rich(prose, width)


BLOCKS = st.one_of(
    st.builds(lambda t, w: Line(t, whole=w), RUN, st.booleans()),
    st.builds(lambda t, lead: Prose(t, indent=2, whole_lead=lead), TEXT, st.booleans()),
    st.just(Prose("bell\x07 and a\nbreak")),  # escaped by the writer
    st.just(Prose("日" * 30)),  # folded wider than the width: rich prints it
)


@settings(max_examples=100, deadline=None)
@given(st.lists(BLOCKS, max_size=12), st.integers(8, 40))
def test_blocks_printed_in_batches_are_the_blocks_printed_one_by_one(
    blocks: list, width: int
) -> None:
    from cronstable_cli.render.console import print_block

    one_by_one = io.StringIO()
    writer = PlainConsole(one_by_one, width, lambda: make_console(one_by_one, width=width))
    for block in blocks:
        print_block(writer, block)
    batched = io.StringIO()
    writer = PlainConsole(batched, width, lambda: make_console(batched, width=width))
    writer.print_blocks(blocks)
    assert batched.getvalue() == one_by_one.getvalue()


def test_a_long_report_is_written_in_batches_in_order() -> None:
    from cronstable_cli.render import plain

    class Counting(io.StringIO):
        writes = 0

        def write(self, text: str) -> int:
            self.writes += 1
            return super().write(text)

    blocks = [Prose(f"finding {n} " + "word " * 30, indent=4) for n in range(3000)]
    blocks.insert(1500, Prose("日" * 30))  # through rich, between two batches
    assert plain_lines(blocks[1500], 40) is None
    out = Counting()
    PlainConsole(out, 40, lambda: make_console(out, width=40)).print_blocks(blocks)
    expected = io.StringIO()
    writer = PlainConsole(expected, 40, lambda: make_console(expected, width=40))
    for block in blocks:
        writer.print(block)
    assert out.getvalue() == expected.getvalue()
    lines = out.getvalue().count("\n")
    assert out.writes <= lines // plain._BATCH + 4  # batches, the rich block, the rest
