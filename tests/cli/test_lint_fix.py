"""`lint --diff` / `--fix` / `--unsafe-fixes` on real job files: only the fixed tokens change."""

from __future__ import annotations

import json
import os
import shutil
import stat
from datetime import datetime, timezone
from itertools import islice
from pathlib import Path

import pytest

from cronstable_cli import CronTab
from cronstable_cli.engine.daemon_hash import hash_value
from cronstable_cli.loaders.sources import files as loader_files

from .helpers import run

ROOT = Path(__file__).resolve().parents[2]
TODAY = ["--from", "2026-01-10T12:00", "--isolated"]
# `H/50` keeps one minute for a job named "job" (tests/analysis/test_lint_uneven_step.py).
MINUTE = hash_value("minute", "job") % 50

FLEET = """\
# Fleet jobs: comments, quoting and blank lines must survive a fix.
jobs:
  - name: purge    # the nightly purge
    command: ./purge.sh
    schedule: '* 2 * * *'

  - name: stats
    command: ./stats.sh
    schedule: "0 23 31 * *"   # end of month?
  - name: job
    command: ./m.sh
    schedule: "H/50 * * * *"
  - name: typo
    comand: ./typo.sh
    schedule: "0 4 * * *"
"""


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "cronstable.yaml").write_text(FLEET)
    (tmp_path / "legacy.crontab").write_text("30 4 * * * ./y")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    old, new = before.split("\n"), after.split("\n")
    assert len(old) == len(new)
    return [(a, b) for a, b in zip(old, new, strict=True) if a != b]


def test_diff_shows_safe_fixes_and_touches_nothing(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "lint", ".", *TODAY, "--diff")
    assert code == 1
    assert out == (
        "--- a/cronstable.yaml\n+++ b/cronstable.yaml\n@@ -9,7 +9,7 @@\n"
        '     schedule: "0 23 31 * *"   # end of month?\n'
        "   - name: job\n     command: ./m.sh\n"
        f'-    schedule: "H/50 * * * *"\n+    schedule: "{MINUTE} * * * *"\n'
        "   - name: typo\n     comand: ./typo.sh\n"
        '     schedule: "0 4 * * *"\n'
        "--- a/legacy.crontab\n+++ b/legacy.crontab\n@@ -1 +1 @@\n"
        "-30 4 * * * ./y\n\\ No newline at end of file\n+30 4 * * * ./y\n"
    )
    assert "3 more fixes change when jobs fire: add --unsafe-fixes" in err
    assert (repo / "cronstable.yaml").read_text() == FLEET
    assert (repo / "legacy.crontab").read_text() == "30 4 * * * ./y"


def test_fix_applies_safe_fixes_and_keeps_fire_times(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "lint", ".", *TODAY, "--fix", "--format", "json")
    after = (repo / "cronstable.yaml").read_text()
    assert changed_lines(FLEET, after) == [
        ('    schedule: "H/50 * * * *"', f'    schedule: "{MINUTE} * * * *"')
    ]
    assert (repo / "legacy.crontab").read_text() == "30 4 * * * ./y\n"
    assert "fixed 2 findings in 2 files" in err
    left = {f["code"] for f in json.loads(out)["findings"]}
    assert "missing-final-newline" not in left and "uneven-step" not in left
    assert {"every-minute", "skipped-months", "unknown-key"} <= left
    assert code == 1
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    old, new = CronTab("H/50 * * * *", "job"), CronTab(f"{MINUTE} * * * *")
    assert list(islice(old.occurrences(start), 50)) == list(islice(new.occurrences(start), 50))


def test_unsafe_fixes_change_only_their_tokens(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "lint", ".", *TODAY, "--fix", "--unsafe-fixes", "--format", "json")
    after = (repo / "cronstable.yaml").read_text()
    assert changed_lines(FLEET, after) == [
        ("    schedule: '* 2 * * *'", "    schedule: '0 2 * * *'"),
        (
            '    schedule: "0 23 31 * *"   # end of month?',
            '    schedule: "0 23 L * *"   # end of month?',
        ),
        ('    schedule: "H/50 * * * *"', f'    schedule: "{MINUTE} * * * *"'),
        ("    comand: ./typo.sh", "    command: ./typo.sh"),
    ]
    assert (code, json.loads(out)["findings"]) == (0, [])


