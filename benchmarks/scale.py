"""Scale benchmark: whole commands on two fleet shapes at 1,000, 10,000 and 100,000 jobs.

The fleets are benchmarks/fleets.py's: `flat` (one file, name/command/schedule)
and `realistic` (a directory: defaults, includes of team fragments, nested keys,
environment lists, map schedules, crontab files). Every command runs as its own
process (the installed entry point, as a user runs it), in interleaved rounds;
for each it prints the child's CPU seconds (user + system: what other work on a
shared machine disturbs least), wall seconds and peak resident set size (median
CPU and wall of the rounds, the largest RSS), then the 100,000-job figures
against the targets, each with PASS/FAIL:

    lint (text and --format json)     <= 5 s CPU and <= 200 MiB peak RSS
    jobs --format json                <= 2.5 s CPU and <= 150 MiB peak RSS
    pressure, owners, duplicates      <= 2.5 s CPU
    growth from 10,000 to 100,000     <= 11x the CPU (linear, 10% for noise)
    realistic / flat, lint            <= 1.5x the CPU at 100,000 jobs (the median of
                                      the rounds' ratios, the two shapes run back to back)
                                      (and, not a target, the realistic fleet
                                      with an hour's team timeout: 41,000 more
                                      warnings, and what each costs)
    parses per distinct schedule      1 (each command, both shapes; benchmarks/parse_count.py)

    python benchmarks/scale.py [--rounds N] [--sizes 1000,10000] [--check]
    python benchmarks/scale.py 200000        # one size, the old table

With a job count it measures that one size only (wall time and peak RSS of
lint, pressure, jobs as JSON and as a text table, owners) on load.py's config,
then times loading 50,000 jobs with and without one tab in a quoted command
(the tab must not leave the fast parser): benchmarks/scale-200k.md was made
that way.

Times depend on the machine and its load; compare runs on one machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import statistics

import fleets
from load import yaml_config
from record import record

FROM = "2026-01-05T00:00Z"
NODES = "node-a,node-b,node-c"
SIZES = (1_000, 10_000, 100_000)
SHAPE_RATIO = 1.5  # realistic / flat lint CPU at 100,000 jobs
GROWTH = 11.0  # 100k/10k CPU: linear is 10x (less, with start-up); 10% for noise
MIB = 200  # peak RSS target of lint at 100,000 jobs
# The realistic fleet with NOISY_TEAM_TIMEOUT (fleets.py), measured at the largest size.
NOISY = "realistic-noisy"

# One process per measurement: RUSAGE_CHILDREN of a fresh parent is that command's.
_MEASURE = (
    "import resource, subprocess, sys, time\n"
    "t = time.monotonic()\n"
    "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL,"
    " stderr=subprocess.DEVNULL).returncode\n"
    "wall = time.monotonic() - t\n"
    "use = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(wall, use.ru_utime + use.ru_stime, use.ru_maxrss, code)\n"
)


@dataclass(frozen=True)
class Run:
    """One command's figures: CPU and wall seconds, peak RSS in MiB, exit code."""

    cpu: float
    wall: float
    rss: float
    code: int


@dataclass(frozen=True)
class Command:
    label: str
    args: tuple[str, ...]  # after the executable; {} is the config's path
    seconds: float  # CPU target at 100,000 jobs
    mib: float | None = None  # peak RSS target at 100,000 jobs


COMMANDS = (
    Command("lint", ("lint", "{}", "--from", FROM), 5.0, MIB),
    Command("lint --format json", ("lint", "{}", "--from", FROM, "--format", "json"), 5.0, MIB),
    Command("jobs --format json", ("jobs", "{}", "--from", FROM, "--format", "json"), 2.5, 150),
    Command("pressure", ("pressure", "{}", "--from", FROM), 2.5),
    Command("owners", ("owners", "{}", "--nodes", NODES, "--distribution", "spread"), 2.5),
    Command("duplicates", ("duplicates", "{}"), 2.5),
)


# The commands whose engine parses are counted (benchmarks/parse_count.py), with `diff`
# of the fleet against itself changed (fleets.changed): {} is the fleet, {base} the other.
PARSE_COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("lint", ("lint", "{}", "--from", FROM)),
    ("jobs", ("jobs", "{}", "--from", FROM, "--format", "json")),
    ("pressure", ("pressure", "{}", "--from", FROM)),
    ("owners", ("owners", "{}", "--nodes", NODES)),
    ("duplicates", ("duplicates", "{}")),
    ("calendar", ("calendar", "{}", "--from", FROM, "--days", "7", "--format", "json")),
    ("diff", ("diff", "{base}", "{}", "--from", FROM, "--format", "json")),
)


