"""The lint report's plain-text path prints exactly what the rich path prints uncoloured."""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cronstable_cli.analysis.lint.linter import LintReport
from cronstable_cli.records import LEVELS, Finding, SourceLocation
from cronstable_cli.render import console
from cronstable_cli.render.console import make_console
from cronstable_cli.render.layout import overflows, wrap_plain
from cronstable_cli.render.lint_text import lint_blocks, render_lint
from cronstable_cli.safe_text import escaped

from ..hostile.corpus import RAW


class _Ascii(io.StringIO):
    """A non-UTF-8 output: the console falls back to ASCII."""

    encoding = "ascii"  # type: ignore[assignment]


WORDS = st.sampled_from(
    [
        "job",
        "runs",
        "every",
        "minute,",
        "and",
        "overlaps",
        "with",
        "the",
        "backup",
        "a",
        "`*/5 * * * *`",
        "`0 0 * * *`",
        "`0,5,10,15,20,25,30,35,40,45,50,55 0-23 1-31 1-12 mon-fri`",
        "`@daily`",
        "/very/long/path/to/some/deeply/nested/crontab-file.conf",
        "x" * 90,
        "name_with-separators.and:colons/" * 4,
        "\u65e5\u672c\u8a9e\u306e\u30b8\u30e7\u30d6",
        "\u4e2d" * 70,
        "ctrl\x1b[31mred",
        "bell\x07",
        "bidi\u202eevil",
        "tab\there",
        "nl\nbreak",
        "caf\u00e9",
        "\u2192",
        "\u2014",
        "zero\u200bwidth",
        "`sched\u202e`",
        "`unclosed",
    ]
)
FILES = st.sampled_from(
    [
        "jobs.yaml",
        "/etc/cronstable/conf.d/" + "nested/" * 15 + "jobs.yaml",
        "\u65e5\u672c/\u30b8\u30e7\u30d6.yaml",
        "odd\x1bname.yaml",
        "bidi\u202e.yaml",
        "",
        "a`b`c.yaml",
    ]
)
FINDINGS = st.builds(
    lambda code, level, words, file, line, col: Finding(
        code, level, " ".join(words), SourceLocation(file, line, col) if file else None
    ),
    st.sampled_from(["uneven-step", "overlap", "x" * 40]),
    st.sampled_from(LEVELS),
    st.lists(WORDS, min_size=1, max_size=25),
    FILES,
    st.integers(0, 99999),
    st.integers(0, 120),
)
REPORTS = st.builds(
    lambda findings, jobs: LintReport(
        tuple(sorted(findings, key=lambda f: f.file or "")),
        jobs,
        tuple(sorted({f.file or "" for f in findings})),
    ),
    st.lists(FINDINGS, min_size=1, max_size=12),
    st.integers(0, 10**6),
)


def _rich(report: LintReport, width: int, out: io.StringIO) -> str:
    screen = make_console(out, width=width)
    for block in lint_blocks(report):
        screen.print(block, soft_wrap=overflows(block))  # as print_blocks prints
    return out.getvalue()


def _plain(
    report: LintReport, width: int, out: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    render_lint(report, out)
    return out.getvalue()


@pytest.fixture
def plain_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(report=REPORTS, width=st.sampled_from([20, 60, 80, 200]), ascii_out=st.booleans())
def test_plain_path_matches_rich_path(
    plain_env: pytest.MonkeyPatch, report: LintReport, width: int, ascii_out: bool
) -> None:
    # A report reaches the renderer escaped (cli/output.py), as here; raw control characters
    # are escaped by the plain writer where rich drops some (BEL, CR): see the next test.
    make = _Ascii if ascii_out else io.StringIO
    report = escaped(report)
    assert _plain(report, width, make(), plain_env) == _rich(report, width, make())


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(report=REPORTS, width=st.sampled_from([20, 80]))
def test_raw_control_characters_never_reach_piped_output(
    plain_env: pytest.MonkeyPatch, report: LintReport, width: int
) -> None:
    assert not RAW.search(_plain(report, width, io.StringIO(), plain_env))


def test_ordinary_reports_never_build_a_rich_console(plain_env: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the plain path built a rich console")

    plain_env.setattr(console, "make_console", refuse)
    message = "job `backup` runs at `0 3 * * *` together with " + "other jobs " * 12
    report = LintReport(
        (Finding("overlap", "warning", message, SourceLocation("jobs.yaml", 3, 5)),),
        4,
        ("jobs.yaml",),
    )
    out = io.StringIO()
    render_lint(report, out)
    assert out.getvalue().endswith("Found 1 problem (1 warning) in 4 jobs from 1 file.\n")


def test_wrap_plain_hand_checked() -> None:
    # 24 columns, continuation lines hang 4 deep; the backticked schedule stays whole,
    # and a word too long for any line is folded after its last `/` within
    # the 24 columns (`/srv/backups/nightly/` would need 25).
    line = "a.yaml:3:5 note [x] runs `*/5 * * * *` then /srv/backups/nightly/run.sh"
    assert wrap_plain(line, 24, 4) == [
        "a.yaml:3:5 note [x] runs",
        "    `*/5 * * * *` then",
        "    /srv/backups/",
        "    nightly/run.sh",
    ]


@given(
    st.lists(WORDS, min_size=1, max_size=30).map(" ".join),
    st.integers(min_value=0, max_value=6),
    st.integers(min_value=10, max_value=120),
)
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
def test_fit_lines_wraps_as_the_rich_wrap_does(text: str, lead: int, width: int) -> None:
    # Load errors on stderr go through fit_lines; it wraps plain strings, and must break
    # and fold them exactly where wrap() does on rich Text.
    from rich.text import Text

    from cronstable_cli.render.layout import fit_lines, wrap

    line = " " * lead + text.replace("\n", " ")
    indent = lead + 4
    expected = (
        [line]
        if Text(line).cell_len <= width
        else [p.plain for p in wrap(Text(line), width, indent)]
    )
    assert fit_lines(line, width) == "\n".join(expected)
