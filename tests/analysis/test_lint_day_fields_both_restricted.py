"""day-fields-both-restricted: both day fields restricted means AND here, OR in Vixie cron."""

from __future__ import annotations

import pytest

from .lint_cases import columns, messages

CODE = "day-fields-both-restricted"


@pytest.mark.parametrize(
    "schedule",
    [
        pytest.param("0 0 13 * *", id="day-of-month only"),
        pytest.param("0 0 * * 5", id="day-of-week only"),
        pytest.param("0 0 ? * 5", id="question mark day-of-month"),
        pytest.param("0 0 13 * ?", id="question mark day-of-week"),
        pytest.param("0 0 1-31 * *", id="full day-of-month range"),
        pytest.param("0 0 * * 0-6", id="full day-of-week range"),
        pytest.param("0 0 * * 0-7", id="sunday twice"),
        pytest.param("@weekly", id="macro"),
        pytest.param("0 0 0 ? * MON *", id="quartz seven fields"),
    ],
)
def test_stays_clean(schedule: str) -> None:
    assert columns(schedule, CODE) == []


@pytest.mark.parametrize(
    ("schedule", "expected"),
    [
        pytest.param("0 0 13 * 5", [5], id="friday the 13th"),
        pytest.param("0 9 1,15 * 1-5", [5], id="dates and weekdays"),
        pytest.param("0 0 L * fri", [5], id="last day and a weekday"),
        pytest.param("0 0 15W * mon#1", [5], id="special forms"),
        pytest.param("0 0 0 13 * 5 *", [7], id="seven fields"),
        pytest.param("0 0 H * 1", [5], id="hashed day"),
    ],
)
def test_flags(schedule: str, expected: list[int]) -> None:
    assert columns(schedule, CODE) == expected


def test_message_explains_and_versus_or() -> None:
    (message,) = messages("0 0 13 * 5", CODE, name="friday13")
    assert message.startswith("job 'friday13': `0 0 13 * 5` restricts both day-of-month (`13`)")
    assert "matching both" in message and "Vixie cron" in message and "either" in message
    assert "# cronstable: ignore[day-fields-both-restricted]" in message
