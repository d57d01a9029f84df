"""Schedules written as a map of fields: findings point at the field, fixes edit it."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from cronstable_cli.analysis.lint import LintSettings, lint
from cronstable_cli.loaders import load_paths

from .helpers import run

TODAY = ["--from", "2026-01-10T12:00", "--isolated"]

# Columns by hand: `      minute: "*/7"` puts `*` in column 16 (six spaces, `minute: `,
# the quote); `      hour: "*/5"` puts it in column 14; `      dayOfMonth: 31` has
# `31` in column 19.
MAP = """\
jobs:
  - name: steps
    command: /bin/true
    schedule:
      minute: "*/7"
      hour: "*/5"
      year: "*"
  - name: monthly
    command: /bin/true
    schedule:
      minute: 0
      hour: 1
      dayOfMonth: 31
  - name: bare
    command: /bin/true
    schedule:
      hour: "3"
"""


@pytest.fixture
def path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    file = tmp_path / "jobs.yaml"
    file.write_text(MAP)
    return file


def findings(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict[str, object]]:
    _, out, _ = run(capsys, "lint", str(path), *TODAY, "--format", "json")
    return json.loads(out)["findings"]  # type: ignore[no-any-return]


def test_findings_point_at_the_field_they_are_about(
    capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    where = {(f["code"], f["job"], f["line"], f["column"]) for f in findings(capsys, path)}
    assert ("uneven-step", "steps", 5, 16) in where  # minute: "*/7"
    assert ("uneven-step", "steps", 6, 14) in where  # hour: "*/5"
    assert ("skipped-months", "monthly", 13, 19) in where  # dayOfMonth: 31


def test_a_written_year_key_is_not_a_seconds_first_paste(
    capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    codes = {f["code"] for f in findings(capsys, path) if f["job"] == "steps"}
    assert "seconds-first-six-fields" not in codes
    # The same six fields written as text still are.
    text = path.parent / "text.yaml"
    text.write_text('jobs:\n  - name: t\n    command: x\n    schedule: "*/7 */5 * * * *"\n')
    assert "seconds-first-six-fields" in {f["code"] for f in findings(capsys, text)}


def test_fixes_edit_the_field_and_the_file_still_loads(
    capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    _, _, err = run(capsys, "lint", str(path), *TODAY, "--fix", "--unsafe-fixes")
    assert "fixed 1 finding in 1 file" in err
    after = path.read_text()
    # every-minute on `bare` (its minute is left out: nothing to edit, so no fix),
    # skipped-months on `monthly`: 31 -> L, in place.
    assert "      dayOfMonth: L\n" in after
    assert after.replace("dayOfMonth: L", "dayOfMonth: 31") == MAP
    loaded = load_paths([str(path)])
    assert not [f for f in loaded.findings if f.level == "error"]
    assert {job.name: job.schedule for job in loaded.jobs}["monthly"] == "0 1 L * *"


def test_a_field_left_out_is_reported_at_the_map(path: Path) -> None:
    settings = LintSettings(now=datetime(2026, 1, 10, tzinfo=timezone.utc))
    report = lint(load_paths([str(path)]), settings)
    every = [f for f in report.findings if f.code == "every-minute" and f.job == "bare"]
    assert every and every[0].location is not None
    assert (every[0].location.line, every[0].location.column) == (17, 7)  # the map's first key
    assert every[0].fix is None
