"""Offset changes found by probing and bisection, against the tz database's dates."""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from cronstable_cli.engine.transitions import Transition, first_change, offset_at, transitions

H = 3600


def epoch(*args: int) -> int:
    return int(datetime(*args, tzinfo=timezone.utc).timestamp())


@pytest.mark.parametrize(
    ("zone", "year", "expected"),
    [
        # New York: second Sunday of March 02:00 EST, first Sunday of November 02:00 EDT.
        (
            "America/New_York",
            2024,
            [
                Transition(epoch(2024, 3, 10, 7), -5 * H, -4 * H),
                Transition(epoch(2024, 11, 3, 6), -4 * H, -5 * H),
            ],
        ),
        # Berlin: last Sundays of March and October at 01:00 UTC.
        (
            "Europe/Berlin",
            2027,
            [
                Transition(epoch(2027, 3, 28, 1), 1 * H, 2 * H),
                Transition(epoch(2027, 10, 31, 1), 2 * H, 1 * H),
            ],
        ),
        # Lord Howe: half-hour shift; 02:00 +10:30 on 2024-04-07 back, 2024-10-06 forward.
        (
            "Australia/Lord_Howe",
            2024,
            [
                Transition(epoch(2024, 4, 6, 15), 39600, 37800),
                Transition(epoch(2024, 10, 5, 15, 30), 37800, 39600),
            ],
        ),
        ("Asia/Tokyo", 2024, []),
    ],
)
def test_a_years_transitions(zone: str, year: int, expected: list[Transition]) -> None:
    tz = ZoneInfo(zone)
    for step in (1800, 86400):
        assert list(transitions(tz, epoch(year, 1, 1), epoch(year + 1, 1, 1), step)) == expected


def test_first_change_is_the_first_second_with_the_new_offset() -> None:
    tz = ZoneInfo("America/New_York")
    at = epoch(2024, 3, 10, 7)
    assert first_change(tz, at - 5000, at + 5000) == at
    assert offset_at(tz, at - 1) == -5 * H and offset_at(tz, at) == -4 * H
