"""A zone's UTC-offset changes: read from its TZif file, or found by probing.

zoneinfo has no public list of transitions, so every part of the toolkit
that needs them (the DST-aware search, the display clock, the DST lint
notes) asks here. A tz database zone's file says where its offset may change
(`tzif.py`): the zone is asked for its offset on either side of each of those
instants only, a handful of look-ups a year. Any other tzinfo, or a file that
does not agree with the zone, is probed: sample the offset every `step`
seconds and bisect each change to the first second that has the new offset.
"""

from __future__ import annotations

from datetime import datetime, tzinfo
from typing import NamedTuple


class Transition(NamedTuple):
    """A change of UTC offset at `epoch` (seconds), from `before` to `after` seconds."""

    epoch: int
    before: int
    after: int


def offset_at(zone: tzinfo, epoch: int) -> int:
    """The zone's UTC offset in seconds at an instant."""
    off = datetime.fromtimestamp(epoch, zone).utcoffset()
    return int(off.total_seconds()) if off is not None else 0


def first_change(zone: tzinfo, lo: int, hi: int) -> int:
    """The first second in (lo, hi] whose offset differs from lo's (hi's must differ)."""
    before = offset_at(zone, lo)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if offset_at(zone, mid) == before:
            lo = mid
        else:
            hi = mid
    return hi


def transitions(zone: tzinfo, start: int, end: int, step: int) -> tuple[Transition, ...]:
    """Offset changes in (start, end], probing every `step` seconds.

    From the zone's file, every change is found. When probing, a change that
    is undone within one step is not seen, so `step` must be shorter than the
    shortest time a zone keeps an offset (half an hour is safe for every zone
    in the database; a day is enough for DST rules).
    """
    # The file reader is imported here, and its `candidates` read from it at each call:
    # a run that never asks for a zone's changes (lint of a UTC fleet) never loads it.
    from . import tzif

    listed = _at_candidates(zone, start, end, tzif.candidates(zone, start, end))
    if listed is not None:
        return listed
    return probe(zone, start, end, step)


def probe(zone: tzinfo, start: int, end: int, step: int) -> tuple[Transition, ...]:
    """Offset changes in (start, end] by a sample every `step` seconds and bisection."""
    found: list[Transition] = []
    t0, off0 = start, offset_at(zone, start)
    while t0 < end:
        t1 = min(t0 + step, end)
        off1 = offset_at(zone, t1)
        if off1 != off0:
            at = first_change(zone, t0, t1)
            found.append(Transition(at, off0, offset_at(zone, at)))
        t0, off0 = t1, off1
    return tuple(found)


def _at_candidates(
    zone: tzinfo, start: int, end: int, instants: list[int] | None
) -> tuple[Transition, ...] | None:
    """The changes at the listed instants, each read from the zone itself; None when the
    zone's offsets do not chain through them (the list cannot be trusted: probe instead)."""
    if instants is None:
        return None
    found: list[Transition] = []
    running = offset_at(zone, start)
    for at in instants:
        before, after = offset_at(zone, at - 1), offset_at(zone, at)
        if before != running:
            return None  # a change the list does not name happened before `at`
        if after != before:
            found.append(Transition(at, before, after))
        running = after
    if offset_at(zone, end) != running:
        return None
    return tuple(found)
