"""A job's schedule in the engine: its name is the H key, crontab files allow @midnight.

Every analysis reads a job's parse through `parse_job`, which takes it from
the command's one parse per schedule (engine/parse_table.py), and searches it on
`job_timeline`, made from that parse: no analysis parses a job's text again.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import CronTab, Parsed, Schedule, ScheduleError, Timeline, load_zone
from ..engine.parse_table import parse_schedule
from ..records import Job


def parse_job(job: Job) -> Parsed:
    """The job's parsed schedule; raises ScheduleError."""
    return parse_schedule(job.schedule, job.name, crontab=job.kind == "crontab")


def parse_jobs(jobs: Sequence[Job]) -> list[Parsed | ScheduleError]:
    """Each job's parsed schedule, or the error it raised (parses are shared by the engine)."""
    out: list[Parsed | ScheduleError] = []
    for job in jobs:
        try:
            out.append(parse_job(job))
        except ScheduleError as err:
            out.append(err)
    return out


def job_timeline(job: Job) -> Timeline:
    """The job's schedule in its own zone, from its one parse: what `job_crontab` searches
    on. Raises ZoneError, then ScheduleError, as `job_crontab` does."""
    zone = load_zone(job.zone)
    return Timeline(Schedule(parse_job(job)), zone)


def job_crontab(job: Job) -> CronTab:
    """The job's schedule in its own zone; raises ScheduleError or ZoneError."""
    return CronTab(
        job.schedule, hash_key=job.name, tz=load_zone(job.zone), crontab=job.kind == "crontab"
    )
