"""The invoking user's crontab (`crontab -l`), read through python-crontab.

System crontabs (/etc/crontab, /etc/cron.d/*) are ordinary crontab files with
a user column; `classic.parse_crontab(system=True)` reads those.
"""

from __future__ import annotations

import shutil
import subprocess

from crontab import CRON_COMMAND, current_user

from ... import load_codes as codes
from ...records import Job
from ...safe_text import capped
from ..problems import Problems
from .classic import parse_crontab

USER_CRONTAB = "crontab -l"  # the `file` of the user crontab's jobs and findings
TIMEOUT = 10.0  # seconds: `crontab -l` only prints a file; longer means it hangs


def read_user_crontab() -> tuple[list[Job], Problems, bool]:
    """Jobs of `crontab -l`, its findings, and whether any text was read."""
    out = Problems(USER_CRONTAB)
    program = shutil.which("crontab") or CRON_COMMAND
    try:
        process = subprocess.run(
            [program, "-l"],
            capture_output=True,
            timeout=TIMEOUT,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except FileNotFoundError:
        out.add(
            codes.UNREADABLE_FILE,
            f"cannot read the user crontab: no crontab program ({program} not found)",
        )
        return [], out, False
    except PermissionError:
        out.add(codes.UNREADABLE_FILE, f"cannot read the user crontab: {program} is not executable")
        return [], out, False
    except subprocess.TimeoutExpired:
        out.add(
            codes.UNREADABLE_FILE,
            f"cannot read the user crontab: `{program} -l` did not finish within "
            f"{TIMEOUT:g} s (stopped)",
        )
        return [], out, False
    except OSError as error:
        out.add(codes.UNREADABLE_FILE, f"cannot read the user crontab: {error.strerror or error}")
        return [], out, False
    stderr = _first_line(process.stderr)
    if process.returncode != 0:
        if "no crontab for" in stderr:
            out.add(codes.EMPTY_CONFIG, f"no crontab for user {_user()}: nothing to schedule")
        else:
            detail = stderr or f"exit status {process.returncode}"
            out.add(codes.UNREADABLE_FILE, f"cannot read the user crontab: {detail}")
        return [], out, False
    # Exit 0 with a warning on stderr (a locale or NIS notice) still listed the crontab.
    try:
        text = process.stdout.decode("utf-8")
    except UnicodeDecodeError as error:
        out.add(
            codes.UNREADABLE_FILE,
            f"cannot read the user crontab: not valid UTF-8 (byte 0x"
            f"{process.stdout[error.start]:02x})",
        )
        return [], out, False
    jobs = parse_crontab(text, out, name_base="crontab")
    return jobs, out, True


def _first_line(data: bytes | None) -> str:
    """The first non-blank line a program wrote on stderr, decoded and capped."""
    text = (data or b"").decode("utf-8", "replace").strip()
    return capped(text.splitlines()[0] if text else "", 200)


def _user() -> str:
    try:
        return str(current_user())
    except Exception:  # pragma: no cover - no passwd entry for this uid
        return "(unknown)"
