"""Which files a set of paths means, and what kind of job file each one is."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from .files import FileSource

Kind = Literal["yaml", "crontab", "sniff"]

YAML_SUFFIXES = (".yml", ".yaml")
CRONTAB_SUFFIXES = (".crontab", ".cron")
SYSTEM_CRONTAB = "/etc/crontab"
SYSTEM_CRON_DIR = "/etc/cron.d"


@dataclass(frozen=True)
class Source:
    """One file to load: the path as given or discovered, and how to read it."""

    path: str
    kind: Kind
    system: bool = False  # a system crontab: a user column after the schedule


# Names are judged case-folded, as the daemon does (`JOBS.YAML`, `Nightly.Cron`): on a
# case-insensitive filesystem they are the same file to the user, and a case-sensitive
# test would skip them in silence.
def is_yaml_name(name: str) -> bool:
    return os.path.splitext(name)[1].lower() in YAML_SUFFIXES


def is_crontab_name(name: str) -> bool:
    lowered = name.lower()
    return lowered == "crontab" or os.path.splitext(lowered)[1] in CRONTAB_SUFFIXES


def is_system_path(path: str) -> bool:
    """/etc/crontab and files directly under /etc/cron.d/ carry a user column."""
    absolute = os.path.abspath(path)
    return absolute == SYSTEM_CRONTAB or os.path.dirname(absolute) == SYSTEM_CRON_DIR


def skipped(name: str) -> bool:
    """Directory mode skips names starting with `_` (fragments) or `.` (hidden)."""
    return name.startswith(("_", "."))


def kind_by_name(path: str) -> Kind:
    name = os.path.basename(path)
    if is_crontab_name(name) or is_system_path(path):
        return "crontab"
    if is_yaml_name(name):
        return "yaml"
    return "sniff"


def directory_entries(
    path: str, files: FileSource | None = None, *, system: bool = False
) -> list[Source]:
    """The job files of one directory, sorted by name (raises OSError).

    `/etc/cron.d`, and with `system` (`--system-crontab`) any directory, is read
    as cron reads /etc/cron.d: every file is a system crontab, whatever its
    name (a copy kept in config management, `roles/x/files/cron.d/`, has no
    `.cron` suffixes either); elsewhere YAML-named files stay YAML.
    """
    from .files import DISK

    files = files or DISK
    names = sorted(files.list_dir(path))
    etc_cron_d = files is DISK and os.path.abspath(path) == SYSTEM_CRON_DIR
    system_dir = system or etc_cron_d
    found: list[Source] = []
    for name in names:
        if skipped(name):
            continue
        full = os.path.join(path, name)
        if system_dir and (etc_cron_d or not is_yaml_name(name)):
            # cron itself reads every file here except editor and package leftovers.
            if not name.endswith("~") and ".dpkg-" not in name and not files.is_dir(full):
                found.append(Source(full, "crontab", system=True))
        elif is_crontab_name(name):
            found.append(Source(full, "crontab"))
        elif is_yaml_name(name):
            found.append(Source(full, "yaml"))
    return found


# -- sniffing an explicitly named file ---------------------------------------------

_ENV_LINE = re.compile(r"\s*[A-Za-z_][A-Za-z0-9_]*\s*=")


def sniff(text: str) -> Kind:
    """'crontab' when the first meaningful line is crontab, else 'yaml' (docs/job-files.md)."""
    for line in text.split("\n"):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("@") or _ENV_LINE.match(stripped):
            return "crontab"
        tokens = stripped.split()
        return "crontab" if len(tokens) >= 6 and _valid_fields(tokens[:5]) else "yaml"
    return "yaml"


def _valid_fields(fields: list[str]) -> bool:
    """Five fields the engine accepts, as the daemon sniffs (anything else is YAML)."""
    from ..engine import ScheduleError, parse

    try:
        parse(" ".join(fields), "")
    except ScheduleError:
        return False
    return True
