"""Per-job run lengths (`pressure --runtime`, `suggest --runtime`, calendar events), from JSON.

Two shapes are read:

- an object of job name -> seconds (`{"etl": 1800, "backup": 600.5}`);
- a saved response of the daemon's `GET /jobs` (an array of job objects):
  each job's figure is the longest duration among its `history` tail and its
  `last_run` (the longest recent run is what can be in flight); a job with
  no recorded duration is left out (its keys or `--runtime-default` decide).
"""

from __future__ import annotations

import json
import math
from typing import Any

from ..safe_text import shown

MAX_BYTES = 64 * 1024 * 1024


class DurationsError(ValueError):
    """The file cannot be read as durations; the message says why, for the user."""


def read_durations(path: str) -> dict[str, float]:
    """Job name -> seconds from the file at `path` (through the one guarded reader)."""
    from .reading import NESTING_LIMIT, ReadError, nesting_depth, read_bytes

    try:
        data = read_bytes(path, MAX_BYTES)
    except ReadError as err:
        raise DurationsError(f"{shown(path)}: {err}") from None
    if nesting_depth(data) > NESTING_LIMIT:
        raise DurationsError(
            f"{shown(path)} nests deeper than {NESTING_LIMIT} levels; it is not a durations file"
        )
    return parse_durations(data, path)


def parse_durations(data: bytes, path: str = "<durations>") -> dict[str, float]:
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as err:
        raise DurationsError(f"{shown(path)} is not JSON: {err}") from None
    if isinstance(document, dict):
        out: dict[str, float] = {}
        for name, value in document.items():
            seconds = _seconds(value)
            if seconds is None:
                raise DurationsError(
                    f"{shown(path)}: the duration of {shown(repr(name))} must be a number of "
                    f"seconds >= 0, not {shown(repr(value))[:80]}"
                )
            out[name] = seconds
        return out
    if isinstance(document, list):
        return _from_jobs(document, path)
    raise DurationsError(
        f"{shown(path)}: expected an object of job name -> seconds or the daemon's GET /jobs array"
    )


def _from_jobs(jobs: list[Any], path: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for number, job in enumerate(jobs, 1):
        if not isinstance(job, dict) or not isinstance(job.get("name"), str):
            raise DurationsError(
                f"{shown(path)}: entry {number} is not a job of GET /jobs (no name)"
            )
        runs = [r for r in (job.get("history") or []) if isinstance(r, dict)]
        last = job.get("last_run")
        if isinstance(last, dict):
            runs.append(last)
        found = [s for r in runs if (s := _seconds(r.get("duration"))) is not None]
        if found:
            out[job["name"]] = max(found)
    return out


def _seconds(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) and number >= 0 else None
