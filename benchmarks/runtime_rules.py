"""Lint time with the runtime-key rules on and off, at 10,000 and 100,000 jobs.

The config is benchmarks/load.py's realistic one with runtime keys added the
way fleets write them: a `defaults:` killTimeout and a 100-hour staleness
SLA (every job is checked against its longest gap), and on every fourth job
an executionTimeout, an sla.maxRuntimeSeconds or a concurrencyPolicy, on
every ninth `utc: false`; one job in a hundred has a 26-hour SLA, so the
weekday ones among them breach. `--findings-heavy` instead gives the
26-hour SLA to every job (a tenth of the fleet then reports a breach, and
the report's rendering dominates the difference). Each variant runs as its own
process (the installed entry point), interleaved, best CPU seconds of the
rounds:

    on:  cronstable lint CONFIG --from ...
    off: the same with --ignore for the five runtime-key rules

and prints the growth (on / off) at each size against the target:

    growth with the rules on   <= 1.15x the CPU of the rules off

    python benchmarks/runtime_rules.py [--rounds N]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from load import yaml_config
from record import record
from scale import FROM, Run, best, executable, measure

SIZES = (10_000, 100_000)
TARGET = 1.15
RULES = "runs-may-overlap,sla-gap-breach,runtime-alarm-after-timeout,host-local-zone"


def runtime_config(jobs: int, heavy: bool = False) -> str:
    """load.py's config with runtime keys on a share of the jobs and in defaults."""
    stale = 93600 if heavy else 360000
    lines = yaml_config(jobs).splitlines()
    out: list[str] = []
    n = -1
    for line in lines:
        if line == "defaults:":
            out += [line, "  killTimeout: 20", "  sla:", f"    maxTimeSinceSuccessSeconds: {stale}"]
            continue
        out.append(line)
        if line.startswith("  - name: job-"):
            n += 1
            if n % 4 == 0:
                out.append(f"    executionTimeout: {300 + n % 7200}")
            elif n % 4 == 1:
                out += ["    sla:", f"      maxRuntimeSeconds: {60 + n % 5000}"]
                if n % 100 == 17:  # a weekday job (load.py: i % 10 == 7) with a 26 h SLA
                    out.append("      maxTimeSinceSuccessSeconds: 93600")
            elif n % 4 == 2:
                out.append("    concurrencyPolicy: Forbid")
            if n % 9 == 0 and n % 5:  # `utc: false` on jobs without a timezone of their own
                out.append("    utc: false")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--findings-heavy", action="store_true", help="a 26 h SLA everywhere")
    args = parser.parse_args(argv)
    exe = executable()
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for jobs in SIZES:
            path = os.path.join(tmp, f"jobs-{jobs}.yaml")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(runtime_config(jobs, args.findings_heavy))
            base = [exe, "lint", path, "--from", FROM, "--fail-on", "never"]
            runs: dict[str, list[Run]] = {"on": [], "off": []}
            for _ in range(args.rounds):
                runs["on"].append(measure(base))
                runs["off"].append(measure([*base, "--ignore", RULES]))
            on, off = best(runs["on"]), best(runs["off"])
            growth = on.cpu / off.cpu
            passed = growth <= TARGET
            failed |= not passed
            print(
                f"lint, {jobs:,} jobs: rules on {on.cpu:.2f} s CPU ({on.wall:.2f} s wall, "
                f"{on.rss:.0f} MiB), off {off.cpu:.2f} s CPU ({off.wall:.2f} s wall): "
                f"{growth:.3f}x, target <= {TARGET}x {'PASS' if passed else 'FAIL'}"
            )
            record(
                "Scale",
                f"`cronstable lint`, {jobs:,} jobs, runtime-key rules on vs off (CPU s)"
                + (" (findings-heavy)" if args.findings_heavy else ""),
                f"{on.cpu:.2f}",
                peer=f"{off.cpu:.2f}",
                ratio=growth,
                target=f"<= {TARGET}x",
                passed=passed,
            )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
