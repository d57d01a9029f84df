"""`cronstable lint --format sarif`: SARIF 2.1.0, as GitHub code scanning accepts it.

One run; `tool.driver.rules` lists every lint code (with its documentation
as help text), each result points at its rule by `ruleId` and `ruleIndex`,
locations are repository-relative URIs (relative to the working directory,
forward slashes) with 1-based regions, and `partialFingerprints` carries the
finding's fingerprint (analysis/lint/fingerprint.py: code, job, file and the
rule's key; never the message or the line) so code scanning can track an
alert across commits.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .. import __version__
from ..analysis.lint import RULES, LintReport, Rule
from ..analysis.lint.fingerprint import fingerprints
from ..records import Finding, Fix, SourceLocation
from ..safe_text import valid_unicode
from .paths import relative_path

SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
INFORMATION_URI = "https://pypi.org/project/cronstable-cli/"  # this toolkit, not the daemon
FINGERPRINT = "cronstableFingerprint/v2"
SRCROOT = "%SRCROOT%"


def lint_sarif(report: LintReport, rules: Sequence[Rule] = RULES, cwd: str | None = None) -> str:
    """The report as a SARIF 2.1.0 log (JSON text)."""
    return (
        valid_unicode(json.dumps(sarif_log(report, rules, cwd), indent=2, ensure_ascii=False))
        + "\n"
    )


def sarif_log(
    report: LintReport, rules: Sequence[Rule] = RULES, cwd: str | None = None
) -> dict[str, Any]:
    base = os.path.abspath(cwd or os.getcwd())
    index = {rule.code: i for i, rule in enumerate(rules)}
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "cronstable",  # code scanning tracks alerts per tool name: keep it
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": INFORMATION_URI,
                "rules": [_rule(rule) for rule in rules],
            }
        },
        "originalUriBaseIds": {SRCROOT: {"uri": Path(base).as_uri().rstrip("/") + "/"}},
        "columnKind": "unicodeCodePoints",
        "invocations": [{"executionSuccessful": True}],
        "results": [
            _result(f, index, base, print_)
            for f, print_ in zip(
                report.findings,
                fingerprints(
                    report.findings, lambda f: _artifact(f.file, base)[1] if f.file else ""
                ),
                strict=True,
            )
        ],
    }
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}


def _rule(rule: Rule) -> dict[str, Any]:
    return {
        "id": rule.code,
        "name": "".join(part.capitalize() for part in rule.code.split("-")),
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.explanation or rule.summary},
        "help": {"text": _plain(rule.doc), "markdown": rule.doc.strip()},
        "defaultConfiguration": {"level": rule.level},
        "properties": {
            "tags": ["cron", "load" if rule.scope == "load" else "schedule"],
            **({"fix": rule.fix} if rule.fix else {}),
        },
    }


def _plain(doc: str) -> str:
    """Markdown doc as plain text: headings and code fences dropped."""
    lines = [line for line in doc.strip().splitlines() if not line.startswith("```")]
    return "\n".join(line[3:] if line.startswith("## ") else line for line in lines)


def _result(f: Finding, index: dict[str, int], base: str, print_: str) -> dict[str, Any]:
    result: dict[str, Any] = {"ruleId": f.code}
    if f.code in index:
        result["ruleIndex"] = index[f.code]
    result["level"] = f.level
    result["message"] = {"text": f.message}
    if f.file:
        location, _uri = _artifact(f.file, base)
        region = {"startLine": max(1, f.line), "startColumn": max(1, f.column)}
        result["locations"] = [
            {"physicalLocation": {"artifactLocation": location, "region": region}}
        ]
        if f.fix is not None:
            result["fixes"] = [_fix(f.fix, location)]
        if f.related:
            result["relatedLocations"] = [
                _related(i, what, at, base) for i, (what, at) in enumerate(f.related, 1)
            ]
    result["partialFingerprints"] = {FINGERPRINT: print_}
    props = {
        k: v
        for k, v in (("job", f.job), ("schedule", f.schedule), ("resolved", f.resolved))
        if v is not None
    }
    if props:
        result["properties"] = props
    return result


def _related(number: int, what: str, at: SourceLocation, base: str) -> dict[str, Any]:
    """A SARIF related location: another place the result is about, and what is there."""
    region = {"startLine": max(1, at.line), "startColumn": max(1, at.column)}
    return {
        "id": number,
        "message": {"text": what},
        "physicalLocation": {"artifactLocation": _artifact(at.file, base)[0], "region": region},
    }


def _fix(fix: Fix, location: dict[str, str]) -> dict[str, Any]:
    """A SARIF fix: each edit replaces one token (endColumn is exclusive)."""
    kind = "safe" if fix.safe else "unsafe: changes when the job fires"
    return {
        "description": {"text": f"{fix.description} ({kind})"},
        "artifactChanges": [
            {
                "artifactLocation": location,
                "replacements": [
                    {
                        "deletedRegion": {
                            "startLine": e.line,
                            "startColumn": e.column,
                            "endLine": e.line,
                            "endColumn": e.column + len(e.old),
                        },
                        "insertedContent": {"text": e.new},
                    }
                    for e in fix.edits
                ],
            }
        ],
    }


def _artifact(path: str, base: str) -> tuple[dict[str, str], str]:
    rel = relative_path(path, base)
    if rel is not None:
        # A name that was not UTF-8 is percent-encoded byte for byte, as URIs want.
        uri = quote(rel, safe="/", errors="surrogateescape")
        return {"uri": uri, "uriBaseId": SRCROOT}, uri
    uri = Path(os.path.abspath(path)).as_uri()
    return {"uri": uri}, uri
