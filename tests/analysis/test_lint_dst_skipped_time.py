"""dst-skipped-time: a scheduled wall time falls in a spring-forward gap in the coming year."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import pytest

from .lint_cases import DST, dst_codes, make_job, messages, run

SKIPPED, REPEATED = "dst-skipped-time", "dst-repeated-time"


@pytest.mark.parametrize(
    ("schedule", "job"),
    [
        pytest.param("30 2 * * *", {}, id="utc by default"),
        pytest.param("30 2 * * *", {"utc": False}, id="utc false: host rules unknowable"),
        pytest.param("30 2 * * *", {"timezone": "UTC"}, id="explicit utc"),
        pytest.param("30 2 * * *", {"timezone": "Asia/Tokyo"}, id="zone without dst"),
        pytest.param("30 * * * *", {"timezone": "America/New_York"}, id="every hour"),
        pytest.param("30 4 * * *", {"timezone": "America/New_York"}, id="outside the gap"),
        pytest.param("30 2 * 1,12 *", {"timezone": "America/New_York"}, id="months without dst"),
        pytest.param("30 2 * * *", {"timezone": "Nowhere/Zone"}, id="unknown zone"),
        pytest.param("30 2 29 2 * 2025", {"timezone": "America/New_York"}, id="never fires"),
        pytest.param("30 2 * * 1", {"timezone": "America/New_York"}, id="transition on sunday"),
    ],
)
def test_stays_clean(schedule: str, job: dict[str, Any]) -> None:
    assert dst_codes(schedule, **job) == []


@pytest.mark.parametrize(
    ("schedule", "zone", "expected"),
    [
        pytest.param("30 2 * * *", "America/New_York", [(SKIPPED, 4)], id="new york gap"),
        pytest.param("30 1 * * *", "America/New_York", [(REPEATED, 4)], id="new york fold"),
        pytest.param("30 1-2 * * *", "America/New_York", [(SKIPPED, 4), (REPEATED, 4)], id="both"),
        pytest.param("15 2 * * *", "Australia/Lord_Howe", [(SKIPPED, 4)], id="half-hour gap"),
        pytest.param("45 1 * * *", "Australia/Lord_Howe", [(REPEATED, 4)], id="half-hour fold"),
        pytest.param("0 0 * * *", "America/Santiago", [(SKIPPED, 3)], id="midnight gap"),
        pytest.param(
            "0 30 2 * * * *", "Europe/Berlin", [(SKIPPED, 6), (REPEATED, 6)], id="seconds"
        ),
    ],
)
def test_flags(schedule: str, zone: str, expected: list[tuple[str, int]]) -> None:
    assert dst_codes(schedule, timezone=zone) == expected


def test_skipped_names_the_date_and_the_shifted_time() -> None:
    (message,) = messages("30 2 * * *", SKIPPED, name="rollup", timezone="America/New_York")
    assert message.startswith(
        "job 'rollup': `30 2 * * *` on 2026-03-08, clocks in "
        "America/New_York jump from 02:00 to 03:00"
    )
    assert "its 02:30 run does not exist that day and fires at 03:30 EDT instead" in message


def test_skipped_runs_are_counted_when_several() -> None:
    (message,) = messages("*/15 2 * * *", SKIPPED, timezone="America/New_York")
    assert "its 4 runs from 02:00 to 02:45 do not exist that day" in message
    assert "each fires 1 hour later (02:00 → 03:00 EDT)" in message


def test_skipped_run_that_lands_on_a_scheduled_one() -> None:
    (message,) = messages("30 1-4 * * *", SKIPPED, timezone="Europe/Berlin")
    assert "together with the run already scheduled at that time" in message


def test_half_hour_gap_shifts_by_half_an_hour() -> None:
    (message,) = messages("15 2 * * *", SKIPPED, timezone="Australia/Lord_Howe")
    assert "jump from 02:00 to 02:30" in message and "fires at 02:45 +11" in message


def test_at_most_two_per_job() -> None:
    # Casablanca's Ramadan shifts: 2026-02-15 (back), 2026-03-22 (forward), 2027-02-07 (back).
    start = datetime(2026, 2, 10, tzinfo=timezone.utc)
    report = run(make_job("30 2 * * *", timezone="Africa/Casablanca"), select=DST, now=start)
    assert [f.code for f in report.findings] == [SKIPPED, REPEATED]
    assert "2026-02-15" in report.findings[1].message
    assert "2026-03-22" in report.findings[0].message


def test_notes() -> None:
    report = run(make_job("30 1-2 * * *", timezone="America/New_York"), select=DST)
    assert {f.level for f in report.findings} == {"note"}
