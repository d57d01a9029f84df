"""The lint baseline file `lint --write-baseline` writes (settings/baseline_file.py reads it)."""

from __future__ import annotations

import json
from collections.abc import Iterable

from ..analysis.lint.baseline import BaselineEntry

BASELINE_VERSION = 1


def baseline_json(entries: Iterable[BaselineEntry]) -> str:
    """Fingerprints, with code, job, file and message for people reading a diff of it."""
    document = {
        "version": BASELINE_VERSION,
        "tool": "cronstable-cli",
        "findings": [
            {
                "fingerprint": e.fingerprint,
                "code": e.finding.code,
                "job": e.finding.job,
                "file": e.file,
                "message": e.finding.message,  # never matched: rewording keeps the baseline
            }
            for e in entries
        ],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
