"""Scale benchmark: lint, pressure and jobs on a 200,000-job config (wall time, peak RSS).

Generates the realistic config of benchmarks/load.py at 200,000 jobs, runs each
command as its own process (the installed entry point, as a user runs it) and
reports wall-clock seconds and the child's peak resident set size, so a
regression in time or memory shows. Also times loading 50,000 jobs with and
without one tab in a quoted command (the tab must not leave the fast parser).

    python benchmarks/scale.py [JOBS]      # default 200000

Wall time depends on the machine and its load; compare runs on one machine.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from load import yaml_config

FROM = "2026-01-05T00:00Z"
# One process per measurement: RUSAGE_CHILDREN of a fresh parent is that command's peak.
_MEASURE = (
    "import resource, subprocess, sys, time\n"
    "t = time.monotonic()\n"
    "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL,"
    " stderr=subprocess.DEVNULL).returncode\n"
    "wall = time.monotonic() - t\n"
    "print(wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code)\n"
)


def measure(args: list[str]) -> tuple[float, float, int]:
    """Wall seconds, peak RSS in MiB and exit code of one command."""
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, *args], capture_output=True, text=True, check=True
    )
    wall, rss_kib, code = done.stdout.split()
    return float(wall), int(rss_kib) / 1024, int(code)


def load_seconds(path: str) -> float:
    """CPU seconds of one in-process load of `path`."""
    from cronstable_cli.loaders import load_paths

    start = time.process_time()
    load_paths([path])
    return time.process_time() - start


def main() -> None:
    jobs = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    exe = os.path.join(os.path.dirname(sys.executable), "cronstable")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "fleet.yaml")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(yaml_config(jobs))
        size = os.path.getsize(path) / 2**20
        print(
            f"# {jobs:,} jobs ({size:.1f} MiB), Python {platform.python_version()}, "
            f"{os.cpu_count()} CPUs\n"
        )
        print("| command | wall s | peak RSS MiB | exit |")
        print("|---|---:|---:|---:|")
        for label, args in (
            ("lint", [exe, "lint", path, "--from", FROM]),
            ("pressure", [exe, "pressure", path, "--from", FROM]),
            ("jobs --format json", [exe, "jobs", path, "--from", FROM, "--format", "json"]),
            ("jobs (text)", [exe, "jobs", path, "--from", FROM]),
        ):
            wall, rss, code = measure(args)
            print(f"| {label} | {wall:.1f} | {rss:.0f} | {code} |", flush=True)

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


if __name__ == "__main__":
    main()
