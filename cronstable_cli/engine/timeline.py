"""Civil-time search mapped onto real instants, DST included (docs/time-model.md).

The set of fire instants of a schedule in zone Z is {inst(w)} over every
matching wall time w, where inst() maps a wall time with fold=0: a time in
a spring-forward gap goes through the pre-transition offset (02:30 in New
York fires at 03:30 EDT) and a repeated fall-back time fires at its first
occurrence. `next`, `prev` and `fires_between` all answer from that one set,
so they agree, and an instant is never yielded twice.

inst() is monotonic except inside a gap: a gap wall time lands G (the gap's
length) later than its wall order suggests, so a real wall time just after
the gap can fire before it (Australia/Lord_Howe's 30-minute gap). Near a
transition the search therefore looks behind (gap times that land later) and
past the gap (real times that come first); it finds the transition's instant
from the zone's table of offset changes (`zone_clock.py`), so between changes
a zoned fire costs what a UTC fire does: civil search plus a fixed offset.
`next_fire` and `fires_after` go one step further: inside the zone's steady
runs of wall time they search from a datetime's own fields and build the
answer from the fire's fields, touching neither epochs nor the zone's rules.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Generator, Iterator
from datetime import datetime, timedelta, timezone, tzinfo
from itertools import repeat
from typing import Literal

from .parse_result import Parsed
from .schedule import Schedule, Wall, days_in_month, walk_at_or_after
from .zone_clock import (
    _CLOCKS,
    _NO_RUNS,
    ZoneClock,
    civil_from_days,
    clock_for,
    days_from_civil,
    wall_at,
)
from .zones import is_fixed

UTC = timezone.utc
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_EPOCH_NAIVE = datetime(1970, 1, 1)
_DAY = 86400
_LOOKBACK_SECONDS = 25 * 3600  # longer than any gap (Samoa skipped a day)
_DENSE_GAP = 600  # fires at most this far apart (seconds) come in batches


def wall_seconds(w: Wall) -> int:
    """A wall time as seconds since 1970-01-01 00:00 on the same clock."""
    return days_from_civil(w[0], w[1], w[2]) * _DAY + w[3] * 3600 + w[4] * 60 + w[5]


def _wall_of(dt: datetime) -> Wall:
    return (dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second)


def _offset_seconds(zone: tzinfo, dt: datetime) -> int:
    off = zone.utcoffset(dt)
    return int(off.total_seconds()) if off is not None else 0


def instant_of(zone: tzinfo, w: Wall) -> tuple[int, bool]:
    """Epoch seconds of wall time w (fold=0), and whether w lies in a gap."""
    if is_fixed(zone):
        return wall_seconds(w) - _offset_seconds(zone, datetime(*w)), False
    inst, gap = clock_for(zone).read(wall_seconds(w))
    return inst, gap is not None


def floor_epoch(t: datetime) -> int:
    """Whole seconds since the epoch, rounded down (integer arithmetic, no float rounding)."""
    delta = t - _EPOCH
    return delta.days * _DAY + delta.seconds


def ceil_epoch(t: datetime) -> int:
    """Whole seconds since the epoch, rounded up: the first whole second at or after t."""
    return floor_epoch(t) + (1 if t.microsecond else 0)


def first_fire(parsed: Parsed, now: datetime, zone: tzinfo) -> datetime | Literal[False] | None:
    """A schedule's first fire strictly after aware `now`, read in `zone`, in now's zone,
    by a walk of the parsed fields (`walk_at_or_after`): no timeline, no table.

    What `Timeline.next_fire` answers, on its fast path: `now` and the first
    match after it inside the zone's steady runs (always, in a fixed zone), so
    the match's one instant is the fire. False when that path does not apply
    (an offset change near either, a zone without tables yet, a walk that gives
    up): the caller asks a timeline then. A fleet's first searches share one
    `now`: its fields, weekday and run are read once (`ZoneClock.start`).
    """
    clock = _CLOCKS.get(zone) or clock_for(zone)
    if clock.segments is _NO_RUNS:
        # A zone without tables yet: its first searches ask the zone itself, as
        # `Timeline.next_fire` would (`direct_start`, `direct_fire`), with the walk.
        begun = direct_start(clock, zone, now)
        if begun is None:
            return False
        e, local = begun
        found = walk_at_or_after(
            parsed,
            (local.year, local.month, local.day, local.hour, local.minute, local.second + 1),
        )
        if not found:  # None: no fire left; False: the walk gave up
            return found
        fired = direct_fire(zone, found, e, now.tzinfo)  # type: ignore[arg-type]
        return False if fired is None else fired[1]
    start = clock.steady_start(now, zone, True)
    if start is None:
        return False
    _, wall, end, off, wd = start
    y, mo, d, h, mi, s = wall
    w = walk_at_or_after(parsed, (y, mo, d, h, mi, s + 1), wd)
    if not w:  # None: no fire left; False: the walk gave up
        return w
    if not w <= end:
        off = clock.steady_offset(w)
        if off is None:
            return False
    return steady_fire(clock, zone, w, off, now)


def steady_fire(clock: ZoneClock, zone: tzinfo, w: Wall, offset: int, now: datetime) -> datetime:
    """Wall time `w` of `zone` (read by `clock`), inside a steady run of UTC offset
    `offset`, in now's zone."""
    out = now.tzinfo
    if out is zone and clock.civil:
        # What fromtimestamp gives (fold 0: a steady run repeats no hour),
        # without reading the zone's tables again.
        y, mo, d, h, mi, s = w
        return datetime(y, mo, d, h, mi, s, 0, out)
    return datetime.fromtimestamp(wall_seconds(w) - offset, out)


