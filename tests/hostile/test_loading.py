"""Hostile job files at the loader: line endings, encodings, depth, size, secrets, tabs."""

from __future__ import annotations

from pathlib import Path

import pytest

from cronstable_cli.cli.main import main
from cronstable_cli.loaders import load_paths
from cronstable_cli.loaders.yaml.parse import parse_document

from . import corpus

SUPPRESSED = """\
jobs:
  # cronstable: ignore[uneven-step]
  - name: a
    command: x
    schedule: "*/7 * * * *"
  - name: b
    command: x
    schedule: "*/7 * * * *"
"""


def _lint_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, path: Path
) -> list[str]:
    """LINE:COL of each finding in PATH, linted by its bare name.

    A long temporary path (pytest-xdist adds a directory per worker) would be
    folded across lines at 80 columns; the positions are what is checked here.
    """
    monkeypatch.chdir(path.parent)
    main(["lint", path.name, "--from", "2026-01-05T00:00Z"])
    out = capsys.readouterr().out
    return [
        line.split(" ", 1)[0].split(":", 1)[1]
        for line in out.splitlines()
        if line.startswith(path.name + ":")
    ]


@pytest.mark.parametrize("newline", ["\r", "\r\n"])
def test_cr_line_endings_read_as_lf(
    newline: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lf = tmp_path / "lf.yaml"
    lf.write_text(SUPPRESSED, encoding="utf-8")
    other = tmp_path / "cr.yaml"
    other.write_bytes(SUPPRESSED.replace("\n", newline).encode())
    expected = _lint_lines(capsys, monkeypatch, lf)
    assert expected == ["8:16"]  # hand-checked: job b's `*/7`; job a is suppressed
    assert _lint_lines(capsys, monkeypatch, other) == expected


@pytest.mark.parametrize(
    ("encoding", "name"), [("utf-16", "UTF-16"), ("utf-16-be", "UTF-16"), ("utf-32", "UTF-32")]
)
def test_utf16_and_utf32_are_named(encoding: str, name: str, tmp_path: Path) -> None:
    path = tmp_path / "wide.yaml"
    text = corpus.job_yaml(("wide", "0 * * * *"))
    data = text.encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    path.write_bytes(data)
    [finding] = load_paths([str(path)]).findings
    assert finding.code == "unreadable-file"
    assert name in finding.message and "UTF-8" in finding.message
    assert "binary" not in finding.message


def test_utf16_without_a_bom_is_named(tmp_path: Path) -> None:
    path = tmp_path / "wide.yaml"
    path.write_bytes(corpus.job_yaml(("wide", "0 * * * *")).encode("utf-16-le"))
    [finding] = load_paths([str(path)]).findings
    assert "UTF-16" in finding.message


def test_a_deep_include_chain_is_a_clear_finding(tmp_path: Path) -> None:
    load = load_paths([str(corpus.include_chain(tmp_path, 250))])
    errors = [f for f in load.findings if f.level == "error"]
    assert len(errors) == 1
    assert "include" in errors[0].message and "deep" in errors[0].message
    assert "YAML parser" not in errors[0].message


def test_a_moderate_include_chain_loads(tmp_path: Path) -> None:
    load = load_paths([str(corpus.include_chain(tmp_path, 40))])
    assert [j.name for j in load.jobs] == ["deep"]
    assert not [f for f in load.findings if f.level == "error"]


def test_echoed_values_are_capped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    huge = "1," * 500_000 + "x"
    path = tmp_path / "huge.yaml"
    path.write_text(
        corpus.job_yaml(("huge", f"{huge} * * * *"), (huge, "0 * * * *")), encoding="utf-8"
    )
    assert main(["lint", str(path)]) == 1
    out, err = capsys.readouterr()
    assert len(out) + len(err) < 20_000
    for finding in load_paths([str(path)]).findings:
        assert len(finding.message) < 2_000


@pytest.mark.parametrize("ending", ["\n", ""])
def test_an_empty_schedule_on_the_last_line_points_into_the_file(
    ending: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text("jobs:\n  - name: a\n    command: x\n    schedule:" + ending, encoding="utf-8")
    assert _lint_lines(capsys, monkeypatch, path) == ["4:14"]  # just after `schedule:`


SECRET = "root:$6$SECRETHASH:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n"


@pytest.mark.parametrize(
    "content", [SECRET, "- SECRETHASH\n", "a SECRETHASH b: [oops\n", "a.b/SECRETHASH:\n  x: y\n"]
)
def test_an_included_non_config_file_is_not_echoed(
    content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = tmp_path / "shadow"
    secret.write_text(content, encoding="utf-8")
    main_file = tmp_path / "main.yaml"
    main_file.write_text(f"include:\n  - {secret}\n", encoding="utf-8")
    for fmt in ("text", "json", "github", "sarif"):
        code = main(["lint", str(main_file), "--format", fmt])
        out, err = capsys.readouterr()
        assert code == 1
        assert "SECRETHASH" not in out + err


def test_an_identifier_like_key_is_still_named(tmp_path: Path) -> None:
    path = tmp_path / "other.yaml"
    path.write_text("hello: world\n", encoding="utf-8")
    [finding] = load_paths([str(path)]).findings
    assert "'hello'" in finding.message


def _many_jobs(count: int, tab_at: int | None) -> str:
    lines = ["jobs:"]
    for index in range(count):
        command = '"echo\tone"' if index == tab_at else "echo one"
        lines += [
            f"  - name: job-{index}",
            f"    command: {command}",
            f'    schedule: "{index % 60} * * * *"',
        ]
    return "\n".join(lines) + "\n"


def test_one_tab_keeps_the_fast_path(tmp_path: Path) -> None:
    text = _many_jobs(2_000, tab_at=1_000)
    seen: list[object] = []
    _, streamed = parse_document(text, seen.append)
    assert streamed, "a tab in one value sent the whole file to the slow parser"
    path = tmp_path / "tab.yaml"
    path.write_text(text, encoding="utf-8")
    jobs = load_paths([str(path)]).jobs
    assert len(jobs) == 2_000
    assert jobs[1_000].command == "echo\tone" and jobs[999].command == "echo one"


@pytest.mark.parametrize(
    "bad",
    [
        "  - name: t\n\t  command: x\n",
        "  - name: t\n    command:\tx\n",
        "  - name: t\n    command: a\tb\n",
    ],
)
def test_a_tab_where_yaml_forbids_it_is_still_an_error(bad: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    text = _many_jobs(3, None) + bad + '    schedule: "0 * * * *"\n'
    path.write_text(text, encoding="utf-8")
    fast = load_paths([str(path)])
    from cronstable_cli.loaders.yaml import parse as yaml_parse
    from cronstable_cli.loaders.yaml.strict import parse_strict

    # The verdict must be strictyaml's, whichever path read the file.
    tree, _ = yaml_parse.parse_document(text)
    strict = parse_strict(text)
    assert type(tree) is type(strict)
    assert bool([f for f in fast.findings if f.level == "error"]) == (
        type(strict).__name__ == "SyntaxProblem"
    )


@pytest.mark.parametrize("value", ['"echo\tone"', "'x\t'", "x # a\tb", "|\n      a\tb"])
def test_tabs_read_the_same_on_both_paths(value: str) -> None:
    from cronstable_cli.loaders.yaml.nodes import to_python
    from cronstable_cli.loaders.yaml.strict import parse_strict

    text = f"jobs:\n  - name: t\n    command: {value}\n    schedule: x\n"
    fast, _ = parse_document(text)
    strict = parse_strict(text)
    assert to_python(fast) == to_python(strict)  # type: ignore[arg-type]


def test_a_crontab_with_a_bom_and_no_crontab_name_says_why(tmp_path: Path) -> None:
    # The released daemon reads such a file as YAML and refuses it ("expecting a
    # mapping, found arbitrary text"): the verdict stays, the message explains it.
    path = tmp_path / "tasks"
    path.write_bytes(b"\xef\xbb\xbf0 * * * * /bin/x\n*/5 * * * * /bin/y\n")
    [finding] = load_paths([str(path)]).findings
    assert finding.level == "error"
    assert "byte-order mark" in finding.message and "crontab" in finding.message
