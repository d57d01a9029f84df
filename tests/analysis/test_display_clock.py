"""Instants to display-zone cells through precomputed offset segments."""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.analysis.display_clock import DisplayClock, offset_segments

from .fleet_helpers import utc

BERLIN = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")


def epoch(dt: datetime) -> int:
    return int(dt.timestamp())


def test_a_fixed_zone_has_one_segment() -> None:
    start = epoch(utc(2026, 3, 1))
    assert offset_segments(timezone.utc, start, start + 7 * 86400) == ((start, 0),)


def test_transitions_are_found_to_the_second() -> None:
    # Berlin falls back at 01:00 UTC on 2026-10-25 (+02:00 -> +01:00).
    start = epoch(utc(2026, 10, 24))
    segments = offset_segments(BERLIN, start, start + 3 * 86400)
    assert segments == ((start, 7200), (epoch(utc(2026, 10, 25, 1)), 3600))


def test_a_repeated_display_hour_counts_both_real_hours() -> None:
    # 02:15 Berlin happens at 00:15 UTC (CEST) and 01:15 UTC (CET).
    start = epoch(utc(2026, 10, 24, 22))
    clock = DisplayClock(BERLIN, start, start + 6 * 3600)
    cells = clock.cells([epoch(utc(2026, 10, 25, 0, 15)), epoch(utc(2026, 10, 25, 1, 15))])
    assert cells == {2 * 60 + 15: 2}


def test_a_skipped_display_hour_stays_empty() -> None:
    # New York springs forward at 07:00 UTC on 2026-03-08: 02:xx never shows.
    start = epoch(utc(2026, 3, 8, 5))
    clock = DisplayClock(NEW_YORK, start, start + 4 * 3600)
    fires = list(range(start, start + 4 * 3600, 60))
    hours = {cell // 60 for cell in clock.cells(fires)}
    assert hours == {0, 1, 3, 4}


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(
        ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"]
    ),
    st.integers(min_value=epoch(utc(2026, 1, 1)), max_value=epoch(utc(2027, 1, 1))),
    st.lists(st.integers(min_value=0, max_value=168 * 3600 - 1), max_size=40),
)
def test_cells_match_datetime_conversion(name: str, start: int, offsets: list[int]) -> None:
    zone = ZoneInfo(name)
    fires = sorted(start + o for o in offsets)
    clock = DisplayClock(zone, start, start + 168 * 3600)
    expected: dict[int, int] = {}
    for t in fires:
        local = datetime.fromtimestamp(t, zone)
        cell = local.hour * 60 + local.minute
        expected[cell] = expected.get(cell, 0) + 1
    assert dict(clock.cells(fires)) == expected
    for t in fires[:5]:
        local = datetime.fromtimestamp(t, zone)
        assert clock.cell_of(t) == local.hour * 60 + local.minute


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(
        ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC"]
    ),
    st.integers(min_value=epoch(utc(2026, 1, 1)), max_value=epoch(utc(2027, 1, 1))),
    st.lists(st.integers(min_value=0, max_value=168 * 3600 - 1), max_size=40),
)
def test_seconds_of_hour_match_datetime_conversion(
    name: str, start: int, offsets: list[int]
) -> None:
    zone = ZoneInfo(name)
    fires = sorted(start + o for o in offsets)
    clock = DisplayClock(zone, start, start + 168 * 3600)
    expected: dict[int, int] = {}
    for t in fires:
        local = datetime.fromtimestamp(t, zone)
        key = local.minute * 60 + local.second
        expected[key] = expected.get(key, 0) + 1
    assert dict(clock.seconds_of_hour(fires)) == expected
