"""The schedule dialect: parse, resolve H, search in civil time, map to instants."""

from .crontab import CronTab
from .errors import ScheduleError
from .hashing import hash_value
from .parse import parse
from .parsed import DayOfMonth, DayOfWeek, Parsed
from .schedule import Schedule
from .timeline import Timeline
from .zones import ZoneError, load_zone, zone_name

__all__ = [
    "CronTab",
    "DayOfMonth",
    "DayOfWeek",
    "Parsed",
    "Schedule",
    "ScheduleError",
    "Timeline",
    "ZoneError",
    "hash_value",
    "load_zone",
    "parse",
    "zone_name",
]
