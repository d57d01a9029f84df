"""The invoking user's crontab (`crontab -l`), read through python-crontab.

System crontabs (/etc/crontab, /etc/cron.d/*) are ordinary crontab files with
a user column; `crontab_file.parse_crontab(system=True)` reads those.
"""

from __future__ import annotations

from crontab import CRON_COMMAND, Process, current_user

from .. import load_codes as codes
from ..records import Job
from .crontab_file import parse_crontab
from .problems import Problems

USER_CRONTAB = "crontab -l"  # the `file` of the user crontab's jobs and findings


def read_user_crontab() -> tuple[list[Job], Problems, bool]:
    """Jobs of `crontab -l`, its findings, and whether any text was read."""
    out = Problems(USER_CRONTAB)
    try:
        process = Process(CRON_COMMAND, l="").run()
    except (FileNotFoundError, PermissionError):
        out.add(
            codes.UNREADABLE_FILE,
            f"cannot read the user crontab: no crontab program ({CRON_COMMAND} not found)",
        )
        return [], out, False
    except (OSError, UnicodeDecodeError) as error:
        out.add(codes.UNREADABLE_FILE, f"cannot read the user crontab: {error}")
        return [], out, False
    stderr = (process.stderr or "").strip()
    if process.returncode != 0 or stderr:
        if "no crontab for" in stderr:
            out.add(codes.EMPTY_CONFIG, f"no crontab for user {_user()}: nothing to schedule")
        else:
            detail = stderr or f"exit status {process.returncode}"
            out.add(codes.UNREADABLE_FILE, f"cannot read the user crontab: {detail}")
        return [], out, False
    jobs = parse_crontab(process.stdout or "", out, name_base="crontab")
    return jobs, out, True


def _user() -> str:
    try:
        return str(current_user())
    except Exception:  # pragma: no cover - no passwd entry for this uid
        return "(unknown)"
