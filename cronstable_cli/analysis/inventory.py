"""`cronstable jobs`: every loaded job with its resolved schedule, zone and next fire."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from ..engine import Parsed, ScheduleError, ZoneError, load_zone
from ..records import Finding, Job
from .frames import job_timeline, parse_job

# What `jobs` calls each source: a `jobs:` entry, a DAG's schedule job, a crontab line.
KINDS = {"yaml": "job", "dag": "dag", "crontab": "crontab"}


@dataclass(frozen=True, slots=True)
class InventoryRow:
    """One job as the daemon would load it."""

    job: Job
    resolved: str | None  # None when the schedule does not parse
    next: datetime | None  # None for @reboot, never-firing and invalid schedules
    never_fires: bool
    # The schedule as the daemon uses it (fields joined by one space, a macro in lower
    # case); the text as written when it does not parse.
    schedule: str = ""

    @property
    def shown_schedule(self) -> str:
        return self.schedule or self.job.schedule

    @property
    def kind(self) -> str:
        """job, dag or crontab."""
        return KINDS[self.job.kind]


@dataclass(frozen=True)
class Inventory:
    """The rows in load order, plus the files read and what failed to load."""

    rows: tuple[InventoryRow, ...]
    files: tuple[str, ...]
    errors: tuple[Finding, ...]
    total: int  # jobs loaded before filtering


def inventory(
    jobs: Sequence[Job],
    load_findings: Sequence[Finding],
    files: Sequence[str],
    start: datetime,
    *,
    enabled_only: bool = False,
    zone: str | None = None,
    grep: str | None = None,
) -> Inventory:
    """Resolve each job and find its next fire after `start` (shown in start's zone)."""
    errors = [f for f in load_findings if f.level == "error"]
    rows = []
    needle = grep.lower() if grep else None
    fires: dict[tuple[int, str], tuple[Parsed, datetime | None]] = {}
    for job in jobs:
        if enabled_only and not job.enabled:
            continue
        if zone is not None and job.zone != zone:
            continue
        if needle and needle not in f"{job.name}\n{job.schedule}\n{job.command}".lower():
            continue
        try:
            # The parse and the zone, each raising as it would for the job's own
            # search; the search itself only when it is not made yet.
            parsed = parse_job(job)
            job_zone = job.zone
            load_zone(job_zone)
        except (ScheduleError, ZoneError) as err:
            code = "unknown-timezone" if isinstance(err, ZoneError) else "invalid-schedule"
            if not any(e.job == job.name and e.code == code for e in errors):
                errors.append(
                    Finding(
                        code,
                        "error",
                        f"job {job.name!r}: {err}",
                        job.schedule_location,
                        job.name,
                        job.schedule,
                    )
                )
            rows.append(InventoryRow(job, None, None, False))
            continue
        # Jobs whose schedules parse alike (the engine shares the parse) in the
        # same zone fire alike: search once per such pair, not once per job.
        # (The entry keeps the parse alive, so its id cannot be reused meanwhile.)
        key = (id(parsed), job_zone)
        seen = fires.get(key)
        if seen is None:
            found = None if parsed.reboot else job_timeline(job).next_fire(start)
            seen = fires[key] = (parsed, found)
        nxt = seen[1]
        rows.append(
            InventoryRow(
                job, parsed.resolved, nxt, nxt is None and not parsed.reboot, parsed.source
            )
        )
    return Inventory(tuple(rows), tuple(files), tuple(errors), len(jobs))
