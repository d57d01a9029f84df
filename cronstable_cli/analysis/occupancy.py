"""Runs in flight: how many runs of the fleet are going at each minute (docs/fleet-analyses.md).

A run of d seconds that starts at t is in flight over [t, t + d); it
occupies every minute that interval touches (a run of 0 seconds, its start
minute). Each job's d is, in order: a figure from `--durations`, its
`sla.maxRuntimeSeconds`, its `executionTimeout`, the `--runtime-default`;
a job with none of them counts for the minute it starts in. Runs that
started before the window and are still going count from its first minute.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, tzinfo

from ..names import natural_sorted
from ..records import Job
from .display_clock import MINUTES_PER_DAY, DisplayClock
from .fires import Fleet, Progress

LOOKBACK = 7 * 86400  # seconds before the window whose runs can still be in flight
TIMELINE_JOBS = 40  # jobs drawn in the busiest hour's timeline (most runs in flight first)
PEAK_NAMES = 20


@dataclass(frozen=True, slots=True)
class Durations:
    """Where each job's run length comes from (the command line's choices)."""

    given: Mapping[str, float]  # --durations: job name -> seconds
    default: float | None = None  # --runtime-default

    def of(self, job: Job) -> tuple[float, str]:
        """(seconds, where that figure comes from) for one job."""
        if job.name in self.given:
            return self.given[job.name], "durations"
        keys = job.runtime
        if keys is not None and keys.max_runtime is not None:
            return float(keys.max_runtime), "sla.maxRuntimeSeconds"
        if keys is not None and keys.execution_timeout is not None:
            return keys.execution_timeout, "executionTimeout"
        if self.default is not None:
            return self.default, "runtime-default"
        return 0.0, "none"


@dataclass(frozen=True, slots=True)
class Run:
    """One run drawn in the busiest hour: its job and its instants (epoch seconds)."""

    job: str
    start: int
    end: float


@dataclass(frozen=True, slots=True)
class Occupancy:
    """Runs in flight per minute of the window, its peak, and the busiest hour's runs."""

    per_minute: tuple[int, ...]  # runs in flight in each minute from `start`
    grid: tuple[tuple[int, ...], ...]  # [hour][minute] in-flight counts summed, display zone
    peak: int
    peak_at: datetime | None  # the first minute at the peak (None when nothing runs)
    peak_jobs: tuple[tuple[str, int], ...]  # (job, its runs in flight) at the peak, most first
    busiest_hour: datetime | None  # the display hour holding the peak
    timeline: tuple[Run, ...]  # every run in flight during the busiest hour
    sources: Mapping[str, int]  # how many jobs took their duration from each source
    start: datetime


