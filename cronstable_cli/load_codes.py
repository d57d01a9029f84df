"""The codes of load problems, each declared once: code, level and documentation.

The loaders emit them (and the linter, for `invalid-schedule` and
`unknown-timezone`); lint's registry derives a rule from each. A record-level
module, so the registry can read it without importing the loaders.
"""

from __future__ import annotations

from typing import NamedTuple

from . import load_code_docs as docs
from .records import FixKind, Level


class LoadCode(NamedTuple):
    """A code the loaders (or, for `invalid-schedule`, the linter) emit."""

    code: str
    level: Level
    doc: str  # Markdown in the rule-doc shape (see problem_docs.py)
    fix: FixKind | None = None  # some findings carry a fix (safe: fire times unchanged)


# Every load code, in report order: declared here once; lint's registry derives its rules.
LOAD_RULES: list[LoadCode] = []


def _declare(code: str, level: Level, doc: str, fix: FixKind | None = None) -> str:
    LOAD_RULES.append(LoadCode(code, level, doc, fix))
    return code


INVALID_SCHEDULE = _declare("invalid-schedule", "error", docs.INVALID_SCHEDULE)
INVALID_CONFIG = _declare("invalid-config", "error", docs.INVALID_CONFIG)
UNKNOWN_TIMEZONE = _declare("unknown-timezone", "error", docs.UNKNOWN_TIMEZONE)
DUPLICATE_JOB_NAME = _declare("duplicate-job-name", "error", docs.DUPLICATE_JOB_NAME)
INCLUDE_CYCLE = _declare("include-cycle", "error", docs.INCLUDE_CYCLE)
UNREADABLE_FILE = _declare("unreadable-file", "error", docs.UNREADABLE_FILE)
# A misspelt key renamed to its one close match changes what the job does: unsafe.
UNKNOWN_KEY = _declare("unknown-key", "error", docs.UNKNOWN_KEY, fix="unsafe")
MISSING_FINAL_NEWLINE = _declare(
    "missing-final-newline", "note", docs.MISSING_FINAL_NEWLINE, fix="safe"
)
EMPTY_CONFIG = _declare("empty-config", "note", docs.EMPTY_CONFIG)
LIKELY_USER_COLUMN = _declare("likely-user-column", "warning", docs.LIKELY_USER_COLUMN)
EMPTY_VALUE = _declare("empty-value", "warning", docs.EMPTY_VALUE)
ENV_REFERENCE = _declare("env-reference", "note", docs.ENV_REFERENCE)
COMMAND_LOOKS_LIKE_FIELD = _declare(
    "command-looks-like-field", "warning", docs.COMMAND_LOOKS_LIKE_FIELD
)

LOAD_CODES: dict[str, Level] = {c.code: c.level for c in LOAD_RULES}
# The load errors: each is the daemon refusing the file (or the job's entry). They are
# verdicts, not findings one can select away: --select, --ignore, per-file-ignores,
# `# cronstable: ignore[...]` comments and a baseline never hide them.
REFUSALS: frozenset[str] = frozenset(c.code for c in LOAD_RULES if c.level == "error")
