"""Exit codes and usage errors: nothing that failed stays green, nothing empty passes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cronstable_cli.cli.main import main

from . import corpus

AT = "2026-01-05T00:00Z"


@pytest.fixture
def half_broken(tmp_path: Path) -> Path:
    """A directory with one good file and one that fails to load."""
    (tmp_path / "good.yaml").write_text(corpus.job_yaml(("good", "0 * * * *")), encoding="utf-8")
    (tmp_path / "broken.yaml").write_text("jobs:\n  - name: [oops\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    "args",
    [
        ["pressure", "--from", AT],
        ["suggest", "--from", AT],
        ["duplicates"],
        ["owners", "--nodes", "a,b"],
    ],
)
def test_load_errors_exit_1_with_the_answer_printed(
    args: list[str], half_broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main([args[0], str(half_broken), *args[1:], "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 1
    assert "broken.yaml" in err
    doc = json.loads(out)  # the answer for what did load
    assert [e["file"] for e in doc["errors"]] == [str(half_broken / "broken.yaml")]


@pytest.mark.parametrize("command", ["preview", "explain", "why"])
def test_job_in_a_file_that_failed_to_load(
    command: str, half_broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = ["--at", AT] if command == "why" else []
    code = main([command, "--job", "missing", str(half_broken), *extra])
    err = capsys.readouterr().err
    assert code == 1
    assert "failed to load" in err and "broken.yaml" in err


@pytest.mark.parametrize("command", ["preview", "explain", "why"])
def test_a_found_job_still_exits_1_when_another_file_failed(
    command: str, half_broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = ["--at", AT] if command == "why" else []
    assert main([command, "--job", "good", str(half_broken), *extra]) == 1
    out, err = capsys.readouterr()
    assert "0 * * * *" in out and "broken.yaml" in err  # the answer, and what failed


@pytest.mark.parametrize("command", ["preview", "explain", "why"])
def test_an_ambiguous_job_lists_the_candidates(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.yaml").write_text(corpus.job_yaml(("twin", "0 * * * *")), encoding="utf-8")
    (tmp_path / "b.yaml").write_text(corpus.job_yaml(("twin", "30 * * * *")), encoding="utf-8")
    extra = ["--at", AT] if command == "why" else []
    code = main([command, "--job", "twin", str(tmp_path), *extra])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert "defined 2 times" in err
    assert f"{tmp_path / 'a.yaml'}:2" in err and f"{tmp_path / 'b.yaml'}:2" in err


@pytest.mark.parametrize("value", ["", ",", " , "])
@pytest.mark.parametrize("option", ["--select", "--ignore"])
def test_empty_code_lists_are_usage_errors(
    option: str, value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "j.yaml"
    path.write_text(corpus.job_yaml(("j", "*/7 * * * *")), encoding="utf-8")
    assert main(["lint", str(path), option, value]) == 2
    assert "no codes given" in capsys.readouterr().err


def test_unknown_codes_suggest_a_known_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "j.yaml"
    path.write_text(corpus.job_yaml(("j", "0 * * * *")), encoding="utf-8")
    assert main(["lint", str(path), "--select", "uneven-stp"]) == 2
    assert "did you mean uneven-step" in capsys.readouterr().err


def test_a_missing_path_is_a_finding_and_the_rest_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(corpus.job_yaml(("good", "*/7 * * * *")), encoding="utf-8")
    code = main(["lint", str(tmp_path / "missing.yaml"), str(good), "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 1
    codes = {(f["file"], f["code"]) for f in doc["findings"]}
    assert (str(tmp_path / "missing.yaml"), "unreadable-file") in codes
    assert (str(good), "uneven-step") in codes  # the other path was still linted


@pytest.mark.parametrize("command", ["lint", "jobs", "pressure", "duplicates"])
def test_no_job_files_under_the_paths_is_an_error(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "wrong-dir"
    empty.mkdir()
    (empty / "README.md").write_text("not a job file\n", encoding="utf-8")
    assert main([command, str(empty)]) == 1
    err = capsys.readouterr().err
    assert "no job files under" in err and str(empty) in err


@pytest.mark.parametrize(
    "args", [["preview", "0 * * * *", "--tz", ""], ["jobs", "--tz", ""], ["pressure", "--tz", ""]]
)
def test_an_empty_zone_is_a_usage_error(
    args: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cronstable.yaml").write_text(corpus.job_yaml(("j", "0 * * * *")), encoding="utf-8")
    assert main(args) == 2
    assert "--tz" in capsys.readouterr().err


def test_jobs_zone_filter_checks_the_zone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "j.yaml"
    path.write_text(corpus.job_yaml(("j", "0 * * * *"), timezone="Europe/Berlin"), encoding="utf-8")
    assert main(["jobs", str(path), "--zone", "Nowhere/X"]) == 2
    assert main(["jobs", str(path), "--zone", "Europe/Berlni"]) == 2
    err = capsys.readouterr().err
    assert "did you mean" in err and "Europe/Berlin" in err.split("did you mean")[1]
    assert main(["jobs", str(path), "--zone", "Europe/Berlin", "--format", "json"]) == 0
    assert [j["name"] for j in json.loads(capsys.readouterr().out)["jobs"]] == ["j"]


@pytest.mark.parametrize(
    "args",
    [
        ["preview", "1-" * 30_000 + " * * * *"],
        ["explain", "*/" + "9" * 100_000 + " * * * *"],
        ["jobs", "--zone", "E" * 100_000],
        ["lint", "--select", "E" * 100_000],
    ],
)
def test_usage_errors_do_not_echo_a_huge_argument(
    args: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cronstable.yaml").write_text(corpus.job_yaml(("j", "0 * * * *")), encoding="utf-8")
    assert main(args) in (1, 2)  # an invalid EXPR is exit 1 (json.md#error), the rest 2
    assert len(capsys.readouterr().err) < 5_000
