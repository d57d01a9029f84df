"""Pressure: hand-counted grids, display zones, DST, gaps, and the slow reference."""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.analysis.fires import build_fleet
from cronstable_cli.analysis.pressure import (
    BusiestMinute,
    compute_pressure,
)
from cronstable_cli.engine import CronTab
from cronstable_cli.formats.json_out import pressure_json

from .fleet_helpers import UTC, h_value, job, utc

JAN = utc(2026, 1, 5)
NEW_YORK = ZoneInfo("America/New_York")

# Three jobs at :00, one H job, one */20: every hour looks the same.
SLOT = h_value("minute", "spread") % 60
FLEET = [
    job("a-hourly", "0 * * * *"),
    job("b-hourly", "@hourly"),
    job("c-hourly", "0 0-23 * * *"),
    job("spread", "H * * * *"),
    job("thirds", "*/20 * * * *"),
]


def hand_counted_hour() -> Counter[int]:
    """Fires per minute of one hour of FLEET, counted from the schedules by hand."""
    per_minute: Counter[int] = Counter()
    per_minute[0] += 3  # the three :00 jobs
    per_minute[SLOT] += 1  # the H job
    for minute in (0, 20, 40):
        per_minute[minute] += 1  # */20
    return per_minute


def test_grid_is_counted_by_hand() -> None:
    result = compute_pressure(build_fleet(FLEET), JAN, 24)
    hour = hand_counted_hour()
    for h in range(24):
        assert result.grid[h] == tuple(hour[m] for m in range(60))
    assert result.by_minute_fires == tuple(24 * hour[m] for m in range(60))
    assert result.by_hour == (7,) * 24
    assert result.total_fires == 24 * 7
    assert result.jobs == 5
    assert result.excluded == 0
    assert result.empty_minutes == tuple(m for m in range(60) if m not in {0, 20, 40, SLOT})


def test_busiest_minute_counts_distinct_jobs() -> None:
    result = compute_pressure(build_fleet(FLEET), JAN, 24)
    jobs_at_zero = 4 + (SLOT == 0)
    assert result.busiest_minute == BusiestMinute(0, jobs_at_zero, 24 * hand_counted_hour()[0])
    assert result.by_minute_jobs[20] == 1 + (SLOT == 20)
    assert result.by_minute_jobs[SLOT] >= 1


def test_busiest_minute_prefers_jobs_over_fires() -> None:
    # :30 has the most fires (one 7-field job firing 60 seconds a minute); :00 has more jobs.
    jobs = [job("a", "0 * * * *"), job("b", "0 * * * *"), job("sec", "* 30 * * * * *")]
    result = compute_pressure(build_fleet(jobs), JAN, 24)
    assert result.by_minute_fires[30] == 24 * 60
    assert result.busiest_minute == BusiestMinute(0, 2, 48)


def test_top_cells_name_their_jobs() -> None:
    result = compute_pressure(build_fleet(FLEET), JAN, 24)
    assert len(result.top_cells) == 6
    first = result.top_cells[0]
    assert (first.hour, first.minute) == (0, 0)
    assert first.fires == first.jobs == 4 + (SLOT == 0)
    assert first.names[:3] == ("a-hourly", "b-hourly", "c-hourly")
    assert [(c.hour, c.minute) for c in result.top_cells] == [(h, 0) for h in range(6)]


def test_top_cell_names_are_capped_at_ten() -> None:
    jobs = [job(f"job-{i:02d}", "15 3 * * *") for i in range(14)]
    result = compute_pressure(build_fleet(jobs), JAN, 24)
    (cell,) = result.top_cells
    assert cell.jobs == 14
    assert cell.names == tuple(f"job-{i:02d}" for i in range(10))


def test_excluded_and_invalid_are_counted_not_drawn() -> None:
    jobs = [
        *FLEET,
        job("off", "* * * * *", enabled=False),
        job("boot", "@reboot"),
        job("broken", "99 * * * *"),
    ]
    result = compute_pressure(build_fleet(jobs), JAN, 24)
    assert (result.excluded, result.invalid, result.total_fires) == (2, 1, 24 * 7)


def test_seconds_weight_the_minute() -> None:
    result = compute_pressure(build_fleet([job("s", "0,30 15 * * * * *")]), JAN, 24)
    # Seconds 0 and 30 of minute 15, every hour: two fires in each :15 cell.
    assert all(result.grid[h][15] == 2 for h in range(24))
    assert result.by_minute_fires[15] == 24 * 2
    assert result.busiest_minute == BusiestMinute(15, 1, 48)


