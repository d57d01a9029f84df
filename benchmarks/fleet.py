"""Benchmark the fleet analyses (pressure, suggest, duplicates) against the slow reference.

Run from the repository root: `python benchmarks/fleet.py [--jobs N] [--big N] [--quick]`.

Fleets:
- realistic: 40% `0 * * * *`, 20% H (`H * * * *` / `H H * * *`), 20% daily at fixed
  times, 10% `*/5` or `*/15`, 10% in America/New_York or Europe/Berlin;
- all-distinct: every job its own H slot (`H H * * *`, `H/15 * * * *`, `H * * * *`
  with distinct names), so hardly two jobs share a schedule.

The slow reference parses each job (`CronTab`) and walks `occurrences()` through
the window, labelling every instant with datetime — what a straightforward
implementation does. Both sides start from the same Job records with the
engine's parse caches cleared, in the same process, so the ratio is fair even
on a noisy machine. Then: the whole `cronstable pressure` command on a YAML
fleet (load vs analysis), and 100,000 jobs over 168 hours with peak memory.
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import TypeVar

try:
    import cronstable_cli  # noqa: F401
except ImportError:  # run from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from record import record

from cronstable_cli.analysis.duplicates import find_duplicates
from cronstable_cli.analysis.fires import build_fleet
from cronstable_cli.analysis.pressure import compute_pressure
from cronstable_cli.analysis.suggest import suggest_slot
from cronstable_cli.engine import CronTab
from cronstable_cli.records import Job, SourceLocation

T = TypeVar("T")
# What each analysis is compared with: what a straightforward implementation does.
REFERENCES = {
    "pressure": "walking `occurrences()` per job",
    "suggest": "walking `occurrences()` per job",
    "duplicates": "one `CronTab` per job, grouped by equality",
}
START = datetime(2026, 3, 2, tzinfo=timezone.utc)
HERE = SourceLocation("bench.yaml", 1)
DAILY_TIMES = ["0 0", "0 2", "30 3", "0 6", "15 4", "0 12", "45 23", "0 1"]
ZONED = [
    ("0 9 * * *", "America/New_York"),
    ("30 2 * * *", "Europe/Berlin"),
    ("0 * * * *", "America/New_York"),
    ("*/15 * * * *", "Europe/Berlin"),
]


def clear_caches() -> None:
    """Forget the engine's shared parses, if this engine keeps any."""
    try:
        from cronstable_cli.engine.parser import clear_caches as clear
    except ImportError:
        return
    clear()


def realistic_fleet(n: int) -> list[Job]:
    jobs = []
    for i in range(n):
        bucket = i % 10
        zone = None
        if bucket < 4:
            schedule = "0 * * * *"
        elif bucket < 6:
            schedule = "H * * * *" if i % 2 else "H H * * *"
        elif bucket < 8:
            schedule = f"{DAILY_TIMES[i % len(DAILY_TIMES)]} * * *"
        elif bucket == 8:
            schedule = "*/5 * * * *" if i % 2 else "*/15 * * * *"
        else:
            schedule, zone = ZONED[i % len(ZONED)]
        jobs.append(Job(f"job-{i:06d}", schedule, HERE, HERE, timezone=zone))
    return jobs


def distinct_fleet(n: int) -> list[Job]:
    forms = ["H H * * *", "H/15 * * * *", "H * * * *"]
    return [Job(f"task-{i:06d}", forms[i % 3], HERE, HERE) for i in range(n)]


def best_of(repeats: int, func: Callable[[], T]) -> tuple[float, T]:
    best, result = float("inf"), None
    for _ in range(repeats):
        clear_caches()
        gc.collect()
        start = time.perf_counter()
        result = func()
        best = min(best, time.perf_counter() - start)
    return best, result  # type: ignore[return-value]


# --- the slow reference ---------------------------------------------------------------


def slow_grid(jobs: list[Job], hours: int) -> Counter[tuple[int, int]]:
    """Parse each job, walk occurrences() through the window, label with datetime."""
    end = START + timedelta(hours=hours)
    grid: Counter[tuple[int, int]] = Counter()
    for job in jobs:
        if not job.enabled:
            continue
        tab = CronTab(job.schedule, job.name, tz=job.zone)
        for fire in tab.occurrences(START, inclusive=True):
            if fire >= end:
                break
            utc = fire.astimezone(timezone.utc)
            grid[(utc.hour, utc.minute)] += 1
    return grid


def slow_suggest(jobs: list[Job]) -> int:
    grid = slow_grid(jobs, 24)
    loads = [sum(grid[(h, m)] for h in range(24)) for m in range(60)]
    return min(range(60), key=lambda m: (loads[m], m))


def slow_duplicates(jobs: list[Job]) -> int:
    """Group by CronTab equality (semantic field sets) and zone, one CronTab per job."""
    groups: dict[tuple[CronTab, str], list[str]] = {}
    for job in jobs:
        groups.setdefault((CronTab(job.schedule, job.name), job.zone), []).append(job.name)
    return sum(1 for names in groups.values() if len(names) > 1)


