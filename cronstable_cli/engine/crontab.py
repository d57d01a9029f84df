"""The public Python API: CronTab (a schedule, read in a frame)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timezone, tzinfo

from .parse_result import Parsed
from .parser import parse
from .schedule import FIRST_WALKS, Schedule, walk_at_or_after
from .timeline import Timeline, first_fire, floor_epoch
from .zones import load_zone

UTC = timezone.utc
_MAX_FRAMES = 16  # frames a CronTab keeps search tables for

# Where the last first `next()` on a fixed offset's own clock (`now.tzinfo` the
# frame, a `datetime.timezone`) started: its `now`, and the walk's start, now's
# fields (second + 1), which are its wall time there, and its weekday (0 = Sunday).
# A fleet's first searches share one `now`, read once, as `ZoneClock.start` does
# for a zone; `now` is held, so `is` cannot be fooled by a reused id.
_fixed_now: object = None
_fixed_wall: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
_fixed_weekday = -1


def forget_fixed_start() -> None:
    """Forget where the last search on a fixed offset started (a cold start does)."""
    global _fixed_now
    _fixed_now = None


class CronTab:
    """A schedule in a frame: next, prev, test, occurrences, equality.

    The frame is the clock the schedule's wall times are read on. `tz` pins it
    (a tzinfo, or a zone name: `UTC`, `local`, an IANA name), as a job's zone
    does. Without `tz` the frame follows the datetime passed, as the daemon's
    engine (and croniter, cronsim) do: a Berlin datetime means Berlin wall
    time. A naive datetime is a UTC instant. Results come back in the zone of
    the datetime passed (UTC for a naive one).
    """

    __slots__ = ("_line", "_timelines", "_walks", "frame", "hash_key", "parsed")

    def __init__(
        self,
        expression: str,
        hash_key: str | None = None,
        *,
        tz: tzinfo | str | None = None,
        crontab: bool = False,
    ) -> None:
        self.parsed: Parsed = parse(expression, hash_key, crontab)
        self.hash_key = hash_key  # what H items hash with (shown by repr)
        # None: the frame follows each datetime passed in.
        self.frame: tzinfo | None = load_zone(tz) if isinstance(tz, str) else tz
        # Search tables per frame, built on first use: code that only parses
        # (lint, equality, descriptions) never pays for them. `_line` is the
        # frame used last (a pinned frame's only one); the others wait in
        # `_timelines`, made when a second frame is asked for (the slot is unset
        # until then: a fleet makes a CronTab per job, and asks one frame of it).
        # Every frame's timeline shares the one compiled schedule.
        self._line: Timeline | None = None
        self._walks = FIRST_WALKS  # first `next()`s answered without a timeline

    @property
    def zone(self) -> tzinfo:
        """The pinned frame, or UTC when the frame follows the datetime passed."""
        return self.frame or UTC

    def _timeline(self, zone: tzinfo) -> Timeline:
        line = self._line
        if line is not None and line.zone is zone:
            return line
        if line is None:  # the first frame: no dictionary yet
            return self._first_line(zone)
        lines: dict[tzinfo, Timeline] | None = getattr(self, "_timelines", None)
        if lines is None:
            lines = self._timelines = {line.zone: line}
        found = lines.get(zone)
        if found is None:
            if len(lines) >= _MAX_FRAMES:
                lines.clear()
            found = lines[zone] = Timeline(line.schedule, zone)
        self._line = found
        return found

    def _first_line(self, zone: tzinfo) -> Timeline:
        """The first frame's timeline, made: from now on `next()` asks it, not a walk."""
        line = self._line = Timeline(Schedule(self.parsed), zone)
        self._walks = 0
        return line

    @property
    def timeline(self) -> Timeline:
        """The schedule in `zone`, for epoch-level search (`fires_between`)."""
        return self._timeline(self.zone)

    @property
    def schedule(self) -> Schedule:
        """The compiled civil-time schedule (the same in every frame)."""
        return (self._line or self._timeline(self.zone)).schedule

    @property
    def resolved(self) -> str:
        """The expression with H items replaced by their values."""
        return self.parsed.resolved

    @property
    def is_reboot(self) -> bool:
        return self.parsed.reboot

    def _framed(self, dt: datetime) -> tuple[datetime, Timeline]:
        """`dt` made aware (naive = UTC) and the timeline of the frame it is read in."""
        if dt.tzinfo is None:
            dt = dt.replace(tzinfo=UTC)
        return dt, self._timeline(self.frame or dt.tzinfo)  # type: ignore[arg-type]

    def next(self, now: datetime) -> datetime | None:
        """The first fire strictly after `now`, or None (never again / @reboot)."""
        walks = self._walks
        given = now.tzinfo
        if walks:  # (no timeline yet: making one sets `_walks` to 0)
            # A first search (a fleet searches most schedules once): a walk of
            # the parsed fields, no timeline or table, when now and the fire lie
            # in the zone's steady runs (False: the timeline answers).
            # (@reboot's walk finds no year: None, as below.)
            frame = self.frame
            if (frame is given or frame is None) and type(given) is timezone:
                # A fixed offset (the daemon's UTC) with `now` on its clock:
                # now's fields are the wall time, one run holds every wall
                # time, so the walk's match, in the zone, is the fire.
                self._walks = walks - 1
                global _fixed_now, _fixed_wall, _fixed_weekday
                if _fixed_now is not now:
                    _fixed_now, _fixed_weekday, s = now, now.isoweekday() % 7, now.second + 1
                    _fixed_wall = (now.year, now.month, now.day, now.hour, now.minute, s)
                fire = walk_at_or_after(self.parsed, _fixed_wall, _fixed_weekday, given)
                if fire is not False:
                    return fire
                return self._first_line(given).next_fire(now)
        if given is None:
            now, given = now.replace(tzinfo=UTC), UTC
        zone = self.frame or given
        # The framing of `_framed`, inlined: next() is the call made most often,
        # and a first one (a fleet's, after parsing) makes its timeline here.
        line = self._line
        if line is None:
            parsed = self.parsed
            if parsed.reboot:  # (a timeline made since, by another method, finds none)
                return None
            if walks:
                self._walks = walks - 1
                fire = first_fire(parsed, now, zone)
                if fire is not False:
                    return fire
            line = self._first_line(zone)
        elif line.zone is not zone:
            line = self._timeline(zone)
        return line.next_fire(now)

    def prev(self, now: datetime) -> datetime | None:
        """The last fire strictly before `now`, or None."""
        if self.parsed.reboot:
            return None
        now, timeline = self._framed(now)
        return timeline.prev_fire(now)

    def test(self, dt: datetime) -> bool:
        """Do dt's civil fields, read in the frame, match (as the daemon's test)."""
        if self.parsed.reboot:
            return False
        dt, timeline = self._framed(dt)
        local = dt.astimezone(timeline.zone)
        return timeline.schedule.matches(
            local.year, local.month, local.day, local.hour, local.minute, local.second
        )

    def occurrences(self, start: datetime, *, inclusive: bool = False) -> Iterator[datetime]:
        """Fires after `start` (at or after with inclusive=True), in start's zone, until 2099."""
        if self.parsed.reboot:
            return
        start, timeline = self._framed(start)
        out_zone = start.tzinfo or UTC  # set by _framed: never None here
        if inclusive and self.test(start) and not start.microsecond:
            probe = timeline.prev_epoch(start.replace(microsecond=0) + _ONE_SECOND)
            if probe is not None and probe == int(start.timestamp()):
                yield start
        yield from timeline.fires_after(floor_epoch(start), out_zone)

    def never_fires(self, now: datetime | None = None) -> bool:
        """True when no fire is left after `now` (default: the current time) before 2100."""
        start = now or datetime.now(UTC)
        return not self.parsed.reboot and self.next(start) is None

    def __str__(self) -> str:
        return self.parsed.source

    def __repr__(self) -> str:
        key = f", hash_key={self.hash_key!r}" if self.hash_key is not None else ""
        return f"CronTab({self.parsed.source!r}{key})"

    def _key(self) -> tuple[object, ...]:
        return self.parsed.meaning

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CronTab):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


from datetime import timedelta  # noqa: E402

_ONE_SECOND = timedelta(seconds=1)
