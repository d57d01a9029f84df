"""Reading a lint baseline (the JSON `lint --write-baseline` wrote): fingerprints and counts."""

from __future__ import annotations

import json
from collections import Counter


class BaselineError(ValueError):
    """A baseline file that cannot be used."""


def read_baseline(path: str) -> Counter[str]:
    """Fingerprint -> how many findings with it the baseline accepts."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except FileNotFoundError:
        raise BaselineError(
            f"baseline {path} does not exist; create it with "
            f"`cronstable lint --write-baseline {path}`"
        ) from None
    except OSError as err:
        raise BaselineError(f"cannot read baseline {path}: {err.strerror or err}") from None
    except (ValueError, UnicodeDecodeError) as err:
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
