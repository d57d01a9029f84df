"""The benchmark fleets are what benchmarks/fleets.py says they are.

The scale benchmark's realistic/flat ratio is meant to measure how the jobs are
written (includes, defaults, nested keys, crontabs), so both shapes must draw the
same schedules and give `lint` about as much to report. The realistic teams'
default timeout is what decides that: under every schedule's shortest gap, no
runs-may-overlap warning; an hour (the "noisy" fleet, reported beside the ratio),
one for every job that fires hourly or faster.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from functools import cache
from itertools import pairwise
from pathlib import Path
from types import ModuleType

import pytest

from cronstable_cli.cli.main import main

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
FROM = "2026-01-05T00:00Z"
KILL = 30  # the daemon's default killTimeout, which a run may take after its timeout

# Each schedule's shortest gap between fires, in seconds, worked out by hand (an H
# field is one value: its gap is its field's period, wherever it lands).
SHORTEST_GAP = {
    "0 * * * *": 3600,
    "H * * * *": 3600,
    "H H * * *": 86400,
    "30 3 * * *": 86400,
    "0 6 * * 1-5": 86400,
    "*/15 * * * *": 900,
    "*/5 * * * *": 300,
    "H/15 * * * *": 900,
    "15 4 * * *": 86400,
    "0 12 * * *": 86400,
}


@cache
def _fleets() -> ModuleType:
    """benchmarks/fleets.py, imported under a name of its own (its dataclass looks its
    module up in sys.modules)."""
    name = "benchmark_fleets"
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / "fleets.py")
    assert spec is not None and spec.loader is not None
    module = sys.modules[name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_hand_worked_gaps_cover_the_schedule_mix() -> None:
    assert set(_fleets().SCHEDULES) == set(SHORTEST_GAP)


@pytest.mark.parametrize("schedule", sorted(SHORTEST_GAP))
def test_each_shortest_gap_is_the_engines(schedule: str) -> None:
    from datetime import datetime, timezone

    from cronstable_cli.engine import CronTab

    tab = CronTab(schedule, "job-000042", tz=timezone.utc)
    fires = tab.occurrences(datetime(2026, 1, 5, tzinfo=timezone.utc))
    times = [next(fires) for _ in range(8)]  # more than a day of fires, or a week's
    gaps = {int((b - a).total_seconds()) for a, b in pairwise(times)}
    assert min(gaps) == SHORTEST_GAP[schedule]


def test_the_team_timeout_is_under_every_gap_and_the_noisy_one_is_not() -> None:
    fleets = _fleets()
    assert min(SHORTEST_GAP.values()) > fleets.TEAM_TIMEOUT + KILL
    outrun = [s for s, gap in SHORTEST_GAP.items() if gap <= fleets.NOISY_TEAM_TIMEOUT + KILL]
    assert {"0 * * * *", "H * * * *", "*/15 * * * *", "*/5 * * * *"} <= set(outrun)


def _codes(capsys: pytest.CaptureFixture[str], paths: list[str]) -> Counter[str]:
    main(["lint", *paths, "--from", FROM, "--format", "json"])
    out, _ = capsys.readouterr()
    return Counter(f["code"] for f in json.loads(out)["findings"])


def test_both_shapes_give_lint_about_as_much_to_say(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fleets = _fleets()
    jobs = fleets.specs(2000)
    flat = _codes(capsys, fleets.write("flat", jobs, str(tmp_path / "flat")))
    real = _codes(capsys, fleets.write("realistic", jobs, str(tmp_path / "real")))
    noisy = _codes(
        capsys,
        fleets.write(
            "realistic", jobs, str(tmp_path / "noisy"), team_timeout=fleets.NOISY_TEAM_TIMEOUT
        ),
    )
    total = sum(flat.values())
    assert total > 0
    # Within an eighth: the realistic jobs' own timeouts (900 s, Forbid) on */5 and
    # */15 schedules are the only runs-may-overlap findings it has.
    assert abs(sum(real.values()) - total) <= total / 8, (flat, real)
    assert real["runs-may-overlap"] <= sum(real.values()) / 5
    # The noisy fleet: a warning more for every YAML job that fires hourly or faster
    # and keeps the team default (half the mix fires that often).
    assert noisy["runs-may-overlap"] - real["runs-may-overlap"] >= len(jobs) / 3
