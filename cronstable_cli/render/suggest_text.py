"""The `suggest` answer for a terminal: the slot, why, and what else would do."""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

from ..analysis.suggest import Suggestion
from ..engine.describe import plural
from .console import print_blocks
from .layout import Block, Keep, Line, Part, Prose


def render_suggest(
    result: Suggestion, file: IO[str] | None = None, *, width: int | None = None
) -> None:
    """The suggested expression first (easy to copy), then the reasons."""
    print_blocks(lambda _: suggest_blocks(result), file, width=width)


def suggest_blocks(s: Suggestion) -> Iterator[Block]:
    """The report's paragraphs (each wraps to the width on its own)."""
    what = f"re-placing {s.job}" if s.job else f"a new {s.period} job"
    yield Line(("suggest", "bold"), f": {what} ({s.timezone})")
    yield Prose("  ", Keep(s.expression, "bold green"))
    if s.runtime is not None:
        yield from _runtime_reason(s)
    else:
        yield Prose(
            f"  {s.slot.label} has {plural(s.fires_in_window, 'fire')} in the "
            f"{s.based_on.hours} h from {s.based_on.start.strftime('%Y-%m-%d %H:%M')}; the "
            f"busiest slot, {s.busiest.label}, has {plural(s.busiest.fires, 'fire')}.",
            indent=4,
        )
    if s.alternatives:
        others: list[Part] = ["  alternatives:"]
        for i, a in enumerate(s.alternatives):
            unit = "fire" if s.runtime is None else "run-minute"
            others += [", " if i else " ", Keep(a.expression), f" ({plural(a.fires, unit)})"]
        yield Prose(*others, indent=4)
    yield Prose("  or let the daemon spread it: ", Keep(s.hash_hint), style="dim", indent=4)
    counted = f"  based on {plural(s.based_on.jobs, 'job')}"
    if s.job:
        counted += f" (not counting {s.job} itself)"
    if s.excluded or s.invalid:
        counted += f"; left out {s.excluded + s.invalid:,} disabled, @reboot or invalid"
    yield Prose(counted, style="dim", indent=4)


def _runtime_reason(s: Suggestion) -> Iterator[Block]:
    from .stagger_text import duration_label

    length = duration_label(s.runtime or 0)
    yield Prose(
        f"  runs of {length} started at {s.slot.label} meet "
        f"{plural(s.fires_in_window, 'run-minute')} of other runs in flight over the "
        f"{s.based_on.hours} h from {s.based_on.start.strftime('%Y-%m-%d %H:%M')}; at the "
        f"busiest slot, {s.busiest.label}, they would meet {s.busiest.fires:,}.",
        indent=4,
    )
