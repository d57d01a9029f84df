"""Reading a lint baseline (the JSON `lint --write-baseline` wrote): fingerprints and counts."""

from __future__ import annotations

import json
import os
from collections import Counter

from ..loaders.sources.reading import BASELINE_LIMIT
from .own_file import read_own_file


class BaselineError(ValueError):
    """A baseline file that cannot be used."""


def read_baseline(path: str) -> Counter[str]:
    """Fingerprint -> how many findings with it the baseline accepts."""
    if path != "-" and not os.path.lexists(path):
        raise BaselineError(
            f"baseline {path} does not exist; create it with "
            f"`cronstable lint --write-baseline {path}`"
        )
    raw = read_own_file(
        path,
        BASELINE_LIMIT,
        BaselineError,
        named=f"baseline {path}",
        too_deep="nests deeper than {limit} levels; it is not a cronstable baseline",
    )
    try:
        # A name that was not UTF-8 is written as \udcXX escapes; it reads back the same.
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError) as err:
        raise BaselineError(f"baseline {path} is not JSON: {err}") from None
    entries = data.get("findings") if isinstance(data, dict) else None
    if not isinstance(entries, list) or data.get("version") != 1:
        raise BaselineError(f"baseline {path} is not a cronstable baseline (version 1)")
    counts: Counter[str] = Counter()
    for entry in entries:
        fingerprint = entry.get("fingerprint") if isinstance(entry, dict) else None
        if not isinstance(fingerprint, str):
            raise BaselineError(f"baseline {path}: an entry has no fingerprint")
        counts[fingerprint] += 1
    return counts
