"""Schedule pressure: where in the day the fleet's fires pile up (docs/fleet-analyses.md).

Counts every fire of the window into a 24×60 grid of display-zone civil
(hour, minute) cells, weighted by how many jobs share the schedule. A zoned
job fires as its own zone says; a display zone that repeats an hour puts
both real hours' fires into the same cells.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timezone, tzinfo
from typing import TYPE_CHECKING

from ..engine import zone_name
from ..names import natural_sorted
from .display_clock import MINUTES_PER_DAY, DisplayClock
from .fires import FireGroup, FireMemo, Fleet, Progress, window_bounds
from .jitter import JitterOption
from .stagger import Gaps, gap_stats

if TYPE_CHECKING:  # imported where asked for: most runs want neither
    from .jitter_pressure import JitterPressure
    from .occupancy import Occupancy

TOP_CELLS = 6
NAMES_PER_CELL = 10

# A fire list's cells in a display clock, by the list's id (see compute_pressure):
# (the list, the clock's zone and bounds, its cells, the minutes of the hour they are in).
CellMemo = dict[int, tuple[list[int], tuple[tzinfo, int, int], Counter[int], frozenset[int]]]


@dataclass(frozen=True, slots=True)
class BusiestMinute:
    """The minute of the hour with the most distinct jobs (then the most fires)."""

    minute: int
    jobs: int
    fires: int


@dataclass(frozen=True, slots=True)
class Cell:
    """One (hour, minute) cell: its fires, how many jobs, and the heaviest job names."""

    hour: int
    minute: int
    fires: int
    jobs: int
    names: tuple[str, ...]  # up to NAMES_PER_CELL, most fires first, then by name


@dataclass(frozen=True, slots=True)
class Pressure:
    """The docs/fleet-analyses.md pressure fields (plus `invalid` and optional per-cell names)."""

    grid: tuple[tuple[int, ...], ...]  # [hour][minute] fire counts, display zone
    by_minute_fires: tuple[int, ...]
    by_minute_jobs: tuple[int, ...]  # distinct jobs firing in each minute of the hour
    by_hour: tuple[int, ...]
    busiest_minute: BusiestMinute | None  # None when nothing fires
    empty_minutes: tuple[int, ...]
    top_cells: tuple[Cell, ...]
    jobs: int
    total_fires: int
    excluded: int
    invalid: int
    start: datetime
    hours: int
    timezone: str
    gaps: Gaps | None  # None with fewer than two distinct fire instants
    cells: tuple[Cell, ...] = ()  # every non-empty cell, when asked for (HTML hovers)
    jitter: JitterPressure | None = None  # the second-resolution view, when asked for
    occupancy: Occupancy | None = None  # runs in flight per minute (--runtime), when asked for


def compute_pressure(
    fleet: Fleet,
    start: datetime,
    hours: int = 24,
    zone: tzinfo = timezone.utc,
    *,
    all_cells: bool = False,
    jitter: JitterOption | None = None,
    progress: Progress | None = None,
    memo: FireMemo | None = None,
    cell_memo: CellMemo | None = None,
) -> Pressure:
    """The fleet's pressure in [start, start + hours), labelled in `zone`.

    With `jitter` (`"auto"` or a width in seconds) the same enumeration also
    yields the busiest minute second by second, before and after jitter.
    `memo` (see `fires.FireMemo`) lets two fleets over one window share the
    fires of the groups they have in common; `cell_memo`, given with it, their
    cells too (a fire list the memo hands both is counted into cells once).
    """
    first, end = window_bounds(start, hours)
    clock = DisplayClock(zone, first, end)
    bounds = (zone, first, end)  # what a fire list's cells depend on besides the list
    tally = None
    if jitter is not None:
        from .jitter_pressure import JitterTally

        tally = JitterTally(jitter, clock, first)
    grid = [0] * MINUTES_PER_DAY
    minute_jobs = [0] * 60
    instants: set[int] = set()
    per_group: list[tuple[FireGroup, Counter[int]]] = []
    for group, fires in fleet.window(first, end, memo).track(progress):
        if tally is not None:
            tally.add(group, fires)
        if not fires:
            continue
        weight = group.weight
        known = None if cell_memo is None else cell_memo.get(id(fires))
        if known is not None and known[0] is fires and known[1] == bounds:
            counts, minutes = known[2], known[3]
        else:
            counts = clock.cells(fires)
            minutes = frozenset([cell % 60 for cell in counts])
            if cell_memo is not None:  # held with the list: its id is not reused meanwhile
                cell_memo[id(fires)] = (fires, bounds, counts, minutes)
        for cell, n in counts.items():
            grid[cell] += n * weight
        for minute in minutes:
            minute_jobs[minute] += weight
        instants.update(fires)
        per_group.append((group, counts))

    rows = tuple(tuple(grid[h * 60 : (h + 1) * 60]) for h in range(24))
    by_minute = tuple(sum(grid[m::60]) for m in range(60))
    heavy = sorted((c for c in range(MINUTES_PER_DAY) if grid[c]), key=lambda c: -grid[c])
    wanted = heavy if all_cells else heavy[:TOP_CELLS]
    cells = _cells(wanted, grid, per_group)
    busiest = _busiest(by_minute, minute_jobs)
    return Pressure(
        grid=rows,
        by_minute_fires=by_minute,
        by_minute_jobs=tuple(minute_jobs),
        by_hour=tuple(sum(row) for row in rows),
        busiest_minute=busiest,
        empty_minutes=tuple(m for m in range(60) if not by_minute[m]),
        top_cells=tuple(cells[c] for c in heavy[:TOP_CELLS]),
        jobs=fleet.jobs,
        total_fires=sum(grid),
        excluded=fleet.excluded,
        invalid=len(fleet.skipped),
        start=datetime.fromtimestamp(first, zone),
        hours=hours,
        timezone=zone_name(zone),
        gaps=gap_stats(instants),
        cells=tuple(cells[c] for c in sorted(cells)) if all_cells else (),
        jitter=None if tally is None else tally.finish(None if busiest is None else busiest.minute),
    )


def _busiest(by_minute: tuple[int, ...], minute_jobs: list[int]) -> BusiestMinute | None:
    if not any(by_minute):
        return None
    minute = max(range(60), key=lambda m: (minute_jobs[m], by_minute[m], -m))
    return BusiestMinute(minute, minute_jobs[minute], by_minute[minute])


def _cells(
    wanted: list[int], grid: list[int], per_group: list[tuple[FireGroup, Counter[int]]]
) -> dict[int, Cell]:
    """Cell details (job count, heaviest names) for the wanted cell indices."""
    contributors: dict[int, list[tuple[int, FireGroup]]] = {c: [] for c in wanted}
    for group, counts in per_group:
        for cell, n in counts.items():
            entry = contributors.get(cell)
            if entry is not None:
                entry.append((n, group))
    first_names: dict[int, list[str]] = {}  # id(group) -> its alphabetically first names
    out = {}
    for cell, entries in contributors.items():
        # Most fires first, then by name; a group's members tie, so only its
        # first NAMES_PER_CELL names can ever make the list.
        ranked: list[tuple[int, str]] = []
        for n, group in entries:
            names = first_names.get(id(group))
            if names is None:
                names = first_names[id(group)] = natural_sorted(group.names)[:NAMES_PER_CELL]
            ranked.extend((-n, name) for name in names)
        ranked.sort()
        out[cell] = Cell(
            hour=cell // 60,
            minute=cell % 60,
            fires=grid[cell],
            jobs=sum(group.weight for _, group in entries),
            names=tuple(name for _, name in ranked[:NAMES_PER_CELL]),
        )
    return out
