"""leap-day-only: February runs can only happen on the leap 29th."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from .lint_cases import columns, make_job, messages, run

CODE = "leap-day-only"


@pytest.mark.parametrize(
    "schedule",
    [
        pytest.param("0 0 28 2 *", id="28th"),
        pytest.param("0 0 L 2 *", id="last day of february"),
        pytest.param("0 0 28,29 2 *", id="28th too"),
        pytest.param("0 0 29 1,3 *", id="february not selected"),
        pytest.param("0 0 * 2 *", id="every february day"),
        pytest.param("0 0 30 2 *", id="never fires instead"),
    ],
)
def test_stays_clean(schedule: str) -> None:
    assert columns(schedule, CODE) == []


@pytest.mark.parametrize(
    ("schedule", "expected"),
    [
        pytest.param("0 0 29 2 *", [5], id="leap day"),
        pytest.param("0 0 29 1,2 *", [5], id="february among others"),
        pytest.param("0 0 29-31 * *", [5], id="range runs past february"),
        pytest.param("0 0 29 2 mon", [5], id="leap day on a monday"),
        pytest.param("0 0 29 2 * 2028-2040", [5], id="year range"),
    ],
)
def test_flags(schedule: str, expected: list[int]) -> None:
    assert columns(schedule, CODE) == expected


def test_names_the_next_leap_day() -> None:
    (message,) = messages("0 0 29 2 *", CODE, name="leap")
    assert message.startswith("job 'leap': `0 0 29 2 *` can fire in February only on the 29th")
    assert "(next: 2028-02-29)" in message


def test_next_leap_day_is_from_today() -> None:
    march_2028 = datetime(2028, 3, 1, tzinfo=timezone.utc)
    (message,) = messages("0 0 29 2 *", CODE, now=march_2028)
    assert "(next: 2032-02-29)" in message


def test_is_a_note() -> None:
    (finding,) = run(make_job("0 0 29 2 *"), select=frozenset({CODE})).findings
    assert finding.level == "note"
