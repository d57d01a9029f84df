"""Calendar facts the day rules share: which months a schedule can ever fire in."""

from __future__ import annotations

from ...engine import Parsed
from ...engine.schedule import Schedule
from .context import DAY_OF_MONTH, DAY_OF_WEEK, YEAR

# Between 1901 and 2099 the Gregorian calendar repeats every 28 years, so 28
# consecutive years show every (leap, weekday-of-1st) layout a month can have.
_CYCLE = 28
_ALL_YEARS = 2099 - 1970 + 1
_MAX_DAYS = (0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def years_from(parsed: Parsed, first: int) -> list[int]:
    """The schedule's years from `first` on, one per 28-year calendar layout."""
    seen: dict[int, int] = {}
    for year in sorted(parsed.years):
        if year >= first and year % _CYCLE not in seen:
            seen[year % _CYCLE] = year
    return sorted(seen.values())


def every_layout() -> list[int]:
    """28 consecutive years: every calendar layout (2000 is a leap year)."""
    return list(range(2000, 2000 + _CYCLE))


_UNIONS: dict[tuple[object, ...], int] = {}


def month_union(schedule: Schedule, month: int, years: list[int]) -> int:
    """Bits 1..31 of the days of `month` that match in at least one of `years`."""
    # The answer depends only on the day fields, the month and the years, and
    # a fleet repeats a handful of day-field pairs: work it out once per pair.
    parsed = schedule.parsed
    key = (parsed.dom, parsed.dow, month, *years)
    mask = _UNIONS.get(key)
    if mask is None:
        mask = 0
        for year in years:
            mask |= schedule.day_mask(year, month)
        if len(_UNIONS) >= 65536:
            _UNIONS.clear()
        _UNIONS[key] = mask
    return mask


def plain_days(parsed: Parsed) -> frozenset[int] | None:
    """Day-of-month's plain days when they alone pick the days (no L/W, no weekday)."""
    dom, dow = parsed.dom, parsed.dow
    if dom.last_offsets or dom.nearest or dom.last_weekday or dow.restricted:
        return None
    return dom.days


def missing_days(days: frozenset[int], month: int) -> list[int]:
    """The plain days a month never has (February counts its leap 29th)."""
    return sorted(d for d in days if d > _MAX_DAYS[month])


def years_restricted(parsed: Parsed) -> bool:
    return len(parsed.years) != _ALL_YEARS


def day_fields_text(parsed: Parsed) -> str:
    """The day fields as a message names them: "day-of-month `13` and day-of-week `5`"."""
    dom = parsed.fields[DAY_OF_MONTH].source
    dow = parsed.fields[DAY_OF_WEEK].source
    if parsed.dom.restricted and parsed.dow.restricted:
        return f"day-of-month `{dom}` and day-of-week `{dow}`"
    if parsed.dow.restricted:
        return f"day-of-week `{dow}`"
    return f"day-of-month `{dom}`"


def year_text(parsed: Parsed) -> str:
    return parsed.fields[YEAR].source