def direct_start(
    clock: ZoneClock, zone: tzinfo, now: datetime, local: datetime | None = None
) -> tuple[int, datetime] | None:
    """Where a search the zone answers itself starts: (now's epoch second, now's wall
    time in the zone), when the search asks the zone itself (`ZoneClock.asks_zone`:
    no tables for `now` yet; this one is counted) and the zone changed no offset in
    the day before `now`; else None (the tables answer). `local`: `now` in the
    zone, when the caller has it.

    now's UTC fields and whole second come from its own fields and offset: what
    `floor_epoch` gives, with no other look-up of the zone.
    """
    if not clock.direct:
        return None
    if local is None:
        local = now if now.tzinfo is zone else now.astimezone(zone)
    offset = local.utcoffset()
    if offset is None:
        return None
    utc = local.replace(tzinfo=None) - offset
    since = utc - _EPOCH_NAIVE
    e = since.days * _DAY + since.seconds
    if not clock.asks_zone(e):
        return None
    return (e, local) if clock.settled(utc, offset) else None


Direct = tuple[int, datetime, datetime, timedelta]  # see `direct_fire`


def direct_fire(zone: tzinfo, w: Wall, e: int, out: tzinfo) -> Direct | None:
    """The fire of wall time `w`, the first match after epoch second e's wall time, read
    from the zone itself when no offset change happened in the day before e
    (`direct_start`, `ZoneClock.around`): (its instant, it in `out`, it in the zone,
    its UTC offset), or None when the careful search must answer.

    With no change in the day before e, no wall time at or before e's lands after
    e; none between e's and w exists; and when w is neither a gap time nor a
    repeated one (its two folds agree) it names one instant, before every later
    wall time's: that instant is the answer, when it is after e (it is not when e
    is the second pass of a repeated hour).
    """
    y, mo, d, h, mi, s = w
    fire = datetime(y, mo, d, h, mi, s, 0, zone)
    offset = fire.utcoffset()
    if offset is None or offset != fire.replace(fold=1).utcoffset():
        return None
    since = fire.replace(tzinfo=None) - offset - _EPOCH_NAIVE  # its instant, in C
    inst = since.days * _DAY + since.seconds
    if inst <= e:
        return None
    return inst, fire if out is zone else datetime.fromtimestamp(inst, out), fire, offset


