"""The civil-time search (`Schedule.first_at_or_after`) on hand-checked carries.

Each vector was worked out by hand from the fields: a carry in seconds, minutes or hours
leaves the fields below at their first values, and a day, month or year carry starts the
time of day again. Expressions have seven fields: second minute hour dom month dow year.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from cronstable_cli.engine import Schedule, Timeline, parse

VECTORS = [
    # seconds 10,20 at 09:05 every day
    ("10,20 5 9 * * * *", (2026, 1, 5, 9, 5, 20), (2026, 1, 5, 9, 5, 20)),
    ("10,20 5 9 * * * *", (2026, 1, 5, 9, 5, 21), (2026, 1, 6, 9, 5, 10)),  # to the next day
    ("10,20 5 9 * * * *", (2026, 1, 5, 9, 4, 59), (2026, 1, 5, 9, 5, 10)),  # the minute moves
    ("10,20 5 9 * * * *", (2026, 1, 5, 8, 59, 0), (2026, 1, 5, 9, 5, 10)),  # the hour moves
    # second 60 (a search from 59 + 1) carries into the minute, then the hour, the day, the year
    ("* * * * * * *", (2026, 1, 5, 9, 30, 60), (2026, 1, 5, 9, 31, 0)),
    ("* * * * * * *", (2026, 1, 5, 9, 59, 60), (2026, 1, 5, 10, 0, 0)),
    ("* * * * * * *", (2026, 12, 31, 23, 59, 60), (2027, 1, 1, 0, 0, 0)),
    ("0 */15 * * * * *", (2026, 1, 5, 9, 46, 0), (2026, 1, 5, 10, 0, 0)),
    ("0 0 9-17 * * * *", (2026, 1, 5, 17, 0, 1), (2026, 1, 6, 9, 0, 0)),
    # a day's carry across the end of a month, and of a year
    ("0 0 23 * * * *", (2026, 1, 31, 23, 0, 1), (2026, 2, 1, 23, 0, 0)),
    ("0 0 23 * * * *", (2026, 12, 31, 23, 30, 0), (2027, 1, 1, 23, 0, 0)),
    ("0 0 23 */10 * * *", (2026, 1, 31, 23, 0, 1), (2026, 2, 1, 23, 0, 0)),
    # days, months and years that do not exist for a while
    ("0 0 0 29 2 * *", (2026, 1, 5, 9, 30, 18), (2028, 2, 29, 0, 0, 0)),
    ("0 0 12 13 * 5 *", (2026, 1, 5, 9, 30, 18), (2026, 2, 13, 12, 0, 0)),  # Friday the 13th
    ("30 15 10 L * * 2027", (2026, 1, 5, 9, 30, 18), (2027, 1, 31, 10, 15, 30)),
    ("0 0 0 1 1 * 2030", (2030, 1, 1, 0, 0, 1), None),
]


@pytest.mark.parametrize(("expr", "start", "expected"), VECTORS)
def test_first_at_or_after_by_hand(
    expr: str,
    start: tuple[int, int, int, int, int, int],
    expected: tuple[int, int, int, int, int, int] | None,
) -> None:
    assert Schedule(parse(expr)).first_at_or_after(*start) == expected


def test_a_schedule_without_times_never_matches() -> None:
    """@reboot's fields are empty: its schedule answers None at once, as a search."""
    schedule = Schedule(parse("@reboot"))
    assert schedule.first_at_or_after(2026, 1, 5, 9, 30, 18) is None
    assert schedule.last_at_or_before(2026, 1, 5, 9, 30, 18) is None
    assert Timeline(schedule).next_fire(datetime(2026, 1, 5, tzinfo=timezone.utc)) is None


SHARED_NOW_EXPRS = ["* * * * *", "30 2 * * *", "0 0 29 2 *", "*/20 2 * * *", "0 0 1 1 *", "@reboot"]
# Ordinary days and days of offset changes (spring forward, fall back) in each zone.
SHARED_NOW_CASES = [
    ("UTC", (2026, 1, 5, 9, 30, 17)),
    ("Europe/Berlin", (2026, 3, 29, 1, 59, 30)),
    ("Europe/Berlin", (2026, 10, 25, 2, 30, 0)),
    ("America/New_York", (2026, 3, 8, 1, 45, 0)),
    ("Australia/Lord_Howe", (2026, 4, 5, 1, 45, 0)),
    ("Australia/Lord_Howe", (2026, 10, 4, 1, 59, 59)),
]


@pytest.mark.parametrize(("zone_name", "fields"), SHARED_NOW_CASES)
def test_searches_from_one_shared_now_agree_with_searches_from_fresh_copies(
    zone_name: str, fields: tuple[int, int, int, int, int, int]
) -> None:
    """A zone remembers the instant its last search started from; equal instants agree."""
    from zoneinfo import ZoneInfo

    from cronstable_cli import CronTab

    zone = ZoneInfo(zone_name)
    shared = datetime(*fields, tzinfo=zone)
    for frame in (zone, ZoneInfo("Asia/Tokyo"), timezone.utc):
        from_shared = [CronTab(e, tz=frame).next(shared) for e in SHARED_NOW_EXPRS]
        # A fresh datetime object each time: nothing remembered can apply.
        fresh = [
            CronTab(e, tz=frame).next(datetime(*fields, tzinfo=zone)) for e in SHARED_NOW_EXPRS
        ]
        assert from_shared == fresh
        # And the answers are fires after `now`, read in the frame.
        for fire in from_shared:
            assert fire is None or fire > shared
