"""The public Python API (docs/python-api.md): CronTab."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timezone, tzinfo

from .parse import parse
from .parsed import Parsed
from .schedule import Schedule
from .timeline import Timeline
from .zones import load_zone

UTC = timezone.utc


class CronTab:
    """A schedule in its zone: next, prev, test, occurrences, equality.

    `tz` is the job's frame: a tzinfo, a zone name (`UTC`, `local`, an IANA
    name) or None for UTC. Aware datetimes go in; results come back in the
    zone of the datetime passed (a naive one is read in the schedule's zone).
    """

    __slots__ = ("_timeline", "parsed", "zone")

    def __init__(
        self,
        expression: str,
        hash_key: str | None = None,
        *,
        tz: tzinfo | str | None = None,
        crontab: bool = False,
    ) -> None:
        self.parsed: Parsed = parse(expression, hash_key, crontab=crontab)
        self.zone: tzinfo = load_zone(tz) if isinstance(tz, str) else (tz or UTC)
        # The search tables are built on first use: code that only parses
        # (lint, equality, descriptions) never pays for them.
        self._timeline: Timeline | None = None

    def _compile(self) -> Timeline:
        timeline = self._timeline = Timeline(Schedule(self.parsed), self.zone)
        return timeline

    @property
    def timeline(self) -> Timeline:
        """The schedule in its zone, for epoch-level search (`fires_between`)."""
        return self._timeline or self._compile()

    @property
    def schedule(self) -> Schedule:
        """The compiled civil-time schedule."""
        return (self._timeline or self._compile()).schedule

    @property
    def resolved(self) -> str:
        """The expression with H items replaced by their values."""
        return self.parsed.resolved

    @property
    def is_reboot(self) -> bool:
        return self.parsed.reboot

    def _aware(self, dt: datetime) -> datetime:
        return dt if dt.tzinfo is not None else dt.replace(tzinfo=self.zone)

    def next(self, now: datetime) -> datetime | None:
        """The first fire strictly after `now`, or None (never again / @reboot)."""
        if self.parsed.reboot:
            return None
        if now.tzinfo is None:
            now = now.replace(tzinfo=self.zone)
        timeline = self._timeline or self._compile()
        if timeline.fixed:
            # Fixed-offset frame: civil search only, no instant arithmetic.
            zone = self.zone
            local = now.astimezone(zone)
            w = timeline.schedule.first_at_or_after(
                local.year, local.month, local.day, local.hour, local.minute, local.second + 1
            )
            if w is None:
                return None
            fire = datetime(*w, tzinfo=zone)
            return fire if now.tzinfo is zone else fire.astimezone(now.tzinfo)
        epoch = timeline.next_epoch(now)
        return None if epoch is None else datetime.fromtimestamp(epoch, now.tzinfo)

    def prev(self, now: datetime) -> datetime | None:
        """The last fire strictly before `now`, or None."""
        if self.parsed.reboot:
            return None
        now = self._aware(now)
        epoch = (self._timeline or self._compile()).prev_epoch(now)
        return None if epoch is None else datetime.fromtimestamp(epoch, now.tzinfo)

    def test(self, dt: datetime) -> bool:
        """Do dt's civil fields, read in the schedule's zone, match (as the daemon's test)."""
        if self.parsed.reboot:
            return False
        local = self._aware(dt).astimezone(self.zone)
        return self.schedule.matches(
            local.year, local.month, local.day, local.hour, local.minute, local.second
        )

    def occurrences(self, start: datetime, *, inclusive: bool = False) -> Iterator[datetime]:
        """Fires after `start` (at or after with inclusive=True), in start's zone, until 2099."""
        if self.parsed.reboot:
            return
        start = self._aware(start)
        out_zone = start.tzinfo
        timeline = self.timeline
        if inclusive and self.test(start) and not start.microsecond:
            probe = timeline.prev_epoch(start.replace(microsecond=0) + _ONE_SECOND)
            if probe is not None and probe == int(start.timestamp()):
                yield start
        current = start
        while True:
            epoch = timeline.next_epoch(current)
            if epoch is None:
                return
            current = datetime.fromtimestamp(epoch, out_zone)
            yield current

    def never_fires(self, now: datetime | None = None) -> bool:
        """True when no fire is left after `now` (default: 1970) before 2100."""
        start = now or datetime(1970, 1, 1, tzinfo=UTC)
        return not self.parsed.reboot and self.next(start) is None

    def __str__(self) -> str:
        return self.parsed.source

    def __repr__(self) -> str:
        return f"CronTab({self.parsed.source!r})"

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
