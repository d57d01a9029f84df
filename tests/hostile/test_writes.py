"""The writer guarantee, over every option that writes a file, from one table.

`file_options()` reads the options every command declares (click's own
objects): each option naming a file is either a writing option (this table)
or a reading option (test_reads.py's). A new option that names a file fails
`test_every_file_option_is_in_a_table` until it is placed, and then every
hostile target below is tried against it.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import click
import pytest

from cronstable_cli.cli import writer
from cronstable_cli.cli.main import COMMANDS, cli, main

from . import corpus
from .commands import DIFF, NO_FILES, ON_FILES

GOOD = corpus.job_yaml(("good", "0 * * * *"))


def commands() -> Iterator[tuple[str, click.Command]]:
    ctx = click.Context(cli)
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert command is not None
        yield name, command


def names_a_file(param: click.Parameter) -> bool:
    return isinstance(param.type, (click.Path, click.File)) or "FILE" in str(
        getattr(param, "metavar", None) or ""
    )


def file_options() -> set[tuple[str, str]]:
    """(command, option) for every parameter of every command that names a file."""
    return {
        (name, param.name or "")
        for name, command in commands()
        for param in command.params
        if names_a_file(param) or param.name in WRITING
    }


# Writing options: how each is given a target on a command line. `fix` writes the job
# files themselves, so its target is the job file.
WRITING: dict[str, Callable[[str], list[str]]] = {
    "output": lambda target: ["-o", target],
    "write_baseline": lambda target: ["--write-baseline", target],
    "fix": lambda _target: ["--fix"],
}
# Reading options (tests/hostile/test_reads.py tries each against hostile sources).
READING = {"paths", "baseline", "config_file", "from_file", "durations_file"}
# A server's root: the directory it is confined to, neither read nor written as a file
# (tests/mcp_server holds every path argument to it).
CONFINING = {"root"}


def test_every_file_option_is_in_a_table() -> None:
    found = file_options()
    assert {option for _, option in found} <= set(WRITING) | READING | CONFINING, found
    assert set(writer.WRITING_OPTIONS) == set(WRITING)


def writing_pairs() -> list[tuple[str, str]]:
    return sorted((c, o) for c, o in file_options() if o in WRITING and o != "fix")


def command_line(command: str, tree: Path) -> list[str]:
    """The command run over the good job file in `tree` (cwd is `tree`)."""
    if command in ON_FILES:
        return [*ON_FILES[command], "good.yaml"]
    if command == "diff":
        return [*DIFF, "good.yaml", "other.yaml"]
    return [*NO_FILES[command], "--from-file", "good.yaml"]  # its one input file


# Hostile targets: each makes its target in the working tree `tree` (beside the
# directory `outside`) and returns (path given on the command line, a check that the
# target and everything outside are as they were).
Target = Callable[[Path, Path], tuple[str, Callable[[], None]]]


def _job_file(tree: Path, outside: Path) -> tuple[str, Callable[[], None]]:
    return "good.yaml", lambda: _same(tree / "good.yaml", GOOD)


def _config_file(tree: Path, outside: Path) -> tuple[str, Callable[[], None]]:
    text = "[tool.cronstable]\nfail-on = 'never'\n"
    (tree / "pyproject.toml").write_text(text)
    return "pyproject.toml", lambda: _same(tree / "pyproject.toml", text)


def _fifo(tree: Path, outside: Path) -> tuple[str, Callable[[], None]]:
    os.mkfifo(tree / "pipe")
    return "pipe", lambda: _assert(stat.S_ISFIFO(os.lstat(tree / "pipe").st_mode))


def _link_out(tree: Path, outside: Path) -> tuple[str, Callable[[], None]]:
    (outside / "victim").write_text("precious")
    (tree / "report.sarif").symlink_to(outside / "victim")
    return "report.sarif", lambda: _same(outside / "victim", "precious")


def _dangling_out(tree: Path, outside: Path) -> tuple[str, Callable[[], None]]:
    (tree / "report.sarif").symlink_to(outside / "created")
    return "report.sarif", lambda: _assert(not (outside / "created").exists())


def _dangling_in(tree: Path, outside: Path) -> tuple[str, Callable[[], None]]:
    (tree / "report.json").symlink_to(tree / "nowhere")
    return "report.json", lambda: _assert(not (tree / "nowhere").exists())


def _directory_link_out(tree: Path, outside: Path) -> tuple[str, Callable[[], None]]:
    (tree / "reports").symlink_to(outside)
    return "reports/r.txt", lambda: _assert(not (outside / "r.txt").exists())


def _directory(tree: Path, outside: Path) -> tuple[str, Callable[[], None]]:
    (tree / "out").mkdir()
    return "out", lambda: _assert((tree / "out").is_dir())


TARGETS: dict[str, Target] = {
    "job-file": _job_file,
    "config-file": _config_file,
    "fifo": _fifo,
    "symlink-out-of-tree": _link_out,
    "dangling-link-out": _dangling_out,
    "dangling-link-in": _dangling_in,
    "directory-link-out": _directory_link_out,
    "directory": _directory,
}


def _same(path: Path, text: str) -> None:
    assert path.read_text() == text, path


def _assert(condition: bool) -> None:
    assert condition


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    inside, outside = tmp_path / "repo", tmp_path / "outside"
    inside.mkdir()
    outside.mkdir()
    (inside / "good.yaml").write_text(GOOD)
    (inside / "other.yaml").write_text(GOOD.replace("0 *", "5 *"))
    monkeypatch.chdir(inside)
    return inside, outside


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize(("command", "option"), writing_pairs())
def test_a_hostile_target_is_refused(
    command: str,
    option: str,
    target: str,
    tree: tuple[Path, Path],
    capsys: pytest.CaptureFixture[str],
) -> None:
    inside, outside = tree
    given, unchanged = TARGETS[target](inside, outside)
    code = main([*command_line(command, inside), *WRITING[option](given)])
    _, err = capsys.readouterr()
    assert code == 2, f"{command} --{option} {given}: exit {code}\n{err}"
    assert "refusing to write it" in err or "is a directory" in err
    unchanged()
    assert not [p for p in inside.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize(("command", "option"), writing_pairs())
def test_a_plain_new_file_is_written(
    command: str, option: str, tree: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    inside, _ = tree
    code = main([*command_line(command, inside), *WRITING[option]("new.out")])
    assert code in (0, 1), capsys.readouterr().err
    assert (inside / "new.out").stat().st_size > 0


def test_fix_refuses_a_job_file_linked_out_of_the_tree(
    tree: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    inside, outside = tree
    text = corpus.job_yaml(("job", "H/50 * * * *"))
    (outside / "jobs.yaml").write_text(text)
    (inside / "jobs.yaml").symlink_to(outside / "jobs.yaml")
    code = main(["lint", "jobs.yaml", "--isolated", "--fix"])
    assert code == 2 and "symbolic link out of the working tree" in capsys.readouterr().err
    assert (outside / "jobs.yaml").read_text() == text


def test_lint_baseline_file_is_refused_as_output(
    tree: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    inside, _ = tree
    assert main(["lint", "good.yaml", "--write-baseline", "b.json"]) == 0
    before = (inside / "b.json").read_text()
    code = main(["lint", "good.yaml", "--baseline", "b.json", "-o", "b.json"])
    assert code == 2 and "input files" in capsys.readouterr().err
    assert (inside / "b.json").read_text() == before


def _run(args: list[str], cwd: Path, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "cronstable_cli", *args],
        cwd=cwd,
        capture_output=kwargs.pop("capture", True),  # type: ignore[arg-type]
        timeout=120,
        **kwargs,  # type: ignore[arg-type]
    )


def test_o_dev_stdin_never_replaces_the_file_fed_on_stdin(tree: tuple[Path, Path]) -> None:
    inside, _ = tree
    with open(inside / "good.yaml", "rb") as stdin:
        done = _run(["lint", "-", "--stdin-filename", "x.yaml", "-o", "/dev/stdin"], inside,
                    stdin=stdin)  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert (inside / "good.yaml").read_text() == GOOD
    with open(inside / "good.yaml", "rb") as stdin:  # named by its path: the same file
        done = _run(["jobs", "other.yaml", "-o", "good.yaml"], inside, stdin=stdin)
    assert done.returncode == 2 and (inside / "good.yaml").read_text() == GOOD


def test_o_dev_stdout_appends_to_the_log_it_is(tree: tuple[Path, Path]) -> None:
    # `-o /dev/stdout >> log` wrote the report over the log; it goes to the stream now.
    inside, _ = tree
    log = inside / "log.txt"
    log.write_text("earlier lines\n")
    with open(log, "ab") as out:
        done = _run(["jobs", "good.yaml", "--format", "json", "-o", "/dev/stdout"], inside,
                    stdout=out, stderr=subprocess.PIPE, capture=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = log.read_text()
    assert text.startswith("earlier lines\n") and '"good"' in text


@pytest.mark.parametrize("option", ["-o", "--write-baseline"])
def test_a_failed_write_is_exit_1_with_the_path(option: str, tree: tuple[Path, Path]) -> None:
    # Every writing option reports a write the file system refuses (a full disk, a
    # missing or read-only directory) the same way: exit 1, the path, no traceback.
    inside, _ = tree
    done = _run(["lint", "good.yaml", option, "missing-dir/report.json"], inside)
    assert done.returncode == 1, done.stderr
    assert b"missing-dir/report.json" in done.stderr and b"Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("extra", "why"),
    [
        (["--write-baseline", "b.json"], "--write-baseline"),
        (["--diff"], "--diff"),
    ],
)
def test_an_ignored_o_is_announced(
    extra: list[str], why: str, tree: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    inside, _ = tree
    main(["lint", "good.yaml", *extra, "-o", "report.txt"])
    err = capsys.readouterr().err
    assert "--output report.txt is ignored" in err and why in err
    assert not (inside / "report.txt").exists()


# -- --fix: positions from the bytes it edits -----------------------------------------


@pytest.mark.parametrize("breaks", ["\r", "\r\r", "\r\n\r", "\r      "])
@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_fix_edits_each_jobs_own_line_after_lone_crs(
    breaks: str, count: int, tree: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    from cronstable_cli.engine.daemon_hash import hash_value

    inside, _ = tree
    names = ["alpha", "bravo", "charlie"]
    quoted = '"a' + "".join(f"{breaks}      b" for _ in range(count)) + '"'
    text = "jobs:\n  - name: first\n    command: " + quoted + "\n    schedule: '0 1 * * *'\n"
    for name in names:
        text += f'  - name: {name}\n    command: ./x\n    schedule: "H/50 * * * *"\n'
    (inside / "jobs.yaml").write_bytes(text.encode())
    assert main(["lint", "jobs.yaml", "--isolated", "--fix", "--from", "2026-01-10T12:00"]) in (
        0,
        1,
    )
    capsys.readouterr()
    after = (inside / "jobs.yaml").read_bytes().decode()
    # Each job's own schedule holds its own minute (the daemon's hash of its name).
    for name in names:
        minute = hash_value("minute", name) % 50
        assert f'  - name: {name}\n    command: ./x\n    schedule: "{minute} * * * *"\n' in after
    assert after.startswith("jobs:\n  - name: first\n    command: " + quoted)
