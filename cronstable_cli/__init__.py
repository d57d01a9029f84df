"""cronstable: cron-schedule analysis for the cronstable scheduler daemon."""

from .engine import CronTab, ScheduleError

# The one place the version is written (pyproject.toml reads it from here).
__version__ = "0.2.0"
# The daemon release whose config schema and load checks the loaders follow.
DAEMON_SCHEMA_VERSION = "1.2.72"
__all__ = ["DAEMON_SCHEMA_VERSION", "CronTab", "ScheduleError", "__version__"]
