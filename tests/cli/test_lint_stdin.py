"""`cronstable lint -`: one file on standard input, named by --stdin-filename."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cronstable_cli.cli.main import main

YAML = """\
jobs:
  - name: poll
    command: ./poll.sh
    schedule: "*/7 * * * *"
"""
CRONTAB = "*/7 * * * * ./poll.sh\n"


def lint_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, data: bytes, *args: str
) -> tuple[int, dict[str, object], str]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code = main(
        ["lint", "-", *args, "--format", "json", "--from", "2026-01-10T12:00", "--isolated"]
    )
    out, err = capsys.readouterr()
    return code, json.loads(out) if out else {}, err


def test_yaml_on_stdin_is_reported_under_its_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, doc, _ = lint_stdin(
        capsys, monkeypatch, YAML.encode(), "--stdin-filename", "jobs/poll.yaml"
    )
    assert code == 1
    (finding,) = doc["findings"]  # type: ignore[misc]
    assert (finding["code"], finding["file"], finding["line"]) == (
        "uneven-step",
        "jobs/poll.yaml",
        4,
    )


def test_the_name_decides_crontab_or_yaml(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, doc, _ = lint_stdin(
        capsys, monkeypatch, CRONTAB.encode(), "--stdin-filename", "ops.crontab"
    )
    assert code == 1
    assert [(f["code"], f["file"], f["line"], f["column"]) for f in doc["findings"]] == [
        ("uneven-step", "ops.crontab", 1, 1)
    ]  # type: ignore[attr-defined]


def test_without_a_name_it_is_sniffed_and_called_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, doc, _ = lint_stdin(capsys, monkeypatch, CRONTAB.encode())
    assert code == 1
    assert [f["file"] for f in doc["findings"]] == ["<stdin>"]  # type: ignore[attr-defined]


def test_binary_stdin_is_an_unreadable_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, doc, _ = lint_stdin(capsys, monkeypatch, b"jobs:\0\n", "--stdin-filename", "a.yaml")
    assert code == 1
    assert [f["code"] for f in doc["findings"]] == ["unreadable-file"]  # type: ignore[attr-defined]


def test_stdin_counts_with_other_files_for_duplicate_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two files of one directory are that directory's config: their names must differ.
    (tmp_path / "other.yaml").write_text(YAML)
    mine = str(tmp_path / "mine.yaml")
    code, doc, _ = lint_stdin(
        capsys,
        monkeypatch,
        YAML.encode(),
        str(tmp_path / "other.yaml"),
        "--stdin-filename",
        mine,
        "--select",
        "duplicate-job-name",
    )
    assert code == 1
    # in the directory's order (sorted): mine.yaml is read first, other.yaml repeats it
    other = str(tmp_path / "other.yaml")
    assert [f["file"] for f in doc["findings"]] == [other]  # type: ignore[attr-defined]


def test_stdin_in_another_directory_is_another_config(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "other.yaml").write_text(YAML)
    code, doc, _ = lint_stdin(
        capsys,
        monkeypatch,
        YAML.encode(),
        str(tmp_path / "other.yaml"),
        "--stdin-filename",
        "mine.yaml",
        "--select",
        "duplicate-job-name",
    )
    assert code == 0
    assert doc["findings"] == []


def test_stdin_filename_needs_a_dash(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", "--stdin-filename", "a.yaml", "examples"]) == 2
    assert "only with '-' among PATHS" in capsys.readouterr().err


def test_through_a_real_pipe() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cronstable_cli",
            "lint",
            "-",
            "--stdin-filename",
            "x.crontab",
            "--isolated",
            "--from",
            "2026-01-10T12:00",
        ],
        input=CRONTAB,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert done.stdout.startswith("x.crontab\nx.crontab:1:1 warning [uneven-step]")
