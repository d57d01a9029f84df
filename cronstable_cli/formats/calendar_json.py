"""`calendar --format json`: the week view (docs/json.md, section calendar)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .json_out import _left_out  # the `skipped` and `errors` every fleet analysis writes
from .jsondoc import to_json

if TYPE_CHECKING:
    from ..analysis.calendar import Week
    from ..analysis.fires import Fleet
    from ..records import Finding


def calendar_json(week: Week, fleet: Fleet, errors: Sequence[Finding]) -> str:
    """The grid by civil day and hour, the agenda, the background jobs, what was left out."""
    return to_json(
        {
            "start": week.start.isoformat(),
            "end": week.end.isoformat(),
            "days": week.days,
            "timezone": week.timezone,
            "jobs": week.jobs,
            "excluded": week.excluded,
            "invalid": week.invalid,
            "total_fires": week.total_fires,
            "frequent_above": week.frequent_above,
            "grid": [
                {
                    "date": day.date.isoformat(),
                    "fires": day.fires,
                    "hours": list(day.hours),
                    "seconds": list(day.spans),
                    "dst": day.dst,
                    "length": day.length,
                    "skipped_hours": list(day.skipped),
                    "repeated_hours": list(day.repeated),
                }
                for day in week.grid
            ],
            "agenda": [
                {
                    "at": item.at.isoformat(),
                    "local": item.local.isoformat(),
                    "job": item.job,
                    "schedule": item.schedule,
                    "timezone": item.zone,
                }
                for item in week.agenda
            ],
            "background": [
                {
                    "job": b.job,
                    "schedule": b.schedule,
                    "description": b.description,
                    "timezone": b.zone,
                    "fires": b.fires,
                }
                for b in week.background
            ],
            **_left_out(fleet, errors),
        }
    )
