"""Broken job files: each one gives a finding at file:line[:column], never an exception.

Every case is loaded together with a good file, which must still load; and
nothing is written anywhere.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cronstable_cli.loaders import LoadResult, load_paths

from .conftest import BAD, GOOD

# fixture, code, level, line, column (0 = not given), words in the message, jobs it still yields
CASES = [
    ("binary.yaml", "unreadable-file", "error", 2, 12, "binary file", []),
    ("invalid-utf8.yaml", "unreadable-file", "error", 2, 14, "not valid UTF-8", []),
    ("empty.yaml", "empty-config", "note", 1, 0, "no jobs", []),
    ("syntax-error.yaml", "invalid-config", "error", 4, 4, "YAML syntax error", []),
    ("tab-indent.yaml", "invalid-config", "error", 3, 1, "tab character", []),
    ("duplicate-key.yaml", "invalid-config", "error", 8, 5, "duplicate key 'command'",
     ["backup", "cleanup"]),
    ("flow-style.yaml", "invalid-config", "error", 5, 18, "flow style is not allowed", ["report"]),
    ("anchors.yaml", "invalid-config", "error", 3, 14, "anchors and aliases", []),
    ("missing-keys.yaml", "invalid-config", "error", 2, 5, "missing required key(s) 'name'",
     ["no-command", "complete"]),
    ("list-for-map.yaml", "invalid-config", "error", 5, 5, "found a sequence", ["fine"]),
    ("unknown-timezone.yaml", "unknown-timezone", "error", 5, 15, "did you mean 'Europe/Berlin'",
     ["berlin"]),
    ("missing-include.yaml", "invalid-config", "error", 2, 5, "'_shared.yaml' does not exist",
     ["backup"]),
    ("include-cycle/a.yaml", "include-cycle", "error", 2, 5, "include cycle",
     ["from-b", "from-a"]),
    # The daemon refuses a crontab whole at its first bad line: no entry loads.
    ("bare-percent.crontab", "invalid-config", "error", 2, 42, "does not feed stdin", []),
    ("docker-compose.yml", "invalid-config", "error", 1, 1, "Docker Compose", []),
    ("k8s-deployment.yaml", "invalid-config", "error", 1, 1,
     "not a cronstable config (this looks like a Kubernetes manifest)", []),
    ("multi-document.yaml", "invalid-config", "error", 5, 1, "several YAML documents", []),
]  # fmt: skip


# Where the finding lands when it is not the file given (the include that closes the cycle).
REPORTED_IN = {"include-cycle/a.yaml": "include-cycle/b.yaml"}


def check(
    result: LoadResult, path: str, code: str, level: str, line: int, col: int, words: str
) -> None:
    mine = [f for f in result.findings if f.file == path]
    assert mine, f"no finding for {path}: {result.findings}"
    first = mine[0]
    assert (first.code, first.level, first.line, first.column) == (code, level, line, col), first
    assert words in first.message
    assert str(first.location).startswith(path)


@pytest.mark.parametrize(
    ("fixture", "code", "level", "line", "col", "words", "jobs"),
    CASES,
    ids=[case[0] for case in CASES],
)
def test_bad_file(
    fixture: str,
    code: str,
    level: str,
    line: int,
    col: int,
    words: str,
    jobs: list[str],
    nothing_written: None,
) -> None:
    path = str(BAD / fixture)
    result = load_paths([path, str(GOOD)])
    check(result, str(BAD / REPORTED_IN.get(fixture, fixture)), code, level, line, col, words)
    from_bad = [j.name for j in result.jobs if j.location.file != str(GOOD)]
    assert from_bad == jobs
    assert [j.name for j in result.jobs if j.location.file == str(GOOD)] == ["good-neighbour"]
    assert not [f for f in result.findings if f.file == str(GOOD)]


def test_each_job_of_a_broken_list_is_checked() -> None:
    path = str(BAD / "missing-keys.yaml")
    found = [(f.line, f.message) for f in load_paths([path]).findings]
    assert [line for line, _ in found] == [2, 4, 6]
    assert "'command'" in found[1][1] and "'schedule'" in found[2][1]


def test_a_block_in_the_wrong_place_is_reported_at_its_key() -> None:
    findings = load_paths([str(BAD / "list-for-map.yaml")]).findings
    assert [(f.line, f.column) for f in findings] == [(5, 5), (9, 5)]  # as strictyaml does


def test_a_line_of_one_megabyte(tmp_path: Path) -> None:
    good = tmp_path / "long.yaml"
    good.write_text(
        "jobs:\n  - name: long\n    command: " + "x" * 1_000_000 + "\n    schedule: '0 1 * * *'\n"
    )
    bad = tmp_path / "long-bad.yaml"
    bad.write_text("jobs:\n  - name: long-bad\n    command: '" + "x" * 1_000_000 + "\n")
    result = load_paths([str(good), str(bad), str(GOOD)])
    assert [j.name for j in result.jobs] == ["long", "good-neighbour"]
    (finding,) = result.findings
    assert (finding.file, finding.code, finding.line) == (
        str(bad),
        "invalid-config",
        3,
    )  # where the string starts
    assert "starts at line 3, column 14" in finding.message


@pytest.mark.parametrize("depth", [50, 3000])
def test_deep_nesting(tmp_path: Path, depth: int) -> None:
    path = tmp_path / "deep.yaml"
    # `logging.handlers` is the one place the daemon's schema takes any shape.
    nested = "".join("  " * (i + 2) + f"k{i}:\n" for i in range(depth))
    path.write_text(
        "jobs:\n  - name: deep\n    command: x\n    schedule: '0 1 * * *'\n"
        "logging:\n  version: 1\n  handlers:\n" + nested
    )
    result = load_paths([str(path), str(GOOD)])
    if depth == 50:  # deep, but the daemon's parser copes: accepted
        assert [j.name for j in result.jobs] == ["deep", "good-neighbour"]
        assert result.findings == ()
    else:
        (finding,) = result.findings
        assert (finding.code, finding.level) == ("invalid-config", "error")
        assert finding.line > 5 and "too deep" in finding.message
        assert [j.name for j in result.jobs] == ["deep", "good-neighbour"]


@pytest.mark.parametrize(
    "text",
    [
        "jobs:\n  # cronstable: ignore[uneven-step]\n  - name: a\njobs:\n  # c\n",
        "jobs:\n  # c\n  - name: a\n    command: x\n    schedule: '* * * * *'\njobs:\n  # c\n",
    ],
)
def test_a_text_strictyaml_itself_fails_on_is_refused(tmp_path: Path, text: str) -> None:
    # strictyaml's loader raises a TypeError on a repeated key with a comment under
    # it; the daemon reports that as its config error ("'NoneType' object is not
    # iterable") and refuses the file: a finding at the file, never a traceback.
    path = tmp_path / "repeated.yaml"
    path.write_text(text)
    result = load_paths([str(path), str(GOOD)])
    first = result.findings[0]
    assert (first.code, first.level, first.location.line) == ("invalid-config", "error", 1)
    assert "'NoneType' object is not iterable" in first.message
    assert "the daemon refuses it" in first.message
    assert "good-neighbour" in [j.name for j in result.jobs]


def test_directory_with_unreadable_entries(tmp_path: Path) -> None:
    (tmp_path / "a-dir.yaml").mkdir()  # discovered by name, cannot be read
    (tmp_path / "b-broken.yaml").symlink_to(tmp_path / "nowhere.yaml")
    (tmp_path / "c-good.yaml").write_text(GOOD.read_text())
    result = load_paths([str(tmp_path)])
    assert [j.name for j in result.jobs] == ["good-neighbour"]
    assert [(os.path.basename(f.file or ""), f.code) for f in result.findings] == [
        ("a-dir.yaml", "unreadable-file"),
        ("b-broken.yaml", "unreadable-file"),
    ]
    assert "directory" in result.findings[0].message
    assert "broken symbolic link" in result.findings[1].message


def test_permission_denied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The tests run as root, which reads anything: make open() refuse one file instead.
    secret = tmp_path / "secret.yaml"
    secret.write_text(GOOD.read_text().replace("good-neighbour", "secret"))
    real_open = os.open

    def refusing_open(file, *args, **kwargs):  # type: ignore[no-untyped-def]
        if str(file) == str(secret):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("os.open", refusing_open)
    result = load_paths([str(secret), str(GOOD)])
    assert [j.name for j in result.jobs] == ["good-neighbour"]
    (finding,) = result.findings
    assert (finding.file, finding.code, finding.line) == (str(secret), "unreadable-file", 0)
    assert "permission denied" in finding.message


def test_missing_path_is_a_finding_not_an_exception(tmp_path: Path) -> None:
    result = load_paths([str(tmp_path / "nope.yaml"), str(GOOD)])
    assert [f.code for f in result.findings] == ["unreadable-file"]
    assert [j.name for j in result.jobs] == ["good-neighbour"]
