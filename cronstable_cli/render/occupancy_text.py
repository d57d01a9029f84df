"""Runs in flight for a terminal: the peak, when, which jobs, and where durations came from."""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis.occupancy import Occupancy
from ..engine.describe import plural
from .layout import Block, Line, Prose

SOURCE_LABELS = {
    "durations": "--durations",
    "sla.maxRuntimeSeconds": "sla.maxRuntimeSeconds",
    "executionTimeout": "executionTimeout",
    "runtime-default": "--runtime-default",
    "none": "no duration (the start minute only)",
}


def occupancy_blocks(o: Occupancy) -> Iterator[Block]:
    yield Line(
        ("Runs in flight", "bold"), " (a run occupies every minute from its start to its end)"
    )
    sources = ", ".join(
        f"{SOURCE_LABELS.get(k, k)}: {plural(n, 'job')}" for k, n in sorted(o.sources.items())
    )
    yield Prose(("durations from ", "dim"), (sources or "no jobs", "dim"))
    if o.peak_at is None:
        yield Line("No run is in flight in this window.")
        return
    yield Line(
        ("Peak: ", "bold"),
        f"{plural(o.peak, 'run')} in flight at {o.peak_at.strftime('%Y-%m-%d %H:%M')} "
        f"({o.peak_at.tzname()})",
    )
    names = ", ".join(f"{name} ×{n}" if n > 1 else name for name, n in o.peak_jobs)
    more = sum(n for _, n in o.peak_jobs)
    if more < o.peak:
        names += f" +{o.peak - more:,} more runs"
    yield Prose(("At the peak: ", "bold"), names)
    if o.busiest_hour is not None:
        hour = o.busiest_hour
        start = int(hour.timestamp())
        index = (start - int(o.start.timestamp())) // 60
        row = o.per_minute[index : index + 60]
        yield Line(
            ("Busiest hour ", "bold"),
            f"{hour.strftime('%Y-%m-%d %H:00')}: runs in flight by minute",
        )
        for at in range(0, len(row), 15):
            counts = "".join(f"{n:>4}" for n in row[at : at + 15])
            yield Line((f"  :{at:02d}", "dim"), counts)
