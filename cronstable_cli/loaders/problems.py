"""Load problems as findings: the codes the loaders emit and a small collector."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..records import Finding, Level, SourceLocation

INVALID_CONFIG = "invalid-config"
INVALID_SCHEDULE = "invalid-schedule"
UNKNOWN_TIMEZONE = "unknown-timezone"
DUPLICATE_JOB_NAME = "duplicate-job-name"
INCLUDE_CYCLE = "include-cycle"
UNREADABLE_FILE = "unreadable-file"
UNKNOWN_KEY = "unknown-key"
MISSING_FINAL_NEWLINE = "missing-final-newline"
EMPTY_CONFIG = "empty-config"
LIKELY_USER_COLUMN = "likely-user-column"
EMPTY_VALUE = "empty-value"
ENV_REFERENCE = "env-reference"
COMMAND_LOOKS_LIKE_FIELD = "command-looks-like-field"

# Every code a loader can emit, with its level (the lint layer may want the list).
LOAD_CODES: dict[str, Level] = {
    INVALID_CONFIG: "error",
    INVALID_SCHEDULE: "error",
    UNKNOWN_TIMEZONE: "error",
    DUPLICATE_JOB_NAME: "error",
    INCLUDE_CYCLE: "error",
    UNREADABLE_FILE: "error",
    UNKNOWN_KEY: "error",
    MISSING_FINAL_NEWLINE: "note",
    EMPTY_CONFIG: "note",
    LIKELY_USER_COLUMN: "note",
    EMPTY_VALUE: "warning",
    ENV_REFERENCE: "note",
    COMMAND_LOOKS_LIKE_FIELD: "warning",
}


@dataclass
class Problems:
    """Collects the findings of one file."""

    file: str
    found: list[Finding] = field(default_factory=list)

    def add(
        self,
        code: str,
        message: str,
        line: int = 0,
        col: int = 0,
        *,
        job: str | None = None,
        schedule: str | None = None,
    ) -> None:
        self.found.append(
            Finding(
                code=code,
                level=LOAD_CODES.get(code, "error"),
                message=message,
                location=SourceLocation(self.file, line, col),
                job=job,
                schedule=schedule,
            )
        )
