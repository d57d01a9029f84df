"""Pressure at second resolution, with and without deterministic jitter (docs/fleet-analyses.md).

`scheduled_for` is the un-jittered instant; each job's `fire_after` is
`scheduled_for + offset`, the offset being `hash_value("jitter", name) % width`
(`jitter.py`). The width depends only on the schedule, so it is worked out once
per fire group; the offset depends on the job name, so within a group each
member is shifted by its own offset — members that share an offset are counted
together, weighted like everything else in the pressure analysis.

A `JitterTally` rides along the pressure enumeration (`compute_pressure` feeds
it each group's fires), so jitter never walks the occurrences a second time.
It keeps, for every display-zone minute of the hour:

- `scheduled`: fires by the second of the minute of their `scheduled_for`;
- `fire_after`: the same fires by how many seconds after the start of that
  minute their `fire_after` lands. With the auto width (at most 60 s) and
  5-field schedules this stays inside the minute; a wider `--jitter N`, or a
  7-field schedule firing late in its minute, carries fires into later
  minutes, which the histogram keeps (it runs in whole minutes, 60 bins at
  least) and `spill` counts.

Only the busiest minute of the pressure result (most jobs, un-jittered) is
reported. `peak_per_second` covers the whole window: the most fires that start
in one second, before and after jitter — jittered fires that land past the end
of the window still count, since they were scheduled inside it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .display_clock import DisplayClock
from .fires import FireGroup
from .jitter import MAX_JITTER_SECONDS, JitterOption, jitter_offset, schedule_jitter_seconds

_MINUTE = 60
_SPAN = _MINUTE + MAX_JITTER_SECONDS  # a fire at second 59 + the widest offset fits


@dataclass(frozen=True, slots=True)
class JobJitter:
    """One job's jitter: the width its schedule gets and the job's own offset."""

    name: str
    width: int  # seconds; 0 = exact
    offset: int  # seconds from scheduled_for to fire_after, 0 <= offset < width (or 0)


@dataclass(frozen=True, slots=True)
class JitterPressure:
    """The busiest minute second by second, un-jittered and jittered, and the peaks."""

    option: JitterOption
    jobs: tuple[JobJitter, ...]  # every analysed job, by name
    busiest_minute: int | None  # the pressure result's (un-jittered); None when nothing fires
    scheduled: tuple[int, ...]  # 60 bins: fires of that minute by second of scheduled_for
    fire_after: tuple[int, ...]  # bins of 1 s after the minute's start; whole minutes, >= 60
    spill: int  # fires whose fire_after falls in a later minute (bins 60 and up)
    peak_scheduled: int  # most fires starting in one second, whole window, un-jittered
    peak_fire_after: int  # the same with jitter applied

    @property
    def jittered_jobs(self) -> int:
        """How many jobs got a width above zero."""
        return sum(1 for job in self.jobs if job.width)

    @property
    def widths(self) -> tuple[tuple[int, int], ...]:
        """(width in seconds, how many jobs), widest first."""
        counts = Counter(job.width for job in self.jobs)
        return tuple(sorted(counts.items(), reverse=True))


class JitterTally:
    """Collects second-resolution counts from the pressure enumeration, group by group."""

    __slots__ = ("_after", "_after_at", "_at", "_clock", "_jobs", "_scheduled", "_start", "option")

    def __init__(self, option: JitterOption, clock: DisplayClock, start_epoch: int) -> None:
        self.option = option
        self._clock = clock
        self._start = start_epoch  # where `auto` looks for a schedule's shortest interval
        self._jobs: list[JobJitter] = []
        self._scheduled = [0] * 3600  # by civil second of the hour of scheduled_for
        self._after = [[0] * _SPAN for _ in range(_MINUTE)]  # [minute][seconds after it]
        self._at: Counter[int] = Counter()  # scheduled_for instant -> fires
        self._after_at: Counter[int] = Counter()  # fire_after instant -> fires

    def add(self, group: FireGroup, fires: list[int]) -> None:
        """Count one group's fires (sorted epoch seconds, as `Fleet.window` yields them)."""
        width = schedule_jitter_seconds(self.option, group.timeline, self._start)
        offsets = [jitter_offset(job.name, width) for job in group.jobs]
        self._jobs.extend(
            JobJitter(job.name, width, offset)
            for job, offset in zip(group.jobs, offsets, strict=True)
        )
        if not fires:
            return
        members = Counter(offsets)  # offset -> how many of the group's jobs have it
        weight = group.weight
        for second, n in self._clock.seconds_of_hour(fires).items():
            self._scheduled[second] += n * weight
            row, at = self._after[second // _MINUTE], second % _MINUTE
            for offset, k in members.items():
                row[at + offset] += n * k
        _count(self._at, fires, weight)
        for offset, k in members.items():
            _count(self._after_at, [t + offset for t in fires] if offset else fires, k)

    def finish(self, busiest_minute: int | None) -> JitterPressure:
        """The result, for the pressure result's busiest minute of the hour."""
        scheduled = fire_after = (0,) * _MINUTE
        spill = 0
        if busiest_minute is not None:
            first = busiest_minute * _MINUTE
            scheduled = tuple(self._scheduled[first : first + _MINUTE])
            row = self._after[busiest_minute]
            last = max((i for i, n in enumerate(row) if n), default=0)
            span = max(_MINUTE, -(-(last + 1) // _MINUTE) * _MINUTE)
            fire_after = tuple(row[:span])
            spill = sum(row[_MINUTE:])
        return JitterPressure(
            option=self.option,
            jobs=tuple(sorted(self._jobs, key=lambda job: job.name)),
            busiest_minute=busiest_minute,
            scheduled=scheduled,
            fire_after=fire_after,
            spill=spill,
            peak_scheduled=max(self._at.values(), default=0),
            peak_fire_after=max(self._after_at.values(), default=0),
        )


def _count(counter: Counter[int], instants: list[int], weight: int) -> None:
    if weight == 1:
        counter.update(instants)  # the C fast path
    else:
        counter.update(dict.fromkeys(instants, weight))