class Timeline:
    """A schedule in a zone: next/prev/fires_between over real instants."""

    __slots__ = ("_zone_clock", "fixed", "schedule", "zone")

    def __init__(self, schedule: Schedule, zone: tzinfo = UTC) -> None:
        self.schedule = schedule
        self.zone = zone
        # The zone's data is shared by every timeline in it: building one is
        # a dictionary lookup, whatever the zone.
        self._zone_clock = clock = clock_for(zone)
        self.fixed = clock.fixed

    # -- next ---------------------------------------------------------------
    def next_fire(self, now: datetime) -> datetime | None:
        """The first fire strictly after aware datetime `now`, in now's zone."""
        clock = self._zone_clock
        if clock.fixed:
            # One steady run for ever: the search starts from the wall fields
            # and its first match is the answer.
            zone = self.zone
            local = now if now.tzinfo is zone else now.astimezone(zone)
            w = self.schedule.first_at_or_after(
                local.year, local.month, local.day, local.hour, local.minute, local.second + 1
            )
            if w is None:
                return None
            if local is now and clock.civil:  # `steady_fire`'s first case, without a call
                y, mo, d, h, mi, s = w
                return datetime(y, mo, d, h, mi, s, 0, zone)
            off = clock.offset
        else:
            # The instant the last search in this zone started from is shared (a
            # fleet's searches share one `now`): its wall fields and run.
            start = clock.steady_start(now, self.zone, False)
            if start is None:
                return self._next_careful(now)
            _, wall, end, off, _ = start
            # A steady run: the search starts from the wall fields themselves.
            # No wall time before `now`'s lands after it, and none between it
            # and the first match w exists, so when w lies in a steady run too
            # (this one, or one past offset changes) its single instant is the
            # answer: every later wall time lands later still.
            y, mo, d, h, mi, s = wall
            w = self.schedule.first_at_or_after(y, mo, d, h, mi, s + 1)
            if w is None:
                return None
            if not w <= end:
                found_off = clock.steady_offset(w)
                if found_off is None:
                    return self._next_careful(now)
                off = found_off
        return steady_fire(clock, self.zone, w, off, now)

    def _next_careful(self, now: datetime, local: datetime | None = None) -> datetime | None:
        """`next_fire` near an offset change or past the zone's tables: through epochs and
        the tables, or (while the zone has no tables for `now`) the zone's own offsets.

        `local` is `now` in the schedule's zone, when the caller has it."""
        begun = direct_start(self._zone_clock, self.zone, now, local)
        if begun is not None:
            e, local = begun
            w = self.schedule.first_at_or_after(
                local.year, local.month, local.day, local.hour, local.minute, local.second + 1
            )
            found = None if w is None else direct_fire(self.zone, w, e, now.tzinfo)  # type: ignore[arg-type]
            if found is not None:
                return found[1]
        epoch = self._next_zoned(floor_epoch(now))
        return None if epoch is None else datetime.fromtimestamp(epoch, now.tzinfo)

    def _next_direct(self, e: int, out: tzinfo, fired: datetime | None = None) -> Direct | None:
        """The first fire after epoch second e, from the zone's own offsets (no tables):
        what `direct_fire` gives; None when the careful search must answer (an offset
        change near e or near the fire, or no fire left). The caller has asked
        `ZoneClock.asks_zone`.

        `fired`: e's wall time in the zone, when e is a fire found so. The zone is not
        asked about the day before e then: every match at or before a direct search's
        start lands at or before it (the day before the first start had no change,
        see `ZoneClock.around`), none lies between that start and the fire it found
        (the first match after it), and that fire lands at e (its folds agree), so
        the same holds of e, fire after fire.
        """
        if fired is None:
            local = self._zone_clock.around(e)
            if local is None:
                return None
        else:
            local = fired
        w = self.schedule.first_at_or_after(
            local.year, local.month, local.day, local.hour, local.minute, local.second + 1
        )
        return None if w is None else direct_fire(self.zone, w, e, out)

    def next_epoch(self, t: datetime) -> int | None:
        """The first fire strictly after aware datetime t, as epoch seconds."""
        sched, zone = self.schedule, self.zone
        if self.fixed:
            local = t.astimezone(zone)
            w = sched.first_at_or_after(
                local.year, local.month, local.day, local.hour, local.minute, local.second + 1
            )
            if w is None:
                return None
            return wall_seconds(w) - _offset_seconds(zone, local)
        # Fires are whole seconds: one is after t exactly when it is after t's floor.
        return self._next_zoned(floor_epoch(t))

    def next_after(self, e: int) -> int | None:
        """The first fire strictly after epoch second e."""
        if self.fixed:
            off = self._fixed_offset()
            y, mo, d, h, mi, s = wall_at(e + off)
            w = self.schedule.first_at_or_after(y, mo, d, h, mi, s + 1)
            return None if w is None else wall_seconds(w) - off
        return self._next_zoned(e)

    def fires_after(self, e: int, out: tzinfo) -> Iterator[datetime]:
        """Every fire strictly after epoch second e, in order until 2099, as datetimes in `out`.

        Dense schedules come a window at a time from `fires_between` (a civil day
        at a time, no stepping); sparse ones a search per fire. The last gap
        between fires decides which, so neither pays for the other's method.
        """
        at = datetime.fromtimestamp
        gap = _DAY
        while True:
            if gap <= _DENSE_GAP:
                window = min(max(gap * 128, 3600), _DAY)
                batch = self.fires_between(e + 1, e + 1 + window)
                if batch:
                    yield from map(at, batch, repeat(out))
                    gap = (batch[-1] - e) // len(batch)
                    e = batch[-1]
                    continue
            found = yield from self._sparse_after(e, out)
            if found is None:
                return
            gap, e = found

    def _sparse_after(
        self, e: int, out: tzinfo
    ) -> Generator[datetime, None, tuple[int, int] | None]:
        """Fires after e a search each, until two come close: then (their gap, the last one).

        Inside a steady run of the zone (always, in a fixed zone) each search
        starts from the last fire's wall fields and its answer is exact when it
        lies in a steady run too (see `next_fire`): a fire costs one civil
        search, and a datetime built from its fields when `out` is the zone.
        Elsewhere, one careful search, then the fast path again. None: no fire
        is left.
        """
        at = datetime.fromtimestamp
        clock = self._zone_clock
        civil = out is self.zone and clock.civil
        first = self.schedule.first_at_or_after
        at_fire: datetime | None = None  # e's fire in the zone, when a direct search found it
        while True:
            if clock.asks_zone(e):
                # A zone without tables here yet: the zone's own offsets answer.
                found = self._next_direct(e, out, at_fire)
                if found is not None:
                    fired, fire, at_fire, _ = found
                    yield fire
                    if fired - e <= _DENSE_GAP:
                        return fired - e, fired
                    e = fired
                    continue
            at_fire = None
            steady = (clock.offset, 0) if self.fixed else clock.steady(e)
            if steady is not None:
                starts, ends, offsets = clock.segments
                off = steady[0]
                y, mo, d, h, mi, s = wall = wall_at(e + off)
                k = bisect_right(starts, wall) - 1
                end = ends[k]
                if wall <= end:
                    while True:
                        w = first(y, mo, d, h, mi, s + 1)
                        if w is None:
                            return None
                        if not w <= end:
                            k = bisect_right(starts, w) - 1
                            if not w <= ends[k]:
                                break  # an offset change comes first: the careful search below
                            end, off = ends[k], offsets[k]
                        ny, nmo, nd, nh, nmi, ns = w
                        if civil:
                            yield datetime(ny, nmo, nd, nh, nmi, ns, 0, out)
                        else:
                            yield at(wall_seconds(w) - off, out)
                        if nd == d and nmo == mo and ny == y:
                            gap = (nh - h) * 3600 + (nmi - mi) * 60 + ns - s
                            if gap <= _DENSE_GAP:
                                return gap, wall_seconds(w) - off
                        y, mo, d, h, mi, s = w
                    # The careful search goes on from the last fire (or e, if none came).
                    e = wall_seconds((y, mo, d, h, mi, s)) - off
            # Near an offset change: one careful search.
            nxt = self._next_zoned(e)
            if nxt is None:
                return None
            yield at(nxt, out)
            if nxt - e <= _DENSE_GAP:
                return nxt - e, nxt
            e = nxt

    def _fixed_offset(self) -> int:
        return self._zone_clock.offset

    def _next_zoned(self, e: int) -> int | None:
        sched, clock = self.schedule, self._clock()
        steady = clock.steady(e)
        if steady is not None:
            # Away from offset changes the zone is a fixed offset until `until`:
            # a fire found before then is exact, as in UTC.
            off, until = steady
            y, mo, d, h, mi, s = wall_at(e + off)
            w = sched.first_at_or_after(y, mo, d, h, mi, s + 1)
            if w is None:
                return None
            inst = wall_seconds(w) - off
            if inst <= until:
                return inst
        wall, fold = clock.wall_of(e)
        y, mo, d, h, mi, s = wall_at(wall)
        change = clock.change_before(e)
        if fold and change is not None:
            # The second pass of a repeated hour: its wall times fired on the
            # first pass, so the next fire is the first wall time after it.
            w = sched.first_at_or_after(*wall_at(change[0] + change[1]))
        else:
            w = None
            gap = 0 if change is None else change[2] - change[1]
            if gap > 0 and e - change[0] < gap:  # type: ignore[index]
                # Less than a gap after a forward transition: gap wall times
                # from (wall - gap) on map gap seconds later, after e.
                w = sched.first_at_or_after(*wall_at(wall + 1 - gap))
                if w is not None and clock.instant_of(wall_seconds(w)) <= e:
                    w = None  # a real wall time at or before e: no gap time fits
            if w is None:
                w = sched.first_at_or_after(y, mo, d, h, mi, s + 1)
        if w is None:
            return None
        inst, in_gap = clock.read(wall_seconds(w))
        if in_gap is not None:
            # A shifted gap time: the first real wall time after the gap may
            # come first in real time (a 30-minute gap, Australia/Lord_Howe).
            after = max(wall_at(in_gap[1]), (y, mo, d, h, mi, s + 1))
            real = sched.first_at_or_after(*after)
            if real is not None:
                inst = min(inst, clock.instant_of(wall_seconds(real)))
        return inst

    # -- prev ---------------------------------------------------------------
    def prev_fire(self, now: datetime) -> datetime | None:
        """The last fire strictly before aware datetime `now`, in now's zone."""
        zone = self.zone
        local = now if now.tzinfo is zone else now.astimezone(zone)
        clock = self._zone_clock
        starts, ends, offsets = clock.segments
        wall = (local.year, local.month, local.day, local.hour, local.minute, local.second)
        k = bisect_right(starts, wall) - 1
        if wall <= ends[k] and (local.microsecond or wall > starts[k]):
            # `now` and the last whole second before it lie in one steady run:
            # mirrored from next_fire, the last match w at or before that second
            # is the answer when w lies in a steady run (every earlier wall time
            # lands earlier still, every later one after `now`).
            y, mo, d, h, mi, s = wall
            if local.microsecond:
                pass  # the second `now` is in is before it
            elif s:
                s -= 1
            else:
                y, mo, d, h, mi, s = wall_at(wall_seconds(wall) - 1)
            w = self.schedule.last_at_or_before(y, mo, d, h, mi, s)
            if w is None:
                return None
            if w < starts[k]:
                k = bisect_right(starts, w) - 1
            if w <= ends[k]:
                return steady_fire(self._zone_clock, self.zone, w, offsets[k], now)
        epoch = self.prev_epoch(now)
        return None if epoch is None else datetime.fromtimestamp(epoch, now.tzinfo)

    def prev_epoch(self, t: datetime) -> int | None:
        """The last fire strictly before aware datetime t, as epoch seconds."""
        sched, zone = self.schedule, self.zone
        ceil_t = ceil_epoch(t)
        limit = ceil_t - 1  # the largest whole second strictly before t
        if self.fixed:
            local = datetime.fromtimestamp(limit, zone)
            w = sched.last_at_or_before(*_wall_of(local))
            if w is None:
                return None
            return wall_seconds(w) - _offset_seconds(zone, local)
        return self._prev_zoned(limit)

    def _prev_zoned(self, limit: int) -> int | None:
        sched, clock = self.schedule, self._clock()
        wall, fold = clock.wall_of(limit)
        change = clock.change_before(limit)
        if fold and change is not None:
            # The second pass of a repeated hour: every repeated wall time fired
            # on the first pass, before `limit`; none after the repeat has yet.
            w = sched.last_at_or_before(*wall_at(change[0] + change[1] - 1))
        else:
            w = sched.last_at_or_before(*wall_at(wall))
        if w is None:
            return None
        seconds = wall_seconds(w)
        inst, gap = clock.read(seconds)
        if gap is not None:
            if inst > limit:
                # Shifted past `limit`: the gap wall times that map at or before
                # it end at limit's wall on the pre-transition clock.
                w = sched.last_at_or_before(*wall_at(limit + seconds - inst))
                return None if w is None else clock.instant_of(wall_seconds(w))
            return inst
        change = clock.change_before(inst)
        if change is None:
            return inst
        at, pre, post = change
        if post <= pre or inst - at >= post - pre:
            return inst
        # w is a real wall time less than a gap after a forward transition: gap
        # wall times above w - gap map after it, and may still be at or before
        # `limit` (Australia/Lord_Howe's 30-minute gap). The gap's wall times run
        # over [at + pre, at + post) and map to `wall - pre`: take the last one
        # that lands at or before `limit`.
        shifted = sched.last_at_or_before(*wall_at(min(at + post - 1, limit + pre)))
        if shifted is not None:
            inst = max(inst, clock.instant_of(wall_seconds(shifted)))
        return inst

    def _clock(self) -> ZoneClock:
        return self._zone_clock

    # -- windows -------------------------------------------------------------
    def fires_between(self, start: int, end: int) -> list[int]:
        """Every fire instant in [start, end) as sorted epoch seconds.

        Works a civil day at a time from the field sets (no stepping), so it
        is the fast path the fleet analyses use; it yields the same set as
        repeated `next_epoch`.
        """
        if end <= start:
            return []
        sched = self.schedule
        day_secs = sched.day_seconds
        if not day_secs:
            return []
        clock: ZoneClock | None = None
        fixed_off = 0
        if self.fixed:
            fixed_off = self._fixed_offset()
            first_day = (start + fixed_off) // _DAY - 1
            last_day = (end + fixed_off) // _DAY + 1
        else:
            clock = self._clock()
            first_day = clock.wall_of(start)[0] // _DAY - 1
            last_day = clock.wall_of(end)[0] // _DAY + 1
        out: list[int] = []
        years, months = sched.parsed.year_bits, sched.parsed.month_bits
        day = first_day
        y, m, d = civil_from_days(day)
        while day <= last_day:
            if (
                1970 <= y <= 2099
                and months >> m & 1
                and years >> (y - 1970) & 1
                and sched.day_mask(y, m) >> d & 1
            ):
                base = day * _DAY
                if clock is None:
                    _extend(out, base - fixed_off, day_secs, start, end)
                else:
                    off = clock.day_offset(base)
                    if off is not None:
                        _extend(out, base - off, day_secs, start, end)
                    else:
                        for sec in day_secs:
                            inst = clock.instant_of(base + sec)
                            if start <= inst < end:
                                out.append(inst)
            day += 1
            d += 1
            if d > 28 and d > days_in_month(y, m):
                y, m, d = (y + 1, 1, 1) if m == 12 else (y, m + 1, 1)
        if clock is not None:
            out = sorted(set(out))
        return out


def _extend(out: list[int], base: int, day_secs: tuple[int, ...], start: int, end: int) -> None:
    if base >= start and base + 86400 <= end:
        out.extend([base + s for s in day_secs])
        return
    i = bisect_left(day_secs, start - base)
    j = bisect_left(day_secs, end - base)
    out.extend([base + s for s in day_secs[i:j]])
