"""The shortest and longest gap between consecutive fires of a schedule in its zone.

Over a window (the coming year from `--from`, by default), the fires of a
schedule are its matching civil days' wall seconds mapped to instants by
the zone's clock, exactly as `Timeline.fires_between` maps them (DST-exact:
a spring-forward time fires shifted, a repeated time once). Every day no
offset change touches carries the same fires at one offset, so its inner
gaps are the schedule's seconds-of-day differences, found once; only the
days a change touches, and the window's two ends, are enumerated fire by
fire. The gap across the window's end (to the first fire after it) counts,
so a yearly schedule has its year-long gap.

`schedule_gaps` is the one place these facts are computed; lint rules ask
for them through `cached_gaps`, which keeps one answer per (resolved
schedule, zone, window start) for the whole run.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import MutableMapping
from dataclasses import dataclass
from datetime import datetime, tzinfo
from itertools import pairwise
from typing import Any

from ..engine import Timeline
from ..engine.schedule import days_in_month
from ..engine.zone_clock import civil_from_days, clock_for

DAY = 86400
YEAR = 365 * DAY


@dataclass(frozen=True, slots=True)
class Gap:
    """Two consecutive fires (epoch seconds) and the seconds between them."""

    seconds: int
    before: int
    after: int

    def at(self, zone: tzinfo) -> tuple[datetime, datetime]:
        """The two fires as datetimes in `zone`."""
        return datetime.fromtimestamp(self.before, zone), datetime.fromtimestamp(self.after, zone)


@dataclass(frozen=True, slots=True)
class Gaps:
    """The extreme gaps of a schedule over a window (the first occurrence of each)."""

    shortest: Gap
    longest: Gap
    start: int  # the window, epoch seconds [start, end)
    end: int


def schedule_gaps(timeline: Timeline, start: int, span: int = YEAR) -> Gaps | None:
    """The shortest and longest gap between consecutive fires from `start` for `span` seconds.

    A pair counts when its first fire is in [start, start + span); None when
    no pair does (no fire in the window, or one and none after it).
    """
    sched = timeline.schedule
    secs = sched.day_seconds
    if not secs:
        return None
    end = start + span
    clock = clock_for(timeline.zone)
    years, months = sched.parsed.years, sched.parsed.months
    inner = _inner_extremes(secs)
    best: list[Gap | None] = [None, None]  # shortest, longest

    def offer(gap: Gap) -> None:
        low, high = best
        if low is None or gap.seconds < low.seconds:
            best[0] = gap
        if high is None or gap.seconds > high.seconds:
            best[1] = gap

    last: int | None = None  # the latest fire so far
    day = clock.wall_of(start)[0] // DAY - 1
    last_day = clock.wall_of(end)[0] // DAY + 1
    y, m, d = civil_from_days(day)
    while day <= last_day:
        if 1970 <= y <= 2099 and m in months and y in years and sched.day_mask(y, m) >> d & 1:
            midnight = day * DAY
            off = clock.day_offset(midnight)
            first_at = midnight - off if off is not None else 0
            if off is not None and start <= first_at + secs[0] and first_at + secs[-1] < end:
                # A steady day wholly inside the window: its inner gaps are known.
                if last is not None:
                    offer(Gap(first_at + secs[0] - last, last, first_at + secs[0]))
                if inner is not None:
                    (lo_gap, lo_at), (hi_gap, hi_at) = inner
                    offer(Gap(lo_gap, first_at + lo_at, first_at + lo_at + lo_gap))
                    offer(Gap(hi_gap, first_at + hi_at, first_at + hi_at + hi_gap))
                last = first_at + secs[-1]
            else:
                fires = (
                    [first_at + s for s in secs[bisect_left(secs, start - first_at) :]]
                    if off is not None
                    else sorted({clock.instant_of(midnight + s) for s in secs})
                )
                for fire in fires:
                    if fire >= end:
                        break
                    if fire < start or (last is not None and fire <= last):
                        continue
                    if last is not None:
                        offer(Gap(fire - last, last, fire))
                    last = fire
        day += 1
        d += 1
        if d > 28 and d > days_in_month(y, m):
            y, m, d = (y + 1, 1, 1) if m == 12 else (y, m + 1, 1)
    if last is not None:
        following = timeline.next_after(last)
        if following is not None:
            offer(Gap(following - last, last, following))
    shortest, longest = best
    if shortest is None or longest is None:
        return None
    return Gaps(shortest, longest, start, end)


def _inner_extremes(
    secs: tuple[int, ...],
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """(seconds, second-of-day it starts at) of the smallest and largest gap inside a day."""
    if len(secs) < 2:
        return None
    low = high = (secs[1] - secs[0], secs[0])
    for a, b in pairwise(secs):
        g = b - a
        if g < low[0]:
            low = (g, a)
        elif g > high[0]:
            high = (g, a)
    return low, high


def most_in_flight(timeline: Timeline, gaps: Gaps, bound: float) -> int:
    """How many runs of at most `bound` seconds can be in flight at once.

    A run starting at t is in flight over [t, t + bound); a run as long as the
    gap to the next fire still meets it (the next starts as it is stopped),
    so the answer is at least 2 once `bound` reaches the shortest gap. The
    count is taken over the fires around the shortest gap and the window's
    first day (where an even schedule is as dense as anywhere).
    """
    if bound < gaps.shortest.seconds:
        return 1
    reach = int(bound) + 1
    most = 2
    for centre in (gaps.shortest.before, gaps.start):
        fires = timeline.fires_between(centre - reach, centre + reach + DAY)
        j = 0
        for i, fire in enumerate(fires):
            while j < len(fires) and fires[j] < fire + bound:
                j += 1
            most = max(most, j - i)
    return most


def cached_gaps(
    memo: MutableMapping[Any, Any], timeline: Timeline, resolved: str, zone: str, start: int
) -> Gaps | None:
    """`schedule_gaps` once per (resolved schedule, zone, window start) in `memo`."""
    key = ("gaps", resolved, zone, start)
    if key not in memo:
        memo[key] = schedule_gaps(timeline, start)
    found: Gaps | None = memo[key]
    return found
