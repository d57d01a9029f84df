"""The figures one `make bench` run records, for README's performance table.

`make bench` points CRONSTABLE_BENCH_RECORD at a fresh JSON-lines file; every
benchmark calls `record()` once per figure it judges or reports, and
benchmarks/readme.py turns the file into the README table. Without the
variable (a benchmark run by hand) nothing is written.
"""

from __future__ import annotations

import json
import os
import platform
import time

ENV = "CRONSTABLE_BENCH_RECORD"


def machine() -> str:
    """This machine in a phrase: CPU model, cores, OS, Python."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.machine()}, "
        f"Python {platform.python_version()}"
    )


def record(
    section: str,
    what: str,
    ours: str,
    *,
    peer: str = "",
    ratio: float | None = None,
    target: str = "",
    passed: bool | None = None,
) -> None:
    """Append one figure: what was measured, our figure, the peer's, their ratio, the verdict."""
    path = os.environ.get(ENV)
    if not path:
        return
    if not os.path.exists(path):  # the run's first figure: say where and when it ran
        with open(path, "w", encoding="utf-8") as handle:
            run = {"section": "run", "machine": machine(), "date": time.strftime("%Y-%m-%d")}
            handle.write(json.dumps(run) + "\n")
    row = {
        "section": section,
        "what": what,
        "ours": ours,
        "peer": peer,
        "ratio": ratio,
        "target": target,
        "passed": passed,
    }
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(row) + "\n")
