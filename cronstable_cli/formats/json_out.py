"""`cronstable lint --format json`: the stable lint document (docs/cli.md).

    {"version": 1, "files": [...], "jobs": N,
     "findings": [{code, level, message, job, file, line, column, schedule, resolved}],
     "summary": {"error": n, "warning": n, "note": n}}

`line` and `column` are 1-based; 0 means the position is unknown. `job`,
`file`, `schedule` and `resolved` are null when a finding has none.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..analysis.lint import LintReport, Rule
from .jsondoc import to_json


def lint_json(report: LintReport) -> str:
    """The lint report as the versioned JSON document."""
    return to_json({
        "files": list(report.files),
        "jobs": report.jobs,
        "findings": [f.to_dict() for f in report.findings],
        "summary": report.summary,
    })


def rules_json(rules: Iterable[Rule]) -> str:
    """`--list-rules --format json`: every code with its level and documentation."""
    return to_json({"rules": [
        {"code": r.code, "level": r.level, "summary": r.summary,
         "explanation": r.explanation, "doc": r.doc.strip()}
        for r in rules
    ]})
