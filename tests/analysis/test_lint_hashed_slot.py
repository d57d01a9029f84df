"""hashed-slot: an H schedule names its exact resolved expression and that renaming moves it."""

from __future__ import annotations

import pytest

from cronstable_cli.engine import parse

from .lint_cases import columns, make_job, messages, run

CODE = "hashed-slot"


@pytest.mark.parametrize(
    "schedule",
    [
        pytest.param("0 * * * *", id="plain"),
        pytest.param("*/15 * * * *", id="step"),
        pytest.param("@daily", id="macro"),
        pytest.param("0 0 * * mon#1", id="nth weekday"),
    ],
)
def test_stays_clean(schedule: str) -> None:
    assert columns(schedule, CODE) == []


@pytest.mark.parametrize(
    ("schedule", "expected"),
    [
        pytest.param("H * * * *", [1], id="minute"),
        pytest.param("0 H * * *", [3], id="hour"),
        pytest.param("H/15 9-17 * * mon-fri", [1], id="step"),
        pytest.param("0 0 H(1-7) * *", [5], id="range in day-of-month"),
        pytest.param("H H H * * * *", [1], id="seconds first"),
        pytest.param("0 0 1 * H", [9], id="weekday"),
    ],
)
def test_flags(schedule: str, expected: list[int]) -> None:
    assert columns(schedule, CODE) == expected


def test_names_the_exact_resolved_expression() -> None:
    resolved = parse("H/15 9-17 * * mon-fri", "refresh-cache").resolved
    (message,) = messages("H/15 9-17 * * mon-fri", CODE, name="refresh-cache")
    assert message.startswith(
        f"job 'refresh-cache': `H/15 9-17 * * mon-fri` resolves to `{resolved}`"
    )
    assert "renaming the job moves it" in message


def test_finding_carries_the_resolved_form() -> None:
    (finding,) = run(make_job("H * * * *", name="a"), select=frozenset({CODE})).findings
    assert finding.resolved == parse("H * * * *", "a").resolved
    assert finding.level == "note"


def test_crontab_entries_move_with_their_line() -> None:
    (message,) = messages("H * * * *", CODE, name="legacy.crontab:9", kind="crontab")
    assert "moving the entry to another line moves it" in message
