"""Tables and paragraphs fitted to a width: schedules are never split, nothing overflows."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from cronstable_cli.render.layout import (
    PIPED_WIDTH,
    Column,
    FitTable,
    Keep,
    Prose,
    Row,
    column_widths,
    output_width,
)

H_SCHEDULE = "H/15 9-17 * * mon-fri"
RESOLVED = "14,29,44,59 9-17 * * mon-fri"


def render(renderable: object, width: int) -> list[str]:
    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None, highlight=False).print(renderable)
    return buffer.getvalue().splitlines()


def jobs_table() -> FitTable:
    rows = [
        Row(
            (
                Text("refresh-cache\nexamples/cronstable.yaml:40"),
                Text(f"{H_SCHEDULE}\n→ {RESOLVED}"),
                "Europe/Berlin",
                "yes",
                "Tue 12-01 08:14\nin 8h 14m",
            )
        ),
        Row(
            (
                Text("a-job-with-a-rather-long-name\nconf.d/teams/platform/jobs.yaml:1200"),
                "0 * * * *",
                "America/Argentina/Buenos_Aires",
                "no",
                "Tue 12-01 09:00\nin 9h",
            ),
            style="dim",
        ),
    ]
    return FitTable(
        [
            Column("job / where"),
            Column("schedule (→ resolved)", keep=True),
            Column("zone"),
            Column("on", keep=True),
            Column("next (UTC)", keep=True),
        ],
        rows,
    )


# -- column widths -------------------------------------------------------------


@pytest.mark.parametrize(
    ("naturals", "minimums", "width", "gap", "expected"),
    [
        pytest.param([10, 20], [10, 5], 40, 3, [10, 20], id="fits as is"),
        pytest.param([10, 20], [10, 5], 25, 3, [10, 12], id="the wrappable one shrinks"),
        pytest.param([30, 30], [5, 5], 43, 3, [20, 20], id="the widest shrink together"),
        pytest.param([30, 12], [5, 5], 33, 3, [18, 12], id="widest first"),
        pytest.param([10, 20], [10, 18], 25, 3, None, id="minimums do not fit"),
    ],
)
def test_column_widths(
    naturals: list[int], minimums: list[int], width: int, gap: int, expected: list[int] | None
) -> None:
    assert column_widths(naturals, minimums, width, gap) == expected


# -- tables --------------------------------------------------------------------


@pytest.mark.parametrize("width", [140, 100, 80, 60, 40])
def test_a_table_never_overflows_and_keeps_every_schedule_on_one_line(width: int) -> None:
    lines = render(jobs_table(), width)
    assert max(len(line) for line in lines) <= width
    for schedule in (H_SCHEDULE, f"→ {RESOLVED}", "0 * * * *", "Tue 12-01 08:14"):
        assert any(schedule in line for line in lines), (schedule, lines)


def test_wide_enough_it_is_one_table_with_a_header_row() -> None:
    lines = render(jobs_table(), 140)
    assert lines[0].split("┃")[0].strip() == "job / where"
    assert "schedule (→ resolved)" in lines[0]
    assert lines[2].startswith("refresh-cache ")


def test_narrower_the_first_column_goes_above_its_row() -> None:
    lines = render(jobs_table(), 80)
    assert lines[0] == "job / where"
    assert "refresh-cache  examples/cronstable.yaml:40" in lines
    row = lines.index("refresh-cache  examples/cronstable.yaml:40")
    assert lines[row + 1].startswith(f"  {H_SCHEDULE} ")
    assert lines[row + 2].startswith(f"  → {RESOLVED} ")


def test_narrowest_the_cells_flow_as_labelled_items() -> None:
    lines = render(jobs_table(), 40)
    assert lines[0] == "refresh-cache"
    assert lines[1] == "examples/cronstable.yaml:40"
    assert lines[2] == "  schedule (→ resolved):"  # the label's own line: its value is wider
    assert lines[3] == f"  {H_SCHEDULE}"
    assert lines[4] == f"  → {RESOLVED}"
    assert "  zone: Europe/Berlin  on: yes" in lines


def test_names_and_paths_break_after_a_separator() -> None:
    table = FitTable(
        [Column("job"), Column("schedule", keep=True)],
        [Row(("examples/cronstable.yaml:9", "0 * * * *"))],
    )
    lines = render(table, 30)
    assert lines[2].startswith("examples/ ")
    assert lines[3].startswith("cronstable.yaml:9 ")


# -- prose ---------------------------------------------------------------------

MESSAGE = (
    f"note [hashed-slot] `{H_SCHEDULE}` resolves to `{RESOLVED}` (hashed from the job "
    "name 'refresh-cache'); renaming the job moves it to other slots."
)


@pytest.mark.parametrize("width", range(34, 121, 3))
def test_code_spans_are_never_broken(width: int) -> None:
    lines = render(Prose(MESSAGE), width)
    assert max(len(line) for line in lines) <= width
    assert any(f"`{H_SCHEDULE}`" in line for line in lines)
    assert any(f"`{RESOLVED}`" in line for line in lines)
    assert " ".join(" ".join(lines).split()) == MESSAGE
    assert all(line.startswith("  ") for line in lines[1:])


def test_keep_spans_stay_whole_and_a_too_long_one_breaks_only_between_fields() -> None:
    lines = render(Prose("legend:", *(f for i in range(8) for f in ("  ", Keep(f"* {i}-{i}")))), 20)
    assert all(line.count("*") == line.count("-") for line in lines)
    lines = render(Prose(Keep(RESOLVED)), 12)
    assert lines == ["14,29,44,59", "  9-17 * *", "  mon-fri"]


# -- the width rule ------------------------------------------------------------


def test_output_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "72")
    assert output_width(io.StringIO()) == 72
    monkeypatch.delenv("COLUMNS")
    assert output_width(io.StringIO()) == PIPED_WIDTH == 80


def test_every_table_goes_through_the_layout() -> None:
    """One place lays out tables: a rich Table built elsewhere would escape the width rules."""
    from pathlib import Path

    package = Path(__file__).resolve().parents[2] / "cronstable_cli"
    offenders = [
        str(p.relative_to(package))
        for p in package.rglob("*.py")
        if p.name != "layout.py" and "rich.table" in p.read_text(encoding="utf-8")
    ]
    assert offenders == []


@given(
    st.text(alphabet="ab /:-", max_size=90),
    st.integers(min_value=-2, max_value=40),
    st.integers(min_value=0, max_value=8),
)
@settings(max_examples=500)
def test_line_at_a_time_breaks_are_the_word_at_a_time_ones(
    plain: str, width: int, indent: int
) -> None:
    # Plain ASCII wraps by jumping a line at a time (load errors on stderr at 100,000
    # jobs); every break must be where the word-by-word greedy loop puts it.
    from cronstable_cli.render.layout import _line_breaks, _word_breaks

    assert _line_breaks(plain, width, indent) == _word_breaks(plain, width, indent, (), True)


@st.composite
def _text_and_spans(draw: st.DrawFn) -> tuple[str, list[tuple[int, int]]]:
    """ASCII text with `code` spans in it, and (half the time) kept spans of its own."""
    plain = draw(st.text(alphabet="ab `_-", max_size=90))
    if draw(st.booleans()):
        return plain, []
    cuts = sorted(draw(st.lists(st.integers(0, len(plain)), max_size=6)))
    return plain, [(cuts[i], cuts[i + 1]) for i in range(0, len(cuts) - 1, 2)]


@given(_text_and_spans(), st.integers(min_value=-2, max_value=40), st.integers(0, 8))
@settings(max_examples=800)
def test_breaks_around_kept_spans_are_the_word_at_a_time_ones(
    case: tuple[str, list[tuple[int, int]]], width: int, indent: int
) -> None:
    # Lint messages quote schedules in `code` spans, which never break: a line at a
    # time over the text with the spans' spaces joined must break where the word loop
    # (a word touching a span runs through it) does.
    from cronstable_cli.render.layout import _breaks, _word_breaks

    plain, kept = case
    assert _breaks(plain, width, indent, kept) == _word_breaks(plain, width, indent, kept, True)


def test_line_breaks_hand_checked() -> None:
    from cronstable_cli.render.layout import _breaks

    # 10 columns, continuations 2 deep: "aaaa bbbb" fits (9); "cc" would end at 12.
    assert _breaks("aaaa bbbb cc dddddddddddd e", 10, 2, ()) == [10, 13, 26]


def _may_fold(plain: str, width: int, indent: int, kept: list[tuple[int, int]]) -> bool:
    """Whether `fitted_plain` may leave the text to `wrap_plain`: one it never takes, or
    one with a word (a kept span and what is glued to it) wider than a continuation."""
    from cronstable_cli.render.layout import _CODE, _spans_joined

    spans = kept or [m.span() for m in _CODE.finditer(plain)]
    joined = _spans_joined(plain, spans)
    if plain[:1] in ("", " ") or width - indent < 1 or joined is None:
        return True
    return max(map(len, joined.split(" "))) > width - indent


@given(
    st.one_of(st.text(alphabet="ab /:-", max_size=90).map(lambda t: (t, [])), _text_and_spans()),
    st.integers(min_value=-2, max_value=40),
    st.integers(0, 8),
    st.booleans(),
)
@settings(max_examples=1000)
def test_fitted_lines_are_wrap_plains_when_every_line_fits(
    case: tuple[str, list[tuple[int, int]]], width: int, indent: int, whole_lead: bool
) -> None:
    # A big report's findings are cut into lines by one regular expression, not wrapped
    # a line at a time: the lines must be wrap_plain's, and it may decline only a text
    # wrap_plain may fold (a word wider than a line) or one it never takes.
    from cronstable_cli.render.layout import fitted_plain, wrap_plain

    plain, kept = case
    lines = wrap_plain(plain, width, indent, kept=kept, whole_lead=whole_lead)
    fitted = fitted_plain(plain, width, indent, kept)
    if fitted is not None:
        assert fitted == lines
    else:
        assert _may_fold(plain, width, indent, kept)


def test_fitted_lines_hand_checked() -> None:
    from cronstable_cli.render.layout import fitted_plain

    # 10 columns, continuations 2 deep: "aaaa bbbb" fits (9); `c d` is kept whole.
    assert fitted_plain("aaaa bbbb `c d` e  ff", 10, 2) == ["aaaa bbbb", "  `c d` e", "  ff"]
    assert fitted_plain("aaaa bbbbbbbbbbb", 10, 2) is None  # folded by wrap_plain
    assert fitted_plain(" aaaa", 10, 2) is None  # a leading blank: wrap_plain's to measure
