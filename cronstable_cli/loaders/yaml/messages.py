"""How config text appears in messages: did-you-mean hints, escaped values, syntax advice."""

from __future__ import annotations

import re

# The one did-you-mean every command uses (names.py), re-exported for the loaders.
from ...names import did_you_mean
from .nodes import SyntaxProblem

__all__ = ["did_you_mean", "explain_syntax", "shown"]


def shown(text: str, limit: int = 80) -> str:
    """A config value quoted for a message, control characters escaped, long text cut."""
    if len(text) > limit:
        return repr(text[:limit])[:-1] + "...'"
    return repr(text)


# A schedule (or map-form field) whose unquoted value starts with a YAML indicator.
_UNQUOTED_SCHEDULE = re.compile(
    r"^\s*(?:-\s+)?(?P<key>schedule|second|minute|hour|dayOfMonth|month|dayOfWeek|year)"
    r"\s*:\s+(?P<value>[*@?&!%`|>][^#]*?)\s*(?:#.*)?$"
)


def explain_syntax(problem: SyntaxProblem, lines: list[str]) -> SyntaxProblem:
    """The commonest YAML mistake said plainly: an unquoted schedule starting with `*` or `@`.

    YAML reads `*5` as an alias and refuses `@`, so the raw parser message is
    about aliases or tokens; the fix is to quote the schedule.
    """
    if not 1 <= problem.line <= len(lines):
        return problem
    match = _UNQUOTED_SCHEDULE.match(lines[problem.line - 1])
    if match is None:
        return problem
    key, value = match.group("key"), match.group("value")
    what = "an alias" if value.startswith("*") else "a reserved character"
    return SyntaxProblem(
        f'quote the schedule: {key}: "{value}" (unquoted, YAML reads the leading '
        f"{value[0]!r} as {what}, so the file does not parse)",
        problem.line,
        match.start("value") + 1,
    )
