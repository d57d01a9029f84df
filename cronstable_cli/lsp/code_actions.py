"""textDocument/codeAction: the fixes findings carry, a suppression, fix-all.

Every edit comes from the plan `lint --fix` makes (analysis/lint/fixes.py),
so applying an action gives the bytes `lint --fix` (or, for an unsafe fix,
`lint --fix --unsafe-fixes`) writes. Safe fixes are preferred quick fixes;
an unsafe one says that it changes when the job fires. "Ignore" inserts a
`# cronstable: ignore[code]` comment on the line above the job, where the
linter honours it for every code.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lsprotocol import types as lsp

from ..analysis.lint.fixes import plan_fixes
from ..load_codes import REFUSALS
from ..loaders.suppress import directive
from ..records import Edit, Finding, Job
from .diagnostics import to_diagnostic
from .positions import UTF16, units

FIX_ALL = "source.fixAll.cronstable"
_LIST = re.compile(r"(#\s*cronstable:\s*ignore\[)([^\]]*)(\])", re.IGNORECASE)


def code_actions(
    uri: str,
    path: str,
    text: str,
    findings: Sequence[Finding],
    jobs: Sequence[Job],
    first_line: int,
    last_line: int,
    only: Sequence[str] | None = None,
    encoding: str = UTF16,
) -> list[lsp.CodeAction]:
    """The actions for the findings on 0-based lines first_line..last_line, then fix-all."""
    lines = text.split("\n")

    def wanted(kind: str) -> bool:
        return not only or any(kind.startswith(k) for k in only)

    out: list[lsp.CodeAction] = []
    if wanted(lsp.CodeActionKind.QuickFix):
        for finding in findings:
            if not first_line <= finding.line - 1 <= last_line:
                continue
            diagnostic = to_diagnostic(finding, lines, encoding=encoding)
            fix = _fix_action(uri, path, text, finding, diagnostic, encoding)
            if fix is not None:
                out.append(fix)
            ignore = _ignore_action(uri, lines, finding, jobs, diagnostic, encoding)
            if ignore is not None:
                out.append(ignore)
    if wanted(FIX_ALL):
        every = fix_all(uri, path, text, findings, encoding)
        if every is not None:
            out.append(every)
    return out


def fix_all(
    uri: str, path: str, text: str, findings: Sequence[Finding], encoding: str = UTF16
) -> lsp.CodeAction | None:
    """Every safe fix of the document at once: the text `lint --fix` writes."""
    plan = plan_fixes([f for f in findings if f.file == path or f.file is None], {path: text})
    if not plan or not plan[0].applied or plan[0].after == text:
        return None
    edits = [e for f in plan[0].applied if f.fix for e in f.fix.edits]
    count = len(plan[0].applied)
    return lsp.CodeAction(
        title=f"Fix {count} cronstable finding{'s' if count != 1 else ''} (safe fixes only)",
        kind=FIX_ALL,
        edit=_workspace_edit(uri, text, edits, encoding),
    )


def _fix_action(
    uri: str,
    path: str,
    text: str,
    finding: Finding,
    diagnostic: lsp.Diagnostic,
    encoding: str,
) -> lsp.CodeAction | None:
    fix = finding.fix
    if fix is None:
        return None
    plan = plan_fixes([finding], {path: text}, unsafe=True)
    if not plan or not plan[0].applied:
        return None  # the text is no longer what the finding saw: no guessing
    label = fix.description if fix.safe else f"{fix.description} (changes when the job fires)"
    return lsp.CodeAction(
        title=f"{label} [{finding.code}]",
        kind=lsp.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        is_preferred=fix.safe,
        edit=_workspace_edit(uri, text, fix.edits, encoding),
    )


def _ignore_action(
    uri: str,
    lines: list[str],
    finding: Finding,
    jobs: Sequence[Job],
    diagnostic: lsp.Diagnostic,
    encoding: str,
) -> lsp.CodeAction | None:
    if finding.code in REFUSALS:
        return None  # the daemon will not load the file: no comment hides that verdict
    owner = _owner(finding, jobs)
    if owner is None or not 1 <= owner.location.line <= len(lines):
        return None
    number = owner.location.line
    above = lines[number - 2] if number >= 2 else None
    code = finding.code
    edit: lsp.TextEdit
    if above is not None and above.lstrip().startswith("#"):
        codes = directive(above)
        if codes is not None and not codes:
            return None  # an ignore of every code is already there
        listed = _LIST.search(above)
        if codes and listed:
            end = listed.end(2)
            inner = listed.group(2)
            addition = f", {code}" if inner.strip() else code
            at = lsp.Position(line=number - 2, character=units(above, end, encoding))
            edit = lsp.TextEdit(range=lsp.Range(start=at, end=at), new_text=addition)
            return _ignore(uri, code, owner, edit, diagnostic)
    line = lines[number - 1]
    indent = line[: len(line) - len(line.lstrip(" \t"))]
    newline = "\r\n" if line.endswith("\r") else "\n"
    at = lsp.Position(line=number - 1, character=0)
    edit = lsp.TextEdit(
        range=lsp.Range(start=at, end=at), new_text=f"{indent}# cronstable: ignore[{code}]{newline}"
    )
    return _ignore(uri, code, owner, edit, diagnostic)


def _ignore(
    uri: str, code: str, owner: Job, edit: lsp.TextEdit, diagnostic: lsp.Diagnostic
) -> lsp.CodeAction:
    return lsp.CodeAction(
        title=f"Ignore {code} for job {owner.name!r} (# cronstable: ignore comment)",
        kind=lsp.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        edit=lsp.WorkspaceEdit(changes={uri: [edit]}),
    )


def _owner(finding: Finding, jobs: Sequence[Job]) -> Job | None:
    """The job a finding belongs to, as the linter decides for suppression."""
    if finding.job is None:
        return None
    candidates = [j for j in jobs if j.name == finding.job and j.location.file == finding.file]
    if not candidates:
        return None
    before = [j for j in candidates if j.location.line <= finding.line]
    return max(before, key=lambda j: j.location.line) if before else candidates[0]


def _workspace_edit(uri: str, text: str, edits: Sequence[Edit], encoding: str) -> lsp.WorkspaceEdit:
    """Edits (1-based line and column, the text replaced) as LSP text edits."""
    starts = [0]
    for index, char in enumerate(text):
        if char == "\n":
            starts.append(index + 1)
    changes = []
    for edit in edits:
        offset = starts[edit.line - 1] + edit.column - 1
        changes.append(
            lsp.TextEdit(
                range=lsp.Range(
                    start=_position(text, starts, offset, encoding),
                    end=_position(text, starts, offset + len(edit.old), encoding),
                ),
                new_text=edit.new,
            )
        )
    return lsp.WorkspaceEdit(changes={uri: changes})


def _position(text: str, starts: list[int], offset: int, encoding: str) -> lsp.Position:
    import bisect

    line = bisect.bisect_right(starts, offset) - 1
    start = starts[line]
    return lsp.Position(line=line, character=units(text[start:offset], offset - start, encoding))
