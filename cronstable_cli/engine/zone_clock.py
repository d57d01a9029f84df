"""A zone's offsets as sorted tables, so wall time <-> instant is a bisection, not a tzinfo call.

Between two offset changes a zone is a fixed offset, exactly like UTC: the
DST-aware search only needs to know where the changes are. zoneinfo keeps
its transitions private, so `ZoneClock` asks `transitions.py` for them (read
from the zone's file where it can, else probed) a calendar year at a time,
only for the years a search reaches: the probed years are one contiguous run
in three parallel sorted lists, and a search past its end appends the years
up to the one it needs (walking far ahead probes each year once, when it is
reached; a search before its start, rarer, rebuilds it grown by at least its
own length). Until a zone has been searched `_DIRECT_SEARCHES` times in a
stretch of about a year (`asks_zone`), a search there away from its tables
asks the zone itself (`around`), as the daemon does: a zone used a few times
never builds tables at all, nor does iterating far ahead a fire or two a
year, while a fleet's searches from one `now` soon build that year's. The
run's first entry records the offset in force at its start (`before == after`).

What the search asks:
- `wall_of(epoch)`: the wall time of an instant, and whether it is the
  second pass of a repeated (fall-back) hour;
- `read(wall)` / `instant_of(wall)`: the instant of a wall time read with
  fold=0 (a gap time through the pre-transition offset, a repeated time at
  its first pass), and the gap's bounds when it lies in one;
- `steady(epoch)`: the offset and how long it surely holds, when no change
  is near (the fast path); `change_before(epoch)` for the careful one;
- `day_offset(midnight)`: the offset of a whole civil day no change touches;
- `segments`: the same steady runs in wall time (fields tuples), so a search
  that starts from a datetime's own fields finds its offset with one bisection
  and no epoch arithmetic (the fast path of `next`).
"""

from __future__ import annotations

import sys
from bisect import bisect_right
from datetime import datetime, timedelta, timezone, tzinfo
from typing import Any, NamedTuple

from .civil import civil_from_days, days_from_civil, wall_at
from .transitions import offset_at, transitions
from .zones import is_fixed

__all__ = ["ZoneClock", "civil_from_days", "clock_for", "days_from_civil", "wall_at"]

_DAY = 86400
_MARGIN = 2 * _DAY  # more than any UTC offset (+-14 h) plus a skipped day (Samoa, 2011)
_DIRECT_SEARCHES = 128  # see ZoneClock.direct
_STRETCH = 31_556_952  # seconds in a mean Gregorian year: what `asks_zone` counts per
_ONE_DAY = timedelta(days=1)
_Y2K = datetime(2000, 1, 1)
_FIRST_YEAR = 1970  # the engine's first year: tables never start before it


class Segments(NamedTuple):
    """Steady runs of wall time: run k is [starts[k], ends[k]] (inclusive) at offsets[k].

    A wall time inside a run names exactly one instant, `wall - offset`, and so
    does every later wall time up to the run's end: no gap, no repeated hour,
    no gap time shifted onto it. Lists are sorted; a run may be empty only as
    the sentinel at index 0 (`()`: below every wall time), so `bisect_right(starts,
    wall) - 1` is always a valid index.
    """

    starts: list[tuple[int, ...]]
    ends: list[tuple[int, ...]]
    offsets: list[int]


_NO_RUNS = Segments([()], [()], [0])  # nothing known yet: every search takes the careful path
_NO_RUN: tuple[tuple[int, ...], tuple[int, ...], int] = ((), (), 0)
_NO_START: tuple[Any, ...] = (None,)
_NOTHING: list[int] = []  # shared by clocks that have probed nothing: never appended to


def fixed_segments(offset: int) -> Segments:
    """The one run of a zone whose offset never changes: every wall time."""
    return Segments([()], [(10000,)], [offset])


