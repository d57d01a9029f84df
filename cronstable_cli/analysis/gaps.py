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
schedule, zone, window start) for the whole run. `shortest_floor` is a floor
under the shortest gap from the schedule's seconds of day and the zone's
offsets alone, for a rule that only needs to know the gaps are long.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass
from datetime import datetime, tzinfo
from itertools import pairwise
from typing import Any

from ..engine import Schedule, Timeline
from ..engine.schedule import days_in_month
from ..engine.transitions import offset_at, transitions
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


@dataclass(frozen=True, slots=True)
class _Run:
    """Consecutive matching days at one steady offset each, wholly inside the window.

    `first`/`last` are the epochs of the first and last day's midnight; `low`
    and `high` the smallest and largest step between consecutive days'
    midnights (seconds) and the midnight epoch of the earlier day of each.
    """

    first: int
    last: int
    low: tuple[int, int] | None
    high: tuple[int, int] | None


def _fire_days(
    sched: Schedule, zone: tzinfo, start: int, end: int, memo: MutableMapping[Any, Any]
) -> tuple[_Run | int, ...]:
    """The window's matching days: runs of steady days, and (as the wall second of their
    midnight) the days to enumerate fire by fire: the window's first and last day and
    every day an offset change touches. Shared by schedules with the same day fields."""
    p = sched.parsed
    key = ("days", p.dom, p.dow, p.month_bits, p.year_bits, id(zone), start, end)
    found: tuple[_Run | int, ...] | None = memo.get(key)
    if found is not None:
        return found
    clock = clock_for(zone)
    years, months = p.year_bits, p.month_bits
    out: list[_Run | int] = []
    steady: list[int] = []  # midnight epochs of the current run

    def close() -> None:
        if not steady:
            return
        low = high = None
        for earlier, later in pairwise(steady):
            step = later - earlier
            if low is None or step < low[0]:
                low = (step, earlier)
            if high is None or step > high[0]:
                high = (step, earlier)
        out.append(_Run(steady[0], steady[-1], low, high))
        steady.clear()

    day = clock.wall_of(start)[0] // DAY - 1
    last_day = clock.wall_of(end)[0] // DAY + 1
    first_inside = day + 2  # days before this and from last_day - 1 on are enumerated
    # Whether the last matching day was one an offset change touches: its times in a
    # gap fire shifted, maybe onto the next day's (Samoa skipped 30 December 2011, and
    # that day's noon is the 31st's), so the next matching day is enumerated too.
    touched = False
    y, m, d = civil_from_days(day)
    while day <= last_day:
        if (
            1970 <= y <= 2099
            and months >> m & 1
            and years >> (y - 1970) & 1
            and sched.day_mask(y, m) >> d & 1
        ):
            midnight = day * DAY
            off = clock.day_offset(midnight)
            if off is None or touched or day < first_inside or day >= last_day - 1:
                close()
                out.append(midnight)
            else:
                steady.append(midnight - off)
            touched = off is None
        day += 1
        d += 1
        if d > 28 and d > days_in_month(y, m):
            y, m, d = (y + 1, 1, 1) if m == 12 else (y, m + 1, 1)
    close()
    result = memo[key] = tuple(out)
    return result


def schedule_gaps(
    timeline: Timeline,
    start: int,
    span: int = YEAR,
    memo: MutableMapping[Any, Any] | None = None,
) -> Gaps | None:
    """The shortest and longest gap between consecutive fires from `start` for `span` seconds.

    A pair counts when its first fire is in [start, start + span); None when
    no pair does (no fire in the window, or one and none after it). `memo`
    keeps the window's matching days for other schedules with the same day
    fields in the same zone.
    """
    sched = timeline.schedule
    secs = sched.day_seconds
    if not secs:
        return None
    end = start + span
    clock = clock_for(timeline.zone)
    first_sec, last_sec = secs[0], secs[-1]
    inner = _inner_extremes(secs)
    best: list[Gap | None] = [None, None]  # shortest, longest

    def offer(seconds: int, before: int) -> None:
        low, high = best
        if low is None or seconds < low.seconds:
            best[0] = Gap(seconds, before, before + seconds)
        if high is None or seconds > high.seconds:
            best[1] = Gap(seconds, before, before + seconds)

    last: int | None = None  # the latest fire so far
    days = _fire_days(sched, timeline.zone, start, end, {} if memo is None else memo)
    for item in days:
        if isinstance(item, _Run):
            if last is not None:
                offer(item.first + first_sec - last, last)
            if inner is not None:
                (lo_gap, lo_at), (hi_gap, hi_at) = inner
                offer(lo_gap, item.first + lo_at)
                offer(hi_gap, item.first + hi_at)
            for step in (item.low, item.high):
                if step is not None:
                    offer(step[0] + first_sec - last_sec, step[1] + last_sec)
            last = item.last + last_sec
            continue
        off = clock.day_offset(item)
        fires = (
            [item - off + s for s in secs]
            if off is not None
            else sorted({clock.instant_of(item + s) for s in secs})
        )
        for fire in fires:
            if fire >= end:
                break
            if fire < start or (last is not None and fire <= last):
                continue
            if last is not None:
                offer(fire - last, last)
            last = fire
    if last is not None:
        following = timeline.next_after(last)
        if following is not None:
            offer(following - last, last)
    shortest, longest = best
    if shortest is None or longest is None:
        return None
    return Gaps(shortest, longest, start, end)


def shortest_floor(
    timeline: Timeline,
    start: int,
    span: int = YEAR,
    memo: MutableMapping[Any, Any] | None = None,
) -> int:
    """At most every gap `schedule_gaps(timeline, start, span)` finds, no fire enumerated.

    Two matching wall times are at least `civil` apart: the closest two seconds
    of a day, or the last of one day and the first of the next (matching days
    are a day apart or more). A fire is its wall time less an offset the zone
    has near it (a time in a gap: the offset before the change, within a day), so
    two fires are at least `civil` less the spread of the zone's offsets apart.
    The spread is taken from a day before the window to three days after it: a
    pair whose later fire is beyond that is more than three days apart, and the
    floor is at most a day. A fixed zone has no spread; a big jump (Samoa's day
    in 2011) makes the floor negative, and a caller then finds the gaps.
    """
    secs = timeline.schedule.day_seconds
    if not secs:
        return 0
    civil = DAY - (secs[-1] - secs[0])
    for a, b in pairwise(secs):
        if b - a < civil:
            civil = b - a
    return civil - _offset_spread(timeline.zone, start, start + span, {} if memo is None else memo)


def _offset_spread(zone: tzinfo, start: int, end: int, memo: MutableMapping[Any, Any]) -> int:
    """The largest offset less the smallest the zone has from a day before `start` (two,
    to be safe) to three days after `end` (0 for a fixed zone)."""
    if clock_for(zone).fixed:
        return 0
    key = ("offset spread", id(zone), start, end)
    found: int | None = memo.get(key)
    if found is None:
        lo = start - 2 * DAY
        offsets = {offset_at(zone, lo)}
        for change in transitions(zone, lo, end + 3 * DAY, 1800):  # every change, even brief
            offsets.update((change.before, change.after))
        found = memo[key] = max(offsets) - min(offsets)
    return found


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


IN_FLIGHT_REACH = 2 * DAY  # the longest run counted fire by fire (longer: "at least")


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
    bound = min(bound, IN_FLIGHT_REACH)  # a longer run meets at least as many
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
        memo[key] = schedule_gaps(timeline, start, memo=memo)
    found: Gaps | None = memo[key]
    return found
