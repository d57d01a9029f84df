"""The terminal pressure report, rendered without colour at a fixed width."""

from __future__ import annotations

import io
import os
from pathlib import Path

from rich.console import Console

from cronstable_cli.analysis.fires import build_fleet
from cronstable_cli.analysis.pressure import compute_pressure
from cronstable_cli.render.duplicates_text import DuplicatesReport
from cronstable_cli.render.pressure_text import PressureReport, minute_runs
from cronstable_cli.render.suggest_text import SuggestReport

from .pressure_cases import START, report_parts

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "pressure_report.txt"


def render(renderable: object) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=100, color_system=None, highlight=False).print(renderable)
    return buffer.getvalue()


def test_report_matches_the_reviewed_text() -> None:
    text = render(PressureReport(report_parts()[0]))
    if os.environ.get("CRONSTABLE_REGENERATE"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_headline_heatmap_rows_and_legend() -> None:
    lines = render(PressureReport(report_parts()[0])).splitlines()
    assert "4 jobs fire at :00 (96 fires in the window)" in lines
    # Hour 3: :00 is the peak (4 fires: level 9, '@'); :15 has two (level 5 of 9, '+');
    # :20 and :40 have one (level 3, '-'). A space separates each ten minutes.
    row = next(line for line in lines if line.startswith("03 "))
    assert row[3] == "@"
    assert row[3 + 15 + 1] == "+"
    assert row[3 + 20 + 2] == row[3 + 40 + 4] == "-"
    assert set(row[3:]) == {"@", "+", "-", " "}
    legend = next(line for line in lines if line.startswith("fires per cell:"))
    assert legend == "fires per cell:  ' ' 0  - 1  + 2  # 3  @ 4"


def test_empty_minutes_and_top_cells() -> None:
    text = render(PressureReport(report_parts()[0]))
    assert "Empty minutes of the hour: :01-:14, :16-:19, :21-:39, :41-:44, :46-:59" in text
    assert "backup-db, rotate-logs, sync-users, thirds" in text
    assert "Gaps between fire instants: min 5m 00s" in text


def test_an_empty_fleet_says_so() -> None:
    result = compute_pressure(build_fleet([]), START, 24)
    text = render(PressureReport(result))
    assert "Nothing fires in this window." in text
    assert "Fires per minute" not in text


def test_minute_runs() -> None:
    assert minute_runs([1, 2, 3, 7, 9, 10]) == ":01-:03, :07, :09, :10"
    assert minute_runs([]) == ""


def test_suggest_and_duplicates_text() -> None:
    _, dups, hourly, daily = report_parts()
    assert "30 * * * *" in render(SuggestReport(hourly))
    assert "or let the daemon spread it: H H * * *" in render(SuggestReport(daily))
    text = render(DuplicatesReport(dups))
    assert "2 groups covering 5 of 7 jobs" in text
    assert "3× 0 * * * *  At minute 0 of every hour (UTC)" in text
    assert "backup-db, rotate-logs, sync-users" in text
