"""Proleptic Gregorian dates and wall times as day and second counts since 1970-01-01.

Integer arithmetic only (no datetime), shared by the zone tables (zone_clock.py),
the civil search (timeline.py) and the reading of zone files (tzif.py).
"""

from __future__ import annotations

_DAY = 86400
_EPOCH_ORDINAL = 719163  # date(1970, 1, 1).toordinal()

_CUMDAYS = (0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334)


def days_from_civil(y: int, m: int, d: int) -> int:
    """Days since 1970-01-01 of a proleptic Gregorian date."""
    leap = m > 2 and (y % 4 == 0 and (y % 100 != 0 or y % 400 == 0))
    yy = y - 1
    return yy * 365 + yy // 4 - yy // 100 + yy // 400 + _CUMDAYS[m] + leap + d - _EPOCH_ORDINAL


def wall_at(seconds: int) -> tuple[int, int, int, int, int, int]:
    """The civil (year, month, day, hour, minute, second) `seconds` after 1970-01-01 00:00."""
    days, rest = divmod(seconds, _DAY)
    y, m, d = civil_from_days(days)
    h, rest = divmod(rest, 3600)
    mi, s = divmod(rest, 60)
    return y, m, d, h, mi, s


def civil_from_days(z: int) -> tuple[int, int, int]:
    """The proleptic Gregorian (year, month, day) `z` days after 1970-01-01."""
    z += 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return yoe + era * 400 + (m <= 2), m, d
