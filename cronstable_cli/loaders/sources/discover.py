"""Which files a set of paths means, and what kind of job file each one is."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
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
    path: str,
    files: FileSource | None = None,
    *,
    system: bool = False,
    system_rule: Callable[[str], bool] | None = None,
) -> list[Source]:
    """The job files of one directory, sorted by name (raises OSError).

    `/etc/cron.d`, and with `system` (`--system-crontab`) any directory, is read
    as cron reads /etc/cron.d: every file is a system crontab, whatever its
    name (a copy kept in config management, `roles/x/files/cron.d/`, has no
    `.cron` suffixes either); elsewhere YAML-named files stay YAML. A file the
    config file's `system-crontab` globs (`system_rule`) name is a system
    crontab too, whatever its name.
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
            if _cron_reads(name) and not files.is_dir(full):
                found.append(Source(full, "crontab", system=True))
        elif system_rule is not None and system_rule(full) and not files.is_dir(full):
            if _cron_reads(name):
                found.append(Source(full, "crontab", system=True))
        elif is_crontab_name(name):
            found.append(Source(full, "crontab"))
        elif is_yaml_name(name):
            found.append(Source(full, "yaml"))
    return found


def _cron_reads(name: str) -> bool:
    """cron skips editor and package leftovers in /etc/cron.d."""
    return not name.endswith("~") and ".dpkg-" not in name


def cron_d_hint(path: str, files: FileSource) -> str | None:
    """For a directory without job files: the hint that it looks like /etc/cron.d, if it does.

    cron.d files have no suffix, so a directory load (the daemon's, and this one
    without `--system-crontab`) reads none of them.
    """
    try:
        names = [n for n in files.list_dir(path) if not skipped(n) and _cron_reads(n)]
    except OSError:
        return None
    plain = [n for n in names if not files.is_dir(os.path.join(path, n))]
    if not plain:
        return None
    looks = any(_looks_like_system_crontab(os.path.join(path, n), files) for n in plain[:20])
    if not looks and os.path.basename(os.path.normpath(path)) != "cron.d":
        return None
    return (
        "this directory looks like /etc/cron.d (files without a suffix, with a user column), "
        f"and a directory load reads only {JOB_FILE_NAMES} files: read its files as system "
        "crontabs with --system-crontab, or name them in the config file's 'system-crontab' "
        "globs"
    )


JOB_FILE_NAMES = "*.yaml, *.yml, *.cron, *.crontab or crontab"


def _looks_like_system_crontab(path: str, files: FileSource) -> bool:
    from ..problems import Problems
    from .files import DISK

    try:
        if files is DISK and os.path.getsize(path) > 1_000_000:
            return False  # a cron.d file is small; this is something else
    except OSError:
        return False
    text = files.read_text(path, Problems(path))
    if text is None:
        return False
    from ..shared import has_user_column

    return any(has_user_column(line) for line in text.split("\n")[:200])


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
    from ...engine import ScheduleError, parse

    try:
        parse(" ".join(fields), "")
    except ScheduleError:
        return False
    return True
