"""Benchmark the schedule engine against croniter and cronsim, in one process.

Run from the repository root: `python benchmarks/engine.py [--reps N] [--fires N] [--check]`
(`make bench` installs the bench extras, croniter and cronsim, first).

A fixed corpus of plain 5-field expressions in UTC, the dialect all three share:
- parse: construct a `CronTab`, a `croniter` or a `CronSim` object per expression. Our
  engine shares parse results and lookup tables between equal texts (fleets repeat a
  handful of expressions); the "cold" row clears those caches before every pass, the
  "shared" row does not. The target compares the cold row.
- next: 2,000 consecutive fires per expression from a fixed start (restarting from the
  start if a schedule ever ran out), objects built outside the timed region.

Every figure is the best of several repetitions. Targets: next >= 15x croniter and >= 8x
cronsim; a cold parse at least as fast as cronsim's. `--check` exits 1 when one is missed
(timings on a busy machine are noisy, so the default only reports).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timezone
from functools import partial
from pathlib import Path
from typing import Any

try:
    import cronstable_cli  # noqa: F401
except ImportError:  # run from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cronstable_cli.engine import CronTab
from cronstable_cli.engine import schedule as _schedule

UTC = timezone.utc
START = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
CORPUS = [
    "* * * * *",
    "*/5 * * * *",
    "*/15 * * * *",
    "0 * * * *",
    "30 * * * *",
    "0 0 * * *",
    "15 3 * * *",
    "0 9 * * 1-5",
    "30 8 * * mon-fri",
    "0 9-17 * * 1-5",
    "*/10 8-18 * * *",
    "5,35 */3 * * *",
    "0 0 1 * *",
    "0 0 1 1 *",
    "0 12 15 * *",
    "0 0 * * 0",
    "45 23 * * 6",
    "0 6 * jan,jul *",
    "0 4 8-14 * *",
    "59 23 31 12 *",
]


def clear_caches() -> None:
    """Forget everything the engine shares between equal texts (a cold start)."""
    try:
        from cronstable_cli.engine.parse import clear_caches as clear
    except ImportError:
        clear = None
    if clear is not None:
        clear()
    tables = getattr(_schedule, "_TABLES", None)
    if isinstance(tables, dict):
        tables.clear()


# -- parse ---------------------------------------------------------------------------------

def parse_ours(passes: int, cold: bool) -> float:
    """Seconds for `passes` passes over the corpus (cache clearing not timed)."""
    total = 0.0
    for _ in range(passes):
        if cold:
            clear_caches()
        start = time.perf_counter()
        for expr in CORPUS:
            CronTab(expr)
        total += time.perf_counter() - start
    return total


def parse_with(factory: Callable[[str, datetime], Any]) -> Callable[[int], float]:
    def run(passes: int) -> float:
        start = time.perf_counter()
        for _ in range(passes):
            for expr in CORPUS:
                factory(expr, START)
        return time.perf_counter() - start
    return run


# -- next ------------------------------------------------------------------------------------

def next_ours(fires: int) -> float:
    total = 0.0
    for expr in CORPUS:
        tab = CronTab(expr)
        nxt = tab.next
        start = time.perf_counter()
        current: datetime | None = START
        for _ in range(fires):
            current = nxt(current)  # type: ignore[arg-type]
            if current is None:
                current = START
        total += time.perf_counter() - start
    return total


def next_croniter(fires: int) -> float:
    from croniter import croniter

    total = 0.0
    for expr in CORPUS:
        it = croniter(expr, START)
        get_next = it.get_next
        start = time.perf_counter()
        for _ in range(fires):
            get_next(datetime)
        total += time.perf_counter() - start
    return total


def next_cronsim(fires: int) -> float:
    from cronsim import CronSim

    total = 0.0
    for expr in CORPUS:
        it: Iterator[datetime] = CronSim(expr, START)
        start = time.perf_counter()
        for _ in range(fires):
            try:
                next(it)
            except StopIteration:
                it = CronSim(expr, START)
        total += time.perf_counter() - start
    return total


def _version(module: str) -> str | None:
    try:
        from importlib.metadata import version

        __import__(module)
        return version(module)
    except Exception:
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5, help="repetitions; the best counts")
    parser.add_argument("--fires", type=int, default=2000, help="next() calls per expression")
    parser.add_argument("--passes", type=int, default=50, help="parse passes over the corpus")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)

    croniter_v, cronsim_v = _version("croniter"), _version("cronsim")
    print(f"engine benchmark: Python {platform.python_version()} "
          f"({platform.python_implementation()}) on {platform.machine()}; "
          f"{len(CORPUS)} expressions, UTC, best of {args.reps}")
    print(f"croniter {croniter_v or 'not installed'}, cronsim {cronsim_v or 'not installed'}")

    parse_ops = args.passes * len(CORPUS)
    next_ops = args.fires * len(CORPUS)
    runs: dict[tuple[str, str], Callable[[], float]] = {
        ("parse (cold)", "cronstable"): lambda: parse_ours(args.passes, cold=True),
        ("parse (shared)", "cronstable"): lambda: parse_ours(args.passes, cold=False),
        ("next", "cronstable"): lambda: next_ours(args.fires),
    }
    if croniter_v:
        from croniter import croniter

        runs["parse (cold)", "croniter"] = partial(parse_with(croniter), args.passes)
        runs["next", "croniter"] = partial(next_croniter, args.fires)
    if cronsim_v:
        from cronsim import CronSim

        runs["parse (cold)", "cronsim"] = partial(parse_with(CronSim), args.passes)
        runs["next", "cronsim"] = partial(next_cronsim, args.fires)
    # Interleave the libraries within each repetition, so a busy moment on the
    # machine slows one round of everybody rather than one library's rounds.
    timings: dict[tuple[str, str], float] = {}
    for _ in range(args.reps):
        for key, run in runs.items():
            timings[key] = min(timings.get(key, float("inf")), run())
    rows: dict[str, dict[str, float]] = {"parse (cold)": {}, "parse (shared)": {}, "next": {}}
    for (label, library), seconds in timings.items():
        rows[label][library] = seconds

    libraries = ["cronstable", "croniter", "cronsim"]
    print()
    print(f"{'µs/op':<16}" + "".join(f"{name:>12}" for name in libraries)
          + f"{'vs croniter':>14}{'vs cronsim':>12}")
    for label, row in rows.items():
        ops = next_ops if label == "next" else parse_ops
        cells = [f"{row[n] / ops * 1e6:>12.2f}" if n in row else f"{'-':>12}" for n in libraries]
        ratios = [f"{row[n] / row['cronstable']:>{w}.1f}x" if n in row and label != "parse (shared)"
                  else f"{'':>{w + 1}}" for n, w in (("croniter", 13), ("cronsim", 11))]
        print(f"{label:<16}" + "".join(cells) + "".join(ratios))

    targets = [
        ("next >= 15x croniter", "next", "croniter", 15.0),
        ("next >= 8x cronsim", "next", "cronsim", 8.0),
        ("cold parse >= 1x cronsim", "parse (cold)", "cronsim", 1.0),
    ]
    print()
    missed = 0
    for text, label, other, factor in targets:
        row = rows[label]
        if other not in row:
            print(f"  {text}: skipped ({other} not installed)")
            continue
        ratio = row[other] / row["cronstable"]
        verdict = "ok" if ratio >= factor else "MISSED"
        missed += verdict != "ok"
        print(f"  {text}: {ratio:.1f}x {verdict}")
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
