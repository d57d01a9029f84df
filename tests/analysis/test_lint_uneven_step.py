"""uneven-step: a step that does not divide its field wraps with a short gap; day-of-month notes."""

from __future__ import annotations

import pytest

from cronstable_cli.engine import hash_value

from .lint_cases import columns, make_job, messages, run

CODE = "uneven-step"


@pytest.mark.parametrize(
    "schedule",
    [
        pytest.param("*/5 * * * *", id="divides 60"),
        pytest.param("*/1 * * * *", id="step of one"),
        pytest.param("0 */6 * * *", id="divides 24"),
        pytest.param("0 0 1 */3 *", id="divides 12"),
        pytest.param("0 0 * * */7", id="divides 7"),
        pytest.param("5/7 * * * *", id="start/step is not */n"),
        pytest.param("0-30/7 * * * *", id="range step"),
        pytest.param("H/15 * * * *", id="hashed divides 60"),
        pytest.param("0 0 1 * *", id="no step"),
        pytest.param("@hourly", id="macro"),
        pytest.param("0 0 H(1-31) * *", id="hashed day without step"),
    ],
)
def test_stays_clean(schedule: str) -> None:
    assert columns(schedule, CODE) == []


@pytest.mark.parametrize(
    ("schedule", "expected"),
    [
        pytest.param("*/7 * * * *", [1], id="minutes"),
        pytest.param("0 */5 * * *", [3], id="hours"),
        pytest.param("0 0 1 */5 *", [7], id="months"),
        pytest.param("0 0 * * */4", [9], id="weekdays"),
        pytest.param("*/7 * * * * * *", [1], id="seconds"),
        pytest.param("0 0,*/7 * * *", [5], id="item inside a list"),
        pytest.param("*/7 */5 * * *", [1, 5], id="two fields"),
        pytest.param("H/7 * * * *", [1], id="hashed minutes"),
        pytest.param("0 0 */2 * *", [5], id="day-of-month note"),
        pytest.param("0 0 H/7 * *", [5], id="hashed day-of-month note"),
    ],
)
def test_flags(schedule: str, expected: list[int]) -> None:
    assert columns(schedule, CODE) == expected


def test_minutes_name_the_short_interval_at_the_wrap() -> None:
    (message,) = messages("*/7 * * * *", CODE, name="poll")
    assert message.startswith("job 'poll': `*/7` in the minute field")
    assert "at :56 then at :00 of the next hour, a 4-minute gap instead of 7" in message
    assert "`*/6` or `*/10`" in message


@pytest.mark.parametrize(
    ("schedule", "wrap"),
    [
        pytest.param(
            "0 */5 * * *", "at hour 20 then at hour 0 of the next day, a 4-hour gap", id="h"
        ),
        pytest.param(
            "0 0 1 */5 *", "in November then in January of the next year, a 2-month gap", id="month"
        ),
        pytest.param("0 0 * * */4", "on Thursday then on Sunday, a 3-day gap", id="dow"),
        pytest.param("*/7 * * * * * *", "at second 56 then at second 0 of the next minute", id="s"),
    ],
)
def test_other_fields_name_their_wrap(schedule: str, wrap: str) -> None:
    (message,) = messages(schedule, CODE)
    assert wrap in message


def test_hashed_step_uses_the_jobs_phase() -> None:
    # Find a name whose H/7 phase is above 3: its wrap gap is 11 minutes, not 4.
    name = next(n for n in (f"job-{i}" for i in range(100)) if hash_value("minute", n) % 7 > 3)
    phase = hash_value("minute", name) % 7
    last = max(range(phase, 60, 7))
    (message,) = messages("H/7 * * * *", CODE, name=name)
    assert f"at :{last:02d} then at :{phase:02d}" in message
    assert f"a {60 - last + phase}-minute gap instead of 7" in message


def test_a_step_that_selects_one_value() -> None:
    minute = hash_value("minute", "job") % 50
    assert minute + 50 > 59  # H/50 keeps one value for this name
    (message,) = messages("H/50 * * * *", CODE)
    assert f"selects only {minute}, so it fires once an hour, not every 50 minutes" in message


def test_day_of_month_step_is_a_note() -> None:
    (finding,) = run(make_job("0 0 */2 * *"), select=frozenset({CODE})).findings
    assert finding.level == "note"
    assert "restarts at day 1 every month" in finding.message
    assert "1 to 2 days instead of a steady 2" in finding.message


def test_month_steps_are_warnings() -> None:
    (finding,) = run(make_job("*/7 * * * *"), select=frozenset({CODE})).findings
    assert finding.level == "warning"


def test_hashed_day_of_month_restarts_at_its_phase() -> None:
    first = 1 + hash_value("day-of-month", "job") % 10
    (message,) = messages("0 0 H/10 * *", CODE)
    assert f"restarts at day {first} every month" in message
