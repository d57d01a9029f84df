"""Runs INSIDE the released daemon's virtual environment: each job's runtime keys as it loads them.

Request on stdin: {"root": DIR, "entry": PATH}; answer on stdout: {"ok", "error",
"jobs": [{name, executionTimeout, killTimeout, concurrencyPolicy, concurrencyScope,
catchupJitterSeconds, onMissed, utc, timezone, sla}]}. Imports only the daemon
and the standard library.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

KEYS = (
    "executionTimeout",
    "killTimeout",
    "concurrencyPolicy",
    "concurrencyScope",
    "catchupJitterSeconds",
    "onMissed",
    "utc",
)


def main() -> int:
    from cronstable import config

    case = json.load(sys.stdin)
    os.chdir(case["root"])
    try:
        loaded = config.parse_config(case["entry"])
    except Exception as err:  # the daemon's refusal, whatever its type
        json.dump({"ok": False, "error": f"{type(err).__name__}: {err}", "jobs": []}, sys.stdout)
        return 0
    jobs: list[dict[str, Any]] = []
    for job in loaded.jobs:
        view: dict[str, Any] = {"name": job.name}
        for key in KEYS:
            view[key] = getattr(job, key, None)
        tz = getattr(job, "timezone", None)
        view["timezone"] = None if tz is None else str(getattr(tz, "key", tz))
        view["sla"] = dict(getattr(job, "sla", None) or {})
        jobs.append(view)
    json.dump({"ok": True, "error": None, "jobs": jobs}, sys.stdout, default=str)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
