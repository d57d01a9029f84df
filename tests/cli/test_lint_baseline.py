"""`lint --write-baseline` and `--baseline`: adopt the linter on a fleet, fail on new findings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .helpers import run

TODAY = ["--from", "2026-01-10T12:00"]

FLEET = """\
jobs:
  - name: poll
    command: ./poll.sh
    schedule: "*/7 * * * *"
  - name: purge
    command: ./purge.sh
    schedule: "* 2 * * *"
  - name: stats
    command: ./stats.sh
    schedule: "0 23 31 * *"
"""

# The same jobs reordered, moved down by a comment block, plus one new problem.
CHANGED = """\
# A header that moves every line down.
#
jobs:
  - name: stats
    command: ./stats.sh
    schedule: "0 23 31 * *"
  - name: poll
    command: ./poll.sh
    schedule: "*/7 * * * *"
  - name: purge
    command: ./purge.sh
    schedule: "* 2 * * *"
  - name: fresh
    command: ./fresh.sh
    schedule: "*/9 * * * *"
"""


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "cronstable.d").mkdir()
    (tmp_path / "cronstable.d" / "jobs.yaml").write_text(FLEET)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def lint_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    code, out, err = run(capsys, "lint", *args, *TODAY, "--format", "json")
    return code, [f["job"] for f in json.loads(out)["findings"]], err


def test_configured_baseline_fails_only_on_the_new_problem(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "pyproject.toml").write_text(
        '[tool.cronstable]\nbaseline = "lint-baseline.json"\nfail-on = "warning"\n'
    )
    code, out, err = run(capsys, "lint", "--write-baseline", "lint-baseline.json", *TODAY)
    assert code == 0 and out == ""
    assert "wrote 3 findings to baseline lint-baseline.json" in err
    written = json.loads((repo / "lint-baseline.json").read_text())
    assert written["version"] == 1
    assert sorted(e["job"] for e in written["findings"]) == ["poll", "purge", "stats"]
    assert {e["file"] for e in written["findings"]} == {"cronstable.d/jobs.yaml"}

    assert lint_json(capsys)[:2] == (0, [])  # nothing new
    (repo / "cronstable.d" / "jobs.yaml").write_text(CHANGED)
    code, jobs, err = lint_json(capsys)
    assert (code, jobs) == (1, ["fresh"])
    assert "3 known findings not shown" in err


def test_fixed_entries_are_counted(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "lint", "--write-baseline", "b.json", *TODAY)
    (repo / "cronstable.d" / "jobs.yaml").write_text(FLEET.replace("*/7", "*/5"))
    code, jobs, err = lint_json(capsys, "--baseline", "b.json")
    assert (code, jobs) == (0, [])
    assert "2 known findings not shown; 1 baseline entry is fixed" in err
    assert lint_json(capsys, "--baseline", "b.json", "--quiet")[2] == ""


def test_baseline_matches_from_another_directory(
    repo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "lint", "--write-baseline", "b.json", *TODAY)
    monkeypatch.chdir(repo / "cronstable.d")
    assert lint_json(capsys, "jobs.yaml", "--baseline", "../b.json")[:2] == (0, [])


def test_a_renamed_job_is_a_new_finding(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "lint", "--write-baseline", "b.json", *TODAY)
    (repo / "cronstable.d" / "jobs.yaml").write_text(FLEET.replace("name: poll", "name: poller"))
    assert lint_json(capsys, "--baseline", "b.json")[:2] == (1, ["poller"])


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "does not exist; create it with `cronstable lint --write-baseline"),
        ("{not json", "is not JSON"),
        ('{"version": 9, "findings": []}', "is not a cronstable baseline"),
        ('{"version": 1, "findings": [{"code": "x"}]}', "an entry has no fingerprint"),
    ],
)
def test_bad_baselines_are_usage_errors(
    repo: Path, capsys: pytest.CaptureFixture[str], content: str | None, message: str
) -> None:
    if content is not None:
        (repo / "b.json").write_text(content)
    code, out, err = run(capsys, "lint", "--baseline", "b.json")
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_lint_json_carries_the_fingerprints_a_baseline_here_records(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Tools can match a JSON finding to its baseline entry without hashing anything.
    run(capsys, "lint", "--write-baseline", "lint-baseline.json", *TODAY)
    entries = json.loads((repo / "lint-baseline.json").read_text())["findings"]
    _, out, _ = run(capsys, "lint", *TODAY, "--format", "json")
    found = json.loads(out)["findings"]
    assert len(found) == 3
    assert sorted(f["fingerprint"] for f in found) == sorted(e["fingerprint"] for e in entries)


def test_a_json_fix_is_the_edit_lint_fix_makes(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run(capsys, "lint", *TODAY, "--format", "json")
    purge = next(f for f in json.loads(out)["findings"] if f["code"] == "every-minute")
    # Hand-checked: line 7 is `    schedule: "* 2 * * *"`, its minute `*` at column 16;
    # minute 0 changes when the job fires, so the fix is not a safe one.
    assert purge["fix"]["safe"] is False
    assert purge["fix"]["edits"] == [{"line": 7, "column": 16, "old": "*", "new": "0"}]
    lines = FLEET.splitlines(keepends=True)
    edit = purge["fix"]["edits"][0]
    row = lines[edit["line"] - 1]
    at = edit["column"] - 1
    assert row[at : at + len(edit["old"])] == edit["old"]
    lines[edit["line"] - 1] = row[:at] + edit["new"] + row[at + len(edit["old"]) :]
    run(capsys, "lint", "--fix", "--unsafe-fixes", "--select", "every-minute", *TODAY)
    assert (repo / "cronstable.d" / "jobs.yaml").read_text() == "".join(lines)