# --- the runs -------------------------------------------------------------------------


def fast_pressure(jobs: list[Job], hours: int) -> int:
    return compute_pressure(build_fleet(jobs), START, hours).total_fires


def compare(label: str, jobs: list[Job], repeats: int) -> None:
    fleet = build_fleet(jobs)
    print(
        f"\n{label}: {len(jobs):,} jobs, {len(fleet.groups):,} distinct (schedule, zone) "
        "groups, 24 h window"
    )
    rows = [
        ("pressure", lambda: fast_pressure(jobs, 24), lambda: sum(slow_grid(jobs, 24).values())),
        (
            "suggest",
            lambda: suggest_slot(build_fleet(jobs), START).slot.minute,
            lambda: slow_suggest(jobs),
        ),
        (
            "duplicates",
            lambda: len(find_duplicates(build_fleet(jobs)).groups),
            lambda: slow_duplicates(jobs),
        ),
    ]
    print(f"  {'analysis':<11} {'fast':>9} {'reference':>10} {'ratio':>7}")
    for name, fast, slow in rows:
        fast_s, fast_result = best_of(repeats, fast)
        slow_s, slow_result = best_of(1, slow)
        check = "" if name == "suggest" or fast_result == slow_result else "  MISMATCH"
        print(
            f"  {name:<11} {fast_s * 1000:7.1f}ms {slow_s * 1000:8.0f}ms "
            f"{slow_s / fast_s:6.1f}x{check}"
        )
        record(
            "fleet",
            f"{name}, {label} of {len(jobs):,} jobs, 24 h",
            f"{fast_s * 1000:.0f} ms",
            peer=f"{REFERENCES[name]} {slow_s:.2f} s",
            ratio=slow_s / fast_s,
        )


def write_yaml_fleet(jobs: list[Job], directory: Path) -> Path:
    path = directory / "fleet.yaml"
    lines = ["jobs:"]
    for job in jobs:
        lines += [f"  - name: {job.name}", "    command: run.sh", f'    schedule: "{job.schedule}"']
        if job.timezone:
            lines.append(f"    timezone: {job.timezone}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def command_run(jobs: list[Job]) -> None:
    from cronstable_cli.cli.main import main
    from cronstable_cli.loaders import load_paths

    with tempfile.TemporaryDirectory() as tmp:
        path = write_yaml_fleet(jobs, Path(tmp))
        load_s, loaded = best_of(1, lambda: load_paths([str(path)]))
        analysis_s, _ = best_of(1, lambda: fast_pressure(list(loaded.jobs), 24))
        out = os.path.join(tmp, "report.json")
        clear_caches()
        start = time.perf_counter()
        code = main(
            ["pressure", str(path), "--from", START.isoformat(), "--format", "json", "-o", out]
        )
        total = time.perf_counter() - start
        html_start = time.perf_counter()
        main(
            [
                "pressure",
                str(path),
                "--from",
                START.isoformat(),
                "--format",
                "html",
                "-o",
                os.path.join(tmp, "report.html"),
            ]
        )
        html = time.perf_counter() - html_start
    record(
        "fleet",
        f"`cronstable pressure --format json` on {len(jobs):,} jobs, in process",
        f"{total:.2f} s (load {load_s:.2f} s)",
    )
    print(f"\n`cronstable pressure` on a {len(jobs):,}-job YAML file (exit {code}):")
    print(
        f"  load {load_s * 1000:.0f}ms + analysis {analysis_s * 1000:.0f}ms; whole command "
        f"(json) {total * 1000:.0f}ms; with --format html {html * 1000:.0f}ms"
    )


def big_run(label: str, jobs: list[Job], hours: int) -> None:
    elapsed, fires = best_of(1, lambda: fast_pressure(jobs, hours))
    clear_caches()
    gc.collect()
    tracemalloc.start()
    fast_pressure(jobs, hours)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    record(
        "fleet",
        f"pressure analysis, {len(jobs):,} jobs ({label}) × {hours} h",
        f"{elapsed:.2f} s, {peak / 2**20:.0f} MiB traced",
    )
    print(
        f"  {label}: {len(jobs):,} jobs x {hours} h -> {fires:,} fires in {elapsed:.2f}s; "
        f"peak traced memory {peak / 2**20:.1f} MiB (process max RSS {rss:.0f} MiB)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=10_000)
    parser.add_argument("--big", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="skip the command and 100k runs")
    args = parser.parse_args()

    print(f"python {sys.version.split()[0]}, window from {START.isoformat()}")
    compare("all-distinct fleet", distinct_fleet(args.jobs), args.repeats)
    compare("realistic fleet", realistic_fleet(args.jobs), args.repeats)
    if args.quick:
        return
    command_run(realistic_fleet(args.jobs))
    print(f"\n{args.big:,} jobs over 168 hours:")
    big_run("realistic", realistic_fleet(args.big), 168)
    big_run("all-distinct", distinct_fleet(args.big), 168)


if __name__ == "__main__":
    main()