def parse_counts(tmp: str, size: int) -> list[tuple[str, str, dict[str, int]]]:
    """(command, shape, counts) of each PARSE_COMMANDS command on both shapes at `size`."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "parse_count.py")
    out = []
    for shape in fleets.SHAPES:
        base = fleets.specs(size)
        head = fleets.write(shape, fleets.changed(base, 100), os.path.join(tmp, f"p-{shape}"))
        old = fleets.write(shape, base, os.path.join(tmp, f"p-{shape}-base"))
        for label, args in PARSE_COMMANDS:
            argv: list[str] = []
            for a in args:
                argv += head if a == "{}" else old if a == "{base}" else [a]
            done = subprocess.run(
                [sys.executable, script, *argv], capture_output=True, text=True, check=True
            )
            out.append((label, shape, json.loads(done.stdout.splitlines()[-1])))
    return out


def parse_targets(counted: list[tuple[str, str, dict[str, int]]], size: int) -> int:
    """Print and record the parses per job and per distinct schedule; targets missed."""
    print(
        f"\nengine parses per command, {size:,} jobs (target: 1 per distinct schedule, "
        "text + H key + crontab)"
    )
    print(f"{'command':<12}{'shape':<11}{'calls':>9}{'distinct':>10}{'per job':>9}{'most':>6}")
    missed = 0
    for label, shape, got in counted:
        ok = got["most"] <= 1
        missed += not ok
        per_job = got["calls"] / size
        print(
            f"{label:<12}{shape:<11}{got['calls']:>9,}{got['distinct']:>10,}{per_job:>9.2f}"
            f"{got['most']:>6}  {'PASS' if ok else 'FAIL'}"
        )
        record(
            "scale",
            f"`cronstable {label}`, {shape} fleet of {size:,} jobs: engine parses per job "
            "(and the most any one schedule was parsed)",
            f"{per_job:.2f} per job, at most {got['most']} per schedule",
            peer=f"{got['calls']:,} parses of {got['distinct']:,} distinct schedules",
            ratio=got["calls"] / max(got["distinct"], 1),
            target="1 per distinct schedule",
            passed=ok,
        )
    return missed


def measure(args: list[str]) -> Run:
    """CPU seconds, wall seconds, peak RSS and exit code of one command."""
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, *args], capture_output=True, text=True, check=True
    )
    wall, cpu, rss_kib, code = done.stdout.split()
    return Run(float(cpu), float(wall), int(rss_kib) / 1024, int(code))


def executable() -> str:
    """The installed console script next to this interpreter, as a user runs it."""
    return os.path.join(os.path.dirname(sys.executable), "cronstable")


def write_config(directory: str, jobs: int) -> str:
    path = os.path.join(directory, f"fleet-{jobs}.yaml")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(yaml_config(jobs))
    return path


def best(runs: list[Run]) -> Run:
    """The median CPU and wall of the rounds; the largest peak RSS (the honest one)."""
    return Run(
        statistics.median(r.cpu for r in runs),
        statistics.median(r.wall for r in runs),
        max(r.rss for r in runs),
        runs[0].code,
    )


def shape_ratio(real: list[Run], flat: list[Run]) -> tuple[float, float, float]:
    """Median, lowest and highest of the rounds' realistic/flat CPU ratios.

    A round runs the two shapes back to back, so each ratio compares runs that
    met the same stretch of a shared machine (whose speed moves by half for
    seconds at a time), as the engine benchmark's per-round ratios do.
    """
    ratios = [r.cpu / f.cpu for r, f in zip(real, flat, strict=True)]
    return statistics.median(ratios), min(ratios), max(ratios)


def expand(command: Command, paths: list[str]) -> list[str]:
    args: list[str] = []
    for a in command.args:
        args += paths if a == "{}" else [a]
    return args


def targets(rounds: int, sizes: tuple[int, ...]) -> int:
    """Every command on both shapes at every size against its targets; FAILs counted."""
    exe = executable()
    large, small = max(sizes), sorted(sizes)[-2] if len(sizes) > 1 else max(sizes)
    with tempfile.TemporaryDirectory() as tmp:
        paths = {
            (shape, size): fleets.write(
                shape, fleets.specs(size), os.path.join(tmp, f"{shape}-{size}")
            )
            for shape in fleets.SHAPES
            for size in sizes
        }
        print(
            f"scale benchmark: benchmarks/fleets.py's {' and '.join(fleets.SHAPES)} fleets at "
            f"{', '.join(f'{s:,}' for s in sizes)} jobs, Python {platform.python_version()} on "
            f"{platform.machine()}, {os.cpu_count()} CPUs, median of {rounds} interleaved "
            f"rounds; --from {FROM}"
        )
        # The realistic fleet before its teams heed `lint` (an hour's default timeout):
        # what its warnings cost, beside the ratio (fleets.py says why not in it).
        noisy = fleets.write(
            "realistic",
            fleets.specs(large),
            os.path.join(tmp, f"noisy-{large}"),
            team_timeout=fleets.NOISY_TEAM_TIMEOUT,
        )
        lint = next(c for c in COMMANDS if c.label == "lint")
        runs: dict[tuple[str, str, int], list[Run]] = {}
        for r in range(rounds):
            # Both shapes of a size back to back, the first one alternating by round:
            # a busy stretch of a shared machine falls on the two alike, and the
            # realistic/flat ratio is read per round (`shape_ratio`).
            shapes = fleets.SHAPES if r % 2 == 0 else fleets.SHAPES[::-1]
            for command in COMMANDS:
                for size in sizes:
                    for shape in shapes:
                        args = [exe, *expand(command, paths[(shape, size)])]
                        runs.setdefault((command.label, shape, size), []).append(measure(args))
            runs.setdefault(("lint", NOISY, large), []).append(measure([exe, *expand(lint, noisy)]))
        said = {
            shape: findings([exe, *expand(lint, where)])
            for shape, where in (
                ("flat", paths[("flat", large)]),
                ("realistic", paths[("realistic", large)]),
                (NOISY, noisy),
            )
        }
        counted = parse_counts(tmp, small)
    missed = 0
    print(
        f"\n{'command':<20}{'shape':<11}{'jobs':>9}{'CPU s':>8}{'wall s':>8}{'RSS MiB':>9}"
        f"{'exit':>5}  targets at {large:,}"
    )
    for command in COMMANDS:
        for shape in fleets.SHAPES:
            got = {size: best(runs[(command.label, shape, size)]) for size in sizes}
            top, below = got[large], got[small]
            checks = [(f"CPU <= {command.seconds:g} s", top.cpu <= command.seconds)]
            if command.mib is not None:
                checks.append((f"RSS <= {command.mib:g} MiB", top.rss <= command.mib))
            growth = top.cpu / below.cpu
            checks.append((f"growth {growth:.1f}x <= {GROWTH:g}x", growth <= GROWTH))
            for size in sizes:
                run = got[size]
                row = (
                    f"{command.label:<20}{shape:<11}{size:>9,}{run.cpu:>8.2f}{run.wall:>8.2f}"
                    f"{run.rss:>9.0f}{run.code:>5}"
                )
                if size == large:
                    row += "  " + ", ".join(f"{w} {'PASS' if ok else 'FAIL'}" for w, ok in checks)
                print(row)
            missed += sum(not ok for _, ok in checks)
            target = f"≤ {command.seconds:g} s CPU"
            if command.mib is not None:
                target += f", ≤ {command.mib:g} MiB"
            record(
                "scale",
                f"`cronstable {command.label}`, {shape} fleet of {large:,} jobs "
                "(CPU s, wall s, peak RSS)",
                f"{top.cpu:.2f} s, {top.wall:.2f} s, {top.rss:.0f} MiB",
                peer="; ".join(
                    f"{size:,} jobs: {got[size].cpu:.2f} s, {got[size].rss:.0f} MiB"
                    for size in sizes
                    if size != large
                ),
                ratio=growth,
                target=f"{target}; growth ≤ {GROWTH:g}×",
                passed=all(ok for _, ok in checks),
            )
    for command in COMMANDS:
        flat = best(runs[(command.label, "flat", large)])
        real = best(runs[(command.label, "realistic", large)])
        ratio, low, high = shape_ratio(
            runs[(command.label, "realistic", large)], runs[(command.label, "flat", large)]
        )
        judged = command.label == "lint"
        ok = ratio <= SHAPE_RATIO
        missed += judged and not ok
        verdict = f"  <= {SHAPE_RATIO:g}x {'PASS' if ok else 'FAIL'}" if judged else ""
        print(
            f"realistic / flat, {command.label}, {large:,} jobs: {ratio:.2f}x CPU "
            f"({low:.2f}-{high:.2f}){verdict}"
        )
        record(
            "scale",
            f"`cronstable {command.label}`, {large:,} jobs: realistic fleet / flat fleet (CPU)",
            f"{real.cpu:.2f} s",
            peer=f"flat {flat.cpu:.2f} s",
            ratio=ratio,
            spread=(low, high),
            target=f"≤ {SHAPE_RATIO:g}×" if judged else "",
            passed=ok if judged else None,
        )
    flat, real = best(runs[("lint", "flat", large)]), best(runs[("lint", "realistic", large)])
    heavy = best(runs[("lint", NOISY, large)])
    print(
        f"findings of lint at {large:,} jobs: flat {said['flat']:,}, realistic "
        f"{said['realistic']:,}; {NOISY} (an hour's team timeout) {said[NOISY]:,}: "
        f"{heavy.cpu:.2f} s, {heavy.cpu / flat.cpu:.2f}x flat (not a target), "
        f"{(heavy.cpu - real.cpu) / max(said[NOISY] - said['realistic'], 1) * 1e6:.1f} us "
        "a further finding"
    )
    record(
        "scale",
        f"`cronstable lint`, {large:,} jobs: realistic fleet with an hour's team timeout "
        f"({said[NOISY]:,} findings; the realistic fleet {said['realistic']:,}, the flat "
        f"{said['flat']:,}) / flat fleet (CPU)",
        f"{heavy.cpu:.2f} s",
        peer=f"flat {flat.cpu:.2f} s",
        ratio=heavy.cpu / flat.cpu,
        target="",
        passed=None,
    )
    missed += parse_targets(counted, small)
    print(f"\n{'all targets met' if not missed else f'{missed} target(s) missed'}")
    return missed


def findings(args: list[str]) -> int:
    """How many problems a text `lint` reports (its summary line, which may wrap)."""
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    found = re.search(r"Found ([\d,]+) problem", " ".join(done.stdout[-400:].split()))
    return int(found.group(1).replace(",", "")) if found else 0


def one_size(jobs: int) -> None:
    """The old table at one size: wall time and peak RSS, then the tab check."""
    exe = executable()
    with tempfile.TemporaryDirectory() as tmp:
        path = write_config(tmp, jobs)
        size = os.path.getsize(path) / 2**20
        print(
            f"# {jobs:,} jobs ({size:.1f} MiB), Python {platform.python_version()}, "
            f"{os.cpu_count()} CPUs\n"
        )
        print("| command | wall s | CPU s | peak RSS MiB | exit |")
        print("|---|---:|---:|---:|---:|")
        rows = [(c.label, [exe, *expand(c, [path])]) for c in COMMANDS]
        rows.insert(3, ("jobs (text)", [exe, "jobs", path, "--from", FROM]))
        for label, args in rows:
            run = measure(args)
            print(
                f"| {label} | {run.wall:.1f} | {run.cpu:.1f} | {run.rss:.0f} | {run.code} |",
                flush=True,
            )
        small = os.path.join(tmp, "50k.yaml")
        tabbed = os.path.join(tmp, "50k-tab.yaml")
        text = yaml_config(50_000)
        with open(small, "w", encoding="utf-8") as handle:
            handle.write(text)
        marker = "/usr/local/bin/task --id 25005"
        assert marker in text
        with open(tabbed, "w", encoding="utf-8") as handle:
            handle.write(text.replace(marker, marker + "\t--tabbed", 1))
        plain, tab = (
            min(load_seconds(small) for _ in range(3)),
            min(load_seconds(tabbed) for _ in range(3)),
        )
        print(
            f"\nload 50,000 jobs: {plain:.2f} s CPU; with one tab: {tab:.2f} s ({tab / plain:.2f}x)"
        )


def load_seconds(path: str) -> float:
    """CPU seconds of one in-process load of `path`."""
    from cronstable_cli.loaders import load_paths

    start = time.process_time()
    load_paths([path])
    return time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("jobs", nargs="?", type=int, help="measure this one size (old table)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (median kept)")
    parser.add_argument(
        "--sizes", default=",".join(map(str, SIZES)), help="comma-separated job counts"
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    if args.jobs is not None:
        one_size(args.jobs)
        return 0
    missed = targets(args.rounds, tuple(int(n) for n in args.sizes.split(",")))
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
