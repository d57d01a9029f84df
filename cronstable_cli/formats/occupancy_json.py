"""The `occupancy` object of `pressure --runtime --format json` (docs/json.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..analysis.occupancy import Occupancy


def occupancy_dict(o: Occupancy) -> dict[str, Any]:
    return {
        "start": o.start.isoformat(),
        "peak": o.peak,
        "peak_at": None if o.peak_at is None else o.peak_at.isoformat(),
        "peak_jobs": [{"name": name, "runs": n} for name, n in o.peak_jobs],
        "busiest_hour": None if o.busiest_hour is None else o.busiest_hour.isoformat(),
        "by_minute": list(o.per_minute),
        "grid": [list(row) for row in o.grid],
        "durations": dict(sorted(o.sources.items())),
        "timeline": [
            {
                "job": run.job,
                "start": datetime.fromtimestamp(run.start, o.start.tzinfo).isoformat(),
                "seconds": run.end - run.start,
            }
            for run in o.timeline
        ],
    }
