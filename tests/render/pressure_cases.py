"""A small fleet whose report a reviewer can check by eye (no H: stable slots)."""

from __future__ import annotations

from datetime import datetime, timezone

from cronstable_cli.analysis.duplicates import Duplicates, find_duplicates
from cronstable_cli.analysis.fires import build_fleet
from cronstable_cli.analysis.jitter import JitterOption
from cronstable_cli.analysis.pressure import Pressure, compute_pressure
from cronstable_cli.analysis.suggest import Suggestion, suggest_slots
from cronstable_cli.records import Job, SourceLocation

START = datetime(2026, 1, 5, tzinfo=timezone.utc)
HERE = SourceLocation("fleet.yaml", 1)


def fleet_jobs() -> list[Job]:
    specs = [
        ("backup-db", "0 * * * *"),
        ("rotate-logs", "@hourly"),
        ("sync-users", "0 * * * *"),
        ("thirds", "*/20 * * * *"),
        ("nightly", "15 3 * * *"),
        ("nightly-copy", "15 3 * * *"),
        ("<script>alert('x')</script>", "45 12 * * *"),
    ]
    jobs = [Job(name, schedule, HERE, HERE) for name, schedule in specs]
    jobs.append(Job("paused", "* * * * *", HERE, HERE, enabled=False))
    return jobs


def report_parts(
    all_cells: bool = False, jitter: JitterOption | None = None
) -> tuple[Pressure, Duplicates, Suggestion, Suggestion]:
    fleet = build_fleet(fleet_jobs())
    pressure = compute_pressure(fleet, START, 24, all_cells=all_cells, jitter=jitter)
    hourly, daily = suggest_slots(fleet, START)
    return pressure, find_duplicates(fleet), hourly, daily
