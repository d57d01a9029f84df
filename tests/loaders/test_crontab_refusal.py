"""A crontab with any bad line is refused whole, as the daemon does; each bad line is reported.

Columns are counted by hand (1 = the line's first character).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cronstable_cli.loaders import LoadResult, load_paths


def load(tmp_path: Path, text: str) -> LoadResult:
    path = tmp_path / "jobs.crontab"
    path.write_text(text, encoding="utf-8")
    return load_paths([str(path)])


# (bad line as written, column, code, words)
BAD_LINES = [
    pytest.param("61 1 * * * x", 1, "invalid-schedule", "minute: 61 is out of range", id="range"),
    pytest.param("  0 1 * 13 * x", 9, "invalid-schedule", "month", id="column-in-line"),
    pytest.param(
        "@DAILY x", 1, "invalid-schedule", "unknown crontab nickname '@DAILY'", id="nickname-case"
    ),
    pytest.param("@every5m x", 1, "invalid-schedule", "unknown crontab nickname", id="nickname"),
    pytest.param(
        "0 1 * * * x\x01y", 12, "invalid-config", "control character '\\x01'", id="control"
    ),
    pytest.param(
        "0 1 * * * a\u2028b", 12, "invalid-config", "control character", id="line-separator"
    ),
    pytest.param("0 1 * * * date +%F", 17, "invalid-config", "unescaped '%'", id="percent"),
    pytest.param("0 1 * *", 1, "invalid-config", "incomplete crontab entry", id="short"),
]


@pytest.mark.parametrize(("line", "col", "code", "words"), BAD_LINES)
def test_one_bad_line_refuses_the_file(
    tmp_path: Path, line: str, col: int, code: str, words: str
) -> None:
    result = load(tmp_path, f"0 2 * * * good.sh\n{line}\n5 2 * * * also-good.sh\n")
    [error] = [f for f in result.findings if f.level == "error"]
    assert (error.code, error.line, error.column) == (code, 2, col)
    assert words in error.message
    assert "the daemon refuses the whole file at its first bad line" in error.message
    assert result.jobs == ()
    assert [j.location.line for j in result.withheld][:1] == [1]


def test_every_bad_line_is_reported_the_first_says_why(tmp_path: Path) -> None:
    result = load(tmp_path, "0 1 * * * ok\n61 1 * * * a\n0 1 * * * b%\n")
    errors = [f for f in result.findings if f.level == "error"]
    assert [(f.line, f.code) for f in errors] == [(2, "invalid-schedule"), (3, "invalid-config")]
    assert "none of its 3 entries runs" in errors[0].message
    assert "refuses the whole file" not in errors[1].message


def test_whitespace_controls_at_the_ends_are_trimmed_like_the_daemon(tmp_path: Path) -> None:
    # The daemon strips the line first: a trailing form feed is not part of it.
    result = load(tmp_path, "0 1 * * * ok\x0c\n\x0b\n")
    assert [f for f in result.findings if f.level == "error"] == []
    assert [j.name for j in result.jobs] == ["jobs.crontab:1"]


def test_a_good_crontab_loads_every_entry(tmp_path: Path) -> None:
    result = load(tmp_path, "CRON_TZ=Asia/Tokyo\nH 9 * * 1-5 r\n@midnight m\n@reboot w\n")
    assert [(j.name, j.schedule, j.zone) for j in result.jobs] == [
        ("jobs.crontab:2", "H 9 * * 1-5", "Asia/Tokyo"),
        ("jobs.crontab:3", "@daily", "Asia/Tokyo"),
        ("jobs.crontab:4", "@reboot", "Asia/Tokyo"),
    ]
    assert result.withheld == ()