class ZoneClock:
    """One zone's offset changes, probed a year at a time and answered by bisection."""

    __slots__ = (
        "_after",
        "_asked",
        "_before",
        "_epochs",
        "_first",
        "_hi",
        "_last",
        "_lo",
        "_tail_run",
        "_walls",
        "civil",
        "direct",
        "fixed",
        "offset",
        "run",
        "segments",
        "start",
        "zone",
    )

    def __init__(self, zone: tzinfo) -> None:
        self.zone = zone
        if type(zone) is timezone:
            # UTC or a fixed offset, which a timezone says without a date: one run
            # for ever, and what a datetime built from wall fields means.
            delta = zone.utcoffset(None)
            self.offset = offset = delta.days * _DAY + delta.seconds
            self.fixed = self.civil = True
            self.segments = Segments([()], [(10000,)], [offset])
            self.direct = 0
        else:
            # Whether a datetime built from wall fields (fold=0) is what
            # `datetime.fromtimestamp` gives for an instant in a steady run: true of
            # the standard library's tzinfo types, not promised by others (pytz).
            self.civil = _civil_zone(zone)
            # A fixed zone (UTC, Etc/GMT+n) is one run for ever: its searches never
            # look at the tables below.
            self.fixed = is_fixed(zone)
            self.offset = _wall_offset(zone, _Y2K) if self.fixed else 0
            self.segments = fixed_segments(self.offset) if self.fixed else _NO_RUNS
            # Searches the zone may answer itself (`around`) in a stretch of about a
            # year before the tables are built for it (`asks_zone`): a zone used a few
            # times never builds them, one used often builds them for the years its
            # searches reach (zoneinfo zones only: their offsets are what `around`
            # reads). 0: the tables answer every search.
            self.direct = _DIRECT_SEARCHES if self.civil and not self.fixed else 0
        # Searches that asked the zone itself, per stretch of about a year (`asks_zone`).
        self._asked: dict[int, int] = {}
        # The steady run a search last started in, (start, end, offset): the
        # next search most likely starts in it too (wall times come in order,
        # and a fleet's searches start from one `now`). It stays true when the
        # tables grow: more probed years never change a known run.
        # A fixed zone's one run is every wall time.
        self.run: tuple[tuple[int, ...], tuple[int, ...], int] = (
            ((), (10000,), self.offset) if self.fixed else _NO_RUN
        )
        # The datetime the last fast `next` started from, its wall fields, the
        # end and offset of its steady run and its weekday (0 = Sunday, -1 when
        # not read): (now, wall, end, offset, weekday). A fleet's searches share
        # one `now`, and a datetime never changes: the entry holds it, so `is`
        # cannot be fooled by a reused id.
        self.start: tuple[Any, ...] = _NO_START
        # The probed years are always one run [first, last]; instants in
        # [lo, hi] are far enough inside it that every change near them is known.
        # Nothing is probed until a search needs it (the lists are replaced then).
        self._first = self._last = 0
        self._lo, self._hi = 1, 0
        self._epochs = self._before = self._after = _NOTHING
        # Wall time from which each entry's new offset applies when reading
        # with fold=0: its instant plus the larger of the two offsets.
        self._walls = _NOTHING
        self._tail_run = False  # whether the last entry's steady run ends the segments

    def steady_run(self, wall: tuple[int, ...]) -> tuple[tuple[int, ...], int] | None:
        """The end and offset of the steady run holding `wall`, kept as `run` for the next
        search; None when `wall` lies in none (an offset change is near: the careful
        path answers). Callers test `run` itself first (inline: the commonest case)."""
        starts, ends, offsets = self.segments
        k = bisect_right(starts, wall) - 1
        end = ends[k]
        if not wall <= end:
            return None
        off = offsets[k]
        self.run = (starts[k], end, off)
        return end, off

    def steady_offset(self, wall: tuple[int, ...]) -> int | None:
        """The UTC offset of the steady run holding `wall`, or None when it lies in none."""
        starts, ends, offsets = self.segments
        k = bisect_right(starts, wall) - 1
        return offsets[k] if wall <= ends[k] else None

    def steady_start(self, now: datetime, zone: tzinfo, weekday: bool) -> tuple[Any, ...] | None:
        """Where a fast search from aware `now` starts: (now, wall, end, offset, weekday),
        now's wall fields in `zone`, the end and offset of the steady run holding them
        and (with `weekday`) now's weekday, 0 = Sunday, else -1. None when `now` lies in
        no steady run (the careful path answers). Kept as `start`: a fleet's searches
        share one `now`, read once."""
        start = self.start
        if start[0] is now:
            return start
        local = now if now.tzinfo is zone else now.astimezone(zone)
        wall = (local.year, local.month, local.day, local.hour, local.minute, local.second)
        first, end, off = self.run
        if not first <= wall <= end:
            found = self.steady_run(wall)
            if found is None:
                return None
            end, off = found
        wd = local.isoweekday() % 7 if weekday else -1
        start = self.start = (now, wall, end, off, wd)
        return start

    # -- the tables ---------------------------------------------------------------
    def _cover(self, epoch: int) -> None:
        """Probe the years around an instant (and any between them and those probed).

        Forward, a year at a time: the years past the probed run that the instant
        needs are appended, and only the steady run that ended at the old last
        year is made again; no year is probed before a search reaches it. Before
        the run (a backward search), the tables are made again, grown by at least
        the run's own length so that walking back costs a handful of rebuilds.
        """
        want_first = civil_from_days((epoch - _MARGIN) // _DAY)[0]
        want_last = civil_from_days((epoch + _MARGIN) // _DAY)[0]
        if self._epochs:
            if want_first >= self._first:
                self._extend(want_last)
                return
            span = self._last - self._first + 1
            want_first = min(want_first, max(self._first - span, _FIRST_YEAR))
            want_last = max(want_last, self._last)
        self._build(want_first, want_last)

    def _build(self, want_first: int, want_last: int) -> None:
        """Make the tables for the years [want_first, want_last] (the probed ones kept)."""
        entries: list[tuple[int, int, int]] = []
        for year in range(want_first, want_last + 1):
            if self._epochs and self._first <= year <= self._last:
                if year == self._first:
                    entries += zip(self._epochs, self._before, self._after, strict=True)
                continue
            entries += self._probe(year)[0 if not entries else 1 :]
        self._first, self._last = want_first, want_last
        self._epochs = [e for e, _, _ in entries]
        self._before = [b for _, b, _ in entries]
        self._after = [a for _, _, a in entries]
        self._walls = [e + max(a, b) for e, b, a in entries]
        self._lo = days_from_civil(want_first, 1, 1) * _DAY + _MARGIN
        self._hi = days_from_civil(want_last + 1, 1, 1) * _DAY - _MARGIN
        if not self.fixed:  # a fixed zone's one run already holds every wall time
            self.segments = runs = Segments([()], [()], [0])
            self._add_runs(runs, 0)

    def _extend(self, want_last: int) -> None:
        """Append the years after the probed run, up to `want_last`."""
        added: list[tuple[int, int, int]] = []
        for year in range(self._last + 1, want_last + 1):
            added += self._probe(year)[1:]  # the year's first entry repeats the offset in force
        last = len(self._epochs) - 1
        self._epochs += [e for e, _, _ in added]
        self._before += [b for _, b, _ in added]
        self._after += [a for _, _, a in added]
        self._walls += [e + max(a, b) for e, b, a in added]
        self._last = max(self._last, want_last)
        self._hi = days_from_civil(self._last + 1, 1, 1) * _DAY - _MARGIN
        if self.fixed:
            return  # a fixed zone's one run already holds every wall time
        # The old last entry's run ended with the tables: it is made again, to the
        # next change (or the new end), and the runs of the new entries follow it.
        runs = self.segments
        if self._tail_run:
            runs.starts.pop()
            runs.ends.pop()
            runs.offsets.pop()
        self._add_runs(runs, last)

    def _add_runs(self, runs: Segments, first_entry: int) -> None:
        """Append to `runs` the steady runs in wall time of the entries from `first_entry` on
        (what `steady` answers, per entry)."""
        epochs, before, after = self._epochs, self._before, self._after
        last = len(epochs) - 1
        lo = self._lo
        self._tail_run = False
        for k in range(first_entry, last + 1):
            at, b, a = epochs[k], before[k], after[k]
            # From a gap's (or repeat's) length after the change, as `steady`; the
            # first entry is the run's start, known only from `_lo` on.
            first = max(at + abs(a - b), lo)
            if k < last:
                until = epochs[k + 1] + min(before[k + 1], after[k + 1]) - a - 1
            else:
                until = self._hi
            start, end = wall_at(first + a), wall_at(until + a)
            if start <= end and start > runs.ends[-1]:
                runs.starts.append(start)
                runs.ends.append(end)
                runs.offsets.append(a)
                self._tail_run = k == last

    def _probe(self, year: int) -> list[tuple[int, int, int]]:
        """The year's changes, after an entry for the offset it starts with."""
        # Changes in (start, end]: one exactly at New Year belongs to this year,
        # with the offset of the second before it as `before`.
        start = days_from_civil(year, 1, 1) * _DAY - 1
        end = days_from_civil(year + 1, 1, 1) * _DAY - 1
        here = offset_at(self.zone, start)
        return [
            (start, here, here),
            *((t.epoch, t.before, t.after) for t in transitions(self.zone, start, end, _DAY)),
        ]

    def steady(self, epoch: int) -> tuple[int, int] | None:
        """(offset, last instant it surely lasts to) when no change happened within a gap's
        length before `epoch`; None near a change (the caller takes the careful path)."""
        k = self._entry_at(epoch)
        b, a = self._before[k], self._after[k]
        if a != b and epoch - self._epochs[k] < abs(a - b):
            return None
        nxt = k + 1
        if nxt < len(self._epochs):
            # Wall times up to the next change's first affected one map with `a`.
            return a, self._epochs[nxt] + min(self._before[nxt], self._after[nxt]) - a - 1
        return a, self._hi

    def asks_zone(self, epoch: int) -> bool:
        """Whether a search from an instant asks the zone itself (`around`), and counts it:
        while the tables do not cover the instant and fewer than `direct` searches
        have asked it in the instant's stretch of about a year. A zone searched
        often in a year builds that year's tables then (a fleet's searches share
        a `now`); one iterated far ahead, a search or two a year, probes no year
        (a probe costs about what a dozen searches asking the zone do)."""
        if not self.direct or self._lo <= epoch <= self._hi:  # off, or the tables answer
            return False
        stretch = epoch // _STRETCH
        asked = self._asked.get(stretch, 0)
        if asked >= self.direct:
            return False
        self._asked[stretch] = asked + 1
        return True

    def around(self, epoch: int) -> datetime | None:
        """The instant's wall time in the zone, read from the zone itself, when no offset
        change happened in the day before it; else None.

        No zone of the tz database changes its offset twice within two days, and
        none by more than a day (tests/engine/test_zone_files.py checks every zone
        for 1970-2099): with no change in the day before an instant, no gap
        lies behind it, so no wall time at or before its own lands after it.
        """
        zone = self.zone
        local = datetime.fromtimestamp(epoch, zone)
        offset = local.utcoffset()
        if offset is None or datetime.fromtimestamp(epoch - _DAY, zone).utcoffset() != offset:
            return None
        return local

    def settled(self, utc: datetime, offset: timedelta) -> bool:
        """`around`'s test for an instant the caller holds as its UTC fields (naive) and
        the zone's offset at it: whether the offset was the same a day before.

        Read through the zone's `fromutc`, with no C library time call: a fresh
        process's first `datetime.fromtimestamp` initialises the C library's time
        zone (a file read), which a zone's first `next()` need not pay for.
        """
        zone = self.zone
        return zone.fromutc((utc - _ONE_DAY).replace(tzinfo=zone)).utcoffset() == offset

    def _entry_at(self, epoch: int) -> int:
        """Index of the last change at or before an instant."""
        if not self._lo <= epoch <= self._hi:
            self._cover(epoch)
        return bisect_right(self._epochs, epoch) - 1

    # -- the questions ------------------------------------------------------------
    def wall_of(self, epoch: int) -> tuple[int, bool]:
        """The wall time (seconds on the zone's clock) of an instant, and its fold.

        The fold is True on the second pass of a repeated hour.
        """
        k = self._entry_at(epoch)
        a, b = self._after[k], self._before[k]
        return epoch + a, a < b and epoch < self._epochs[k] + (b - a)

    def instant_of(self, wall: int) -> int:
        """The instant of a wall time read with fold=0."""
        return wall - self._offset_for_wall(wall)[0]

    def read(self, wall: int) -> tuple[int, tuple[int, int] | None]:
        """The fold=0 instant of a wall time, and (start, end) of the gap it lies in, if any."""
        off, nxt = self._offset_for_wall(wall)
        if nxt < len(self._epochs):
            e, b, a = self._epochs[nxt], self._before[nxt], self._after[nxt]
            if a > b and e + b <= wall:
                return wall - off, (e + b, e + a)
        return wall - off, None

    def day_offset(self, midnight: int) -> int | None:
        """The offset of a whole civil day that no change touches, else None.

        `midnight` is the day's first wall second.
        """
        off, nxt = self._offset_for_wall(midnight)
        epochs, before, after = self._epochs, self._before, self._after
        end = midnight + _DAY
        while nxt < len(epochs):
            b, a = before[nxt], after[nxt]
            if a != b:
                return off if epochs[nxt] + min(a, b) >= end else None
            nxt += 1
        return off

    def _offset_for_wall(self, wall: int) -> tuple[int, int]:
        """(the fold=0 offset of a wall time, index of the change that follows it)."""
        k = self._entry_at(wall - 14 * 3600)
        walls = self._walls
        # The entry whose wall boundary the wall time has passed: at most a couple
        # of entries away from the one found through the approximate instant.
        k = bisect_right(walls, wall, max(k - 2, 0), min(k + 3, len(walls))) - 1
        if k < 0:
            return self._before[0], 0
        return self._after[k], k + 1

    def change_before(self, epoch: int) -> tuple[int, int, int] | None:
        """(instant, before, after) of the last real offset change at or before an instant."""
        k = self._entry_at(epoch)
        while k >= 0 and self._before[k] == self._after[k]:
            k -= 1
        if k < 0:
            return None
        return self._epochs[k], self._before[k], self._after[k]


def _wall_offset(zone: tzinfo, wall: datetime) -> int:
    """The zone's UTC offset at a wall time, in seconds (a fixed zone's at every one)."""
    delta = zone.utcoffset(wall)
    return 0 if delta is None else delta.days * _DAY + delta.seconds


def _civil_zone(zone: tzinfo) -> bool:
    """Whether a zone is a `zoneinfo.ZoneInfo` (one can exist only once zoneinfo is imported:
    UTC-only runs never import it)."""
    module = sys.modules.get("zoneinfo")
    return module is not None and type(zone) is module.ZoneInfo


# UTC's clock is made at import: the zone of every job without a timezone, a constant
# of the engine like the one-value tables.
_UTC_CLOCK = ZoneClock(timezone.utc)
_CLOCKS: dict[tzinfo, ZoneClock] = {timezone.utc: _UTC_CLOCK}


def forget_starts() -> None:
    """Forget the instant each zone's last search started from (a cold start forgets it too).

    The zones' offset tables stay: they are zone data, like zoneinfo's own cache.
    """
    for clock in _CLOCKS.values():
        clock.start = _NO_START


def clock_for(zone: tzinfo) -> ZoneClock:
    """The shared clock of a zone (zone data, like zoneinfo's own cache: never cleared)."""
    clock = _CLOCKS.get(zone)
    if clock is None:
        if len(_CLOCKS) >= 512:
            _CLOCKS.clear()
            _CLOCKS[timezone.utc] = _UTC_CLOCK
        clock = _CLOCKS[zone] = ZoneClock(zone)
    return clock
