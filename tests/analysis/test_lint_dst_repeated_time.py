"""dst-repeated-time: a scheduled wall time repeats on a fall-back date; it fires once."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from .lint_cases import DST, dst_codes, make_job, messages, run

REPEATED = "dst-repeated-time"


def test_repeated_names_the_date_and_fires_once() -> None:
    (message,) = messages("30 1 * * *", REPEATED, name="export", timezone="America/New_York")
    assert message.startswith(
        "job 'export': `30 1 * * *` on 2026-11-01, clocks in "
        "America/New_York fall back from 02:00 to 01:00"
    )
    assert "01:30 occurs twice; it fires once, at the first 01:30 (EDT)" in message


def test_only_the_coming_year_is_searched() -> None:
    # From mid-March 2026 the next spring-forward (2027-03-14) is more than 365 days away.
    later = datetime(2026, 3, 13, tzinfo=timezone.utc)
    assert dst_codes("30 2 * * *", later, timezone="America/New_York") == []
    assert dst_codes("30 1 * * *", later, timezone="America/New_York") == [(REPEATED, 4)]


@pytest.mark.parametrize(
    ("schedule", "zone"),
    [
        pytest.param("30 2 * * *", "America/New_York", id="gap hour is not repeated"),
        pytest.param("30 0 * * *", "America/New_York", id="before the fold"),
        pytest.param("0 2 * * *", "America/New_York", id="fold ends before 02:00"),
        pytest.param("30 1 * * *", "UTC", id="utc"),
        pytest.param("30 1 * 1-10 *", "America/New_York", id="november not selected"),
    ],
)
def test_stays_clean(schedule: str, zone: str) -> None:
    assert [c for c in dst_codes(schedule, timezone=zone) if c[0] == REPEATED] == []


@pytest.mark.parametrize(
    ("schedule", "zone", "expected"),
    [
        pytest.param("30 1 * * *", "America/New_York", [(REPEATED, 4)], id="new york"),
        pytest.param("0,59 1 * * *", "America/New_York", [(REPEATED, 6)], id="both ends"),
        pytest.param("30 2 * * *", "Europe/Berlin", [(REPEATED, 4)], id="berlin"),
        pytest.param("45 1 * * *", "Australia/Lord_Howe", [(REPEATED, 4)], id="half-hour fold"),
    ],
)
def test_flags(schedule: str, zone: str, expected: list[tuple[str, int]]) -> None:
    report = run(make_job(schedule, timezone=zone), select=frozenset({REPEATED}))
    assert [(f.code, f.column) for f in report.findings] == expected


def test_several_repeated_runs_are_counted() -> None:
    (message,) = messages("*/20 1 * * *", REPEATED, timezone="America/New_York")
    assert "its 3 runs from 01:00 to 01:40 each occur twice" in message
    assert "each fires once, at its first occurrence (EDT)" in message


def test_is_a_note_and_uses_the_shared_cap() -> None:
    report = run(make_job("30 1 * * *", timezone="America/New_York"), select=DST)
    assert [f.level for f in report.findings] == ["note"]
