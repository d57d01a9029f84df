"""textDocument/inlayHint: `→ resolved` after an `H` schedule, the next fire after each.

Shown at the end of the schedule's last line (a crontab entry: after its
five fields), for the jobs in the range the editor asks about.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from lsprotocol import types as lsp

from ..analysis.frames import job_crontab
from ..engine import ScheduleError, ZoneError
from ..records import Job
from ..safe_text import shown
from .hover import schedule_lines
from .positions import UTF16, units


def inlay_hints(
    text: str,
    jobs: Sequence[Job],
    first_line: int,
    last_line: int,
    now: datetime,
    encoding: str = UTF16,
) -> list[lsp.InlayHint]:
    """Hints for the jobs whose schedule is on 0-based lines first_line..last_line."""
    lines = text.split("\n")
    out: list[lsp.InlayHint] = []
    for job in jobs:
        written = schedule_lines(job)
        if not written:
            continue
        line = max(written) if job.kind != "crontab" else job.location.line
        if not first_line <= line - 1 <= last_line or line > len(lines):
            continue
        try:
            tab = job_crontab(job)
        except (ScheduleError, ZoneError):
            continue  # the diagnostics say why
        labels = []
        if tab.parsed.uses_hash:
            labels.append(f"→ {tab.resolved}")
        if not tab.is_reboot:
            fire = next(iter(tab.occurrences(now.astimezone(tab.zone))), None)
            labels.append("never fires" if fire is None else f"next {fire:%a %Y-%m-%d %H:%M %Z}")
        if not labels:
            continue
        out.append(
            lsp.InlayHint(
                position=lsp.Position(
                    line=line - 1, character=_end(lines[line - 1], job, encoding)
                ),
                label=shown("  ".join(labels)),
                kind=lsp.InlayHintKind.Type,
                padding_left=True,
            )
        )
    return out


def _end(line: str, job: Job, encoding: str) -> int:
    """Where the hint goes: after a crontab entry's schedule, else at the end of the line."""
    text = line.rstrip("\r")
    if job.kind == "crontab":
        column = job.schedule_location.column or job.location.column
        at = column - 1 + len(job.schedule)
        if column and text[column - 1 : at] == job.schedule:
            return units(text, at, encoding)
    if "#" in text and job.kind != "crontab":
        comment = text.find(" #")
        if comment >= 0:
            return units(text, len(text[:comment].rstrip()), encoding)
    return units(text, len(text.rstrip()), encoding)
