"""A job's schedule in the engine: its name is the H key, crontab files allow @midnight."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import CronTab, Parsed, ScheduleError, load_zone, parse
from ..records import Job


def parse_job(job: Job) -> Parsed:
    """The job's parsed schedule; raises ScheduleError."""
    return parse(job.schedule, job.name, crontab=job.kind == "crontab")


def parse_jobs(jobs: Sequence[Job]) -> list[Parsed | ScheduleError]:
    """Each job's parsed schedule, or the error it raised (parses are shared by the engine)."""
    out: list[Parsed | ScheduleError] = []
    for job in jobs:
        try:
            out.append(parse_job(job))
        except ScheduleError as err:
            out.append(err)
    return out


def job_crontab(job: Job) -> CronTab:
    """The job's schedule in its own zone; raises ScheduleError or ZoneError."""
    return CronTab(
        job.schedule, hash_key=job.name, tz=load_zone(job.zone), crontab=job.kind == "crontab"
    )
