"""Where to put the next job: the least-loaded slot over 24 hours (docs/fleet-analyses.md).

Hourly: the minute of the hour with the fewest fires across the day.
Daily: the (hour, minute) cell with the fewest fires. Ties go to the slot
circularly farthest from the busiest one — for a daily slot the hour first,
then the minute — and then to the earliest, so an idle fleet gets :30 and
12:30, never the :00 every other job was written with.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone, tzinfo
from typing import TYPE_CHECKING, Literal

from ..engine import zone_name
from .display_clock import MINUTES_PER_DAY, DisplayClock
from .fires import Fleet, Progress, window_bounds

if TYPE_CHECKING:
    from .occupancy import Durations

Period = Literal["hourly", "daily"]
WINDOW_HOURS = 24
HASH_HINTS: dict[str, str] = {"hourly": "H * * * *", "daily": "H H * * *"}


@dataclass(frozen=True, slots=True)
class Slot:
    """A minute of the hour (hourly) or an (hour, minute) of the day (daily)."""

    hour: int | None
    minute: int
    fires: int  # fires in the window that land in this slot

    @property
    def expression(self) -> str:
        if self.hour is None:
            return f"{self.minute} * * * *"
        return f"{self.minute} {self.hour} * * *"

    @property
    def label(self) -> str:
        if self.hour is None:
            return f":{self.minute:02d}"
        return f"{self.hour:02d}:{self.minute:02d}"


@dataclass(frozen=True, slots=True)
class BasedOn:
    """What the suggestion counted: how many jobs, over which window."""

    jobs: int
    start: datetime
    hours: int


@dataclass(frozen=True, slots=True)
class Suggestion:
    """The docs/fleet-analyses.md suggest fields (plus the period, zone and what was left out)."""

    period: Period
    slot: Slot
    expression: str
    fires_in_window: int
    busiest: Slot
    alternatives: tuple[Slot, ...]  # the next two by the same rule
    based_on: BasedOn
    hash_hint: str
    timezone: str
    excluded: int
    invalid: int
    job: str | None = None  # the job being re-placed (its own fires not counted)
    # --runtime: the new job's run length; slot counts are then the runs in flight its
    # runs would meet (summed over the minutes each occupies), not fires.
    runtime: float | None = None


def _circular(a: int, b: int, size: int) -> int:
    d = abs(a - b) % size
    return min(d, size - d)


def _loads(
    fleet: Fleet, first: int, end: int, zone: tzinfo, progress: Progress | None
) -> list[int]:
    clock = DisplayClock(zone, first, end)
    grid = [0] * MINUTES_PER_DAY
    for group, fires in fleet.window(first, end).track(progress):
        if fires:
            weight = group.weight
            for cell, n in clock.cells(fires).items():
                grid[cell] += n * weight
    return grid


def rank_slots(grid: list[int], period: Period) -> tuple[list[Slot], Slot]:
    """Every slot best first, and the busiest slot (most fires, then earliest)."""
    if period == "hourly":
        loads = [sum(grid[m::60]) for m in range(60)]
        busiest = max(range(60), key=lambda m: (loads[m], -m))
        order = sorted(range(60), key=lambda m: (loads[m], -_circular(m, busiest, 60), m))
        return [Slot(None, m, loads[m]) for m in order], Slot(None, busiest, loads[busiest])
    busiest = max(range(MINUTES_PER_DAY), key=lambda c: (grid[c], -c))
    bh, bm = divmod(busiest, 60)
    order = sorted(
        range(MINUTES_PER_DAY),
        key=lambda c: (
            grid[c],
            -_circular(c // 60, bh, 24),
            -_circular(c % 60, bm, 60),
            c,
        ),
    )
    slots = [Slot(c // 60, c % 60, grid[c]) for c in order]
    return slots, Slot(bh, bm, grid[busiest])


def suggest_slots(
    fleet: Fleet,
    start: datetime,
    periods: tuple[Period, ...] = ("hourly", "daily"),
    zone: tzinfo = timezone.utc,
    *,
    job: str | None = None,
    progress: Progress | None = None,
    runtime: tuple[float, Durations] | None = None,
) -> tuple[Suggestion, ...]:
    """One suggestion per period, from one enumeration of the 24-hour window.

    With `runtime` (the new job's run length and the fleet's durations), a slot's
    load is the runs in flight a run started there would meet, minute by minute
    over its length, so the job lands where it overlaps least.
    """
    for period in periods:
        if period not in HASH_HINTS:
            raise ValueError(f"period must be hourly or daily, not {period!r}")
    counted = fleet.without(job) if job is not None else fleet
    first, end = window_bounds(start, WINDOW_HOURS)
    if runtime is None:
        grid = _loads(counted, first, end, zone, progress)
    else:
        from .occupancy import runs_in_flight, spread_cost

        seconds, lengths = runtime
        flight = runs_in_flight(
            counted, datetime.fromtimestamp(first, zone), WINDOW_HOURS, zone, lengths,
            progress=progress,
        )  # fmt: skip
        grid = spread_cost(flight.grid, seconds)
    based_on = BasedOn(counted.jobs, datetime.fromtimestamp(first, zone), WINDOW_HOURS)
    out = []
    for period in periods:
        ranked, busiest = rank_slots(grid, period)
        out.append(
            Suggestion(
                period=period,
                slot=ranked[0],
                expression=ranked[0].expression,
                fires_in_window=ranked[0].fires,
                busiest=busiest,
                alternatives=tuple(ranked[1:3]),
                based_on=based_on,
                hash_hint=HASH_HINTS[period],
                timezone=zone_name(zone),
                excluded=fleet.excluded,
                invalid=len(fleet.skipped),
                job=job,
                runtime=None if runtime is None else runtime[0],
            )
        )
    return tuple(out)


def suggest_slot(
    fleet: Fleet,
    start: datetime,
    period: Period = "hourly",
    zone: tzinfo = timezone.utc,
    *,
    job: str | None = None,
    progress: Progress | None = None,
    runtime: tuple[float, Durations] | None = None,
) -> Suggestion:
    """The least-loaded slot for a new (or, with `job`, a re-placed) job."""
    (suggestion,) = suggest_slots(
        fleet, start, (period,), zone, job=job, progress=progress, runtime=runtime
    )
    return suggestion
