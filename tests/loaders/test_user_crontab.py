"""`crontab -l`: a missing, hanging or failing program is a finding, never a hang."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from cronstable_cli.loaders import load_user_crontab
from cronstable_cli.loaders.crontab import system as module


def fake_crontab(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, script: str, *, executable: bool = True
) -> Path:
    """A `crontab` program running `script` (sh), the only one on PATH."""
    program = tmp_path / "bin" / "crontab"
    program.parent.mkdir(exist_ok=True)
    program.write_text(f"#!/bin/sh\nPATH=/usr/bin:/bin\n{script}\n", encoding="utf-8")
    program.chmod(0o755 if executable else 0o644)
    monkeypatch.setenv("PATH", str(program.parent))
    monkeypatch.setattr(module, "CRON_COMMAND", str(program))
    return program


def test_entries_of_the_user_crontab(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake_crontab(monkeypatch, tmp_path, "printf 'MAILTO=me\\n# tidy\\n15 3 * * * /bin/tidy\\n'")
    result = load_user_crontab()
    assert result.findings == ()
    assert result.files == ("crontab -l",)
    (job,) = result.jobs
    assert (job.name, job.schedule, job.command, job.location.line) == (
        "crontab:3",
        "15 3 * * *",
        "/bin/tidy",
        3,
    )


def test_no_crontab_program(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(module, "CRON_COMMAND", str(tmp_path / "nowhere" / "crontab"))
    result = load_user_crontab()
    (finding,) = result.findings
    assert (finding.code, finding.level) == ("unreadable-file", "error")
    assert "no crontab program" in finding.message
    assert result.jobs == () and result.files == ()


def test_a_crontab_that_is_not_executable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    program = fake_crontab(monkeypatch, tmp_path, "echo '0 * * * * x'", executable=False)
    assert not os.stat(program).st_mode & stat.S_IXUSR
    (finding,) = load_user_crontab().findings
    assert finding.code == "unreadable-file" and "not executable" in finding.message


def test_a_hanging_crontab_times_out(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake_crontab(monkeypatch, tmp_path, "exec sleep 60")
    monkeypatch.setattr(module, "TIMEOUT", 0.5)
    (finding,) = load_user_crontab().findings
    assert finding.code == "unreadable-file" and "did not finish within 0.5 s" in finding.message


def test_the_documented_timeout_is_ten_seconds() -> None:
    assert module.TIMEOUT == 10


def test_no_crontab_for_the_user(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake_crontab(monkeypatch, tmp_path, "echo 'no crontab for root' >&2; exit 1")
    (finding,) = load_user_crontab().findings
    assert (finding.code, finding.level) == ("empty-config", "note")
    assert "no crontab for user" in finding.message


def test_other_failures(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake_crontab(monkeypatch, tmp_path, "echo 'crontab: permission denied' >&2; exit 1")
    (finding,) = load_user_crontab().findings
    assert finding.code == "unreadable-file" and "permission denied" in finding.message


def test_a_warning_on_stderr_with_exit_0_still_reads_the_crontab(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fake_crontab(
        monkeypatch, tmp_path, "echo 'warning: locale not set' >&2; echo '0 * * * * /bin/x'"
    )
    result = load_user_crontab()
    assert result.findings == ()
    assert [j.command for j in result.jobs] == ["/bin/x"]


def test_undecodable_output(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake_crontab(monkeypatch, tmp_path, "printf '0 * * * * \\377\\n'")
    (finding,) = load_user_crontab().findings
    assert finding.code == "unreadable-file" and "UTF-8" in finding.message
