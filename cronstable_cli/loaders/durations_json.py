"""`--durations FILE`: typical runtimes per job, a JSON object of job name → seconds.

A minimal reader for `calendar` (its events last as long as a job typically
runs): the object's values must be non-negative numbers. Problems raise
DurationsError with the file and what is wrong; nothing else is read from it.
"""

from __future__ import annotations

import json
import math

MAX_BYTES = 64 * 1024 * 1024


class DurationsError(Exception):
    """The durations file cannot be read or is not an object of name → seconds."""


def read_durations(path: str) -> dict[str, float]:
    """The job name → seconds mapping in `path`."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as err:
        raise DurationsError(f"cannot read {path}: {err.strerror or err}") from None
    if len(data) > MAX_BYTES:
        raise DurationsError(f"{path} is larger than {MAX_BYTES // (1024 * 1024)} MiB")
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as err:
        raise DurationsError(f"{path} is not JSON: {err}") from None
    if not isinstance(doc, dict):
        raise DurationsError(f"{path} must hold a JSON object of job name → seconds")
    out: dict[str, float] = {}
    for name, value in doc.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise DurationsError(f"{path}: the duration of {name!r} is not a number of seconds")
        seconds = float(value)
        if math.isnan(seconds) or seconds < 0:
            raise DurationsError(f"{path}: the duration of {name!r} must be 0 or more seconds")
        out[name] = seconds
    return out
