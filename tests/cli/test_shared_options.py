"""--color, --quiet, --config and --isolated: taken by every command, the same way."""

from __future__ import annotations

import pytest

from cronstable_cli.cli.main import COMMANDS, cli, main

from .helpers import run

BAD = "examples/cronstable.yaml"
TODAY = ["--from", "2026-01-10T12:00"]


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_takes_the_shared_options(name: str) -> None:
    ctx = cli.make_context("cronstable", [name, "--help"], resilient_parsing=True)
    command = cli.get_command(ctx, name)
    assert command is not None
    opts = {o for p in command.params for o in getattr(p, "opts", ())}
    assert {"--color", "--quiet", "-q", "--config", "--isolated"} <= opts


def test_lint_quiet_prints_findings_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lint", BAD, *TODAY, "--isolated")
    assert code == 1 and "Found " in out
    code, quiet, _ = run(capsys, "lint", BAD, *TODAY, "--isolated", "--quiet")
    assert code == 1
    assert "Found " not in quiet
    assert quiet.splitlines() == [
        line for line in out.splitlines() if line and not line.startswith("Found ")
    ]


def test_quiet_clean_run_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(
        capsys, "lint", "examples/legacy.crontab", "-q", "--select", "never-fires", "--isolated"
    ) == (0, "", "")


def test_color_always_and_never(capsys: pytest.CaptureFixture[str]) -> None:
    _, plain, _ = run(capsys, "lint", BAD, *TODAY, "--isolated", "--color", "never")
    _, coloured, _ = run(capsys, "lint", BAD, *TODAY, "--isolated", "--color", "always")
    assert "\x1b[" not in plain
    assert "\x1b[" in coloured
    _, preview, _ = run(
        capsys, "preview", "0 2 * * *", "--color", "always", "--from", "2026-01-10T12:00"
    )
    assert "\x1b[" in preview


def test_no_color_env_still_wins_under_auto(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    _, out, _ = run(capsys, "lint", BAD, *TODAY, "--isolated")
    assert "\x1b[" not in out


def test_an_unknown_color_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "* * * * *", "--color", "sometimes"]) == 2
    assert "'sometimes' is not one of 'auto', 'always', 'never'" in capsys.readouterr().err
