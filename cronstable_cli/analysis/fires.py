"""The one enumeration of fires that pressure, suggest, duplicates and lint share.

`build_fleet` drops disabled and `@reboot` jobs (counted as `excluded`) and
jobs whose schedule or zone is invalid (kept as `skipped`, with the reason),
then groups the rest, since jobs with equal parsed field sets (docs/time-model.md
semantic equality, so an H job joins only where its resolved slot lands)
in the same resolved zone fire at exactly the same instants.
`Fleet.window(start, end)` enumerates each group once with the engine's
day-at-a-time `Timeline.fires_between` — DST-exact in the job's own zone,
every fired second of a 7-field schedule a fire of its own — and consumers
weight what they count by the group's size.

In a fixed-offset zone (UTC, the default) a schedule's fires are its
matching days' midnights plus its seconds-of-day, so groups that share the
day fields share one `fires_between` for the midnights; only zones with
transitions need the engine's per-group DST handling.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from operator import attrgetter
from typing import cast

from ..engine import Parsed, Schedule, ScheduleError, Timeline, ZoneError, load_zone
from ..engine.schedule import seconds_of_day
from ..engine.timeline import ceil_epoch
from ..engine.zones import is_fixed
from ..records import Job, resolved_zone
from .frames import parse_jobs

MAX_HOURS = 168
_DAY = 86400
_MIDNIGHT = 1  # the mask of a field holding 0 alone
Progress = Callable[[int, int], None]  # (groups done, groups in all)
# Fires already enumerated, by (meaning, zone, start, end): what a group's fires
# depend on. Windows handed one memo (diff's two sides over the same window)
# enumerate each group both sides share once. The lists are read, never changed.
FireMemo = dict[tuple[tuple[object, ...], str, int, int], list[int]]


@dataclass(frozen=True, slots=True)
class Skipped:
    """A job left out of the analyses because its schedule or zone is invalid."""

    job: Job
    reason: str


@dataclass(frozen=True, slots=True)
class FireGroup:
    """Jobs that fire at exactly the same instants: same field sets, same zone."""

    zone: str
    jobs: tuple[Job, ...]  # in load order
    parsed: tuple[Parsed, ...]  # one per job (sources differ; field sets do not)
    tz: tzinfo

    @property
    def timeline(self) -> Timeline:
        """The group's schedule in its zone (built on each call)."""
        return Timeline(Schedule(self.parsed[0]), self.tz)

    @property
    def weight(self) -> int:
        return len(self.jobs)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple([job.name for job in self.jobs])


@dataclass(frozen=True, slots=True)
class Window:
    """A fleet's fires in [start, end) (epoch seconds), enumerated group by group."""

    fleet: Fleet
    start: int
    end: int
    memo: FireMemo | None = None  # shared with other windows (see FireMemo)

    def __iter__(self) -> Iterator[tuple[FireGroup, list[int]]]:
        """(group, its sorted fire instants) for every group; weight by group.weight."""
        start, end, memo = self.start, self.end, self.memo
        midnights: dict[tuple[object, ...], list[int]] = {}
        for group in self.fleet.groups:
            p = group.parsed[0]
            if memo is not None:
                key = (p.meaning, group.zone, start, end)
                known = memo.get(key)
                if known is not None:
                    yield group, known
                    continue
            if not is_fixed(group.tz):
                fires = group.timeline.fires_between(start, end)
            else:
                day_key = (p.dom, p.month_bits, p.dow, p.year_bits, group.zone)
                days = midnights.get(day_key)
                if days is None:
                    # The matching days' midnights, from one day before the window.
                    at_midnight = p._replace(
                        second_bits=_MIDNIGHT, minute_bits=_MIDNIGHT, hour_bits=_MIDNIGHT
                    )
                    days = Timeline(Schedule(at_midnight), group.tz).fires_between(
                        start - _DAY, end
                    )
                    midnights[day_key] = days
                fires = _fixed_fires(days, seconds_of_day(p), start, end)
            if memo is not None:
                memo[key] = fires
            yield group, fires

    def track(self, progress: Progress | None) -> Iterator[tuple[FireGroup, list[int]]]:
        """Like iterating, reporting (done, total) after each group."""
        total = len(self.fleet.groups)
        for done, item in enumerate(self, 1):
            yield item
            if progress is not None:
                progress(done, total)

    def per_job(self) -> Iterator[tuple[Job, list[int]]]:
        """(job, its fire instants) for every analysed job; group members share the list."""
        for group, fires in self:
            for job in group.jobs:
                yield job, fires