def test_display_zone_differs_from_job_zone() -> None:
    # 09:00 in Berlin (CET, +1) is 08:00 UTC is 03:00 in New York (EST, -5).
    jobs = [job("berlin", "0 9 * * *", timezone="Europe/Berlin")]
    result = compute_pressure(build_fleet(jobs), JAN, 24, NEW_YORK)
    assert result.grid[3][0] == 1
    assert result.total_fires == 1
    assert result.timezone == "America/New_York"
    assert result.start == JAN.astimezone(NEW_YORK)


def test_repeated_display_hour_counts_twice() -> None:
    # 2026-11-01 in New York: 24 real hours from 00:00 EDT end at 23:00 EST, and 01:xx
    # happens twice, so both real hours' fires land in the 01 row.
    jobs = [job("half-hourly", "0,30 * * * *")]
    result = compute_pressure(build_fleet(jobs), utc(2026, 11, 1, 4), 24, NEW_YORK)
    assert result.grid[1][0] == result.grid[1][30] == 2
    assert result.grid[23][0] == 0
    assert result.by_hour[1] == 4
    assert result.total_fires == 48


def test_skipped_display_hour_is_empty() -> None:
    # 2026-03-08 in New York: 02:xx does not exist; 24 real hours from 00:00 EST end at
    # 01:00 EDT the next day, so the 00 row sees two midnights.
    jobs = [job("hourly", "0 * * * *")]
    result = compute_pressure(build_fleet(jobs), utc(2026, 3, 8, 5), 24, NEW_YORK)
    assert result.grid[2][0] == 0
    assert result.grid[0][0] == 2
    assert result.total_fires == 24


def test_zoned_job_fires_once_on_its_fall_back_day() -> None:
    jobs = [job("ny", "30 1 * * *", timezone="America/New_York")]
    result = compute_pressure(build_fleet(jobs), utc(2026, 11, 1), 24)
    assert result.total_fires == 1
    assert result.grid[5][30] == 1  # 01:30 EDT = 05:30 UTC


def test_gaps_between_distinct_instants() -> None:
    jobs = [job("a", "0 * * * *"), job("b", "0 * * * *"), job("c", "30 * * * *")]
    result = compute_pressure(build_fleet(jobs), JAN, 24)
    assert result.gaps is not None
    assert (result.gaps.min, result.gaps.median, result.gaps.max) == (1800, 1800.0, 1800)


def test_gaps_need_two_instants() -> None:
    result = compute_pressure(build_fleet([job("once", "0 12 * * *")]), JAN, 24)
    assert result.gaps is None


def test_an_empty_fleet_has_no_busiest_minute() -> None:
    result = compute_pressure(build_fleet([]), JAN, 24)
    assert result.busiest_minute is None
    assert result.total_fires == 0
    assert result.empty_minutes == tuple(range(60))
    assert result.top_cells == ()


def test_all_cells_carry_their_jobs() -> None:
    result = compute_pressure(build_fleet(FLEET), JAN, 24, all_cells=True)
    cells = {(c.hour, c.minute): c for c in result.cells}
    assert len(cells) == 24 * len({0, 20, 40, SLOT})
    assert "thirds" in cells[(5, 20)].names
    assert "spread" in cells[(5, SLOT)].names


def test_progress_is_reported_per_group() -> None:
    seen: list[tuple[int, int]] = []
    fleet = build_fleet(FLEET)
    compute_pressure(fleet, JAN, 24, progress=lambda d, t: seen.append((d, t)))
    groups = len(fleet.groups)
    assert seen == [(k, groups) for k in range(1, groups + 1)]


def test_json_has_the_spec_fields() -> None:
    result = compute_pressure(build_fleet(FLEET), JAN, 24)
    doc = json.loads(pressure_json(result, build_fleet([]), []))
    assert doc["version"] == 1
    for key in (
        "grid",
        "by_minute_fires",
        "by_minute_jobs",
        "by_hour",
        "busiest_minute",
        "empty_minutes",
        "top_cells",
        "jobs",
        "total_fires",
        "excluded",
        "start",
        "hours",
        "timezone",
        "gaps",
    ):
        assert key in doc
    assert len(doc["grid"]) == 24 and {len(row) for row in doc["grid"]} == {60}
    assert doc["start"] == "2026-01-05T00:00:00+00:00"
    assert doc["busiest_minute"]["minute"] == 0
    assert set(doc["gaps"]) == {"min", "q1", "median", "q3", "max"}
    assert doc["top_cells"][0]["names"][0] == "a-hourly"
    assert doc["hours"] == 24


# --- the slow reference -------------------------------------------------------------

EXPRESSIONS = [
    "0 * * * *",
    "*/20 * * * *",
    "H * * * *",
    "H H * * *",
    "30 2 * * *",
    "0,30 1,2,3 * * *",
    "H/15 * * * *",
    "0 0 * * mon",
    "*/30 * * * * * *",
    "15 3 L * *",
    "0 12 * * *",
]
ZONES = [None, "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata"]
STARTS = [
    utc(2026, 3, 7, 12),
    utc(2026, 3, 28, 20),
    utc(2026, 10, 24, 22),
    utc(2026, 10, 31, 18),
    utc(2026, 4, 4, 10),
    utc(2026, 1, 31, 23, 59, 30),
]


