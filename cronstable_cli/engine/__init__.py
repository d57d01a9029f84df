"""The schedule dialect: parse, resolve H, search in civil time, map to instants."""

from .crontab import CronTab
from .daemon_hash import hash_value
from .errors import ScheduleError
from .parse_result import DayOfMonth, DayOfWeek, Parsed
from .parser import clear_caches as _clear_parses
from .parser import parse
from .schedule import Schedule
from .timeline import Timeline
from .zones import ZoneError, load_zone, zone_name


def clear_caches() -> None:
    """Forget every parse and search table shared between equal texts (a cold start)."""
    from . import crontab, schedule, zone_clock

    _clear_parses()
    schedule.clear_tables()
    zone_clock.forget_starts()
    crontab.forget_fixed_start()


__all__ = [
    "CronTab",
    "DayOfMonth",
    "DayOfWeek",
    "Parsed",
    "Schedule",
    "ScheduleError",
    "Timeline",
    "ZoneError",
    "clear_caches",
    "hash_value",
    "load_zone",
    "parse",
    "zone_name",
]
