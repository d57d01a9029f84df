"""Jobs that fire at exactly the same times (docs/fleet-analyses.md `duplicates`).

Two jobs are duplicates when their schedules are semantically equal — equal
parsed field sets, so `*/5 * * * *` matches `0-59/5 * * * *` and an H job
matches only where its resolved slot coincides — and they share a resolved
zone. These are exactly the enumeration's fire groups of two or more.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..engine.describe import describe
from ..names import natural_key, natural_sorted, one_skeleton
from .fires import FireGroup, Fleet


@dataclass(frozen=True, slots=True)
class DuplicateGroup:
    """Jobs with one meaning: its most common spelling, in words, where, who."""

    expression: str  # the most common source expression (then the first loaded)
    description: str
    timezone: str
    count: int
    jobs: tuple[str, ...]  # in natural order (file:9 before file:10)


@dataclass(frozen=True, slots=True)
class Duplicates:
    """Every duplicate group, largest first, then by expression."""

    jobs: int  # analysed jobs
    groups: tuple[DuplicateGroup, ...]
    excluded: int
    invalid: int


def duplicate_group(group: FireGroup) -> DuplicateGroup:
    """One fire group as a duplicate group: its commonest spelling, in words, its jobs."""
    every = group.parsed
    parsed = every[0]
    # Most groups hold one parse, shared by the engine (or equal ones): one spelling.
    if every.count(parsed) != len(every):
        spellings = Counter([p.source for p in every])
        top = max(spellings.values())
        # Counter keeps first-seen order, so ties go to the first job loaded.
        expression = next(text for text, n in spellings.items() if n == top)
        parsed = next(p for p in every if p.source == expression)
    return DuplicateGroup(
        expression=parsed.source,
        description=describe(parsed),
        timezone=group.zone,
        count=group.weight,
        jobs=tuple(natural_sorted(group.names)),
    )


def find_duplicates(fleet: Fleet) -> Duplicates:
    """Groups of 2+ jobs with semantically equal schedules in the same zone."""
    groups = [duplicate_group(g) for g in fleet.groups if g.weight > 1]
    groups.sort(key=lambda g: (-g.count, g.expression, g.timezone))
    # Groups alike in size, spelling and zone (H slots that differ) go by their jobs:
    # the natural keys are made for those groups only.
    start = 0
    while start < len(groups):
        end = start + 1
        head = groups[start]
        while end < len(groups) and (
            groups[end].count,
            groups[end].expression,
            groups[end].timezone,
        ) == (head.count, head.expression, head.timezone):
            end += 1
        if end - start > 1:
            run = groups[start:end]
            if one_skeleton([name for g in run for name in g.jobs]):
                run.sort(key=lambda g: g.jobs)  # the textual order is the natural one
            else:
                run.sort(key=lambda g: tuple(natural_key(j) for j in g.jobs))
            groups[start:end] = run
        start = end
    return Duplicates(
        jobs=fleet.jobs, groups=tuple(groups), excluded=fleet.excluded, invalid=len(fleet.skipped)
    )
