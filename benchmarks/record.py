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
import sys
import time

ENV = "CRONSTABLE_BENCH_RECORD"


def installed_env(*dropped: str) -> dict[str, str]:
    """The environment for a benchmark's child processes: as an install runs them, with
    bytecode caches written and used (with PYTHONDONTWRITEBYTECODE a fresh process
    compiles every module it imports, lazily imported ones inside a timed first use),
    without the `dropped` variables."""
    unset = {"PYTHONDONTWRITEBYTECODE", *dropped}
    return {k: v for k, v in os.environ.items() if k not in unset}


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
    spread: tuple[float, float] | None = None,
) -> None:
    """Append one figure: what was measured, our figure, the peer's, their ratio, the verdict.

    `spread` is the lowest and highest ratio of the rounds whose median `ratio` is.
    Every row names the benchmark script that wrote it, so `make bench BENCH=...`
    can replace one benchmark's rows and keep the others'.
    """
    bench = os.path.splitext(os.path.basename(sys.argv[0]))[0]
    path = os.environ.get(ENV)
    if not path:
        return
    if not os.path.exists(path):  # the run's first figure: say where and when it ran
        with open(path, "w", encoding="utf-8") as handle:
            run = {
                "section": "run",
                "bench": bench,
                "machine": machine(),
                "date": time.strftime("%Y-%m-%d"),
            }
            handle.write(json.dumps(run) + "\n")
    row = {
        "bench": bench,
        "section": section,
        "what": what,
        "ours": ours,
        "peer": peer,
        "ratio": ratio,
        "target": target,
        "passed": passed,
        "spread": list(spread) if spread is not None else None,
    }
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(row) + "\n")


def merge(results: str, new: str) -> None:
    """Put the rows of one benchmark's run (`new`) in place of its rows in `results`.

    The other benchmarks' rows are kept, in the order of their first row, so an
    interrupted `make bench` keeps every benchmark it finished and a rerun of one
    (`make bench BENCH=engine`) changes only that one's figures.
    """

    def rows(path: str) -> list[dict[str, object]]:
        if not os.path.exists(path):
            return []
        with open(path, encoding="utf-8") as handle:
            return [json.loads(line) for line in handle if line.strip()]

    if not os.path.exists(new):  # the benchmark recorded nothing (a peer missing): keep all
        return
    fresh = rows(new)
    benches = {r.get("bench") for r in fresh}
    old = rows(results)
    order = list(dict.fromkeys(r.get("bench") for r in old))
    out: list[dict[str, object]] = []
    placed = False
    for bench in order:
        if bench in benches:
            if not placed:
                out += fresh
                placed = True
        else:
            out += [r for r in old if r.get("bench") == bench]
    if not placed:
        out += fresh
    tmp = results + ".tmp"
    with open(tmp, "w", encoding="utf-8") as handle:
        handle.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in out)
    os.replace(tmp, results)
    os.remove(new)


def missed(new: str) -> list[str]:
    """The figures of one benchmark's run (`new`) that missed their target.

    `make bench` judges every benchmark by the rows it recorded, whatever its
    exit status (some exit 1 on a miss only with `--check`).
    """
    if not os.path.exists(new):
        return []
    with open(new, encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    return [str(r.get("what")) for r in rows if r.get("passed") is False]


if __name__ == "__main__":
    # python benchmarks/record.py merge RESULTS NEW: NEW's rows in place of its benchmark's
    # python benchmarks/record.py missed NEW: NEW's figures that missed (exit 1 if any)
    if len(sys.argv) == 4 and sys.argv[1] == "merge":
        merge(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] == "missed":
        misses = missed(sys.argv[2])
        for what in misses:
            print(f"  missed: {what}")
        sys.exit(1 if misses else 0)
    else:
        sys.exit("usage: record.py merge RESULTS NEW | record.py missed NEW")
