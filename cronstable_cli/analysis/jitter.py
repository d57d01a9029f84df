"""Deterministic jitter: each job fires a fixed number of seconds late (docs/fleet-analyses.md).

`scheduled_for` stays the un-jittered instant (history, keys and "was it late?" use
it); `fire_after = scheduled_for + offset`, where the offset is the job's H hash
under the label ``jitter`` modulo ``jitter_seconds``. The offset depends on nothing
but the job name, so every occurrence and every replica agrees on it.

The jitter width is a command-line choice (``--jitter auto|N``), never a job-file
key: the daemon's strict schema would refuse the file over an unknown key.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from itertools import pairwise
from typing import Literal, TypeAlias

from cronstable_cli.engine.daemon_hash import hash_value
from cronstable_cli.engine.timeline import Timeline

MAX_JITTER_SECONDS = 900
AUTO_JITTER_CAP_SECONDS = 60

JitterOption: TypeAlias = Literal["auto"] | int


def jitter_offset(job_name: str, jitter_seconds: int) -> int:
    """Seconds between `scheduled_for` and `fire_after` for this job (0 when width is 0)."""
    if jitter_seconds < 0:
        raise ValueError(f"jitter width must not be negative, got {jitter_seconds}")
    if jitter_seconds == 0:
        return 0
    return hash_value("jitter", job_name) % jitter_seconds


def auto_jitter_seconds(fires_at_minute_zero: bool, shortest_interval_seconds: int | None) -> int:
    """the documented default width: min(60, interval // 10) for top-of-hour schedules, else 0.

    The caller, who has the engine, supplies the facts: whether the schedule has a fire
    at minute 0 of some hour, and the shortest gap in seconds between consecutive fires
    (None when the schedule fires at most once, which gets no jitter).
    """
    if shortest_interval_seconds is not None and shortest_interval_seconds <= 0:
        raise ValueError(
            f"shortest interval must be a positive number of seconds, "
            f"got {shortest_interval_seconds}"
        )
    if not fires_at_minute_zero or shortest_interval_seconds is None:
        return 0
    return min(AUTO_JITTER_CAP_SECONDS, shortest_interval_seconds // 10)


def parse_jitter_option(text: str) -> JitterOption:
    """`auto` or a whole number of seconds 0-900 (0 = exact); ValueError otherwise."""
    value = text.strip()
    if value.lower() == "auto":
        return "auto"
    if value.isascii() and value.isdigit():
        seconds = int(value)
        if seconds <= MAX_JITTER_SECONDS:
            return seconds
        raise ValueError(
            f"jitter of {seconds} seconds is too wide: use 0-{MAX_JITTER_SECONDS} or 'auto'"
        )
    raise ValueError(
        f"jitter must be 'auto' or a whole number of seconds from 0 to "
        f"{MAX_JITTER_SECONDS}, not {text!r}"
    )


def apply_jitter(scheduled_for: datetime, offset_seconds: int) -> datetime:
    """`fire_after`: `offset_seconds` of real time after `scheduled_for`, in its zone.

    The addition happens in UTC: adding a timedelta to an aware datetime in Python is
    wall-clock arithmetic, which is an hour off across a DST transition (01:59:50 EDT
    + 30 s on a fall-back day is 01:00:20 EST, not 02:00:20 EST).
    """
    if scheduled_for.tzinfo is None or scheduled_for.utcoffset() is None:
        raise ValueError("scheduled_for must be timezone-aware")
    if offset_seconds < 0:
        raise ValueError(f"jitter offset must not be negative, got {offset_seconds}")
    instant = scheduled_for.astimezone(timezone.utc) + timedelta(seconds=offset_seconds)
    return instant.astimezone(scheduled_for.tzinfo)


def shortest_interval(timeline: Timeline, start_epoch: int) -> int | None:
    """The shortest gap in seconds between consecutive fires, from a year ahead of start."""
    for days in (1, 8, 400):
        fires = timeline.fires_between(start_epoch, start_epoch + days * 86400)
        if len(fires) >= 2 or days == 400:
            break
    if len(fires) < 2:
        return None
    return min(b - a for a, b in pairwise(fires))


def schedule_jitter_seconds(option: JitterOption, timeline: Timeline, start_epoch: int) -> int:
    """The jitter width for one schedule: explicit, or the documented dialect default for `auto`."""
    if option != "auto":
        return option
    if 0 not in timeline.schedule.parsed.minutes:
        return 0  # not a top-of-hour schedule: no need to look for its interval
    return auto_jitter_seconds(True, shortest_interval(timeline, start_epoch))
