"""`-o/--output`: one option on every command, never onto an input, devices written in place."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from cronstable_cli.cli.main import main

from ..cli.helpers import report_commands
from . import corpus
from .commands import DIFF, NO_FILES, ON_FILES

GOOD = corpus.job_yaml(("good", "0 * * * *"), ("other", "15 * * * *"))


@pytest.fixture
def good(tmp_path: Path) -> Path:
    path = tmp_path / "good.yaml"
    path.write_text(GOOD, encoding="utf-8")
    return path


def _args(command: str, path: Path) -> list[str]:
    if command == "diff":
        return [*DIFF, str(path), str(path)]
    return NO_FILES.get(command) or [*ON_FILES[command], str(path)]


@pytest.mark.parametrize("command", sorted(report_commands()))
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_every_command_writes_its_report_with_o(
    command: str, fmt: str, good: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = good.parent / f"report.{fmt}"
    assert main([*_args(command, good), "--format", fmt, "-o", str(target)]) == 0
    out, err = capsys.readouterr()
    assert out == "" and f"wrote {target}" in err
    assert main([*_args(command, good), "--format", fmt]) == 0
    stdout, _ = capsys.readouterr()
    if command not in ("preview", "jobs"):  # these count down from "now"
        assert target.read_text(encoding="utf-8") == stdout


@pytest.mark.parametrize("command", sorted(report_commands() - {"stagger"}))
def test_o_refuses_an_input_file(
    command: str, good: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main([*_args(command, good), "-o", str(good)])
    _, err = capsys.readouterr()
    assert code == 2 and "one of the input files" in err
    assert good.read_text(encoding="utf-8") == GOOD


def test_o_refuses_a_symlink_to_an_input(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    link = good.parent / "link.txt"
    link.symlink_to(good)
    assert main(["lint", str(good), "-o", str(link)]) == 2
    assert good.read_text(encoding="utf-8") == GOOD and link.is_symlink()


def test_o_refuses_a_hard_link_to_an_input(good: Path) -> None:
    link = good.parent / "hard.txt"
    os.link(good, link)
    assert main(["lint", str(good), "-o", str(link)]) == 2
    assert good.read_text(encoding="utf-8") == GOOD


def test_o_refuses_a_file_found_by_walking_a_directory(good: Path) -> None:
    assert main(["lint", str(good.parent), "-o", str(good)]) == 2
    assert good.read_text(encoding="utf-8") == GOOD


def test_o_refuses_an_included_file(tmp_path: Path) -> None:
    fragment = tmp_path / "_part.yaml"
    fragment.write_text(GOOD, encoding="utf-8")
    (tmp_path / "main.yaml").write_text("include:\n  - _part.yaml\n", encoding="utf-8")
    assert main(["pressure", str(tmp_path / "main.yaml"), "-o", str(fragment)]) == 2
    assert fragment.read_text(encoding="utf-8") == GOOD


def test_stagger_o_refuses_its_id_file(tmp_path: Path) -> None:
    ids = tmp_path / "ids.txt"
    ids.write_text("a\nb\n", encoding="utf-8")
    assert main(["stagger", "--from-file", str(ids), "--window", "02:00/50", "-o", str(ids)]) == 2
    assert ids.read_text(encoding="utf-8") == "a\nb\n"


def test_o_dash_is_stdout(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", str(good), "-o", "-"]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("No problems")
    assert not (good.parent / "-").exists()


def test_o_empty_is_a_usage_error(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["jobs", str(good), "-o", ""]) == 2
    assert "needs a file name" in capsys.readouterr().err


def test_o_onto_a_fifo_writes_into_it(good: Path) -> None:
    fifo = good.parent / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    # A daemon thread: if the FIFO were replaced, its reader would block for ever.
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    try:
        assert main(["lint", str(good), "--format", "json", "-o", str(fifo)]) == 0
    finally:
        reader.join(timeout=10)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)  # still a FIFO, not a regular file
    assert b'"findings": []' in received[0]


def test_o_onto_a_device_leaves_the_device(good: Path) -> None:
    # A private copy of /dev/null: a regression must never replace the system's own.
    device = good.parent / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(*_major_minor(os.devnull)))
    except (PermissionError, OSError) as err:
        pytest.skip(f"cannot create a device node here: {err}")
    before = os.stat(device)
    assert main(["lint", str(good), "-o", str(device)]) == 0
    after = os.stat(device)
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


def _major_minor(path: str) -> tuple[int, int]:
    rdev = os.stat(path).st_rdev
    return os.major(rdev), os.minor(rdev)


def test_o_through_a_symlink_keeps_the_link(good: Path) -> None:
    real = good.parent / "report.txt"
    real.write_text("old", encoding="utf-8")
    link = good.parent / "latest.txt"
    link.symlink_to(real)
    assert main(["lint", str(good), "-o", str(link)]) == 0
    assert link.is_symlink() and real.read_text(encoding="utf-8").startswith("No problems")


# The signal lands while the temporary file exists: os.fsync is where the writer waits.
_KILL_DURING_WRITE = """
import os, signal, sys
import cronstable_cli.cli.output as output
def fsync(fd):
    os.kill(os.getpid(), getattr(signal, sys.argv[1]))
output.os.fsync = fsync
from cronstable_cli.cli.main import main
sys.exit(main(sys.argv[2:]))
"""


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGINT"])
def test_a_signal_during_the_write_leaves_no_temporary_file(signame: str, good: Path) -> None:
    target = good.parent / "out" / "report.json"
    target.parent.mkdir()
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            _KILL_DURING_WRITE,
            signame,
            "lint",
            str(good),
            "--format",
            "json",
            "-o",
            str(target),
        ],
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == -getattr(signal, signame), done.stderr
    assert list(target.parent.iterdir()) == []


def test_a_closed_pipe_exits_quietly(good: Path) -> None:
    for args in (
        ["lint", str(good)],
        ["jobs", str(good)],
        ["lint", str(good), "--format", "sarif"],
    ):
        proc = subprocess.Popen(
            [sys.executable, "-m", "cronstable_cli.cli.main", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()
        code = proc.wait(timeout=60)
        assert code in (0, 141), args
        assert proc.stderr.read() == b""
