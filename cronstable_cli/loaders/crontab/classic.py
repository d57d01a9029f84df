"""Classic crontab files (docs/job-files.md): entries, NAME=value lines, CRON_TZ.

The schedule text is kept exactly as written (the engine checks its fields);
this module only finds the five fields or the macro, the command, and their
columns, so findings can point at the right character.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import replace

from ... import load_codes as codes
from ...engine import ScheduleError
from ...engine.parse_table import parse_schedule
from ...names import did_you_mean
from ...records import Edit, Fix, Job, SourceLocation
from ..problems import Problems
from ..suppress import suppressed_codes
from ..zones import is_known_zone, unknown_zone_message
from .user_column import is_user_column

_ENV = re.compile(r"(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?P<value>.*?)\s*$")
_TOKEN = re.compile(r"\S+")
# What the daemon refuses inside a live crontab line: C0 controls but TAB, DEL,
# C1 controls and the Unicode line/paragraph separators (editors and tools
# disagree on whether they break a line).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
# The nicknames a crontab line may start with, spelled exactly so: the daemon
# compares them case-sensitively (`@DAILY` refuses the file).
_NICKNAMES = frozenset(
    ("@reboot", "@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly")
)


def parse_crontab(
    text: str, out: Problems, *, system: bool = False, name_base: str | None = None
) -> list[Job]:
    """The entries of a crontab as Jobs; problems go to `out`."""
    # The daemon reads with universal newlines: CRLF and a lone CR end a line too.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if lines and not lines[-1]:
        lines.pop()
    if lines and lines[0].startswith("\ufeff"):
        out.add(
            codes.INVALID_CONFIG,
            "the file starts with a byte-order mark (U+FEFF): the daemon reads it as part of "
            "the first line and refuses the file; save it as UTF-8 without a BOM",
            1,
            1,
        )
        lines[0] = lines[0][1:]  # still check the rest of the file
    base = name_base or os.path.basename(out.file)
    # Only a file that says `cronstable` can hold an ignore comment (most: no lookups).
    has_directives = "cronstable" in text.lower()
    zone: str | None = None
    jobs: list[Job] = []
    last_entry = 0
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        control = _CONTROL.search(line, len(line) - len(line.lstrip()))
        if control is not None and control.start() < len(line.rstrip()):
            out.add(
                codes.INVALID_CONFIG,
                f"control character {control.group()!r} in a crontab line: the daemon refuses "
                "it (some tools read it as a line break, others do not); remove it",
                number,
                control.start() + 1,
            )
            continue
        env = _ENV.match(line, len(line) - len(line.lstrip()))
        if env is not None:
            zone = _environment(env, number, out, zone)
            continue
        last_entry = number
        suppressed = suppressed_codes(lines, number, (number,)) if has_directives else None
        job = _entry(line, number, out, system, f"{base}:{number}", zone, suppressed)
        if job is not None:
            jobs.append(job)
    if last_entry and last_entry == len(lines) and text and not text.endswith("\n"):
        out.add(
            codes.MISSING_FINAL_NEWLINE,
            "the last entry has no trailing newline; classic cron silently drops such an "
            "entry (the cronstable daemon runs it) — end the file with a newline",
            last_entry,
            len(lines[-1]) + 1,
            job=jobs[-1].name if jobs and jobs[-1].location.line == last_entry else None,
            fix=Fix(
                "end the file with a newline",
                (Edit(last_entry, len(lines[-1]) + 1, "", "\n"),),
                safe=True,
            ),
        )
    if not last_entry:
        out.add(codes.EMPTY_CONFIG, "no entries in this crontab: nothing to schedule", 1)
    return jobs


def _environment(env: re.Match[str], number: int, out: Problems, zone: str | None) -> str | None:
    """Apply one NAME=value line; returns the zone for the entries below."""
    name, value = env.group("name"), env.group("value")
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        value = value[1:-1]
    if name != "CRON_TZ":
        return zone  # SHELL, MAILTO, PATH...: the daemon passes them to the command
    if not value:
        out.add(
            codes.UNKNOWN_TIMEZONE,
            "CRON_TZ is empty: the daemon refuses it (remove the line to schedule in UTC)",
            number,
            env.start("value") + 1,
        )
        return None
    if not is_known_zone(value):
        col = env.start("value") + 1
        out.add(codes.UNKNOWN_TIMEZONE, unknown_zone_message(value, "CRON_TZ"), number, col)
    return value


def _entry(
    line: str,
    number: int,
    out: Problems,
    system: bool,
    name: str,
    zone: str | None,
    suppressed: frozenset[str] | None,
) -> Job | None:
    tokens = list(_TOKEN.finditer(line))
    first = tokens[0]
    start = first.start()
    count = 1 if first.group().startswith("@") else 5
    schedule_tokens = tokens[:count]
    rest = tokens[count:]
    user: str | None = None
    if system and rest:
        user = rest[0].group()
        rest = rest[1:]
    if len(schedule_tokens) < count or not rest:
        what = "a macro" if count == 1 else "five schedule fields"
        user_part = ", a user" if system else ""
        out.add(
            codes.INVALID_CONFIG,
            f"incomplete crontab entry: expected {what}{user_part} and a command",
            number,
            start + 1,
            job=name,
        )
        return None
    schedule = line[start : schedule_tokens[-1].end()]
    if count == 1 and schedule not in _NICKNAMES:
        out.add(
            codes.INVALID_SCHEDULE,
            f"unknown crontab nickname {schedule!r}: the daemon accepts exactly "
            f"{', '.join(sorted(_NICKNAMES))} (lower case)"
            f"{did_you_mean(schedule, _NICKNAMES)}",
            number,
            start + 1,
            job=name,
            schedule=schedule,
        )
    else:
        # Reported here, as the daemon does while reading; the entry is still
        # returned so lint checks the rest of it.
        _check_schedule(schedule, name, number, start, out)
    if schedule == "@midnight":
        schedule = "@daily"  # accepted in classic crontab files only (docs/dialect.md)
    command = _command(line, rest[0].start(), number, out, name)
    if not system:
        _likely_user_column(rest, number, out, name)
    _field_like_command(schedule, rest[0], number, out, name)
    at = SourceLocation(out.file, number, start + 1)
    return Job(
        name=name,
        schedule=schedule,
        location=at,
        schedule_location=at,
        command=command,
        timezone=zone,
        kind="crontab",
        suppressed=suppressed,
        user=user,
    )


def _check_schedule(schedule: str, name: str, number: int, start: int, out: Problems) -> None:
    """Parse as the daemon does while reading the file (H keyed by the entry's name)."""
    try:
        parse_schedule(schedule, name, crontab=True)  # the command's one parse of it
    except ScheduleError as err:
        out.add(
            codes.INVALID_SCHEDULE,
            f"job {name!r}: invalid schedule `{' '.join(schedule.split())}`: {err.message}",
            number,
            start + max(err.column, 1),
            job=name,
            schedule=schedule,
        )


def refuse_whole(out: Problems, jobs: Sequence[Job]) -> bool:
    """True when the daemon refuses this crontab file; says so at its first bad line.

    The daemon stops at the first bad line and refuses the whole file, so
    none of its entries run; every bad line has its own finding already.
    """
    errors = [i for i, f in enumerate(out.found) if f.level == "error"]
    if not errors:
        return False
    first = min(errors, key=lambda i: (out.found[i].line, out.found[i].column))
    finding = out.found[first]
    count = len(jobs)
    entries = {0: "", 1: ", so its one entry does not run"}.get(
        count, f", so none of its {count} entries runs"
    )
    out.found[first] = replace(
        finding,
        message=f"{finding.message} (the daemon refuses the whole file at its first bad "
        f"line{entries})",
    )
    return True


def _command(line: str, start: int, number: int, out: Problems, job: str) -> str:
    """The command with `\\%` unescaped; a bare `%` is reported."""
    raw = line[start:].rstrip()
    index = raw.find("%")
    while index >= 0:
        if index == 0 or raw[index - 1] != "\\":
            out.add(
                codes.INVALID_CONFIG,
                "unescaped '%' in the command: classic cron turns it into a newline and "
                "feeds the rest to stdin, the cronstable daemon does not feed stdin; "
                "write '\\%' for a literal percent sign",
                number,
                start + index + 1,
                job=job,
            )
            break
        index = raw.find("%", index + 1)
    return raw.replace("\\%", "%")


def _likely_user_column(
    rest: Sequence[re.Match[str]], number: int, out: Problems, job: str
) -> None:
    if len(rest) < 2:
        return
    word = rest[0].group()
    if not is_user_column(word, rest[1].group()):
        return
    earlier = [f for f in out.found if f.code == codes.LIKELY_USER_COLUMN]
    if earlier:
        # One explanation per file: the others say where it is.
        message = (
            f"{word!r} after the schedule looks like a user column too (see line "
            f"{earlier[0].line}); the daemon would run {word!r} as the command"
        )
    else:
        message = (
            f"{word!r} after the schedule looks like a system crontab's user column: the "
            f"daemon loads the file but runs {word!r} as the command, so this job fails on "
            "every run. Remove the column, or read the file as a system crontab "
            "(--system-crontab, or the config file's 'system-crontab' globs)"
        )
    out.add(codes.LIKELY_USER_COLUMN, message, number, rest[0].start() + 1, job=job)


# A word that reads as a cron field rather than a program: `*`, `*/6`, `0`, `1-5`,
# `0,30`, `?`, `mon-fri`. A program name rarely starts with a digit, `*` or `?`.
_FIELD_WORD = re.compile(
    r"[*?]|\*/[0-9]+|[0-9]+(?:[-/,][0-9]+)*(?:/[0-9]+)?|[0-9]+[-,][0-9*,/-]*"
    r"|(?i:(?:sun|mon|tue|wed|thu|fri|sat|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"(?:[-,][a-z]{3})+)"
)


def _field_like_command(
    schedule: str, first: re.Match[str], number: int, out: Problems, job: str
) -> None:
    """A command whose first word is a sixth (or seventh) schedule field, pasted by mistake."""
    word = first.group()
    if schedule.startswith("@") or not _FIELD_WORD.fullmatch(word):
        return
    command = first.string[first.start() :].rstrip()
    expand = " (the shell expands a bare `*` into file names)" if "*" in word else ""
    out.add(
        codes.COMMAND_LOOKS_LIKE_FIELD,
        f"the command starts with {word!r}, which looks like a schedule field: a crontab "
        f"entry takes exactly five fields, so this one runs {command!r} on `{schedule}`"
        f"{expand}; remove the extra field, or for a seconds or year field move the job "
        "to a YAML config (6 or 7 fields)",
        number,
        first.start() + 1,
        job=job,
    )
