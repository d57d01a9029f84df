"""Load problems as findings: the collector each loader fills (codes: `load_codes.py`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..load_codes import LOAD_CODES
from ..records import Finding, Fix, SourceLocation


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
        key: str = "",
        fix: Fix | None = None,
    ) -> None:
        level = LOAD_CODES.get(code)
        if level is None:
            # A code without a declaration would have no level, no docs and no --select.
            raise ValueError(f"undeclared load code {code!r}")
        self.found.append(
            Finding(
                code=code,
                level=level,
                message=message,
                location=SourceLocation(self.file, line, col),
                job=job,
                schedule=schedule,
                key=key,
                fix=fix,
            )
        )
