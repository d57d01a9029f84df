"""Small helpers that keep rule messages consistent."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...engine.describe import join_words
from ...engine.describe import plural as describe_plural

MONTHS = (
    "",
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
WEEKDAYS = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")

# `a`, `a and b`, `a, b and c`: the engine's descriptions and the rules share one.
join = join_words
plural = describe_plural


def job(name: str) -> str:
    """How a message names a job: `job 'backup'`."""
    return f"job {name!r}"


def code(text: str) -> str:
    """An expression or item quoted as code: `*/7`."""
    return f"`{text}`"


def month_list(months: Iterable[int], word: str = "and") -> str:
    return join([MONTHS[m] for m in sorted(months)], word)


def clock(seconds_of_day: int, with_seconds: bool = False) -> str:
    """Seconds since midnight as `HH:MM` (or `HH:MM:SS`)."""
    h, rest = divmod(seconds_of_day, 3600)
    m, s = divmod(rest, 60)
    return f"{h:02d}:{m:02d}:{s:02d}" if with_seconds else f"{h:02d}:{m:02d}"


def values(found: Sequence[int], limit: int = 6) -> str:
    """A value list that stays short: `1, 3, 5` or `1, 3, …, 31`."""
    if len(found) <= limit:
        return ", ".join(str(v) for v in found)
    return f"{found[0]}, {found[1]}, …, {found[-1]}"


def names(found: Sequence[str], limit: int = 10) -> str:
    """Job names for a message, the rest counted: `a, b, c and 4 more`."""
    quoted = [repr(n) for n in found[:limit]]
    if len(found) > limit:
        return f"{', '.join(quoted)} and {len(found) - limit} more"
    return join(quoted)
