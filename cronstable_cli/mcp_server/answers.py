"""What a command's run means as a tool result: its JSON document, or an error message."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .runner import Outcome


@dataclass(frozen=True)
class Answer:
    """A tool's answer: the document (when the command wrote one) and/or an error.

    `notes` are the lines the command wrote on stderr (load errors, jobs left
    out, fixes not applied), already escaped by the command.
    """

    document: dict[str, Any] | None = None
    error: str | None = None
    notes: tuple[str, ...] = field(default=())
    exit_code: int = 0
    text: str | None = None  # the document as the command wrote it


def _lines(stderr: str) -> tuple[str, ...]:
    return tuple(line for line in stderr.splitlines() if line.strip())


def error_message(stderr: str, exit_code: int) -> str:
    """The command's own error, without click's usage banner (the tool has no command line)."""
    kept = [
        line
        for line in _lines(stderr)
        if not line.startswith(("Usage: ", "Try 'cronstable-cli ", "Try 'cronstable "))
    ]
    return "\n".join(kept) or f"the command failed (exit status {exit_code})"


def answer_of(outcome: Outcome) -> Answer:
    """The document a command wrote on stdout, else its error (an invalid schedule is both)."""
    document = None
    if outcome.stdout.strip():
        try:
            parsed = json.loads(outcome.stdout)
        except ValueError:
            parsed = None
        if isinstance(parsed, dict) and parsed.get("version") is not None:
            document = parsed
    if document is None:
        return Answer(
            error=error_message(outcome.stderr, outcome.exit_code),
            exit_code=outcome.exit_code,
        )
    error = document.get("error")
    if isinstance(error, dict) and "expression" in document:
        # preview/explain/why on an invalid schedule: the error document, as an error.
        message = str(error.get("message", ""))
        return Answer(document, message, exit_code=outcome.exit_code, text=outcome.stdout)
    notes = _lines(outcome.stderr)
    return Answer(document, notes=notes, exit_code=outcome.exit_code, text=outcome.stdout)
