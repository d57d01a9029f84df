"""command-looks-like-field: a crontab entry with a sixth field loads it as the command.

A crontab entry has exactly five fields (the daemon agrees), so in
`*/6 * * * * * echo hi` the command is `* echo hi`: the shell expands that
`*` into file names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cronstable_cli.analysis.lint import LintSettings, lint
from cronstable_cli.loaders import load_paths
from cronstable_cli.loaders.crontab.classic import parse_crontab
from cronstable_cli.loaders.problems import Problems

CODE = "command-looks-like-field"


def found(text: str, *, system: bool = False) -> list[tuple[str, str, int, int]]:
    out = Problems("jobs.crontab")
    parse_crontab(text, out, system=system)
    return [(f.code, f.level, f.line, f.column) for f in out.found if f.code == CODE]


@pytest.mark.parametrize(
    ("line", "column"),
    [
        pytest.param("*/6 * * * * * echo hi", 13, id="star (a seconds or year paste)"),
        pytest.param("0 0 * * * 2027 /bin/new-year", 11, id="a year"),
        pytest.param("0 */5 * * * ? /bin/quartz", 13, id="quartz question mark"),
        pytest.param("0 0 8 * * 1-5 /bin/x", 11, id="a weekday range"),
        pytest.param("0 0 8 * * mon-fri /bin/x", 11, id="weekday names"),
        pytest.param("0 0 0 * * 0,30 /bin/x", 11, id="a list"),
    ],
)
def test_flags_the_command_column(line: str, column: int) -> None:
    assert found(line + "\n") == [(CODE, "warning", 1, column)]


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("*/5 * * * * /usr/bin/true", id="a path"),
        pytest.param("0 2 * * * backup.sh --full", id="a script"),
        pytest.param("0 2 * * * 7z a /backup/x.7z /srv", id="a program starting with a digit"),
        pytest.param("@daily * echo", id="macro lines are not miscounted"),
        pytest.param("0 2 * * * mon", id="a single name could be a program"),
    ],
)
def test_leaves_real_commands_alone(line: str) -> None:
    assert found(line + "\n") == []


def test_system_crontab_checks_the_command_after_the_user() -> None:
    assert found("*/6 * * * * root * echo hi\n", system=True) == [(CODE, "warning", 1, 18)]
    assert found("*/6 * * * * root echo hi\n", system=True) == []


def test_message_names_the_command_that_would_run(tmp_path: Path) -> None:
    path = tmp_path / "jobs.crontab"
    path.write_text("*/6 * * * * * echo hi\n")
    report = lint(load_paths([str(path)]), LintSettings())
    (finding,) = [f for f in report.findings if f.code == CODE]
    assert finding.job == "jobs.crontab:1"
    assert "runs '* echo hi' on `*/6 * * * *`" in finding.message
    assert "expands a bare `*`" in finding.message
    assert report.exit_code() == 1  # a warning fails the default --fail-on


def test_can_be_silenced(tmp_path: Path) -> None:
    path = tmp_path / "jobs.crontab"
    path.write_text(f"# cronstable: ignore[{CODE}]\n0 0 * * * 2027 /bin/x\n")
    report = lint(load_paths([str(path)]), LintSettings())
    assert [f.code for f in report.findings if f.code == CODE] == []
