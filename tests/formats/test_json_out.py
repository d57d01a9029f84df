"""`lint --format json`: the versioned document of docs/cli.md."""

from __future__ import annotations

import json

from cronstable_cli.analysis.lint import RULES
from cronstable_cli.formats.json_out import lint_json, rules_json
from cronstable_cli.records import Finding, SourceLocation

from ..analysis.lint_cases import FILE, make_job, run

FINDING_KEYS = ["code", "level", "message", "job", "file", "line", "column", "schedule", "resolved"]


def test_document_shape() -> None:
    report = run(make_job("H/7 * * * *", name="poll"))
    doc = json.loads(lint_json(report))
    assert list(doc) == ["version", "files", "jobs", "findings", "summary"]
    assert doc["version"] == 1
    assert doc["files"] == [FILE]
    assert doc["jobs"] == 1
    assert doc["summary"] == {"error": 0, "warning": 1, "note": 1}
    first = doc["findings"][0]
    assert list(first) == FINDING_KEYS
    assert first["code"] == "uneven-step" and first["job"] == "poll"
    assert (first["file"], first["line"], first["column"]) == (FILE, 4, 1)
    assert first["schedule"] == "H/7 * * * *"
    assert first["resolved"] != first["schedule"]


def test_findings_without_a_job_or_position() -> None:
    loose = Finding("unreadable-file", "error", "cannot read x.yaml", SourceLocation("x.yaml"))
    doc = json.loads(lint_json(run(findings=(loose,))))
    (only,) = doc["findings"]
    assert only["job"] is None and only["schedule"] is None and only["resolved"] is None
    assert (only["line"], only["column"]) == (0, 0)


def test_clean_report() -> None:
    doc = json.loads(lint_json(run(make_job("0 2 * * *"))))
    assert doc["findings"] == []
    assert doc["summary"] == {"error": 0, "warning": 0, "note": 0}


def test_rules_listing() -> None:
    doc = json.loads(rules_json(RULES))
    assert doc["version"] == 1
    assert [r["code"] for r in doc["rules"]] == [r.code for r in RULES]
    assert {"code", "level", "summary", "explanation", "doc"} <= set(doc["rules"][0])
