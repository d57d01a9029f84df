"""The baseline file `lint --write-baseline` writes, from entries made by hand."""

from __future__ import annotations

import json
import os
from pathlib import Path

from cronstable_cli.analysis.lint.baseline import BaselineEntry, baseline_entries
from cronstable_cli.formats.baseline_json import baseline_json
from cronstable_cli.records import Finding, SourceLocation


def test_document_shape() -> None:
    found = Finding("every-minute", "warning", "job 'x': runs every minute", job="x")
    text = baseline_json([BaselineEntry("abc123", found, "jobs/a.yaml")])
    assert text.endswith("}\n") and text.startswith('{\n  "version": 1,')
    assert json.loads(text) == {
        "version": 1,
        "tool": "cronstable-cli",
        "findings": [
            {
                "fingerprint": "abc123",
                "code": "every-minute",
                "job": "x",
                "file": "jobs/a.yaml",
                "message": "job 'x': runs every minute",
            }
        ],
    }


def test_entries_name_files_relative_to_the_baseline(tmp_path: Path) -> None:
    inside = Finding("c", "error", "m", SourceLocation(str(tmp_path / "sub" / "a.yaml"), 3))
    loose = Finding("c", "error", "m")
    entries = baseline_entries([inside, loose], str(tmp_path))
    assert [e.file for e in entries] == ["sub/a.yaml", None]
    assert [e.finding for e in entries] == [inside, loose]
    # The same file named from elsewhere keeps its place relative to the baseline.
    above = baseline_entries([inside], os.path.dirname(tmp_path))
    assert above[0].file == f"{tmp_path.name}/sub/a.yaml"
