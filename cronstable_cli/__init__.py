"""cronstable: cron-schedule analysis for the cronstable scheduler daemon."""

from .engine import CronTab, ScheduleError

__version__ = "0.1.0"
__all__ = ["CronTab", "ScheduleError", "__version__"]