def runs_in_flight(
    fleet: Fleet,
    start: datetime,
    hours: int,
    zone: tzinfo,
    durations: Durations,
    *,
    progress: Progress | None = None,
) -> Occupancy:
    """Runs in flight per minute over [start, start + hours), labelled in `zone`."""
    first = int(start.timestamp()) // 60 * 60
    end = first + hours * 3600
    minutes = hours * 60
    lengths: dict[str, tuple[float, str]] = {}
    sources: dict[str, int] = {}
    for group in fleet.groups:
        for job in group.jobs:
            lengths[job.name] = found = durations.of(job)
            sources[found[1]] = sources.get(found[1], 0) + 1
    # Runs that started before the window count while still going; a week back at most
    # (the longest window), so a huge timeout cannot send the enumeration back decades.
    longest = min(max((d for d, _ in lengths.values()), default=0.0), LOOKBACK)
    diff = [0] * (minutes + 1)
    runs: list[tuple[str, list[int], float]] = []  # (job, fires, seconds)
    for group, fires in fleet.window(first - math.ceil(longest), end).track(progress):
        if not fires:
            continue
        by_length: dict[float, list[str]] = {}
        for job in group.jobs:
            by_length.setdefault(lengths[job.name][0], []).append(job.name)
        for seconds, names in by_length.items():
            weight = len(names)
            for fire in fires:
                a, b = _minutes(fire, seconds, first, minutes)
                if a <= b:
                    diff[a] += weight
                    diff[b + 1] -= weight
            runs.extend((name, fires, seconds) for name in names)
    per_minute: list[int] = []
    running = 0
    for m in range(minutes):
        running += diff[m]
        per_minute.append(running)
    peak = max(per_minute, default=0)
    clock = DisplayClock(zone, first, end)
    cells = [0] * MINUTES_PER_DAY
    for m, count in enumerate(per_minute):
        if count:
            cells[clock.cell_of(first + m * 60)] += count
    grid = tuple(tuple(cells[h * 60 : (h + 1) * 60]) for h in range(24))
    if not peak:
        return Occupancy(tuple(per_minute), grid, 0, None, (), None, (), sources, start)
    at = per_minute.index(peak)
    peak_epoch = first + at * 60
    in_flight: dict[str, int] = {}
    for name, fires, seconds in runs:
        n = sum(1 for f in fires if _covers(f, seconds, peak_epoch))
        if n:
            in_flight[name] = n
    order = {name: i for i, name in enumerate(natural_sorted(in_flight))}
    peak_jobs = sorted(in_flight.items(), key=lambda item: (-item[1], order[item[0]]))
    hour = datetime.fromtimestamp(peak_epoch, zone).replace(minute=0, second=0)
    hour_start = max(first, int(hour.timestamp()))
    hour_end = hour_start + 3600
    drawn: list[tuple[int, str, list[Run]]] = []
    for name, fires, seconds in runs:
        mine = [
            Run(name, f, f + seconds)
            for f in fires
            if f < hour_end and f + max(seconds, 1) > hour_start
        ]
        if mine:
            drawn.append((-len(mine), name, mine))
    drawn.sort(key=lambda item: (item[0], item[1]))
    timeline = tuple(run for _, _, mine in drawn[:TIMELINE_JOBS] for run in mine)
    return Occupancy(
        per_minute=tuple(per_minute),
        grid=grid,
        peak=peak,
        peak_at=datetime.fromtimestamp(peak_epoch, zone),
        peak_jobs=tuple(peak_jobs[:PEAK_NAMES]),
        busiest_hour=datetime.fromtimestamp(hour_start, zone),
        timeline=timeline,
        sources=sources,
        start=datetime.fromtimestamp(first, zone),
    )


def _minutes(fire: int, seconds: float, first: int, minutes: int) -> tuple[int, int]:
    """The window minutes [a, b] (indices from `first`) a run touches, clipped to the window."""
    a = (fire - first) // 60
    last = fire + seconds
    b = a if seconds <= 0 else math.ceil((last - first) / 60) - 1
    return max(a, 0), min(b, minutes - 1)


def _covers(fire: int, seconds: float, minute: int) -> bool:
    """Whether a run starting at `fire` is in flight during [minute, minute + 60)."""
    if seconds <= 0:
        return minute <= fire < minute + 60
    return fire < minute + 60 and fire + seconds > minute


def spread_cost(grid: tuple[tuple[int, ...], ...], seconds: float) -> list[int]:
    """For each (hour, minute) cell: the runs in flight a new run of `seconds` started there
    would meet (the cells it occupies, summed), as a flat 1440-cell grid."""
    flat = [c for row in grid for c in row]
    span = max(1, math.ceil(seconds / 60))
    laps, rest = divmod(span, MINUTES_PER_DAY)  # a run longer than a day meets all of it
    twice = flat + flat
    prefix = [0]
    for value in twice:
        prefix.append(prefix[-1] + value)
    whole = prefix[MINUTES_PER_DAY] * laps
    return [whole + prefix[c + rest] - prefix[c] for c in range(MINUTES_PER_DAY)]
