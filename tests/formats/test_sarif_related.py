"""SARIF: a runtime-key finding's related location is the schedule it is weighed against."""

from __future__ import annotations

import json
from pathlib import Path

from cronstable_cli.analysis.lint import LintSettings, lint
from cronstable_cli.formats.sarif import lint_sarif
from cronstable_cli.loaders import load_paths

from ..analysis.runtime_cases import NOW, job, jobs


def test_related_location_is_the_schedule(tmp_path: Path) -> None:
    path = tmp_path / "jobs.yaml"
    path.write_text(jobs(job("j", "*/5 * * * *", executionTimeout=900)))
    report = lint(load_paths([str(path)]), LintSettings(now=NOW))
    log = json.loads(lint_sarif(report, cwd=str(tmp_path)))
    (result,) = [r for r in log["runs"][0]["results"] if r["ruleId"] == "runs-may-overlap"]
    assert result["locations"][0]["physicalLocation"]["region"]["startLine"] == 5
    (related,) = result["relatedLocations"]
    assert related["message"]["text"] == "the schedule"
    assert related["physicalLocation"]["region"] == {
        "startLine": 4,
        "startColumn": 16,
    }  # inside the quotes
    assert related["physicalLocation"]["artifactLocation"]["uri"] == "jobs.yaml"
    rules = {r["id"]: r for r in log["runs"][0]["tool"]["driver"]["rules"]}
    assert "shortest gap" in rules["runs-may-overlap"]["fullDescription"]["text"]
