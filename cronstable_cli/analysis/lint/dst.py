"""DST transitions in the coming year and the scheduled wall times they skip or repeat.

Shared by `dst-skipped-time` and `dst-repeated-time`: docs/lint-rules.md caps the two
together at two findings per job, so the affected transitions are found
once per job (memoised on the context), in time order.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone, tzinfo
from functools import lru_cache
from typing import Literal

from ...engine.describe import plural
from ...engine.schedule import Schedule
from ...engine.transitions import Transition, transitions
from ...records import Finding
from . import wording as w
from .context import HOUR, JobContext

DAY = 86400
WINDOW_DAYS = 365
MAX_HITS = 2
_EPOCH = datetime(1970, 1, 1)


@dataclass(frozen=True, slots=True)
class Hit:
    """Scheduled wall times that a transition skips (a gap) or repeats (a fold)."""

    kind: Literal["skipped", "repeated"]
    transition: Transition
    start: datetime  # naive wall time where the affected range begins
    end: datetime  # naive wall time where it ends (exclusive)
    walls: tuple[datetime, ...]  # the job's scheduled wall times inside the range


@lru_cache(maxsize=256)
def year_transitions(zone: tzinfo, start: int) -> tuple[Transition, ...]:
    """Offset changes from `start` through the next WINDOW_DAYS days (daily probes)."""
    return transitions(zone, start, start + WINDOW_DAYS * DAY, DAY)


def _wall(epoch: int) -> datetime:
    return _EPOCH + timedelta(seconds=epoch)


def _scheduled(schedule: Schedule, lo: datetime, hi: datetime) -> tuple[datetime, ...]:
    """The schedule's wall times in [lo, hi) (naive, civil)."""
    parsed, seconds = schedule.parsed, schedule.day_seconds
    out: list[datetime] = []
    day: date = lo.date()
    while day <= (hi - timedelta(microseconds=1)).date():
        if (
            day.year in parsed.years
            and day.month in parsed.months
            and schedule.day_mask(day.year, day.month) >> day.day & 1
        ):
            base = datetime(day.year, day.month, day.day)
            first = max(0, int((lo - base).total_seconds()))
            last = min(DAY, int((hi - base).total_seconds()))
            i, j = bisect_left(seconds, first), bisect_left(seconds, last)
            out.extend(base + timedelta(seconds=s) for s in seconds[i:j])
        day += timedelta(days=1)
    return tuple(out)


def eligible(ctx: JobContext) -> bool:
    """Explicit non-fixed zone, restricted hours (docs/lint-rules.md); never `utc: false`."""
    parsed = ctx.parsed
    return (
        ctx.job.zone_explicit
        and ctx.zone_known
        and not parsed.reboot
        and not ctx.timeline.fixed
        and len(parsed.hours) < 24
    )


def hits(ctx: JobContext) -> list[Hit]:
    """The first two transitions from today through 365 days that touch a scheduled time."""
    cached = ctx.memo.get("dst")
    if cached is not None:
        return list(cached)
    found: list[Hit] = []
    if eligible(ctx):
        now = ctx.now.astimezone(timezone.utc)
        start = int(now.timestamp()) // DAY * DAY
        for tr in year_transitions(ctx.zone, start):
            if tr.after > tr.before:
                lo = _wall(tr.epoch + tr.before)
                hit = Hit("skipped", tr, lo, lo + timedelta(seconds=tr.after - tr.before), ())
            else:
                hit = Hit(
                    "repeated", tr, _wall(tr.epoch + tr.after), _wall(tr.epoch + tr.before), ()
                )
            walls = _scheduled(ctx.schedule, hit.start, hit.end)
            if walls:
                found.append(Hit(hit.kind, tr, hit.start, hit.end, walls))
                if len(found) == MAX_HITS:
                    break
    ctx.memo["dst"] = found
    return found


def duration(seconds: int) -> str:
    """`1 hour`, `30 minutes`, `1 hour 30 minutes`."""
    hours, minutes = divmod(abs(seconds) // 60, 60)
    parts = []
    if hours:
        parts.append(plural(hours, "hour"))
    if minutes:
        parts.append(plural(minutes, "minute"))
    return " ".join(parts) or f"{abs(seconds)} seconds"


def clock(at: datetime, with_seconds: bool) -> str:
    return at.strftime("%H:%M:%S" if with_seconds or at.second else "%H:%M")


# What a rule says of one hit: the shifted or repeated runs (`what`, after "so").
Describe = Callable[[JobContext, Hit, bool], str]


def findings(
    ctx: JobContext, code: str, kind: Literal["skipped", "repeated"], what: Describe, advice: str
) -> Iterator[Finding]:
    """The body both DST rules share: one finding per hit of `kind`, at the hour field.

    "`SCHEDULE` on DATE, clocks in ZONE jump from A to B (fall back from B to A),
    so WHAT; ADVICE", keyed by the zone and the first wall time (not the date: it moves).
    """
    secs = ctx.parsed.field_count == 7
    for hit in hits(ctx):
        if hit.kind != kind:
            continue
        start, end = clock(hit.start, secs), clock(hit.end, secs)
        change = (
            f"jump from {start} to {end}"
            if kind == "skipped"
            else f"fall back from {end} to {start}"
        )
        yield ctx.finding(
            code,
            (
                f"{w.code(ctx.parsed.source)} on {hit.start.date().isoformat()}, clocks in "
                f"{ctx.job.zone} {change}, so {what(ctx, hit, secs)}; {advice}"
            ),
            column=ctx.field(HOUR).column,
            key=f"{ctx.job.zone}:{clock(hit.walls[0], secs)}",
        )
