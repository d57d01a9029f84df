"""sla-gap-breach: a staleness threshold the schedule's own longest gap breaches."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .runtime_cases import job, jobs, lint_yaml

CODE = "sla-gap-breach"


def found(tmp_path: Path, schedule: str, defaults: str = "", **keys: Any) -> list[Any]:
    return lint_yaml(tmp_path, jobs(job("j", schedule, **keys), defaults=defaults), {CODE})


def stale(seconds: int) -> dict[str, Any]:
    return {"sla": {"maxTimeSinceSuccessSeconds": seconds}}


@pytest.mark.parametrize(
    ("schedule", "keys"),
    [
        pytest.param("0 9 * * *", {}, id="no sla"),
        pytest.param("0 9 * * *", stale(86400), id="daily, 24 h: successes a gap apart"),
        pytest.param("0 9 * * 1-5", stale(259200), id="weekdays, 72 h"),
        pytest.param(
            "30 1 * * *",
            {**stale(90001), "timezone": "America/New_York"},
            id="new york, just over the 25 h day",
        ),
        pytest.param("30 1 * * *", {**stale(86401), "timezone": "Asia/Tokyo"}, id="no dst"),
        pytest.param("*/7 * * * *", stale(420), id="*/7 longest is 7 minutes"),
        pytest.param("0 0 31 2 *", stale(10), id="never fires: replaced"),
        pytest.param(
            "0 9 * * *",
            {"sla": {"lateAfterSeconds": 5}, "catchupJitterSeconds": 600},
            id="catch-up jitter without onMissed: no catch-up",
        ),
        pytest.param(
            "0 9 * * *",
            {"sla": {"lateAfterSeconds": 153}, "catchupJitterSeconds": 600, "onMissed": "run-once"},
            id="lateAfter above this job's 152.139 s offset",
        ),
    ],
)
def test_stays_clean(tmp_path: Path, schedule: str, keys: dict[str, Any]) -> None:
    assert found(tmp_path, schedule, **keys) == []


def test_weekdays_page_every_monday(tmp_path: Path) -> None:
    (f,) = found(tmp_path, "0 9 * * 1-5", **stale(93600))
    assert f.level == "warning"
    assert "259200 s (72 hours)" in f.message
    assert "from Fri 2026-01-02 09:00 to Mon 2026-01-05 09:00 UTC" in f.message
    assert (f.line, f.column) == (6, 7)  # sla.maxTimeSinceSuccessSeconds
    assert [at.line for _, at in f.related] == [4]


def test_new_york_fall_back_day(tmp_path: Path) -> None:
    (f,) = found(tmp_path, "30 1 * * *", timezone="America/New_York", **stale(86400))
    assert "90000 s (25 hours)" in f.message
    assert "Sun 2026-11-01 01:30 -0400 to Mon 2026-11-02 01:30 -0500" in f.message


def test_threshold_just_under_the_gap_breaches(tmp_path: Path) -> None:
    """Runs as long as each other succeed a gap apart: one second short pages."""
    assert len(found(tmp_path, "0 9 * * *", **stale(86399))) == 1


def test_smallest_threshold_with_a_bound(tmp_path: Path) -> None:
    (f,) = found(tmp_path, "0 9 * * 1-5", executionTimeout=600, **stale(93600))
    assert "smallest threshold that does not breach is 259200 s" in f.message
    # 72 h + 600 s timeout + 30 s killTimeout: room for the slowest run.
    assert "259830 s also allows for a run of up to executionTimeout 600 s" in f.message


def test_month_ends(tmp_path: Path) -> None:
    (f,) = found(tmp_path, "0 0 L * *", **stale(30 * 86400))
    assert "2678400 s" in f.message  # 31 days: Feb 28 -> Mar 31


def test_from_defaults(tmp_path: Path) -> None:
    defaults = "defaults:\n  sla:\n    maxTimeSinceSuccessSeconds: 93600"
    (f,) = found(tmp_path, "0 9 * * 1-5", defaults=defaults)
    assert (f.line, f.column) == (3, 5)


def test_job_sla_block_merges_with_defaults(tmp_path: Path) -> None:
    """A job's own sla block keeps the defaults' other thresholds (the daemon's deep merge)."""
    defaults = "defaults:\n  sla:\n    maxTimeSinceSuccessSeconds: 93600"
    (f,) = found(tmp_path, "0 9 * * 1-5", defaults=defaults, sla={"maxRuntimeSeconds": 60})
    assert f.line == 3


def test_late_after_within_the_catch_up_offset(tmp_path: Path) -> None:
    (f,) = found(
        tmp_path,
        "0 9 * * *",
        sla={"lateAfterSeconds": 120},
        catchupJitterSeconds=600,
        onMissed="run-once",
    )
    assert "152.139 s" in f.message  # crc32("j") % 600000 / 1000, the daemon's offset
    assert f.line == 6  # sla.lateAfterSeconds
