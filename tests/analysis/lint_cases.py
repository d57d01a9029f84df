"""Helpers for the lint rule tests: a schedule in, (code, column) or messages out.

Jobs are built by hand with the schedule starting at column 1 of line 4, so
a finding's column is the column inside the schedule text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from cronstable_cli.analysis.lint import LintReport, LintSettings, lint
from cronstable_cli.records import Finding, Job, SourceLocation

NOW = datetime(2026, 1, 10, 12, 0, tzinfo=timezone.utc)
FILE = "jobs.yaml"
LINE = 4


def make_job(schedule: str, name: str = "job", *, line: int = LINE, **kw: Any) -> Job:
    return Job(
        name=name,
        schedule=schedule,
        location=SourceLocation(FILE, line - 2, 5),
        schedule_location=SourceLocation(FILE, line, 1),
        **kw,
    )


@dataclass(frozen=True)
class Loaded:
    jobs: tuple[Job, ...]
    findings: tuple[Finding, ...] = ()
    files: tuple[str, ...] = field(default=(FILE,))


def run(*jobs: Job, findings: tuple[Finding, ...] = (), **settings: Any) -> LintReport:
    settings.setdefault("now", NOW)
    return lint(Loaded(tuple(jobs), findings), LintSettings(**settings))


def columns(schedule: str, code: str, **job: Any) -> list[int]:
    """Columns (inside the schedule) of the findings of `code` for one job."""
    report = run(make_job(schedule, **job), select=frozenset({code}))
    assert all(f.line == LINE for f in report.findings)
    return [f.column for f in report.findings]


def messages(schedule: str, code: str, *, now: datetime = NOW, **job: Any) -> list[str]:
    report = run(make_job(schedule, **job), select=frozenset({code}), now=now)
    return [f.message for f in report.findings]


def codes(schedule: str, **job: Any) -> list[str]:
    """Every code reported for one job, in report order."""
    return [f.code for f in run(make_job(schedule, **job)).findings]


DST = frozenset({"dst-skipped-time", "dst-repeated-time"})


def dst_codes(schedule: str, now: datetime | None = None, **job: Any) -> list[tuple[str, int]]:
    """(code, column) of both DST rules for one job (they share the two-per-job cap)."""
    report = run(make_job(schedule, **job), select=DST, now=now or NOW)
    # A refusal (an unknown zone) is reported whatever is selected: not a DST finding.
    return [(f.code, f.column) for f in report.findings if f.code in DST]
