"""Runs in flight: hand-counted peaks, the busiest hour's timeline, suggest --runtime."""

from __future__ import annotations

import textwrap
from datetime import datetime, timezone
from pathlib import Path

import pytest

from cronstable_cli.analysis.fires import build_fleet
from cronstable_cli.analysis.occupancy import Durations, runs_in_flight, spread_cost
from cronstable_cli.analysis.suggest import suggest_slot
from cronstable_cli.loaders import load_paths

from ..cli import helpers as cli

START = datetime(2026, 1, 1, tzinfo=timezone.utc)
FLEET = """\
jobs:
  - name: ingest
    command: "true"
    schedule: "*/5 * * * *"
    executionTimeout: 900
  - name: hourly
    command: "true"
    schedule: "10 * * * *"
    sla:
      maxRuntimeSeconds: 120
      lateAfterSeconds: 60
    executionTimeout: 3000
  - name: plain
    command: "true"
    schedule: "11 3 * * *"
"""


def fleet(tmp_path: Path, text: str = FLEET):
    path = tmp_path / "jobs.yaml"
    path.write_text(textwrap.dedent(text))
    return build_fleet(load_paths([str(path)]).jobs)


def test_hand_counted_peak(tmp_path: Path) -> None:
    """At 03:11: ingest's 03:00, 03:05 and 03:10 runs (15 minutes each; 02:55's ended at
    03:10), hourly's 03:10 run (its sla.maxRuntimeSeconds, 2 minutes, wins over the
    timeout) and plain's 03:11 start (1 minute by --runtime-default): 5."""
    o = runs_in_flight(fleet(tmp_path), START, 24, timezone.utc, Durations({}, 60))
    assert o.peak == 5
    assert o.peak_at == datetime(2026, 1, 1, 3, 11, tzinfo=timezone.utc)
    assert o.peak_jobs == (("ingest", 3), ("hourly", 1), ("plain", 1))
    assert o.per_minute[3 * 60 + 10] == 4  # 03:10: ingest ×3, hourly
    assert o.per_minute[0] == 3  # 00:00 counts the 23:50 and 23:55 runs from before
    assert dict(o.sources) == {"executionTimeout": 1, "sla.maxRuntimeSeconds": 1,
                               "runtime-default": 1}  # fmt: skip
    ingest = [r for r in o.timeline if r.job == "ingest"]
    # Every run in flight in 03:00-04:00: the ones from 02:50 and 02:55, and 12 more.
    assert len(ingest) == 14 and o.busiest_hour == datetime(2026, 1, 1, 3, tzinfo=timezone.utc)


def test_without_a_default_a_job_counts_its_start_minute(tmp_path: Path) -> None:
    o = runs_in_flight(fleet(tmp_path), START, 24, timezone.utc, Durations({}))
    assert o.peak == 5 and dict(o.sources)["none"] == 1


def test_durations_win_over_the_keys(tmp_path: Path) -> None:
    o = runs_in_flight(fleet(tmp_path), START, 24, timezone.utc, Durations({"ingest": 60}))
    assert o.per_minute[3 * 60 + 11] == 2  # hourly and plain; ingest fires on the fives


def test_spread_cost() -> None:
    grid = tuple(tuple(1 if m < 30 else 0 for m in range(60)) for _ in range(24))
    cost = spread_cost(grid, 1200)
    assert cost[0] == 20 and cost[30] == 0 and cost[25] == 5 and cost[55] == 15
    assert spread_cost(grid, 2 * 86400)[0] == 2 * 24 * 30  # longer than a day: all of it


def test_suggest_places_the_run_where_it_overlaps_least(tmp_path: Path) -> None:
    """An hourly 30-minute job occupies :00-:29; a 20-minute newcomer fits from :30 to :40,
    and :30 is the farthest of those from the busiest start (:00)."""
    text = 'jobs:\n  - name: a\n    command: "true"\n    schedule: "0 * * * *"\n'
    text += "    executionTimeout: 1800\n"
    got = suggest_slot(fleet(tmp_path, text), START, "hourly", runtime=(1200, Durations({})))
    assert got.slot.minute == 30 and got.fires_in_window == 0 and got.runtime == 1200
    assert got.busiest.minute == 0 and got.busiest.fires == 20 * 24
    plain = suggest_slot(fleet(tmp_path, text), START, "hourly")
    assert plain.slot.minute == 30  # by fires alone every minute but :00 ties


def test_pressure_text_and_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "jobs.yaml").write_text(FLEET)
    args = ["pressure", str(tmp_path / "jobs.yaml"), "--from", "2026-01-01T00:00Z"]
    code, out, _ = cli.run(capsys, *args, "--runtime-default", "60")
    assert code == 0 and "Peak: 5 runs in flight at 2026-01-01 03:11" in out
    assert "ingest ×3, hourly, plain" in out
    html = tmp_path / "p.html"
    code, _, _ = cli.run(capsys, *args, "--runtime", "--format", "html", "-o", str(html))
    page = html.read_text()
    assert code == 0 and 'id="in-flight"' in page and 'id="timeline"' in page
    assert page.count('class="run"') == 14 + 1 + 1  # ingest's 14, hourly's and plain's
