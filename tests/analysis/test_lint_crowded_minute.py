"""crowded-minute: more than --max-per-minute jobs of the loaded set in one minute of the hour."""

from __future__ import annotations

from typing import Any

import pytest

from cronstable_cli.engine import hash_value
from cronstable_cli.records import Job

from .lint_cases import make_job, run

CODE = "crowded-minute"


def fleet(*schedules: str, **job: Any) -> list[Job]:
    return [make_job(s, name=f"job-{i}", line=4 + 5 * i, **job) for i, s in enumerate(schedules)]


def crowded(jobs: list[Job], limit: int | None = 2) -> list[tuple[str | None, int, int]]:
    report = run(*jobs, select=frozenset({CODE}), max_per_minute=limit)
    return [(f.job, f.line, f.column) for f in report.findings]


@pytest.mark.parametrize(
    "schedules",
    [
        pytest.param(("0 * * * *", "0 * * * *"), id="at the limit"),
        pytest.param(("0 * * * *", "1 * * * *", "2 * * * *"), id="spread"),
        pytest.param(("@reboot", "@reboot", "@reboot"), id="reboot excluded"),
        pytest.param(("0 * * * *", "0 * * * *", "0 0 1 1 * 2020"), id="never fires"),
    ],
)
def test_stays_clean(schedules: tuple[str, ...]) -> None:
    assert crowded(fleet(*schedules)) == []


def test_needs_max_per_minute() -> None:
    assert crowded(fleet("0 * * * *", "0 * * * *", "0 * * * *"), limit=None) == []


def test_counts_minute_of_the_hour_across_the_day() -> None:
    # Three jobs at :00 of different hours still share minute :00 of the hour.
    jobs = fleet("0 0 * * *", "0 1 * * *", "0 2 * * *")
    assert crowded(jobs) == [("job-0", 4, 1)]


def test_one_finding_per_crowd_names_the_jobs_and_suggests_h() -> None:
    jobs = fleet("*/15 * * * *", "*/15 * * * *", "*/15 * * * *")
    report = run(*jobs, select=frozenset({CODE}), max_per_minute=2)
    (finding,) = report.findings
    assert finding.level == "warning"
    assert "3 jobs fire in minutes :00, :15, :30 and :45 of the hour" in finding.message
    assert "more than --max-per-minute 2" in finding.message
    assert "'job-0', 'job-1' and 'job-2'" in finding.message
    assert "`*/15 * * * *` → `H/15 * * * *`" in finding.message


def test_separate_crowds_anchor_on_different_jobs() -> None:
    jobs = fleet("*/15 * * * *", "*/15 * * * *", "*/15 * * * *", "0 * * * *")
    assert crowded(jobs) == [("job-0", 4, 1), ("job-1", 9, 1)]


@pytest.mark.parametrize(
    ("schedule", "spread"),
    [
        pytest.param("0 * * * *", "H * * * *", id="single minute"),
        pytest.param("@hourly", "H * * * *", id="macro"),
        pytest.param("0,30 * * * *", "H/30 * * * *", id="even list"),
        pytest.param("0 0 * * * * *", "0 H * * * * *", id="seconds first"),
    ],
)
def test_suggests_an_h_spelling(schedule: str, spread: str) -> None:
    report = run(*fleet(schedule, schedule, schedule), select=frozenset({CODE}), max_per_minute=2)
    (finding,) = report.findings
    assert f"→ `{spread}`" in finding.message


def test_disabled_jobs_do_not_count() -> None:
    jobs = fleet("0 * * * *", "0 * * * *") + fleet("0 * * * *", enabled=False)
    assert crowded(jobs) == []


def test_zoned_jobs_count_at_their_real_minute() -> None:
    # :00 in Kolkata (+05:30) is :30 UTC, so it joins the :30 crowd, not the :00 one.
    india = make_job("0 * * * *", name="india", line=40, timezone="Asia/Kolkata")
    jobs = [*fleet("30 * * * *", "30 * * * *"), india]
    assert crowded(jobs) == [("job-0", 4, 1)]


def test_anchor_skips_jobs_that_accept_their_slot() -> None:
    jobs = [
        make_job("0 * * * *", name="a", line=4, suppressed=frozenset({CODE})),
        make_job("0 * * * *", name="b", line=9),
        make_job("0 * * * *", name="c", line=14),
    ]
    assert crowded(jobs) == [("b", 9, 1)]


def test_no_finding_when_every_job_accepts_its_slot() -> None:
    jobs = fleet("0 * * * *", "0 * * * *", "0 * * * *", suppressed=frozenset())
    assert crowded(jobs) == []


def test_hashed_jobs_are_named_but_not_anchored() -> None:
    names = [f"n{i}" for i in range(200)]
    hashed = next(n for n in names if hash_value("minute", n) % 60 == 0)
    jobs = [
        make_job("H * * * *", name=hashed, line=4),
        make_job("0 * * * *", name="plain", line=9),
        make_job("0 * * * *", name="other", line=14),
    ]
    report = run(*jobs, select=frozenset({CODE}), max_per_minute=2)
    (finding,) = report.findings
    assert finding.job == "plain"
    assert repr(hashed) in finding.message
