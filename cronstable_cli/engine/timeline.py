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
by bisection, so an every-second schedule costs no more there than elsewhere.
"""

from __future__ import annotations

from bisect import bisect_left
from datetime import datetime, timedelta, timezone, tzinfo

from .schedule import Schedule, Wall
from .transitions import first_change, offset_at

UTC = timezone.utc
_EPOCH_ORDINAL = 719163  # date(1970, 1, 1).toordinal()
_DAY = 86400
_LOOKBACK_SECONDS = 25 * 3600  # longer than any gap (Samoa skipped a day)
_CUMDAYS = (0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334)


def days_from_civil(y: int, m: int, d: int) -> int:
    """Days since 1970-01-01 of a proleptic Gregorian date."""
    leap = m > 2 and (y % 4 == 0 and (y % 100 != 0 or y % 400 == 0))
    yy = y - 1
    return yy * 365 + yy // 4 - yy // 100 + yy // 400 + _CUMDAYS[m] + leap + d - _EPOCH_ORDINAL


def wall_seconds(w: Wall) -> int:
    """A wall time as seconds since 1970-01-01 00:00 on the same clock."""
    return days_from_civil(w[0], w[1], w[2]) * _DAY + w[3] * 3600 + w[4] * 60 + w[5]


def _wall_of(dt: datetime) -> Wall:
    return (dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second)


def _shift(w: Wall, seconds: int) -> Wall:
    dt = datetime(*w) + timedelta(seconds=seconds)
    return _wall_of(dt)


def is_fixed(zone: tzinfo) -> bool:
    """True for zones whose offset never changes (UTC, Etc/GMT+n, fixed offsets)."""
    if isinstance(zone, timezone):
        return True
    key = getattr(zone, "key", None)
    return isinstance(key, str) and (
        key in ("UTC", "Etc/UTC", "Etc/UCT", "UCT", "Zulu", "Etc/Zulu", "GMT", "Etc/GMT",
                "Universal", "Etc/Universal", "Greenwich", "Etc/Greenwich", "GMT0",
                "Etc/GMT0", "GMT+0", "GMT-0", "Etc/GMT+0", "Etc/GMT-0")
        or key.startswith("Etc/GMT")
    )


def _offset_seconds(zone: tzinfo, dt: datetime) -> int:
    off = zone.utcoffset(dt)
    return int(off.total_seconds()) if off is not None else 0


def instant_of(zone: tzinfo, w: Wall) -> tuple[int, bool]:
    """Epoch seconds of wall time w (fold=0), and whether w lies in a gap."""
    naive = datetime(*w)
    off0 = _offset_seconds(zone, naive)
    off1 = _offset_seconds(zone, naive.replace(fold=1))
    return wall_seconds(w) - off0, off0 < off1


def _wall_at(seconds: int) -> Wall:
    """The wall time `seconds` after 1970-01-01 00:00 on the same clock."""
    return _wall_of(datetime(1970, 1, 1) + timedelta(seconds=seconds))


def floor_epoch(t: datetime) -> int:
    """Whole seconds since the epoch, rounded down (integer arithmetic, no float rounding)."""
    delta = t - datetime(1970, 1, 1, tzinfo=UTC)
    return delta.days * _DAY + delta.seconds


def ceil_epoch(t: datetime) -> int:
    """Whole seconds since the epoch, rounded up: the first whole second at or after t."""
    return floor_epoch(t) + (1 if t.microsecond else 0)


class Timeline:
    """A schedule in a zone: next/prev/fires_between over real instants."""

    __slots__ = ("fixed", "schedule", "zone")

    def __init__(self, schedule: Schedule, zone: tzinfo = UTC) -> None:
        self.schedule = schedule
        self.zone = zone
        self.fixed = is_fixed(zone)

    # -- next ---------------------------------------------------------------
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
        return self._next_zoned(t)

    def _next_zoned(self, t: datetime) -> int | None:
        sched, zone = self.schedule, self.zone
        e = floor_epoch(t)  # a fire is after t exactly when it is after e
        local = datetime.fromtimestamp(e, zone)
        y, mo, d, h, mi, s = _wall_of(local)
        if local.fold:
            # The second pass of a repeated hour: its wall times fired on the
            # first pass, so the next fire is the first wall time after it.
            w = sched.first_at_or_after(*self._repeat_end(e, local))
        else:
            w = None
            gap = self._recent_gap(e, _offset_seconds(zone, local))
            if gap:
                # Less than a gap after a forward transition: gap wall times
                # from (wall - gap) on map gap seconds later, after e.
                w = sched.first_at_or_after(*_shift((y, mo, d, h, mi, s), 1 - gap))
                if w is not None and instant_of(zone, w)[0] <= e:
                    w = None  # a real wall time at or before e: no gap time fits
            if w is None:
                w = sched.first_at_or_after(y, mo, d, h, mi, s + 1)
        if w is None:
            return None
        inst, in_gap = instant_of(zone, w)
        if in_gap:
            # A shifted gap time: the first real wall time after the gap may
            # come first in real time (a 30-minute gap, Australia/Lord_Howe).
            after = max(self._gap_end(w), (y, mo, d, h, mi, s + 1))
            real = sched.first_at_or_after(*after)
            if real is not None:
                inst = min(inst, instant_of(zone, real)[0])
        return inst

    # -- prev ---------------------------------------------------------------
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
        sched, zone = self.schedule, self.zone
        local = datetime.fromtimestamp(limit, zone)
        if local.fold:
            # The second pass of a repeated hour: every repeated wall time fired
            # on the first pass, before `limit`; none after the repeat has yet.
            w = sched.last_at_or_before(*_shift(self._repeat_end(limit, local), -1))
        else:
            w = sched.last_at_or_before(*_wall_of(local))
        if w is None:
            return None
        inst, in_gap = instant_of(zone, w)
        if in_gap:
            if inst > limit:
                # Shifted past `limit`: the gap wall times that map at or before
                # it end at limit's wall on the pre-transition clock.
                pre = _offset_seconds(zone, datetime(*w))
                w = sched.last_at_or_before(*_wall_at(limit + pre))
                return None if w is None else instant_of(zone, w)[0]
            return inst
        gap = self._recent_gap(inst, wall_seconds(w) - inst)
        if not gap:
            return inst
        # w is a real wall time less than a gap after a forward transition: gap
        # wall times above w - gap map after it, and may still be at or before
        # `limit` (Australia/Lord_Howe's 30-minute gap).
        change = first_change(zone, inst - gap, inst)
        post = offset_at(zone, change)
        pre = post - gap
        # The gap's wall times run over [change + pre, change + post) and map to
        # `wall - pre`: take the last one that lands at or before `limit`.
        shifted = sched.last_at_or_before(*_wall_at(min(change + post - 1, limit + pre)))
        if shifted is not None:
            inst = max(inst, instant_of(zone, shifted)[0])
        return inst

    def _recent_gap(self, epoch: int, off: int) -> int:
        """The gap's length if a forward transition lies less than a gap before epoch, else 0.

        `off` is the zone's offset at epoch.
        """
        ago = offset_at(self.zone, epoch - _LOOKBACK_SECONDS)
        if ago >= off:
            return 0
        gap = off - ago
        return gap if offset_at(self.zone, epoch - gap) < off else 0

    def _gap_end(self, w: Wall) -> Wall:
        """The first wall time after the gap that contains wall time w."""
        naive = datetime(*w)
        before = _offset_seconds(self.zone, naive)
        after = _offset_seconds(self.zone, naive.replace(fold=1))
        seconds = wall_seconds(w)
        change = first_change(self.zone, seconds - after, seconds - before)
        return _wall_at(change + after)

    def _repeat_end(self, epoch: int, local: datetime) -> Wall:
        """The first wall time after the repeated hour whose second pass holds epoch."""
        first = _offset_seconds(self.zone, local.replace(fold=0))
        second = _offset_seconds(self.zone, local)
        change = first_change(self.zone, epoch - (first - second), epoch)
        return _wall_at(change + first)

    # -- windows -------------------------------------------------------------
    def fires_between(self, start: int, end: int) -> list[int]:
        """Every fire instant in [start, end) as sorted epoch seconds.

        Works a civil day at a time from the field sets (no stepping), so it
        is the fast path the fleet analyses use; it yields the same set as
        repeated `next_epoch`.
        """
        if end <= start:
            return []
        sched, zone = self.schedule, self.zone
        day_secs = sched.day_seconds
        if not day_secs:
            return []
        first_day = datetime.fromtimestamp(start, zone).date() - timedelta(days=1)
        last_day = datetime.fromtimestamp(end, zone).date() + timedelta(days=1)
        out: list[int] = []
        fixed_off = _offset_seconds(zone, datetime(2000, 1, 1)) if self.fixed else None
        day = first_day
        one = timedelta(days=1)
        while day <= last_day:
            y, m, d = day.year, day.month, day.day
            if 1970 <= y <= 2099 and sched.day_mask(y, m) >> d & 1 and y in sched.parsed.years \
                    and m in sched.parsed.months:
                base = days_from_civil(y, m, d) * _DAY
                if fixed_off is not None:
                    _extend(out, base - fixed_off, day_secs, start, end)
                else:
                    self._zoned_day(out, y, m, d, base, start, end)
            day += one
        if not self.fixed:
            out = sorted(set(out))
        return out

    def _zoned_day(self, out: list[int], y: int, m: int, d: int, base: int,
                   start: int, end: int) -> None:
        zone = self.zone
        day_secs = self.schedule.day_seconds
        lo = datetime(y, m, d)
        hi = datetime(y, m, d, 23, 59, 59)
        off_lo = _offset_seconds(zone, lo)
        if (off_lo == _offset_seconds(zone, hi) == _offset_seconds(zone, lo.replace(fold=1))
                == _offset_seconds(zone, hi.replace(fold=1))):
            _extend(out, base - off_lo, day_secs, start, end)
            return
        for sec in day_secs:
            h, rest = divmod(sec, 3600)
            inst, _ = instant_of(zone, (y, m, d, h, rest // 60, rest % 60))
            if start <= inst < end:
                out.append(inst)


def _extend(out: list[int], base: int, day_secs: tuple[int, ...], start: int, end: int) -> None:
    if base >= start and base + 86400 <= end:
        out.extend([base + s for s in day_secs])
        return
    i = bisect_left(day_secs, start - base)
    j = bisect_left(day_secs, end - base)
    out.extend([base + s for s in day_secs[i:j]])