@dataclass(frozen=True, slots=True)
class Fleet:
    """The analysable jobs, grouped; what was left out and why."""

    groups: tuple[FireGroup, ...]
    excluded: int  # disabled and @reboot jobs (docs/fleet-analyses.md)
    skipped: tuple[Skipped, ...]  # invalid schedule or zone

    @property
    def jobs(self) -> int:
        """How many jobs are analysed."""
        return sum(group.weight for group in self.groups)

    def window(self, start: int, end: int, memo: FireMemo | None = None) -> Window:
        """The fires in [start, end); with `memo`, those another window found are reused."""
        return Window(self, start, end, memo)

    def without(self, name: str) -> Fleet:
        """The fleet with one job left out (suggest --job re-places it)."""
        groups = []
        for group in self.groups:
            keep = [i for i, job in enumerate(group.jobs) if job.name != name]
            if len(keep) == len(group.jobs):
                groups.append(group)
            elif keep:
                groups.append(
                    FireGroup(
                        group.zone,
                        tuple(group.jobs[i] for i in keep),
                        tuple(group.parsed[i] for i in keep),
                        group.tz,
                    )
                )
        return Fleet(tuple(groups), self.excluded, self.skipped)


def _fixed_fires(days: list[int], seconds: Sequence[int], start: int, end: int) -> list[int]:
    """Each day's midnight plus each second-of-day, kept inside [start, end)."""
    out: list[int] = []
    for day in days:
        if start <= day and day + _DAY <= end:
            out.extend([day + s for s in seconds])
        else:
            i = bisect_left(seconds, start - day)
            j = bisect_left(seconds, end - day)
            out.extend([day + s for s in seconds[i:j]])
    return out


def window_bounds(start: datetime, hours: int) -> tuple[int, int]:
    """[start, start + hours) as whole epoch seconds; a fire exactly at start is inside."""
    if not 1 <= hours <= MAX_HOURS:
        raise ValueError(f"the window must be 1-{MAX_HOURS} hours, not {hours}")
    if start.tzinfo is None:
        raise ValueError("the window start must be an aware datetime")
    first = ceil_epoch(start)  # fires are whole seconds: the first at or after start
    return first, first + hours * 3600


def build_fleet(jobs: Sequence[Job], parsed: Sequence[Parsed | None] | None = None) -> Fleet:
    """Group the enabled, clock-scheduled, valid jobs by (field sets, zone).

    `parsed`, when given, runs parallel to `jobs` (None entries are parsed
    here, with the job name as the H key).
    """
    enabled = [job for job in jobs if job.enabled]
    excluded = len(jobs) - len(enabled)
    results: list[Parsed | ScheduleError]
    if parsed is None:
        results = parse_jobs(enabled)
    elif len(enabled) == len(jobs) and None not in parsed:
        results = list(cast("Sequence[Parsed]", parsed))
    else:
        results = [
            p or parse_jobs([job])[0] for job, p in zip(jobs, parsed, strict=True) if job.enabled
        ]
    # First by parse identity and the zone's two keys, read in C for every job
    # (cached parses are shared objects, and a fleet repeats its zones, so
    # buckets are few); then each bucket once: its parse's verdict, its zone
    # name, its meaning (texts and H slots that coincide merge).
    buckets: dict[tuple[int, str | None, bool], list[int]] = {}
    keys = zip(map(id, results), map(_TIMEZONE, enabled), map(_UTC, enabled), strict=True)
    for position, key in enumerate(keys):
        bucket = buckets.get(key)
        if bucket is None:
            buckets[key] = [position]
        else:
            bucket.append(position)
    skipped: list[tuple[int, Skipped]] = []  # (position, why), sorted at the end
    zones: dict[str, tzinfo] = {}
    merged: dict[tuple[tuple[object, ...], str], list[int]] = {}  # (meaning, zone)
    for (_, timezone, utc), positions in buckets.items():
        p = results[positions[0]]
        if not isinstance(p, Parsed):
            why = f"invalid schedule: {p.message}"
            skipped.extend((k, Skipped(enabled[k], why)) for k in positions)
            continue
        if p.reboot:
            excluded += len(positions)
            continue
        zone_name = resolved_zone(timezone, utc)
        if zone_name not in zones:
            try:
                zones[zone_name] = load_zone(zone_name)
            except ZoneError as err:
                skipped.extend((k, Skipped(enabled[k], str(err))) for k in positions)
                continue
        known = merged.get((p.meaning, zone_name))
        if known is None:
            merged[(p.meaning, zone_name)] = positions
        else:
            known.extend(positions)
    groups = []
    for (_, zone_name), positions in merged.items():
        positions.sort()  # load order
        members = tuple([enabled[k] for k in positions])
        group_parsed = cast("tuple[Parsed, ...]", tuple([results[k] for k in positions]))
        groups.append(FireGroup(zone_name, members, group_parsed, zones[zone_name]))
    skipped.sort(key=lambda item: item[0])
    return Fleet(tuple(groups), excluded, tuple(why for _, why in skipped))


_TIMEZONE = attrgetter("timezone")
_UTC = attrgetter("utc")
