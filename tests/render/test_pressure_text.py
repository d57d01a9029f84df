"""The terminal pressure report, rendered without colour at a fixed width."""

from __future__ import annotations

import io
import os
from collections.abc import Iterable
from pathlib import Path

import pytest

from cronstable_cli.analysis.fires import build_fleet
from cronstable_cli.analysis.jitter import JitterOption
from cronstable_cli.analysis.pressure import compute_pressure
from cronstable_cli.render.console import make_console
from cronstable_cli.render.duplicates_text import duplicates_blocks
from cronstable_cli.render.jitter_text import folded, jitter_blocks, seconds_label
from cronstable_cli.render.layout import Block
from cronstable_cli.render.plain import PlainConsole
from cronstable_cli.render.pressure_text import minute_runs, pressure_blocks
from cronstable_cli.render.suggest_text import suggest_blocks

from .pressure_cases import START, report_parts

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "pressure_report.txt"
JITTER_GOLDEN = GOLDEN.with_name("pressure_jitter_panel.txt")
WIDTH = 100


def render(blocks: Iterable[Block], width: int = WIDTH) -> str:
    """The blocks as piped output prints them; a terminal lays them out the same (checked)."""
    blocks = list(blocks)
    plain, rich = io.StringIO(), io.StringIO()
    writer = PlainConsole(plain, width, lambda: make_console(plain, width=width))
    console = make_console(rich, width=width)
    for block in blocks:
        writer.print(block)
        console.print(block)
    assert plain.getvalue() == rich.getvalue()
    return plain.getvalue()


def test_report_matches_the_reviewed_text() -> None:
    text = render(pressure_blocks(report_parts()[0], WIDTH))
    if os.environ.get("CRONSTABLE_REGENERATE"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_headline_heatmap_rows_and_legend() -> None:
    lines = render(pressure_blocks(report_parts()[0], WIDTH)).splitlines()
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
    text = render(pressure_blocks(report_parts()[0], WIDTH))
    assert "Empty minutes of the hour: :01-:14, :16-:19, :21-:39, :41-:44, :46-:59" in text
    assert "backup-db, rotate-logs, sync-users, thirds" in text
    assert "Gaps between fire instants: min 5m 00s" in text


def test_an_empty_fleet_says_so() -> None:
    result = compute_pressure(build_fleet([]), START, 24)
    text = render(pressure_blocks(result, WIDTH))
    assert "Nothing fires in this window." in text
    assert "Fires per minute" not in text


def test_minute_runs() -> None:
    assert minute_runs([1, 2, 3, 7, 9, 10]) == ":01-:03, :07, :09, :10"
    assert minute_runs([]) == ""


def test_suggest_and_duplicates_text() -> None:
    _, dups, hourly, daily = report_parts()
    assert "30 * * * *" in render(suggest_blocks(hourly))
    assert "or let the daemon spread it: H H * * *" in render(suggest_blocks(daily))
    text = render(duplicates_blocks(dups, WIDTH, limit=20))
    assert "2 groups covering 5 of 7 jobs" in text
    assert "3× 0 * * * *  At minute 0 of every hour (UTC)" in text
    assert "backup-db, rotate-logs, sync-users" in text


# --- the jitter panel ---------------------------------------------------------------


def jitter_panel(option: JitterOption) -> str:
    jitter = report_parts(jitter=option)[0].jitter
    assert jitter is not None
    return render(jitter_blocks(jitter, WIDTH))


def test_jitter_panel_matches_the_reviewed_text() -> None:
    # backup-db, rotate-logs, sync-users and thirds fire at :00 and get 60 s; the :15
    # and :45 jobs get none. Offsets are the documented dialect hash of each name mod 60.
    text = jitter_panel("auto")
    if os.environ.get("CRONSTABLE_REGENERATE"):
        JITTER_GOLDEN.write_text(text, encoding="utf-8")
    assert text == JITTER_GOLDEN.read_text(encoding="utf-8")


def test_jitter_panel_lines() -> None:
    lines = jitter_panel("auto").splitlines()
    assert lines[0] == "Jitter (--jitter auto): 4 of 7 jobs jittered"
    assert lines[1] == "widths: 60s × 4 jobs, exact × 3 jobs"
    assert lines[2] == "Fires scheduled at :00, by second of scheduled_for (un-jittered)"
    # 96 fires at second 0: a full column on every row, nothing else.
    assert [line[3] for line in lines[3:7]] == ["█"] * 4
    assert lines[3].startswith("96 █")
    assert lines[7].split() == ["0s", "10s", "20s", "30s", "40s", "50s"]
    # After jitter the :00 jobs start apart; nightly and nightly-copy (03:15, no jitter
    # off the hour) still start together.
    assert lines[-1] == (
        "Peak fires starting in one second (whole window): 4 → 2 (un-jittered → jittered)"
    )
    assert not any("later minute" in line for line in lines)


def test_a_report_with_jitter_ends_with_the_panel() -> None:
    plain = render(pressure_blocks(report_parts()[0], WIDTH))
    text = render(pressure_blocks(report_parts(jitter="auto")[0], WIDTH))
    assert text.startswith(plain) and text[len(plain) :].startswith("\nJitter (--jitter auto)")


def test_wide_jitter_folds_into_sixty_columns_and_counts_the_spill() -> None:
    jitter = report_parts(jitter=900)[0].jitter
    assert jitter is not None
    text = render(jitter_blocks(jitter, WIDTH))
    per = len(jitter.fire_after) // 60
    assert per > 1
    assert f"The same fires by second of fire_after (jittered, {per} s per column)" in text
    assert f"{jitter.spill:,} fires of :00 start in a later minute" in text
    assert f"0s         {seconds_label(10 * per)}" in text


def test_an_empty_fleet_has_a_jitter_line_and_no_charts() -> None:
    result = compute_pressure(build_fleet([]), START, 24, jitter="auto")
    text = render(pressure_blocks(result, WIDTH))
    assert "Jitter (--jitter auto): 0 of 0 jobs jittered" in text
    assert "scheduled_for" not in text


def test_folding_and_labels() -> None:
    assert folded([1] * 60) == ((1,) * 60, 1)
    assert folded([1] * 120) == ((2,) * 60, 2)
    assert folded([0] * 59 + [5] + [0] * 900) == ((0,) * 3 + (5,) + (0,) * 56, 16)
    assert [seconds_label(s) for s in (0, 59, 60, 100, 960)] == [
        "0s",
        "59s",
        "1m00s",
        "1m40s",
        "16m00s",
    ]


@pytest.mark.parametrize("width", [24, 36, 50, 64, 80, 120])
def test_piped_reports_are_laid_out_as_on_a_terminal(width: int) -> None:
    # `render` compares the plain writer with rich at every width, the two-halves charts
    # (below 65 columns) and the rows too wide for any chart (below 35: rich's) included.
    result, dups, hourly, _ = report_parts(jitter="auto")
    for blocks in (
        pressure_blocks(result, width),
        duplicates_blocks(dups, width, limit=2),
        suggest_blocks(hourly),
    ):
        assert render(blocks, width)
