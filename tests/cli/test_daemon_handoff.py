"""`cronstable` shared with the daemon: which invocations are handed to it, and how."""

from __future__ import annotations

import sys

import pytest

from cronstable_cli.cli import daemon_handoff
from cronstable_cli.cli.daemon_handoff import belongs_to_daemon, hand_off
from cronstable_cli.cli.main import COMMANDS, main


@pytest.mark.parametrize(
    "argv",
    [
        [],  # bare `cronstable` is the daemon itself (service units run it so)
        ["-c", "/etc/cronstable.d"],
        ["--config", "/etc/cronstable.d", "--log-level", "DEBUG"],
        ["-v"],
        ["--job-set-id"],
        ["service", "status"],
        ["tui"],
        ["state", "gc", "--dry-run"],
        ["lock", "run", "x", "--", "echo", "hi"],
        ["init", "/tmp/x"],  # as close to `lint` as a typo, and still the daemon's
        ["lnit", "jobs/"],
        # The daemon's MCP bridge to a running daemon, by its own options.
        ["mcp", "--url", "http://127.0.0.1:8080"],
        ["mcp", "--url=http://127.0.0.1:8080", "--token-env", "T"],
        ["mcp", "--check"],
        ["mcp", "--insecure", "--timeout", "5"],
    ],
)
def test_daemon_invocations_go_to_the_daemon(argv: list[str]) -> None:
    assert belongs_to_daemon(argv, COMMANDS)


@pytest.mark.parametrize(
    "argv",
    [
        ["lint", "jobs/"],
        ["preview", "* * * * *"],
        ["--help"],
        ["-h"],
        ["--version"],
        ["stagger", "--help"],
        ["mcp"],  # the toolkit's MCP server over the files
        ["mcp", "--root", "jobs/"],
        ["mcp", "--help"],
    ],
)
def test_toolkit_invocations_stay(argv: list[str]) -> None:
    assert not belongs_to_daemon(argv, COMMANDS)


class FakeDaemon:
    def __init__(self, exit_with: object = 0) -> None:
        self.seen: list[str] | None = None
        self.exit_with = exit_with

    def __call__(self) -> None:
        self.seen = list(sys.argv)
        raise SystemExit(self.exit_with)


def test_main_hands_daemon_arguments_over_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeDaemon(3)
    monkeypatch.setattr(daemon_handoff, "daemon_entry", lambda: fake)
    before = list(sys.argv)
    assert main(["-c", "/etc/cronstable.d", "--log-level", "DEBUG"]) == 3
    assert fake.seen == ["cronstable", "-c", "/etc/cronstable.d", "--log-level", "DEBUG"]
    assert sys.argv == before  # restored afterwards


def test_a_refused_near_miss_gets_a_did_you_mean(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(daemon_handoff, "daemon_entry", lambda: FakeDaemon(2))
    assert main(["lnit", "jobs/"]) == 2
    assert "did you mean `cronstable lint`?" in capsys.readouterr().err
    monkeypatch.setattr(daemon_handoff, "daemon_entry", lambda: FakeDaemon(0))
    assert main(["init", "/tmp/x"]) == 0  # the daemon accepted it: no hint
    assert capsys.readouterr().err == ""


def test_toolkit_commands_never_reach_the_daemon(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = FakeDaemon()
    monkeypatch.setattr(daemon_handoff, "daemon_entry", lambda: fake)
    assert main(["explain", "0 2 * * *"]) == 0
    assert fake.seen is None
    assert "02:00" in capsys.readouterr().out


def test_shell_completion_is_never_handed_off(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The completion scripts call `cronstable` with no arguments and the words in the
    # environment; bare `cronstable` would otherwise start the daemon.
    fake = FakeDaemon()
    monkeypatch.setattr(daemon_handoff, "daemon_entry", lambda: fake)
    monkeypatch.setenv("_CRONSTABLE_COMPLETE", "bash_complete")
    monkeypatch.setenv("COMP_WORDS", "cronstable li")
    monkeypatch.setenv("COMP_CWORD", "1")
    with pytest.raises(SystemExit):  # click answers the completion and exits
        main([])
    assert fake.seen is None
    assert "plain,lint" in capsys.readouterr().out


def test_cronstable_cli_never_hands_off(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = FakeDaemon()
    monkeypatch.setattr(daemon_handoff, "daemon_entry", lambda: fake)
    assert main(["tui"], prog_name="cronstable-cli") == 2
    assert fake.seen is None
    assert "No such command 'tui'" in capsys.readouterr().err


def test_without_the_daemon_unknown_commands_are_usage_errors(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(daemon_handoff, "daemon_entry", lambda: None)
    assert main(["tui"]) == 2
    assert "No such command 'tui'" in capsys.readouterr().err


@pytest.mark.parametrize(("code", "status"), [(None, 0), (0, 0), (4, 4), ("bad config", 1)])
def test_daemon_exit_status_is_passed_on(
    code: object, status: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert hand_off(["-v"], FakeDaemon(code)) == status
    if isinstance(code, str):
        assert code in capsys.readouterr().err


def test_daemon_entry_is_the_daemons_declared_script() -> None:
    """In the project's venv the daemon is absent: no entry (the oracle venv has it)."""
    entry = daemon_handoff.daemon_entry()
    if entry is not None:  # pragma: no cover - only where the daemon is installed
        assert entry.__module__.startswith("cronstable.")


def test_the_daemons_mcp_options_are_the_ones_handed_to_it() -> None:
    """The released daemon's own `mcp --help` lists exactly the options that hand over."""
    import re
    import subprocess
    from pathlib import Path

    daemon = Path(__file__).resolve().parents[2] / ".venv-daemon" / "bin" / "cronstable"
    if not daemon.exists():
        pytest.skip("the daemon oracle is not installed (make daemon-venv)")
    done = subprocess.run(
        [str(daemon), "mcp", "--help"], capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 0, done.stderr
    usage = done.stdout.split("\n\n", 1)[0]
    options = set(re.findall(r"\[(--[a-z-]+)", usage)) - {"--help"}
    assert options == daemon_handoff.SHARED_COMMANDS["mcp"]
