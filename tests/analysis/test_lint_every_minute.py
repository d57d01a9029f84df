"""every-minute: minute `*` while the hour is restricted runs 60 times in that hour."""

from __future__ import annotations

import pytest

from .lint_cases import columns, messages

CODE = "every-minute"


@pytest.mark.parametrize(
    "schedule",
    [
        pytest.param("* * * * *", id="every minute of every hour"),
        pytest.param("0 2 * * *", id="once at 02:00"),
        pytest.param("*/5 2 * * *", id="a step is deliberate"),
        pytest.param("0-30 2 * * *", id="part of the hour"),
        pytest.param("@hourly", id="macro"),
        pytest.param("* */1 * * *", id="hours unrestricted"),
    ],
)
def test_stays_clean(schedule: str) -> None:
    assert columns(schedule, CODE) == []


@pytest.mark.parametrize(
    ("schedule", "expected"),
    [
        pytest.param("* 2 * * *", [1], id="spec example"),
        pytest.param("0-59 2 * * *", [1], id="full range"),
        pytest.param("* 9-17 * * 1-5", [1], id="business hours"),
        pytest.param("0 * 2 * * * *", [3], id="seconds first"),
        pytest.param("* 2 * * * 2030", [1], id="with year"),
    ],
)
def test_flags(schedule: str, expected: list[int]) -> None:
    assert columns(schedule, CODE) == expected


def test_message_is_the_spec_sentence() -> None:
    (message,) = messages("* 2 * * *", CODE, name="backup")
    assert message == (
        "job 'backup': `* 2 * * *` runs 60 times at 02:xx; `0 2 * * *` was probably meant."
    )


def test_several_hours() -> None:
    (message,) = messages("* 2,14 * * *", CODE)
    assert "every minute of hours 02 and 14 (120 times a day)" in message
    assert "`0 2,14 * * *` was probably meant" in message


def test_every_second_of_an_hour() -> None:
    (message,) = messages("* * 2 * * * *", CODE)
    assert "runs 3600 times at 02:xx" in message and "`0 0 2 * * * *`" in message
