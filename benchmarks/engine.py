"""Benchmark the schedule engine against the released daemon's engine, croniter and cronsim.

Run from the repository root: `python benchmarks/engine.py [--rounds N] [--check]`
(`make bench` installs croniter and cronsim and makes `.venv-daemon` first).

Every engine runs in a process of its own (benchmarks/engine_worker.py), under its
own interpreter: the daemon (`cronstable` 1.2.72) with `.venv-daemon`'s, where it
is installed as users install it. Rounds alternate the engines (ours first, then
the daemon's first), so a busy moment on a shared machine hits both; each figure
is the median of the per-round ratios, with the lowest and highest round beside it.

What is measured, in five zones: `timezone.utc` (the daemon's UTC: every job
without a timezone gets it, and the daemon has a fast path for it: the headline),
the tz database's "UTC", America/New_York, Europe/Berlin and Australia/Lord_Howe:
- `next()` from 100 seeded random instants per expression (schedules prebuilt; the
  fastest of three passes, the first of which builds the search tables);
- iterating 10,000 consecutive fires per expression;
- cold parse, and parse + first `next()`: the corpus with every engine-side
  cache cleared (the fastest of 20 such rounds);
- a never-seen stream: 10,000 distinct texts the process has never parsed, one
  after the other, nothing cleared (how a fleet loads), parsed (the fastest of
  three such streams, each new to the process); and another parsed then stepped
  once;
- a zone's first use: the first `next()`, and the first iteration far ahead (70
  yearly fires), each timed alone in a fresh process (zone and schedule built).
On 50 expressions (benchmarks/engine_corpus.py): steps, ranges, names, L/W/#,
seconds, years, H.

Also: croniter and cronsim in UTC on the expressions they read as we do, each
used as its documentation shows (one croniter object reused through
`set_current` + `get_next`; cronsim iterated from `CronSim(expr, start)`), and
`duplicates` grouping 20,000 schedules built beforehand against the daemon's
`croninfo.duplicate_schedules`.

Targets: every engine figure >= 2x the daemon in every zone; a zone's first
use <= 2x the daemon's time (a ratio >= 0.5x); duplicates grouping >= 1x.
`--check` exits 1 when one is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

from record import installed_env, record  # benchmarks/ is this script's directory

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WORKER = HERE / "engine_worker.py"
DAEMON_PYTHON = ROOT / ".venv-daemon" / "bin" / "python"
TARGET = 2.0
FIRST_TARGET = 0.5  # our first use at most twice the daemon's time
DUPLICATES_TARGET = 1.0
ZONES = ("timezone.utc", "UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe")
COLUMNS = {
    "timezone.utc": "UTC (`timezone.utc`)",
    "UTC": 'UTC (`ZoneInfo("UTC")`)',
}
MEASURE_NAMES = {
    "next": "`next()` from random instants",
    "iterate": "iterating 10,000 fires",
    "cold parse": "cold parse (caches cleared)",
    "parse + next": "cold parse + first `next()`",
    "stream parse": "never-seen stream: parse",
    "stream parse + next": "never-seen stream: parse + first `next()`",
    "first-next": "first use of a zone: `next()` (fresh process)",
    "first-iterate": "first use of a zone: 70 yearly fires (fresh process)",
}


def daemon_version() -> str | None:
    if not DAEMON_PYTHON.exists():
        return None
    done = subprocess.run(
        [
            str(DAEMON_PYTHON),
            "-c",
            "from importlib.metadata import version; print(version('cronstable'))",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip() if done.returncode == 0 else None


def worker(engine: str, *args: str) -> dict[str, object]:
    """One worker process's figures (the daemon's under its own interpreter)."""
    python = str(DAEMON_PYTHON) if engine == "daemon" else sys.executable
    # As installed: the package on the interpreter's own path, bytecode caches used.
    env = installed_env("PYTHONPATH")
    done = subprocess.run(
        [python, str(WORKER), engine, *args],
        capture_output=True,
        text=True,
        cwd=HERE,
        env=env,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"{engine} {' '.join(args)} failed:\n{done.stderr}")
    result: dict[str, object] = json.loads(done.stdout)
    return result


def interleaved(engines: tuple[str, ...], rounds: int, *args: str) -> dict[str, list[dict]]:  # type: ignore[type-arg]
    """`rounds` runs of each engine, the order rotating every round."""
    runs: dict[str, list[dict]] = {e: [] for e in engines}  # type: ignore[type-arg]
    for r in range(rounds):
        order = engines[r % len(engines) :] + engines[: r % len(engines)]
        for engine in order:
            runs[engine].append(worker(engine, *args))
    return runs


def spread(ours: list[float], theirs: list[float]) -> tuple[float, float, float]:
    """Median, lowest and highest of the per-round ratios theirs/ours."""
    ratios = [t / o for o, t in zip(ours, theirs, strict=True)]
    return statistics.median(ratios), min(ratios), max(ratios)


def judge(
    measure: str, zone: str, ours: list[float], theirs: list[float], version: str, target: float
) -> bool:
    ratio, low, high = spread(ours, theirs)
    ok = ratio >= target
    mine, peer = statistics.median(ours), statistics.median(theirs)
    unit, scale = ("µs", 1e6) if peer < 0.01 else ("ms", 1e3)
    print(
        f"{COLUMNS.get(zone, zone):<26}{measure:<22}{mine * scale:>10.1f}{unit}"
        f"{peer * scale:>10.1f}{unit}{ratio:>7.2f}x ({low:.2f}-{high:.2f})"
        f"  >= {target:g}x {'PASS' if ok else 'FAIL'}"
    )
    record(
        "engine",
        f"{MEASURE_NAMES[measure]} | {COLUMNS.get(zone, zone)}",
        f"{mine * scale:.1f} {unit}",
        peer=f"daemon {version} {peer * scale:.1f} {unit}",
        ratio=ratio,
        spread=(low, high),
        target=f"≥ {target:g}×",
        passed=ok,
    )
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (median kept)")
    parser.add_argument(
        "--first-rounds", type=int, default=11, help="fresh processes per zone for the first use"
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument(
        "--only",
        choices=("measures", "first", "peers", "duplicates"),
        action="append",
        help="run only these parts (repeatable)",
    )
    args = parser.parse_args(argv)
    parts = args.only or ["measures", "first", "peers", "duplicates"]
    version = daemon_version()
    print(
        f"engine benchmark: Python {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} CPUs; each engine in its own process, {args.rounds} interleaved "
        "rounds, median of the per-round ratios (lowest-highest)"
    )
    if version is None:
        print("  the daemon is not installed in .venv-daemon (run `make daemon-venv`): no ratios")
        return 1 if args.check else 0
    print(f"  daemon: cronstable {version} (.venv-daemon)\n")
    missed = 0
    if "measures" in parts:
        runs = interleaved(("ours", "daemon"), args.rounds, "measures")
        for zone in ZONES:
            for m in ("next", "iterate", "cold parse", "parse + next"):
                ours = [r[zone][m] for r in runs["ours"]]  # type: ignore[index]
                theirs = [r[zone][m] for r in runs["daemon"]]  # type: ignore[index]
                missed += not judge(m, zone, ours, theirs, version, TARGET)
            for m in ("stream parse", "stream parse + next"):
                ours = [r[zone][m] for r in runs["ours"]]  # type: ignore[index]
                theirs = [r[zone][m] for r in runs["daemon"]]  # type: ignore[index]
                missed += not judge(m, zone, ours, theirs, version, TARGET)
    if "first" in parts:
        # One untimed run of each first use writes what an install has written (the
        # bytecode of every module a first use imports), so no timed round compiles.
        for task in ("first-next", "first-iterate"):
            interleaved(("ours", "daemon"), 1, task, "Australia/Lord_Howe")
        for task in ("first-next", "first-iterate"):
            for zone in ZONES:
                runs = interleaved(("ours", "daemon"), args.first_rounds, task, zone)
                ours = [float(r[task]) for r in runs["ours"]]  # type: ignore[arg-type]
                theirs = [float(r[task]) for r in runs["daemon"]]  # type: ignore[arg-type]
                missed += not judge(task, zone, ours, theirs, version, FIRST_TARGET)
    if "duplicates" in parts:
        runs = interleaved(("ours", "daemon"), args.rounds, "duplicates")
        ours = [float(r["duplicates"]) for r in runs["ours"]]  # type: ignore[arg-type]
        theirs = [float(r["duplicates"]) for r in runs["daemon"]]  # type: ignore[arg-type]
        groups = {r["groups"] for r in runs["ours"]} | {r["groups"] for r in runs["daemon"]}
        ratio, low, high = spread(ours, theirs)
        ok = ratio >= DUPLICATES_TARGET and len(groups) == 1
        missed += not ok
        mine, peer = statistics.median(ours) * 1e3, statistics.median(theirs) * 1e3
        print(
            f"\nduplicates, 20,000 pre-built schedules: ours {mine:.1f} ms,"
            f" daemon {peer:.1f} ms, {ratio:.2f}x ({low:.2f}-{high:.2f})"
            f", groups {sorted(groups)}  >= {DUPLICATES_TARGET:g}x {'PASS' if ok else 'FAIL'}"
        )
        record(
            "fleet",
            "`duplicates` grouping 20,000 schedules built beforehand",
            f"{statistics.median(ours) * 1e3:.1f} ms",
            peer=f"daemon {version} `duplicate_schedules` {statistics.median(theirs) * 1e3:.1f} ms",
            ratio=ratio,
            spread=(low, high),
            target=f"≥ {DUPLICATES_TARGET:g}×",
            passed=ok,
        )
    if "peers" in parts:
        missed += peers(max(3, args.rounds // 2))
    print(f"\n{'all targets met' if not missed else f'{missed} target(s) missed'}")
    return 1 if args.check and missed else 0


def peers(rounds: int) -> int:
    """croniter and cronsim as their documentation uses them (context, no target)."""
    from engine_corpus import CORPUS

    plain = sum(ok for _, ok in CORPUS)
    try:
        runs = interleaved(("ours", "croniter", "cronsim"), rounds, "peers")
    except SystemExit as err:
        print(f"\npeers skipped: {err}")
        return 0
    print(f"\npeers, UTC (timezone.utc), the {plain} expressions they read as we do:")
    for peer in ("croniter", "cronsim"):
        for m in ("next", "iterate"):
            ours = [float(r[m]) for r in runs["ours"]]  # type: ignore[arg-type]
            theirs = [float(r[m]) for r in runs[peer]]  # type: ignore[arg-type]
            ratio, low, high = spread(ours, theirs)
            how = {
                ("croniter", "next"): "one object reused: `set_current` + `get_next`",
                ("croniter", "iterate"): "`get_next` on one object, 1,000 fires",
                ("cronsim", "next"): "`next(CronSim(expr, at))`",
                ("cronsim", "iterate"): "iterating `CronSim(expr, start)`, 1,000 fires",
            }[(peer, m)]
            print(f"  {peer:<9}{m:<9}{ratio:>7.1f}x ({low:.1f}-{high:.1f})  {how}")
            record(
                "peers",
                f"engine `{m}` vs {peer} ({how}), the {plain} expressions it reads as we do",
                f"{statistics.median(ours) * 1e3:.1f} ms",
                peer=f"{peer} {statistics.median(theirs) * 1e3:.1f} ms",
                ratio=ratio,
                spread=(low, high),
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
