"""textDocument/publishDiagnostics: a lint finding as an LSP diagnostic.

The same code, level and message as `cronstable lint --format json`; the
range starts at the finding's line and column (0-based here) and covers the
text its fix replaces, else the word there, else (no column) the line.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Sequence

from lsprotocol import types as lsp

from ..load_codes import DUPLICATE_JOB_NAME, INCLUDE_CYCLE
from ..records import Finding, SourceLocation
from .includes import IncludeIndex
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


MAX_INCLUDERS = 10  # "included from here" entries per diagnostic (a fragment many files use)


def related_places(
    finding: Finding,
    sites: Callable[[str], Sequence[SourceLocation]],
    includes: IncludeIndex | None = None,
) -> list[tuple[SourceLocation, str]]:
    """The other places a finding concerns (paths, not URIs), each with what it is there.

    The other job of a duplicate name; the include entries of an include cycle;
    the places the finding itself relates (a runtime key's schedule); for a
    finding in a file reached through an `include:`, the entries that include
    it ("included from here"); for a finding on an include entry (a missing
    file, a file loaded twice), the other entries that include the same file.
    """
    out: list[tuple[SourceLocation, str]] = []
    here = finding.location
    if finding.code == DUPLICATE_JOB_NAME and finding.job is not None:
        out += [
            (site, f"job {finding.job!r} is also defined here")
            for site in sites(finding.job)
            if site != here
        ]
    if finding.code == INCLUDE_CYCLE and "include cycle: " in finding.message:
        chain = finding.message.split("include cycle: ", 1)[1].split(";", 1)[0].split(" -> ")
        for including, included in itertools.pairwise(chain[:-1]):
            entries = [] if includes is None else includes.including(included)
            entry = next((e for e in entries if _same_file(e.file, including)), None)
            out.append((entry or SourceLocation(included, 1, 1), "included here, in the cycle"))
    out += [(at, what) for what, at in finding.related]
    if includes is not None and here is not None:
        named = includes.named_at(here)
        if named is not None:
            out += [
                (entry, f"{named} is also included here")
                for entry in includes.including(named)
                if entry != here
            ]
        out += [
            (entry, "included from here") for entry in includes.including(here.file)[:MAX_INCLUDERS]
        ]
    return _first_per_place(out, here)


def _same_file(a: str, b: str) -> bool:
    return os.path.abspath(a) == os.path.abspath(b)


def _first_per_place(
    places: Sequence[tuple[SourceLocation, str]], here: SourceLocation | None
) -> list[tuple[SourceLocation, str]]:
    """One entry per place (the first said about it), and never the finding's own."""
    seen = set()
    if here is not None:
        seen.add((os.path.abspath(here.file), here.line, here.column))
    out = []
    for where, what in places:
        key = (os.path.abspath(where.file), where.line, where.column)
        if key not in seen:
            seen.add(key)
            out.append((where, what))
    return out
