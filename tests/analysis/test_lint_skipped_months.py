"""skipped-months: selected days that never occur in some selected month."""

from __future__ import annotations

import pytest

from .lint_cases import columns, messages

CODE = "skipped-months"


@pytest.mark.parametrize(
    "schedule",
    [
        pytest.param("0 0 * * *", id="every day"),
        pytest.param("0 0 30 1,3 *", id="both months have a 30th"),
        pytest.param("0 0 29 2 *", id="leap day is leap-day-only not skipped"),
        pytest.param("0 0 L * *", id="last day"),
        pytest.param("0 0 15W * *", id="nearest weekday"),
        pytest.param("0 0 * * mon#5", id="some years have a fifth monday every month"),
        pytest.param("0 0 1-31 * *", id="full range"),
        pytest.param("0 0 30 2 *", id="never-fires replaces it"),
    ],
)
def test_stays_clean(schedule: str) -> None:
    assert columns(schedule, CODE) == []


@pytest.mark.parametrize(
    ("schedule", "expected"),
    [
        pytest.param("0 0 31 1,4 *", [5], id="spec example"),
        pytest.param("0 0 31 * *", [5], id="every 31st"),
        pytest.param("0 0 30,31 2,3 *", [5], id="february in a list"),
        pytest.param("0 0 L-30 * *", [5], id="L-30 only in 31-day months"),
        pytest.param("0 0 31 * 1", [5], id="with a weekday"),
        pytest.param("0 0 0 31 1,4 ? *", [7], id="seven fields"),
        pytest.param("0 0 30 2,3 * 2030", [5], id="year restricted"),
    ],
)
def test_flags(schedule: str, expected: list[int]) -> None:
    assert columns(schedule, CODE) == expected


def test_names_the_skipped_month() -> None:
    (message,) = messages("0 0 31 1,4 *", CODE, name="month-end")
    assert message.startswith("job 'month-end': `0 0 31 1,4 *` never fires in April")
    assert "April has no day 31" in message
    assert "`L`" in message


def test_names_every_skipped_month() -> None:
    (message,) = messages("0 0 31 * *", CODE)
    assert "never fires in February, April, June, September and November" in message


def test_weekday_combinations_name_both_fields() -> None:
    (message,) = messages("0 0 31 * 1", CODE)
    assert "day-of-month `31` and day-of-week `1`" in message