def test_crowded_minute_gets_its_h_form(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "jobs:\n" + "".join(
        f'  - name: h{i}\n    command: x\n    schedule: "0 * * * *"\n' for i in range(3)
    )
    (repo / "cronstable.yaml").write_text(text)
    code, out, _ = run(
        capsys,
        "lint",
        "cronstable.yaml",
        *TODAY,
        "--max-per-minute",
        "2",
        "--diff",
        "--unsafe-fixes",
    )
    assert code == 1
    assert '-    schedule: "0 * * * *"\n+    schedule: "H * * * *"\n' in out


def test_a_file_changed_since_it_was_read_is_refused(
    repo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = loader_files.unchanged_since

    def edited_meanwhile(path: str, text: str) -> bool:
        Path(path).write_text(Path(path).read_text() + "# someone else's edit\n")
        return real(path, text)

    monkeypatch.setattr(loader_files, "unchanged_since", edited_meanwhile)
    code, _, err = run(capsys, "lint", "cronstable.yaml", *TODAY, "--fix")
    assert code == 1
    assert "cronstable.yaml changed since it was read; not fixed" in err
    assert (repo / "cronstable.yaml").read_text() == FLEET + "# someone else's edit\n"


def test_fix_keeps_the_file_mode(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.chmod(repo / "legacy.crontab", 0o640)
    run(capsys, "lint", "legacy.crontab", *TODAY, "--fix")
    assert stat.S_IMODE(os.stat(repo / "legacy.crontab").st_mode) == 0o640
    assert [p.name for p in repo.iterdir() if p.name.endswith(".tmp")] == []


def test_examples_round_trip(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    before = {p.name: p.read_bytes() for p in (tmp_path / "examples").iterdir()}
    code, diff, _ = run(capsys, "lint", "examples", *TODAY, "--diff", "--unsafe-fixes")
    assert code == 1 and diff
    run(capsys, "lint", "examples", *TODAY, "--fix", "--unsafe-fixes")
    for path in (tmp_path / "examples").iterdir():
        old, new = before[path.name].decode(), path.read_text()
        for a, b in changed_lines(old, new):
            # Only the schedule value changed; every comment stays.
            assert a.split("#", 1)[1:] == b.split("#", 1)[1:]
            assert a.split(":", 1)[0] == b.split(":", 1)[0]
    # Applying the diff's fixes is what --fix did: a second --diff has nothing left.
    assert run(capsys, "lint", "examples", *TODAY, "--diff", "--unsafe-fixes")[0] == 0


def test_stdin_fix_prints_the_fixed_text(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"30 4 * * * ./y")))
    code, out, _ = run(capsys, "lint", "-", "--stdin-filename", "x.crontab", *TODAY, "--fix")
    assert (code, out) == (0, "30 4 * * * ./y\n")


def test_unsafe_fixes_alone_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "lint", "examples", "--unsafe-fixes")[0] == 2


def test_sarif_results_carry_fixes(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "lint", "cronstable.yaml", *TODAY, "--format", "sarif")
    results = {r["ruleId"]: r for r in json.loads(out)["runs"][0]["results"]}
    (fix,) = results["every-minute"]["fixes"]
    assert fix["description"]["text"].endswith("(unsafe: changes when the job fires)")
    (change,) = fix["artifactChanges"]
    assert change["artifactLocation"] == {"uri": "cronstable.yaml", "uriBaseId": "%SRCROOT%"}
    assert change["replacements"] == [
        {
            "deletedRegion": {"startLine": 5, "startColumn": 16, "endLine": 5, "endColumn": 17},
            "insertedContent": {"text": "0"},
        }
    ]
    (rename,) = results["unknown-key"]["fixes"]
    assert rename["artifactChanges"][0]["replacements"][0] == {
        "deletedRegion": {"startLine": 14, "startColumn": 5, "endLine": 14, "endColumn": 11},
        "insertedContent": {"text": "command"},
    }
    assert "fixes" not in results["hashed-slot"]


def test_list_rules_says_which_rules_fix(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "lint", "--list-rules", "--format", "json")
    fixes = {r["code"]: r["fix"] for r in json.loads(out)["rules"] if r["fix"]}
    assert fixes == {
        "unknown-key": "unsafe",
        "missing-final-newline": "safe",
        "uneven-step": "safe",
        "skipped-months": "unsafe",
        "every-minute": "unsafe",
        "crowded-minute": "unsafe",
        "implicit-timezone": "safe",
    }
