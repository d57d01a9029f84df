"""Benchmark `cronstable diff` of two fleets against `cronstable lint` of the same fleet.

Run from the repository root: `python benchmarks/diff.py [--jobs N] [--changed N]`.

For each shape of benchmarks/fleets.py (`flat`, `realistic`), a temporary git
repository holds the base fleet in one commit; the working tree changes
`--changed` jobs: a quarter move their fires, a quarter are respelled, a fifth
renamed (their H slots move), the rest split between added and removed. Then,
in fresh processes (the installed entry point, as CI runs it), interleaved
rounds of `cronstable diff main --format json` (reading the revision with git,
loading both sides, the job diff, pressure over 168 hours on both sides,
duplicates and lint of both) and `cronstable lint` of the working tree alone.
Figures are CPU seconds of the process and its git children (median of the
rounds): on a shared machine the wall clock mostly measures the other processes.

Targets: diff under 2 s; diff at most 1.3x the lint of the same fleet.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import fleets
from record import record

TARGET_SECONDS = 2.0
TARGET_RATIO = 1.3
FROM = "2026-12-01T00:00Z"


def git(root: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "b",
        "GIT_AUTHOR_EMAIL": "b@example.com",
        "GIT_COMMITTER_NAME": "b",
        "GIT_COMMITTER_EMAIL": "b@example.com",
    }
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def run_once(args: list[str], cwd: Path) -> tuple[float, int, str]:
    """CPU seconds (the process and its children), exit code and output of one command."""
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, *args], cwd=cwd, capture_output=True, text=True
    )
    lines = done.stdout.splitlines()
    cpu, code = lines[-1].split()
    return float(cpu), int(code), "\n".join(lines[:-1])


# The command's output to stdout, then one line: its CPU seconds and exit code.
_MEASURE = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
    "use = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(done.stdout)\n"
    "print(use.ru_utime + use.ru_stime, done.returncode)\n"
)


def shape_run(shape: str, n: int, k: int, rounds: int) -> int:
    """diff and lint of one shape, interleaved; the targets missed."""
    exe = os.path.join(os.path.dirname(sys.executable), "cronstable")
    base = fleets.specs(n)
    head = fleets.changed(base, k)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        git(root, "init", "-q", "-b", "main")
        paths = [os.path.relpath(p, root) for p in fleets.write(shape, base, str(root / "fleet"))]
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", "base")
        shutil.rmtree(root / "fleet")
        fleets.write(shape, head, str(root / "fleet"))
        diff_args = [exe, "diff", "main", *paths, "--from", FROM, "--format", "json"]
        lint_args = [exe, "lint", *paths, "--from", FROM, "--format", "json"]
        diffs, lints = [], []
        text = ""
        for r in range(rounds):
            pair = [(diffs, diff_args), (lints, lint_args)]
            for into, args in pair if r % 2 == 0 else pair[::-1]:
                cpu, code, out = run_once(args, root)
                into.append(cpu)
                if args is diff_args:
                    text, diff_code = out, code
    summary = json.loads(text)["summary"]
    differing = sum(summary[key] for key in ("added", "removed", "renamed", "changed"))
    diff_cpu, lint_cpu = statistics.median(diffs), statistics.median(lints)
    ratio = diff_cpu / lint_cpu
    print(
        f"{shape} fleets of {n:,} jobs ({differing} differ: {summary['added']} added, "
        f"{summary['removed']} removed, {summary['renamed']} renamed, {summary['changed']} "
        f"changed), diff exit {diff_code}:"
    )
    print(
        f"  diff {diff_cpu:.2f} s CPU (runs {', '.join(f'{c:.2f}' for c in diffs)}), "
        f"target < {TARGET_SECONDS:g} s {'PASS' if diff_cpu < TARGET_SECONDS else 'FAIL'}"
    )
    print(
        f"  lint of the same fleet {lint_cpu:.2f} s CPU; diff / lint {ratio:.2f}x, "
        f"target <= {TARGET_RATIO:g}x {'PASS' if ratio <= TARGET_RATIO else 'FAIL'}"
    )
    record(
        "diff",
        f"`cronstable diff` of two {n:,}-job revisions ({shape} fleet, {differing} jobs "
        "differ), fresh process (CPU)",
        f"{diff_cpu:.2f} s",
        peer=f"`cronstable lint` of the same fleet {lint_cpu:.2f} s",
        ratio=ratio,
        target=f"< {TARGET_SECONDS:g} s; ≤ {TARGET_RATIO:g}× lint",
        passed=diff_cpu < TARGET_SECONDS and ratio <= TARGET_RATIO,
    )
    return (diff_cpu >= TARGET_SECONDS) + (ratio > TARGET_RATIO)


def main_() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=10_000)
    parser.add_argument("--changed", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    options = parser.parse_args()
    missed = sum(
        shape_run(shape, options.jobs, options.changed, options.rounds) for shape in fleets.SHAPES
    )
    print(f"\n{'all targets met' if not missed else f'{missed} target(s) missed'}")
    return 1 if options.check and missed else 0


if __name__ == "__main__":
    sys.exit(main_())
