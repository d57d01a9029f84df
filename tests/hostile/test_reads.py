"""The reader guarantee, over every option that reads a file, from one table.

The reading options are found in the commands' click declarations (see
test_writes.py: a file option outside both tables fails there); each is tried
against every hostile source: it must end at once with a clear message and the
documented exit code, never block, exhaust memory or raise a traceback.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cronstable_cli.cli.main import SERVERS, main
from cronstable_cli.loaders import load_paths
from cronstable_cli.loaders.sources.reading import NESTING_LIMIT, nesting_depth
from cronstable_cli.names import SUGGESTION_BUDGET, closest, reset_suggestions
from cronstable_cli.settings import globs

from . import corpus
from .commands import ON_FILES
from .test_writes import READING, file_options

GOOD = corpus.job_yaml(("good", "0 * * * *"))


def reading_pairs() -> list[tuple[str, str]]:
    return sorted((c, o) for c, o in file_options() if o in READING)


def command_line(command: str, option: str, source: str) -> tuple[list[str], int]:
    """The command reading `source` through `option`, and the exit code a bad source gives."""
    if option == "paths":
        return [*ON_FILES[command], source], 1  # an unreadable-file finding (a load failure)
    if option == "baseline":
        return ["lint", "good.yaml", "--baseline", source], 2
    if option == "from_file":
        return ["stagger", "--window", "02:00/50", "--from-file", source], 2
    if option == "durations_file":
        # Read only where run lengths are used: pressure --runtime, suggest --runtime N.
        runtime = {"pressure": ["--runtime"], "suggest": ["--runtime", "600"]}.get(command, [])
        return [*ON_FILES[command], "good.yaml", *runtime, "--durations", source], 2
    assert option == "config_file"
    if command == "diff":
        return ["diff", "good.yaml", "good.yaml", "--config", source], 2
    if command == "stagger":
        return ["stagger", "a", "--window", "02:00/50", "--config", source], 0
    if command in SERVERS:  # refused before the server starts, so nothing waits on stdin
        return [command, "--config", source], 2
    return [*ON_FILES[command], "good.yaml", "--config", source], 2


Source = Callable[[Path], str]


def _fifo(tree: Path) -> str:
    os.mkfifo(tree / "fifo")  # nobody writes: an open that blocks would hang the run
    return "fifo"


def _huge(tree: Path) -> str:
    with open(tree / "huge", "wb") as handle:
        handle.truncate(300 * 1024 * 1024)  # sparse: above every limit, costs no disk
    return "huge"


def _dangling(tree: Path) -> str:
    (tree / "link").symlink_to(tree / "nowhere")
    return "link"


def _directory(tree: Path) -> str:
    (tree / "dir").mkdir()
    return "dir"


def _deep(tree: Path) -> str:
    # Deep JSON and deep TOML at once: `a = [[[...]]]` parses as neither, is deep as both.
    (tree / "deep").write_text("a = " + "[" * 200_000 + "]" * 200_000 + "\n")
    return "deep"


SOURCES: dict[str, Source] = {
    "fifo": _fifo,
    "dev-zero": lambda _tree: "/dev/zero",
    "huge": _huge,
    "dangling-link": _dangling,
    "directory": _directory,
    "deep-nesting": _deep,
}


@pytest.mark.parametrize("source", sorted(SOURCES))
@pytest.mark.parametrize(("command", "option"), reading_pairs())
def test_a_hostile_source_ends_at_once_with_a_message(
    command: str,
    option: str,
    source: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if source == "dev-zero" and not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    if source == "deep-nesting" and option in ("paths", "from_file"):
        pytest.skip("a job file or an id list nests nothing: brackets are text there")
    (tmp_path / "good.yaml").write_text(GOOD)
    monkeypatch.chdir(tmp_path)
    args, expected = command_line(command, option, SOURCES[source](tmp_path))
    if option == "config_file" and command == "stagger":
        expected = 2  # --config is read by every command that is given it
    code = main(args)
    out, err = capsys.readouterr()
    if option == "paths":
        # An unreadable-file finding, or (a directory) no job file under it: a failure.
        assert code == expected and ("unreadable-file" in out + err or "Error" in err), err
        assert "Traceback" not in err
    else:
        assert code == expected, (args, code, err)
        assert "Error" in err and "Traceback" not in err


def test_nesting_depth_is_counted_outside_strings_and_comments() -> None:
    assert nesting_depth(b'{"a": [1, {"b": "[[[["}]}') == 3
    assert nesting_depth(b'a = 1 # [[[[[\n[t]\nb = [\'[[\', "]]\\"[["]') == 1
    assert nesting_depth(b"[" * 10_000) == NESTING_LIMIT + 1  # stops at the limit


@pytest.mark.parametrize("pattern", ["[z-a]", "[^]", "[]", "[!]", "x/[9-0]*.yaml"])
@pytest.mark.parametrize("key", ["per-file-ignores", "system-crontab"])
def test_a_glob_that_means_nothing_is_a_clear_error(
    pattern: str,
    key: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "good.yaml").write_text(GOOD)
    value = (
        f'{{ "{pattern}" = ["uneven-step"] }}' if key == "per-file-ignores" else f'["{pattern}"]'
    )
    (tmp_path / ".cronstable.toml").write_text(f"{key} = {value}\n")
    monkeypatch.chdir(tmp_path)
    assert main(["lint", "good.yaml"]) == 2
    err = capsys.readouterr().err
    assert "bad glob" in err and "Traceback" not in err


# Patterns a backtracking matcher takes exponential time on, against names that nearly
# match: the state-set matcher does len(name) x len(pattern) steps at most.
@pytest.mark.parametrize("repeat", [8, 12, 24])
@pytest.mark.parametrize("shape", ["*a", "**/a*", "?*", "[a]*"])
def test_globs_are_matched_without_backtracking(shape: str, repeat: int) -> None:
    pattern = shape * repeat + "b"
    name = "a" * 3000
    started = time.perf_counter()
    assert not globs.glob_matches(pattern, name) and not globs.glob_matches(pattern, name + "/c")
    # Not a benchmark: a guard against the exponential case (which took 30 s at 12).
    assert time.perf_counter() - started < 20


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        ("*.yaml", "deep/dir/x.yaml", True),  # no `/`: the base name
        ("jobs/*.yaml", "jobs/x.yaml", True),
        ("jobs/*.yaml", "jobs/a/x.yaml", False),
        ("**/x.yaml", "x.yaml", True),
        ("**/x.yaml", "a/b/x.yaml", True),
        ("a/**/b", "a/b", True),
        ("a/**/b", "a/x/y/b", True),
        ("a/**/b", "a/xb", False),
        ("a/", "a/b/c", True),
        ("f[0-9].y", "f5.y", True),
        ("f[!0-9].y", "f5.y", False),
        ("f[^0-9].y", "fx.y", True),
        ("a[b", "a[b", True),  # an unclosed `[` is itself
        ("x/?", "x//", False),  # ? never matches `/`
        ("x/[/]", "x//", False),
    ],
)
def test_glob_meanings(pattern: str, path: str, expected: bool) -> None:
    assert globs.glob_matches(pattern, path) is expected


def test_did_you_mean_work_is_bounded_per_run() -> None:
    reset_suggestions()
    choices = [f"task-{i:05d}" for i in range(1000)]
    answers = [closest(f"task-{i:05d}x", choices) for i in range(80)]
    # Within the budget, suggestions are made; past it, none (each call costs its choices).
    within = SUGGESTION_BUDGET // len(choices)
    assert all(answers[:within]) and not any(answers[within:])
    reset_suggestions()
    assert closest("task-00001x", choices) == ["task-00001"]


def test_a_dag_with_thousands_of_unknown_dependencies_loads_in_bounded_work(
    tmp_path: Path,
) -> None:
    tasks = "".join(
        f"      - id: t{i}\n        command: x\n        dependsOn:\n          - missing{i}\n"
        for i in range(4000)
    )
    path = tmp_path / "dag.yaml"
    path.write_text(
        'dags:\n  - name: etl\n    schedule: "0 2 * * *"\n    tasks:\n'
        + tasks
        + "state:\n  path: /var/lib/cronstable\n"
    )
    reset_suggestions()
    started = time.perf_counter()
    result = load_paths([str(path)])
    assert sum("dependsOn unknown task" in f.message for f in result.findings) == 4000
    assert time.perf_counter() - started < 60  # a hang guard: it took over 300 s
