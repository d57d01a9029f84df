"""Cross-file findings carried over an edit: moved with their lines, or dropped.

The whole-workspace lint runs on open and on save; while a document is
edited only its own lint runs, and the cross-file findings of the last whole
lint are carried over. An edit moves lines, so each carried finding is
mapped from the text it was found in to the new one: a finding on a line
before the edited region keeps its line, one after it moves by the lines the
edit added or removed, and one inside the edited region is dropped (until
the next whole lint says again). The mapping is done again at each lint of
the document, from the text of the previous one, so each edit drops only
what it touched. A fix whose edits cannot be moved is dropped with them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from ..records import Finding, Fix, SourceLocation

# A 1-based line of the old text -> its line in the new text (None: the edit changed it).
LineMap = Callable[[int], int | None]


def line_map(old: str, new: str) -> LineMap:
    """Lines before the first changed one stay; lines after the last changed one move by
    the change in length; the lines between were edited."""
    a = old.split("\n")
    b = new.split("\n")
    prefix = 0
    limit = min(len(a), len(b))
    while prefix < limit and a[prefix] == b[prefix]:
        prefix += 1
    suffix = 0
    while suffix < limit - prefix and a[len(a) - 1 - suffix] == b[len(b) - 1 - suffix]:
        suffix += 1
    shift = len(b) - len(a)
    first_after = len(a) - suffix + 1  # 1-based: the first old line of the unchanged end

    def moved(line: int) -> int | None:
        if line <= prefix:
            return line
        if line >= first_after:
            return line + shift
        return None

    return moved


def carried_over(findings: Iterable[Finding], old: str, new: str) -> list[Finding]:
    """The findings of `old` that still stand in `new` where they are, at their new lines."""
    if old == new:
        return list(findings)
    moved = line_map(old, new)
    out = []
    for finding in findings:
        here = finding.location
        if here is None or here.line == 0:
            out.append(finding)  # about the file, not a line
            continue
        line = moved(here.line)
        if line is None:
            continue
        out.append(
            replace(
                finding,
                location=replace(here, line=line),
                fix=_moved_fix(finding.fix, moved),
                related=tuple(
                    (what, _moved_place(at, here.file, moved) or at)
                    for what, at in finding.related
                    if at.file != here.file or moved(at.line) is not None
                ),
            )
        )
    return out


def _moved_fix(fix: Fix | None, moved: LineMap) -> Fix | None:
    if fix is None:
        return None
    edits = []
    for edit in fix.edits:
        line = moved(edit.line)
        if line is None:
            return None
        edits.append(replace(edit, line=line))
    return replace(fix, edits=tuple(edits))


def _moved_place(at: SourceLocation, file: str, moved: LineMap) -> SourceLocation | None:
    if at.file != file or at.line == 0:
        return None
    line = moved(at.line)
    return None if line is None else replace(at, line=line)
