"""The diff's pull-request comment renders: a heading, a summary table first, details folded."""

from __future__ import annotations

from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token

from tests.cli.helpers import run

DATA = Path(__file__).resolve().parents[1] / "data" / "diff"


def comment(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    code, out, err = run(
        capsys,
        "diff",
        str(DATA / "base"),
        str(DATA / "head"),
        "--from",
        "2027-03-08T00:00Z",
        "--format",
        "markdown",
        "--nodes",
        "a,b,c",
        *extra,
    )
    assert code == 1, err
    return out


def tokens(text: str) -> list[Token]:
    return MarkdownIt("commonmark", {"html": True}).enable("table").parse(text)


def table_shapes(text: str) -> list[tuple[int, ...]]:
    """Per table: the header's cell count, then each body row's."""
    shapes: list[tuple[int, ...]] = []
    row: list[int] = []
    for token in tokens(text):
        if token.type == "table_open":
            row = []
        elif token.type == "tr_open":
            row.append(0)
        elif token.type in ("th_open", "td_open"):
            row[-1] += 1
        elif token.type == "table_close":
            shapes.append(tuple(row))
    return shapes


def test_every_table_row_is_as_wide_as_its_header(capsys: pytest.CaptureFixture[str]) -> None:
    for shape in table_shapes(comment(capsys, "--max-per-minute", "5", "--jitter", "auto")):
        assert len(set(shape)) == 1, shape


def test_a_heading_then_the_summary_table_before_any_details(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parsed = tokens(comment(capsys))
    kinds = [t.type for t in parsed if t.type in ("heading_open", "table_open", "html_block")]
    assert kinds[:2] == ["heading_open", "table_open"]
    assert kinds[2] == "html_block"
    cells = [t.content for t in parsed if t.type == "inline"]
    assert "**jobs changed**" in cells
    assert "2 added, 1 removed, 1 renamed, 5 changed, 1 unknown (1 unchanged)" in cells


def test_every_details_block_holds_a_rendered_table_or_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = comment(capsys)
    html = MarkdownIt("commonmark", {"html": True}).enable("table").render(text)
    assert html.count("<details>") == html.count("</details>") == 6
    # jobs, fleet, duplicates, owners (2 tables), findings is a list, load errors a list
    assert html.count("<table>") == 6
    assert "<summary>Jobs: 2 added" in html
    assert "<td><code>rollup</code> → <code>rollup-hourly</code></td>" in html
    assert "<summary>Findings: 2 new, 0 fixed</summary>" in html


def test_config_text_cannot_add_markup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, new = tmp_path / "old.yaml", tmp_path / "new.yaml"
    old.write_text("jobs: []\n")
    new.write_text(
        'jobs:\n  - name: "x|<b>y</b>[z](http://e)`"\n    command: c\n'
        '    schedule: "0 1 * * *"\n  - name: "pipe|in|code"\n    command: d\n'
        '    schedule: "0 2 * * *"\n'
    )
    code, out, _ = run(capsys, "diff", str(old), str(new), "--format", "markdown")
    assert code == 0
    html = MarkdownIt("commonmark", {"html": True}).enable("table").render(out)
    assert "<b>" not in html and "<a " not in html
    shapes = table_shapes(out)
    assert (5, 5, 5) in shapes  # the jobs table: a header and the two jobs, five cells each
    assert all(len(set(shape)) == 1 for shape in shapes)  # no `|` in the name split a row
    assert "x|&lt;b&gt;y&lt;/b&gt;[z](http://e)`" in html
    assert "<code>pipe|in|code</code>" in html
