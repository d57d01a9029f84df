"""Per-job run lengths (`pressure --runtime`, `suggest --runtime`, calendar events), from JSON.

Two shapes are read:

- an object of job name -> seconds (`{"etl": 1800, "backup": 600.5}`);
- a saved response of the daemon's `GET /jobs` (an array of job objects),
  whose figure per job is one of two, `Figure`:
  - `longest` (runs in flight: `pressure --runtime`, `suggest --runtime`):
    the longest duration among its `history` tail and its `last_run`, the
    longest recent run being the one that can still be going;
  - `mean` (the calendar's event lengths): the mean of the durations in its
    `history` tail, what the daemon's own feed reads (`avg_duration`, the
    mean over the run history it retains; `GET /jobs` shows that history's
    latest 20 rows, `last_run` being one of them, so it is not counted twice);
  a job with no recorded duration is left out (its keys, `--runtime-default`
  or the feed's minimum decide).
"""

from __future__ import annotations

import json
import math
from typing import Any, Literal

from ..safe_text import shown

MAX_BYTES = 64 * 1024 * 1024

Figure = Literal["longest", "mean"]  # a GET /jobs document's figure per job


class DurationsError(ValueError):
    """The file cannot be read as durations; the message says why, for the user."""


def read_durations(path: str, figure: Figure = "longest") -> dict[str, float]:
    """Job name -> seconds from the file at `path` (through the one guarded reader);
    `figure` picks a GET /jobs document's figure per job."""
    from .own_file import read_own_file

    data = read_own_file(
        path,
        MAX_BYTES,
        DurationsError,
        named=shown(path),
        too_deep="nests deeper than {limit} levels; it is not a durations file",
    )
    return parse_durations(data, path, figure)


def parse_durations(
    data: bytes, path: str = "<durations>", figure: Figure = "longest"
) -> dict[str, float]:
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
        return _from_jobs(document, path, figure)
    raise DurationsError(
        f"{shown(path)}: expected an object of job name -> seconds or the daemon's GET /jobs array"
    )


def _from_jobs(jobs: list[Any], path: str, figure: Figure) -> dict[str, float]:
    out: dict[str, float] = {}
    for number, job in enumerate(jobs, 1):
        if not isinstance(job, dict) or not isinstance(job.get("name"), str):
            raise DurationsError(
                f"{shown(path)}: entry {number} is not a job of GET /jobs (no name)"
            )
        history = job.get("history")
        runs = [r for r in history if isinstance(r, dict)] if isinstance(history, list) else []
        last = job.get("last_run")
        if figure == "longest" and isinstance(last, dict):
            runs.append(last)
        found = [s for r in runs if (s := _seconds(r.get("duration"))) is not None]
        if found:
            # sum / len, as the daemon averages (not fsum: the same float it writes)
            out[job["name"]] = max(found) if figure == "longest" else sum(found) / len(found)
    return out


def _seconds(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) and number >= 0 else None
