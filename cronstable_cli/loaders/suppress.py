"""`# cronstable: ignore[code,...]` comments: which codes a job silences.

The comment counts on the schedule's line, or on a comment line directly
above the job (the `- name:` item or the crontab entry) or directly above its
`schedule:` key; without a list it silences every code.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_DIRECTIVE = re.compile(r"(?:^|\s)#\s*cronstable:\s*ignore\b(?:\[([^\]]*)\])?", re.IGNORECASE)


def directive(line: str) -> frozenset[str] | None:
    """Codes named by a directive on this line; empty = all codes; None = no directive."""
    if "cronstable" not in line.lower():
        return None
    found: frozenset[str] | None = None
    for match in _DIRECTIVE.finditer(line):
        listed = match.group(1)
        codes = frozenset(c.strip() for c in (listed or "").split(",") if c.strip())
        if not codes:
            return frozenset()
        found = codes if found is None else found | codes
    return found


def suppressed_codes(
    lines: Sequence[str], job_line: int, schedule_lines: Sequence[int]
) -> frozenset[str] | None:
    """Union of the directives that apply to a job (1-based line numbers).

    `schedule_lines` starts with the `schedule:` key's line (the entry's own
    line in a crontab), then the lines its value spans.
    """
    result: frozenset[str] | None = None
    candidates: list[str] = []
    # A comment line directly above the job, or directly above its `schedule:` key
    # (where a reader puts a note about the schedule), or the schedule's own line.
    for number in dict.fromkeys((job_line, *schedule_lines[:1])):
        above = number - 1
        if 1 <= above <= len(lines) and lines[above - 1].lstrip().startswith("#"):
            candidates.append(lines[above - 1])
    for number in dict.fromkeys(schedule_lines):
        if 1 <= number <= len(lines):
            candidates.append(lines[number - 1])
    for line in candidates:
        codes = directive(line)
        if codes is None:
            continue
        if not codes:
            return frozenset()
        result = codes if result is None else result | codes
    return result
