"""never-fires: no occurrence left; says whether the years ran out or the date never exists."""

from __future__ import annotations

import pytest

from .lint_cases import columns, messages

CODE = "never-fires"


@pytest.mark.parametrize(
    "schedule",
    [
        pytest.param("0 0 * * *", id="daily"),
        pytest.param("0 0 29 2 *", id="leap day still comes"),
        pytest.param("0 0 L 2 *", id="last of february"),
        pytest.param("0 0 1 1 * 2026-2030", id="year range ahead"),
        pytest.param("0 0 13 * 5", id="friday 13th exists"),
        pytest.param("0 0 31 * *", id="31st exists in some months"),
        pytest.param("@reboot", id="reboot is not a time schedule"),
        pytest.param("0 0 1 1 * 2099", id="last searchable year"),
    ],
)
def test_stays_clean(schedule: str) -> None:
    assert columns(schedule, CODE) == []


@pytest.mark.parametrize(
    ("schedule", "expected"),
    [
        pytest.param("0 0 30 2 *", [5], id="feb 30 at day-of-month"),
        pytest.param("0 0 31 4,6,9,11 *", [5], id="31st of 30-day months"),
        pytest.param("0 0 1 1 * 2020", [11], id="past year at year field"),
        pytest.param("0 0 1 1 * 2020-2025", [11], id="past year range"),
        pytest.param("0 0 29 2 * 2025", [12], id="no leap year in its years"),
        pytest.param("0 0 1 * mon#5", [5], id="the 1st is never a 5th monday"),
        pytest.param("0 0 0 30 2 ? *", [7], id="seven fields"),
    ],
)
def test_flags(schedule: str, expected: list[int]) -> None:
    assert columns(schedule, CODE) == expected


def test_says_the_year_ran_out_and_when_it_last_fired() -> None:
    (message,) = messages("0 6 1 1 * 2020", CODE, name="new-year")
    assert message.startswith("job 'new-year': `0 6 1 1 * 2020` has no fire left")
    assert "its year field ends at 2020" in message
    assert "2020-01-01 06:00 UTC" in message


def test_last_fire_is_shown_in_the_jobs_zone() -> None:
    (message,) = messages("0 6 1 1 * 2020", CODE, timezone="Europe/Berlin")
    assert "2020-01-01 06:00 CET" in message


def test_says_the_date_never_exists() -> None:
    (message,) = messages("0 0 30 2 *", CODE)
    assert "never exists" in message
    assert "day 30 does not exist in February" in message
    assert "`L`" in message


def test_names_both_day_fields_when_they_never_meet() -> None:
    (message,) = messages("0 0 1 * mon#5", CODE)
    assert "day-of-month `1` and day-of-week `mon#5`" in message


def test_years_that_lack_the_date() -> None:
    (message,) = messages("0 0 29 2 * 2025", CODE)
    assert "do not occur in the years of its year field (`2025`)" in message
