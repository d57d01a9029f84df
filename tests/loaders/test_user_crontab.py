"""`crontab -l` through python-crontab: a missing program or crontab is a finding."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cronstable_cli.loaders import load_user_crontab
from cronstable_cli.loaders import system_crontab as module


@dataclass
class FakeProcess:
    stdout: str = ""
    stderr: str = ""
    returncode: int = 0
    error: Exception | None = None

    def __call__(self, *args: object, **kwargs: object) -> FakeProcess:
        assert kwargs == {"l": ""}  # crontab -l
        return self

    def run(self) -> FakeProcess:
        if self.error is not None:
            raise self.error
        return self


def use(monkeypatch: pytest.MonkeyPatch, process: FakeProcess) -> None:
    monkeypatch.setattr(module, "Process", process)


def test_entries_of_the_user_crontab(monkeypatch: pytest.MonkeyPatch) -> None:
    use(monkeypatch, FakeProcess(stdout="MAILTO=me\n# tidy\n15 3 * * * /bin/tidy\n"))
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


def test_no_crontab_program(monkeypatch: pytest.MonkeyPatch) -> None:
    use(monkeypatch, FakeProcess(error=FileNotFoundError(2, "No such file")))
    result = load_user_crontab()
    (finding,) = result.findings
    assert (finding.code, finding.level) == ("unreadable-file", "error")
    assert "no crontab program" in finding.message
    assert result.jobs == () and result.files == ()


def test_no_crontab_for_the_user(monkeypatch: pytest.MonkeyPatch) -> None:
    use(monkeypatch, FakeProcess(stderr="no crontab for root\n", returncode=1))
    (finding,) = load_user_crontab().findings
    assert (finding.code, finding.level) == ("empty-config", "note")
    assert "no crontab for user" in finding.message


def test_other_failures(monkeypatch: pytest.MonkeyPatch) -> None:
    use(monkeypatch, FakeProcess(stderr="crontab: permission denied\n", returncode=1))
    (finding,) = load_user_crontab().findings
    assert finding.code == "unreadable-file" and "permission denied" in finding.message


def test_undecodable_output(monkeypatch: pytest.MonkeyPatch) -> None:
    error = UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
    use(monkeypatch, FakeProcess(error=error))
    (finding,) = load_user_crontab().findings
    assert finding.code == "unreadable-file"