def slow_grid(jobs: list, start: datetime, hours: int, display: ZoneInfo) -> Counter:
    """Walk CronTab.occurrences() per job and label each instant with datetime."""
    end = start + timedelta(hours=hours)
    cells: Counter = Counter()
    for j in jobs:
        if not j.enabled:
            continue
        tab = CronTab(j.schedule, j.name, tz=j.zone)
        for fire in tab.occurrences(start, inclusive=True):
            if fire >= end:
                break
            local = fire.astimezone(display)
            cells[(local.hour, local.minute)] += 1
    return cells


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(EXPRESSIONS), st.sampled_from(ZONES), st.booleans()),
        min_size=1,
        max_size=6,
    ),
    st.sampled_from(STARTS),
    st.integers(min_value=1, max_value=48),
    st.sampled_from(["UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe"]),
)
def test_grid_matches_walking_occurrences(
    specs: list, start: datetime, hours: int, display_name: str
) -> None:
    jobs = [
        job(f"job-{i}", expr, timezone=zone, enabled=enabled)
        for i, (expr, zone, enabled) in enumerate(specs)
    ]
    display = ZoneInfo(display_name)
    result = compute_pressure(build_fleet(jobs), start, hours, display)
    expected = slow_grid(jobs, start, hours, display)
    got = Counter({(h, m): n for h, row in enumerate(result.grid) for m, n in enumerate(row) if n})
    assert got == expected
    assert result.total_fires == sum(expected.values())
    assert result.excluded == sum(1 for j in jobs if not j.enabled)


def test_start_is_reported_in_the_display_zone() -> None:
    result = compute_pressure(
        build_fleet(FLEET), datetime(2026, 1, 5, tzinfo=UTC), 1, ZoneInfo("Asia/Kolkata")
    )
    assert result.start.isoformat() == "2026-01-05T05:30:00+05:30"


# --- memos shared by two fleets over one window (diff's two sides) -------------------

_SCHEDULES = ("0 * * * *", "H * * * *", "*/15 * * * *", "30 2 * * *", "H H * * 1-5", "0 0 29 2 *")
_ZONES = (None, "America/New_York", "Europe/Berlin", "Australia/Lord_Howe")


@st.composite
def _fleet_jobs(draw: st.DrawFn) -> list:
    picks = draw(
        st.lists(
            st.tuples(
                st.integers(0, 7),
                st.sampled_from(_SCHEDULES),
                st.sampled_from(_ZONES),
                st.booleans(),
            ),
            max_size=12,
        )
    )
    return [
        job(f"j{name}", schedule, timezone=zone, enabled=enabled)
        for name, schedule, zone, enabled in picks
    ]


@settings(max_examples=80, deadline=None)
@given(
    base=_fleet_jobs(),
    head=_fleet_jobs(),
    hours=st.sampled_from([1, 24, 168]),
    display=st.sampled_from([UTC, ZoneInfo("America/New_York"), ZoneInfo("Asia/Kolkata")]),
    start=st.sampled_from([utc(2027, 3, 13, 22), utc(2027, 11, 6, 23, 30), utc(2026, 12, 1)]),
)
def test_fleets_sharing_memos_get_the_pressure_each_gets_alone(
    base: list, head: list, hours: int, display: ZoneInfo, start: datetime
) -> None:
    """Groups both fleets have are enumerated and counted into cells once; the grids,
    minutes, cells, names and gaps are those of each fleet computed on its own."""
    memo: dict = {}
    cells: dict = {}
    shared = [
        compute_pressure(build_fleet(jobs), start, hours, display, memo=memo, cell_memo=cells)
        for jobs in (base, head)
    ]
    alone = [compute_pressure(build_fleet(jobs), start, hours, display) for jobs in (base, head)]
    assert shared == alone


def test_a_cell_memo_never_answers_for_another_display_zone() -> None:
    jobs = [job("a", "0 * * * *")]
    memo: dict = {}
    cells: dict = {}
    start = utc(2026, 12, 1)
    compute_pressure(build_fleet(jobs), start, 24, UTC, memo=memo, cell_memo=cells)
    kolkata = ZoneInfo("Asia/Kolkata")  # +05:30: the :00 fires land at :30
    moved = compute_pressure(build_fleet(jobs), start, 24, kolkata, memo=memo, cell_memo=cells)
    assert moved == compute_pressure(build_fleet(jobs), start, 24, kolkata)
    assert moved.by_minute_jobs[30] == 1 and moved.by_minute_jobs[0] == 0
