"""What the runtime-key rules share: the job's gaps, its run bound, and their wording."""

from __future__ import annotations

import zlib
from datetime import datetime
from typing import NamedTuple

from ...records import RuntimeKeys
from ..gaps import DAY, Gap, Gaps, cached_gaps
from .context import JobContext


def gaps(ctx: JobContext) -> Gaps | None:
    """The job's shortest and longest gap over the coming year (shared by the whole run)."""
    if ctx.parsed.reboot:
        return None
    start = int(ctx.now.timestamp()) // DAY * DAY  # today (UTC), as the DST rules use
    zone = ctx.job.zone if ctx.zone_known else "UTC"
    text = ctx.parsed.resolved or ctx.job.schedule
    return cached_gaps(ctx.facts, ctx.timeline, f"{ctx.job.kind}:{text}", zone, start)


class Bound(NamedTuple):
    """The longest a run of the job lasts, and the key that says so."""

    seconds: float
    path: str  # the key that decides: executionTimeout or sla.maxRuntimeSeconds
    said: str  # how a message explains it


def run_bound(runtime: RuntimeKeys) -> Bound | None:
    """executionTimeout plus the killTimeout escalation, else sla.maxRuntimeSeconds."""
    if runtime.execution_timeout is not None:
        total = runtime.execution_timeout + runtime.kill_timeout
        said = (
            f"executionTimeout {seconds(runtime.execution_timeout)} plus killTimeout "
            f"{seconds(runtime.kill_timeout)} before the kill"
            if runtime.kill_timeout
            else f"executionTimeout {seconds(runtime.execution_timeout)}"
        )
        return Bound(total, "executionTimeout", said)
    if runtime.max_runtime is not None:
        return Bound(
            float(runtime.max_runtime),
            "sla.maxRuntimeSeconds",
            f"sla.maxRuntimeSeconds {seconds(runtime.max_runtime)}, the expected bound",
        )
    return None


def catchup_offset(name: str, jitter: int) -> float:
    """The daemon's catch-up start offset for a job: crc32 of its name, in [0, jitter)."""
    if jitter <= 0:
        return 0.0
    return (zlib.crc32(name.encode("utf-8")) % (jitter * 1000)) / 1000.0


def seconds(value: float) -> str:
    """`900 s`, `0.5 s`."""
    return f"{int(value)} s" if float(value).is_integer() else f"{value:g} s"


def span(value: float) -> str:
    """A length of time for a reader: `4 minutes`, `25 hours`, `1 hour 30 seconds`."""
    whole = int(value)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    parts = []
    if hours:
        parts.append(f"{hours} hour{'s' if hours != 1 else ''}")
    if minutes:
        parts.append(f"{minutes} minute{'s' if minutes != 1 else ''}")
    if secs or not parts:
        parts.append(f"{secs} second{'s' if secs != 1 else ''}")
    return " ".join(parts)


def fire_pair(ctx: JobContext, gap: Gap) -> str:
    """Where a gap is: `from Fri 2026-01-02 09:00 to Mon 2026-01-05 09:00 UTC`.

    Each fire's UTC offset is shown when the two differ (a DST day).
    """
    before, after = gap.at(ctx.zone)
    secs = ctx.parsed.field_count == 7
    zone = ctx.job.zone if ctx.zone_known else "UTC"
    shift = before.utcoffset() != after.utcoffset()
    first, second = (
        _clock(at, secs) + (at.strftime(" %z") if shift else "") for at in (before, after)
    )
    if before.date() == after.date():
        return f"between the {first} and {second} fires on {_day(before)} {zone}"
    return f"from {_day(before)} {first} to {_day(after)} {second} {zone}"


def wrap(ctx: JobContext, gap: Gap) -> str:
    """` at the :56→:00 wrap of the hour` when a short gap is a step's wrap, else ``."""
    before, after = gap.at(ctx.zone)
    if gap.seconds < 3600 and before.hour != after.hour and after.minute < before.minute:
        return f" at the :{before.minute:02d}→:{after.minute:02d} wrap of the hour"
    if gap.seconds < 60 and before.minute != after.minute and after.second < before.second:
        return f" at the :{before.second:02d}→:{after.second:02d} wrap of the minute"
    return ""


def _day(at: datetime) -> str:
    return at.strftime("%a %Y-%m-%d")


def _clock(at: datetime, with_seconds: bool) -> str:
    return at.strftime("%H:%M:%S" if with_seconds or at.second else "%H:%M")
