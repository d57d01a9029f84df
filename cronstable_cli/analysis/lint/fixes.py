"""Applying findings' fixes to file text: exact, token-checked, never overlapping.

Pure: texts in, texts out. Every edit names the text it replaces; an edit
whose text is not where the finding says (the file changed, an escaped
scalar, a `${VAR}` the loader expanded) is skipped, never guessed. Everything outside
the replaced token, comments, quoting, key order and blank lines included,
stays byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ...records import Edit, Finding
from ...safe_text import shown


@dataclass(frozen=True, slots=True)
class FilePlan:
    """One file's text before and after the fixes that apply to it."""

    path: str
    before: str
    after: str
    applied: tuple[Finding, ...]
    skipped: tuple[tuple[Finding, str], ...]  # with the reason


def fixable(findings: Iterable[Finding], unsafe: bool) -> list[Finding]:
    """The findings whose fix may be applied: safe ones, and unsafe ones when allowed."""
    return [f for f in findings if f.fix is not None and f.file and (f.fix.safe or unsafe)]


def plan_fixes(
    findings: Sequence[Finding], texts: Mapping[str, str], unsafe: bool = False
) -> list[FilePlan]:
    """Per file (in first-finding order), the text with every applicable fix made."""
    by_file: dict[str, list[Finding]] = {}
    for finding in fixable(findings, unsafe):
        assert finding.file is not None
        by_file.setdefault(finding.file, []).append(finding)
    plans = []
    for path, group in by_file.items():
        text = texts.get(path)
        if text is None:
            plans.append(
                FilePlan(path, "", "", (), tuple((f, "the file was not read") for f in group))
            )
            continue
        plans.append(_plan_file(path, text, group))
    return plans


def _plan_file(path: str, text: str, findings: list[Finding]) -> FilePlan:
    starts = _line_starts(text)
    taken: list[tuple[int, int]] = []
    chosen: list[tuple[int, Edit]] = []
    applied: list[Finding] = []
    skipped: list[tuple[Finding, str]] = []
    for finding in findings:
        assert finding.fix is not None
        spans: list[tuple[int, Edit]] = []
        reason = ""
        for edit in finding.fix.edits:
            offset = _offset(starts, text, edit)
            if offset is None or text[offset : offset + len(edit.old)] != edit.old:
                reason = f"{edit.old!r} is not at line {edit.line}, column {edit.column}"
                break
            end = offset + len(edit.old)
            if any(_overlap(offset, end, a, b) for a, b in taken):
                reason = "another fix changes the same text (run --fix again)"
                break
            spans.append((offset, edit))
        if reason:
            skipped.append((finding, reason))
            continue
        for offset, edit in spans:
            taken.append((offset, offset + len(edit.old)))
            chosen.append((offset, edit))
        applied.append(finding)
    after = text
    for offset, edit in sorted(chosen, key=lambda pair: pair[0], reverse=True):
        after = after[:offset] + edit.new + after[offset + len(edit.old) :]
    return FilePlan(path, text, after, tuple(applied), tuple(skipped))


_BREAK = re.compile("\r\n|\r|\n")


def _line_starts(text: str) -> list[tuple[int, int]]:
    """(start, end) of each line of the bytes the fixer edits, counted as the loaders
    count them: CRLF, a lone CR and LF each end a line (both loaders read the text with
    every CR as a break, so a finding's line is that line; counting `\\n` alone put a
    fix on another job's line after a stray CR inside a quoted value)."""
    lines = []
    start = 0
    for match in _BREAK.finditer(text):
        lines.append((start, match.start()))
        start = match.end()
    lines.append((start, len(text)))
    return lines


def _offset(starts: list[tuple[int, int]], text: str, edit: Edit) -> int | None:
    if not 1 <= edit.line <= len(starts) or edit.column < 1:
        return None
    start, end = starts[edit.line - 1]
    offset = start + edit.column - 1
    return offset if offset + len(edit.old) <= end or (not edit.old and offset <= end) else None


def _overlap(start: int, end: int, other_start: int, other_end: int) -> bool:
    """Half-open ranges; an empty one is an insertion point (ambiguous at another's start)."""
    if start == end and other_start == other_end:
        return start == other_start
    if start == end:
        return other_start <= start < other_end
    if other_start == other_end:
        return start <= other_start < end
    return start < other_end and other_start < end


def unified_diff(plan: FilePlan) -> str:
    """`--diff`: the plan as a unified diff (a/ and b/ prefixes, like git)."""
    import difflib

    lines = difflib.unified_diff(
        _lines(plan.before),
        _lines(plan.after),
        # A header is one line: the path shown escaped (a newline in a file name
        # would otherwise start a line of its own, such as `::error ...`).
        fromfile=f"a/{shown(_clean(plan.path))}",
        tofile=f"b/{shown(_clean(plan.path))}",
    )
    out = []
    for line in lines:
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def _lines(text: str) -> list[str]:
    """Lines split at `\n` only (str.splitlines also splits at form feeds and U+2028)."""
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def _clean(path: str) -> str:
    """`./a/b` as `a/b` in diff headers, with forward slashes."""
    import os

    return os.path.normpath(path).replace(os.sep, "/")
