"""seconds-first-six-fields: a 6-field schedule with year `*` is read both ways and fixed.

Readings checked by hand: in Quartz/Spring `0 0/5 * * * *` is second 0 of
minutes 0, 5, ..., 55 (every 5 minutes) and here minute 0 of hours 0, 5, 10,
15, 20; `0 0 * * * *` is Spring's hourly and here midnight daily.
"""

from __future__ import annotations

import pytest

from .lint_cases import columns, messages

CODE = "seconds-first-six-fields"


@pytest.mark.parametrize(
    "schedule",
    [
        pytest.param("0 0 * * *", id="five fields"),
        pytest.param("0 0 * * * 2030", id="a real year"),
        pytest.param("0 0 * * * 2026-2030", id="a year range"),
        pytest.param("0 0/5 * * * * *", id="already seven fields"),
        pytest.param("@hourly", id="macro"),
    ],
)
def test_stays_clean(schedule: str) -> None:
    assert columns(schedule, CODE) == []


@pytest.mark.parametrize(
    ("schedule", "column"),
    [
        pytest.param("0 0/5 * * * *", 13, id="spring every 5 minutes"),
        pytest.param("0 0 * * * *", 11, id="spring hourly"),
        pytest.param("*/10 * * * * *", 14, id="every 10 seconds"),
        pytest.param("0 0 12 * * *", 12, id="spring noon"),
    ],
)
def test_flags_at_the_year_field(schedule: str, column: int) -> None:
    assert columns(schedule, CODE) == [column]


def test_every_five_minutes_paste_explains_both_readings() -> None:
    (message,) = messages("0 0/5 * * * *", CODE, name="poll")
    assert message.startswith("job 'poll': `0 0/5 * * * *` has 6 fields")
    assert "means every 5 hours from 00:00 through 20:00" in message
    assert "where it means every 5 minutes" in message
    assert "write `0 0/5 * * * * *` (7 fields, seconds first)" in message
    assert "drop the year: `0 0/5 * * *`" in message


def test_spring_hourly_is_daily_here() -> None:
    (message,) = messages("0 0 * * * *", CODE)
    assert "so it means at 00:00." in message
    assert "where it means at minute 0 of every hour" in message
    assert "`0 0 * * * * *`" in message
