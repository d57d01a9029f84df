"""Civil-time search mapped onto real instants, DST included (SPEC §1.2).

The set of fire instants of a schedule in zone Z is {inst(w)} over every
matching wall time w, where inst() maps a wall time with fold=0: a time in
a spring-forward gap goes through the pre-transition offset (02:30 in New
York fires at 03:30 EDT) and a repeated fall-back time fires at its first
occurrence. `next`, `prev` and `fires_between` all answer from that one set,
so they agree, and an instant is never yielded twice.

inst() is monotonic except inside a gap: a gap wall time lands G (the gap's
length) later than its wall order suggests, so a real wall time just after
the gap can fire before it (Australia/Lord_Howe's 30-minute gap). The search
below therefore looks a little behind and ahead near forward transitions.
"""

from __future__ import annotations

from bisect import bisect_left
from datetime import datetime, timedelta, timezone, tzinfo

from .schedule import Schedule, Wall

UTC = timezone.utc
_EPOCH_ORDINAL = 719163  # date(1970, 1, 1).toordinal()
_DAY = 86400
_LOOKBACK = timedelta(hours=25)  # longer than any gap (Samoa skipped a day)
_ZERO = timedelta(0)
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


def _floor_epoch(t: datetime) -> int:
    """Whole seconds since the epoch, rounded down (microseconds dropped)."""
    delta = t - datetime(1970, 1, 1, tzinfo=UTC)
    return delta.days * _DAY + delta.seconds


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
        t_epoch = _floor_epoch(t)
        local = t.astimezone(zone)
        start = _wall_of(local)
        off_t = local.utcoffset() or _ZERO
        first = True
        # Gap wall times shortly before `local` may map after t: look back by
        # the gap when a forward transition happened less than a gap ago.
        ago = (t - _LOOKBACK).astimezone(zone).utcoffset() or _ZERO
        if ago < off_t and ((t - (off_t - ago)).astimezone(zone).utcoffset() or _ZERO) < off_t:
            start = _shift(start, -int((off_t - ago).total_seconds()))
            first = False
        w = sched.first_at_or_after(*start[:5], start[5] + (1 if first else 0))
        best: int | None = None
        best_wall: Wall | None = None
        while w is not None:
            if best_wall is not None and w >= best_wall:
                break
            inst, in_gap = instant_of(zone, w)
            if inst > t_epoch and (best is None or inst < best):
                best = inst
                if not in_gap:
                    break
                # A gap time: real wall times before its shifted wall may come first.
                best_wall = _wall_of(datetime.fromtimestamp(inst, zone))
            w = sched.first_at_or_after(*w[:5], w[5] + 1)
        return best

    # -- prev ---------------------------------------------------------------
    def prev_epoch(self, t: datetime) -> int | None:
        """The last fire strictly before aware datetime t, as epoch seconds."""
        sched, zone = self.schedule, self.zone
        ceil_t = _floor_epoch(t) + (1 if t.microsecond else 0)
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
        start = _wall_of(local)
        if local.fold:
            # The second pass of a repeated hour: wall times up to the end of
            # the repeat fired (fold=0) before `limit`.
            first_off = _offset_seconds(zone, local.replace(fold=0))
            start = _shift(start, first_off - _offset_seconds(zone, local))
        w = sched.last_at_or_before(*start)
        best: int | None = None
        floor_wall: Wall | None = None
        while w is not None:
            if floor_wall is not None and w < floor_wall:
                break
            inst, in_gap = instant_of(zone, w)
            if inst <= limit:
                if best is None or inst > best:
                    best = inst
                if in_gap or floor_wall is not None:
                    break
                # Gap wall times below w could still map between best and t
                # when a forward transition came less than a gap before best.
                gap = self._recent_gap(best)
                if not gap:
                    break
                floor_wall = _shift(w, -gap)
            w = sched.last_at_or_before(*_step_back(w))
        return best

    def _recent_gap(self, epoch: int) -> int:
        """Length of a forward transition within the last gap-length before epoch, else 0."""
        zone = self.zone
        at = datetime.fromtimestamp(epoch, zone)
        off = at.utcoffset() or _ZERO
        ago = (at - _LOOKBACK).astimezone(zone).utcoffset() or _ZERO
        if ago >= off:
            return 0
        gap = off - ago
        if ((at - gap).astimezone(zone).utcoffset() or _ZERO) < off:
            return int(gap.total_seconds())
        return 0

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


def _step_back(w: Wall) -> Wall:
    y, mo, d, h, mi, s = w
    if s > 0:
        return (y, mo, d, h, mi, s - 1)
    return _shift(w, -1)
