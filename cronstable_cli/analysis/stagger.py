"""Spread N sources that share one start time over a window (docs/fleet-analyses.md `stagger`).

Each source id gets a stable offset into the window,
``int.from_bytes(sha256(id)[:4], "big") % (W * 60)`` seconds, so adding or removing
a source never moves the others. The result reports the offsets, each source's
start time of day, the gaps between consecutive starts and how many starts land in
each 5-minute bucket of the window.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..escaping import shell_word

BUCKET_MINUTES = 5
MAX_WINDOW_MINUTES = 1440
_DAY_SECONDS = 86_400
_WINDOW_RE = re.compile(r"(\d{1,2}):(\d{2})/(\d+)", re.ASCII)

EmitFormat = Literal["yaml", "crontab"]
DEFAULT_COMMAND_TEMPLATE = "echo {id}"


def stagger_offset(source_id: str, window_minutes: int) -> int:
    """Seconds after the window start for this id: sha256(id)[:4] big-endian mod W*60."""
    _check_window_minutes(window_minutes)
    digest = hashlib.sha256(source_id.encode()).digest()
    return int.from_bytes(digest[:4], "big") % (window_minutes * 60)


def _check_window_minutes(minutes: int) -> None:
    if not 1 <= minutes <= MAX_WINDOW_MINUTES:
        raise ValueError(f"window of {minutes} minutes is out of range 1-{MAX_WINDOW_MINUTES}")


def _check_start(hour: int, minute: int) -> None:
    if not 0 <= hour <= 23:
        raise ValueError(f"window start hour {hour} is out of range 0-23")
    if not 0 <= minute <= 59:
        raise ValueError(f"window start minute {minute} is out of range 0-59")


def parse_window(text: str) -> tuple[int, int, int]:
    """`HH:MM/MINUTES` (e.g. `02:00/50`) into (hour, minute, minutes); ValueError if bad."""
    match = _WINDOW_RE.fullmatch(text.strip())
    if match is None:
        raise ValueError(
            f"window must look like HH:MM/MINUTES (for example 02:00/50), not {text!r}"
        )
    hour, minute, minutes = (int(group) for group in match.groups())
    _check_start(hour, minute)
    _check_window_minutes(minutes)
    return hour, minute, minutes


@dataclass(frozen=True, slots=True)
class Gaps:
    """Gaps in seconds between consecutive starts, sorted by offset (N sources, N-1 gaps).

    Quartiles use `statistics.quantiles(method="inclusive")` (linear interpolation
    between closest ranks, like numpy's default); with a single gap all five are it.
    """

    min: int
    q1: float
    median: float
    q3: float
    max: int


@dataclass(frozen=True, slots=True)
class StaggerResult:
    """Offsets and their spread; `offsets` and `starts` keep the input order of ids.

    `starts` are times of day (`HH:MM:SS`); a start past midnight wraps to the next
    day and `wraps_midnight` says so.
    """

    window_start: str
    window_minutes: int
    offsets: dict[str, int]
    starts: dict[str, str]
    gaps: Gaps | None
    buckets: tuple[int, ...]
    wraps_midnight: bool
    bucket_minutes: int = BUCKET_MINUTES


def gap_stats(offsets: Iterable[int]) -> Gaps | None:
    """Min, quartiles and max of the gaps between sorted offsets; None for < 2 offsets."""
    ordered = sorted(offsets)
    gaps = [b - a for a, b in itertools.pairwise(ordered)]
    if not gaps:
        return None
    if len(gaps) == 1:
        only = gaps[0]
        return Gaps(min=only, q1=float(only), median=float(only), q3=float(only), max=only)
    q1, median, q3 = statistics.quantiles(gaps, n=4, method="inclusive")
    return Gaps(min=min(gaps), q1=q1, median=median, q3=q3, max=max(gaps))


def _clock(seconds: int) -> str:
    seconds %= _DAY_SECONDS
    return f"{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def compute_stagger(
    ids: Sequence[str], start_hour: int, start_minute: int, window_minutes: int
) -> StaggerResult:
    """Offsets, start times, gaps and 5-minute buckets for `ids` in the window.

    Duplicate ids are rejected (ValueError): the same id always gets the same offset,
    so a repeat would be two sources starting on the same second. So are empty ids and
    ids with line breaks, which cannot be pasted into a job file.
    """
    _check_start(start_hour, start_minute)
    _check_window_minutes(window_minutes)
    seen: set[str] = set()
    for source_id in ids:
        if not source_id.strip():
            raise ValueError("source ids must not be empty")
        if "\n" in source_id or "\r" in source_id:
            raise ValueError(f"source id {source_id!r} contains a line break")
        if source_id in seen:
            raise ValueError(f"source id {source_id!r} is listed twice")
        seen.add(source_id)

    base = start_hour * 3600 + start_minute * 60
    offsets = {source_id: stagger_offset(source_id, window_minutes) for source_id in ids}
    starts = {source_id: _clock(base + offset) for source_id, offset in offsets.items()}
    bucket_seconds = BUCKET_MINUTES * 60
    buckets = [0] * -(-window_minutes // BUCKET_MINUTES)  # the last may be partial
    for offset in offsets.values():
        buckets[offset // bucket_seconds] += 1
    return StaggerResult(
        window_start=f"{start_hour:02d}:{start_minute:02d}",
        window_minutes=window_minutes,
        offsets=offsets,
        starts=starts,
        gaps=gap_stats(offsets.values()),
        buckets=tuple(buckets),
        wraps_midnight=any(base + offset >= _DAY_SECONDS for offset in offsets.values()),
    )


def seven_field_schedule(start: str) -> str:
    """`HH:MM:SS` as a daily 7-field schedule: second minute hour dom month dow year."""
    hour, minute, second = (int(part) for part in start.split(":"))
    return f"{second} {minute} {hour} * * * *"


def _command(template: str, source_id: str) -> str:
    # Plain replacement, not str.format: shell commands are full of braces. The id
    # goes in as one shell word (quoted when it holds anything but safe characters),
    # so an id like `a;rm -rf ~` is an argument, never a second command.
    return template.replace("{id}", shell_word(source_id))


def _yaml_quote(text: str) -> str:
    # A JSON string is a valid YAML double-quoted scalar.
    return json.dumps(text, ensure_ascii=False)


def _crontab_escape(command: str) -> str:
    # An unescaped % is an error in cronstable crontabs (the daemon feeds no stdin).
    return re.sub(r"(?<!\\)%", r"\\%", command)


def emit_schedules(
    result: StaggerResult,
    fmt: EmitFormat = "yaml",
    command_template: str = DEFAULT_COMMAND_TEMPLATE,
) -> str:
    """Text to paste into a job file, one job per id in input order.

    `command_template` has `{id}` replaced by each source id. YAML jobs get 7-field
    schedules, exact to the second. Classic crontab entries have only five fields, so
    crontab output runs each source at the start of its minute and says so in a
    comment above the entry.
    """
    if fmt == "yaml":
        lines = [
            f"# stagger: {len(result.offsets)} sources over {result.window_minutes} "
            f"minutes from {result.window_start}",
            "# times are UTC, the cronstable default; add `timezone:` for another zone",
            "jobs:",
        ]
        for source_id, start in result.starts.items():
            lines += [
                f"  - name: {_yaml_quote(source_id)}",
                f"    schedule: {_yaml_quote(seven_field_schedule(start))}",
                f"    command: {_yaml_quote(_command(command_template, source_id))}",
            ]
        return "\n".join(lines) + "\n"
    if fmt == "crontab":
        lines = [
            f"# stagger: {len(result.offsets)} sources over {result.window_minutes} "
            f"minutes from {result.window_start}",
            "# times are UTC, the cronstable default; set CRON_TZ= above for another zone",
            "# crontab entries have no seconds field: each runs at the start of its minute",
        ]
        for source_id, start in result.starts.items():
            hour, minute, _ = (int(part) for part in start.split(":"))
            command = _crontab_escape(_command(command_template, source_id))
            lines += [
                f"# {source_id}: +{result.offsets[source_id]}s, exact start {start}",
                f"{minute} {hour} * * * {command}",
            ]
        return "\n".join(lines) + "\n"
    raise ValueError(f"unknown schedule format {fmt!r} (choose yaml or crontab)")
