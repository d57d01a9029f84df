"""quartz-weekday-number: a Quartz-shaped schedule whose weekday numbers Quartz reads 1 = Sunday.

Hand-checked: Quartz 2 = MON, 6 = FRI, 1 = SUN, 7 = SAT; here 2 = Tuesday,
6 = Saturday, 1 = Monday, 7 = Sunday.
"""

from __future__ import annotations

import pytest

from .lint_cases import columns, messages

CODE = "quartz-weekday-number"


@pytest.mark.parametrize(
    "schedule",
    [
        pytest.param("0 0 12 ? * MON#1 *", id="names"),
        pytest.param("0 0 12 1 * ? *", id="question mark in day-of-week, no numbers"),
        pytest.param("0 0 12 * * 2#1 *", id="no question mark"),
        pytest.param("0 12 * * 2#1", id="five fields"),
        pytest.param("0 0 12 ? * 0 *", id="zero is never Quartz"),
        pytest.param("0 0 12 ? * * *", id="every weekday"),
    ],
)
def test_stays_clean(schedule: str) -> None:
    assert columns(schedule, CODE) == []


@pytest.mark.parametrize(
    ("schedule", "column", "named"),
    [
        pytest.param("0 0 12 ? * 2#1 *", 12, "0 0 12 ? * MON#1 *", id="first monday"),
        pytest.param("0 0 8 ? * 2-6 *", 11, "0 0 8 ? * MON-FRI *", id="weekdays"),
        pytest.param("0 0 8 ? * 1,7 *", 11, "0 0 8 ? * SUN,SAT *", id="weekend"),
        pytest.param("0 0/15 * ? * 2 *", 14, "0 0/15 * ? * MON *", id="mondays"),
    ],
)
def test_flags_and_names_the_days(schedule: str, column: int, named: str) -> None:
    assert columns(schedule, CODE) == [column]
    (message,) = messages(schedule, CODE)
    assert message.endswith(f"both: `{named}`.")


def test_first_monday_in_quartz_is_first_tuesday_here() -> None:
    (message,) = messages("0 0 12 ? * 2#1 *", CODE, name="review")
    assert message.startswith("job 'review': `0 0 12 ? * 2#1 *` has Quartz's shape")
    assert "here `2#1` means the first Tuesday of the month" in message
    assert "it means the first Monday of the month" in message
