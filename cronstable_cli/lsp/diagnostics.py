"""textDocument/publishDiagnostics: a lint finding as an LSP diagnostic.

The same code, level and message as `cronstable lint --format json`; the
range starts at the finding's line and column (0-based here) and covers the
text its fix replaces, else the word there, else (no column) the line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lsprotocol import types as lsp

from ..load_codes import DUPLICATE_JOB_NAME, INCLUDE_CYCLE
from ..records import Finding, SourceLocation
from .positions import UTF16, token_range

SOURCE = "cronstable"
# Where each code's documentation is: the generated rule reference, one anchor per code.
RULE_DOCS = "https://pypi.org/project/cronstable-cli/#lint-rules"
SEVERITY = {
    "error": lsp.DiagnosticSeverity.Error,
    "warning": lsp.DiagnosticSeverity.Warning,
    "note": lsp.DiagnosticSeverity.Information,
}

# Another place a finding concerns, as (location, what it is): found by the session.
Related = Callable[[Finding], Sequence[tuple[SourceLocation, str]]]
# A file's lines, for ranges in files that are not open (None: unknown).
LinesOf = Callable[[str], Sequence[str] | None]


def rule_url(code: str, base: str = RULE_DOCS) -> str:
    """The documentation of one code: `base` with the code as its anchor."""
    return f"{base.split('#')[0]}#{code}"


def finding_range(finding: Finding, lines: Sequence[str], encoding: str = UTF16) -> lsp.Range:
    """Where the finding is: the text its fix replaces when that starts there, else the
    whole schedule when the finding points at its start (quoted or not), else the word."""
    length = None
    if finding.fix is not None:
        for edit in finding.fix.edits:
            if edit.line == finding.line and edit.column == finding.column and edit.old:
                length = len(edit.old)
                break
    schedule = finding.schedule
    if length is None and schedule and 1 <= finding.line <= len(lines) and finding.column >= 1:
        rest = lines[finding.line - 1][finding.column - 1 :]
        if rest.startswith(schedule):
            length = len(schedule)
        elif rest[:1] in ("'", '"') and rest[1:].startswith(schedule + rest[0]):
            length = len(schedule) + 2
    return token_range(lines, finding.line, finding.column, length, encoding)


def to_diagnostic(
    finding: Finding,
    lines: Sequence[str],
    *,
    related: Related | None = None,
    lines_of: LinesOf | None = None,
    uri_of: Callable[[str], str] = str,
    docs: str = RULE_DOCS,
    encoding: str = UTF16,
) -> lsp.Diagnostic:
    """One finding as a diagnostic (relatedInformation: the other places it names)."""
    infos = None
    if related is not None:
        infos = []
        for where, what in related(finding):
            other = (lines_of(where.file) if lines_of else None) or ()
            infos.append(
                lsp.DiagnosticRelatedInformation(
                    location=lsp.Location(
                        uri=uri_of(where.file),
                        range=token_range(other, where.line, where.column, None, encoding),
                    ),
                    message=what,
                )
            )
    return lsp.Diagnostic(
        range=finding_range(finding, lines, encoding),
        message=finding.message,
        severity=SEVERITY.get(finding.level, lsp.DiagnosticSeverity.Information),
        code=finding.code,
        code_description=lsp.CodeDescription(href=rule_url(finding.code, docs)),
        source=SOURCE,
        related_information=infos or None,
    )


def diagnostics(
    findings: Sequence[Finding],
    text: str,
    *,
    related: Related | None = None,
    lines_of: LinesOf | None = None,
    uri_of: Callable[[str], str] = str,
    docs: str = RULE_DOCS,
    encoding: str = UTF16,
) -> list[lsp.Diagnostic]:
    """Every finding of one document, in lint's order."""
    lines = text.split("\n")
    return [
        to_diagnostic(
            f,
            lines,
            related=related,
            lines_of=lines_of,
            uri_of=uri_of,
            docs=docs,
            encoding=encoding,
        )
        for f in findings
    ]


def related_places(
    finding: Finding, sites: Callable[[str], Sequence[SourceLocation]]
) -> list[tuple[SourceLocation, str]]:
    """The other job of a duplicate name; the files of an include cycle (paths, not URIs)."""
    if finding.code == DUPLICATE_JOB_NAME and finding.job is not None:
        here = finding.location
        return [
            (site, f"job {finding.job!r} is also defined here")
            for site in sites(finding.job)
            if site != here
        ]
    if finding.code == INCLUDE_CYCLE and "include cycle: " in finding.message:
        chain = finding.message.split("include cycle: ", 1)[1].split(";", 1)[0].split(" -> ")
        return [(SourceLocation(path, 1, 1), "included here, in the cycle") for path in chain[1:-1]]
    return []
