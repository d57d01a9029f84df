"""Suggest: least-loaded slots, tie-breaks away from the busiest, re-placing a job."""

from __future__ import annotations

import json
from zoneinfo import ZoneInfo

import pytest

from cronstable_cli.analysis.fires import build_fleet
from cronstable_cli.analysis.suggest import (
    Slot,
    Suggestion,
    suggest_slot,
    suggest_slots,
)
from cronstable_cli.formats.json_out import suggest_json
from cronstable_cli.records import Job

from .fleet_helpers import job, utc

JAN = utc(2026, 1, 5)


def hourly(jobs: list[Job], job: str | None = None) -> Suggestion:
    return suggest_slot(build_fleet(jobs), JAN, "hourly", job=job)


def daily(jobs: list[Job]) -> Suggestion:
    return suggest_slot(build_fleet(jobs), JAN, "daily")


def test_idle_fleet_hourly_is_half_past_not_top_of_the_hour() -> None:
    s = hourly([])
    assert s.slot == Slot(None, 30, 0)
    assert s.expression == "30 * * * *"
    assert s.busiest == Slot(None, 0, 0)
    assert [a.minute for a in s.alternatives] == [29, 31]
    assert s.hash_hint == "H * * * *"


def test_idle_fleet_daily_is_half_past_noon() -> None:
    s = daily([])
    assert (s.slot.hour, s.slot.minute) == (12, 30)
    assert s.expression == "30 12 * * *"
    assert s.hash_hint == "H H * * *"


def test_top_of_the_hour_fleet_goes_to_half_past() -> None:
    s = hourly([job(f"j{i}", "0 * * * *") for i in range(37)])
    assert s.expression == "30 * * * *"
    assert s.busiest == Slot(None, 0, 37 * 24)


def test_ties_go_farthest_from_the_busiest_then_earliest() -> None:
    # :00 and :30 are equally busy; the earlier, :00, counts as the busiest. The empty
    # minutes farthest from it are :29 and :31 (29 minutes away); :29 is earlier.
    s = hourly([job("a", "0 * * * *"), job("b", "30 * * * *")])
    assert s.slot.minute == 29
    assert [a.minute for a in s.alternatives] == [31, 28]


def test_busiest_decides_the_direction() -> None:
    # Busiest at :10 -> farthest is :40.
    jobs = [job("a", "10 * * * *"), job("b", "10 * * * *"), job("c", "0 * * * *")]
    assert hourly(jobs).slot.minute == 40


def test_least_loaded_wins_over_distance() -> None:
    jobs = [job("everything-but-7", ",".join(str(m) for m in range(60) if m != 7) + " * * * *")]
    s = hourly(jobs)
    assert s.slot == Slot(None, 7, 0)
    assert s.fires_in_window == 0


def test_daily_counts_cells_not_minutes() -> None:
    # 12:30 is the busiest cell (every minute of 12:xx, plus the :30 job): the pick is the
    # hour farthest from 12 and the minute farthest from :30, which is empty.
    jobs = [job("half", "30 * * * *"), *[job(f"noon-{i}", "* 12 * * *") for i in range(3)]]
    s = daily(jobs)
    assert (s.busiest.hour, s.busiest.minute, s.busiest.fires) == (12, 30, 4)
    assert (s.slot.hour, s.slot.minute, s.fires_in_window) == (0, 0, 0)


def test_job_option_leaves_that_jobs_fires_out() -> None:
    jobs = [job("mine", "30 * * * *")]
    assert hourly(jobs).slot.minute != 30
    s = hourly(jobs, job="mine")
    assert s.slot.minute == 30
    assert s.based_on.jobs == 0
    assert s.job == "mine"


def test_display_zone_labels_the_slot() -> None:
    # A UTC job at :00 is at :30 in Kolkata (+05:30): the idle slot moves to :00 there.
    s = suggest_slot(build_fleet([job("a", "0 * * * *")]), JAN, "hourly", ZoneInfo("Asia/Kolkata"))
    assert s.busiest.minute == 30
    assert s.slot.minute == 0
    assert s.timezone == "Asia/Kolkata"


def test_both_periods_from_one_enumeration() -> None:
    h, d = suggest_slots(build_fleet([]), JAN)
    assert (h.period, d.period) == ("hourly", "daily")


def test_unknown_period_is_refused() -> None:
    with pytest.raises(ValueError, match="hourly or daily"):
        suggest_slot(build_fleet([]), JAN, "weekly")  # type: ignore[arg-type]


def test_json_has_the_spec_fields() -> None:
    s = daily([job("a", "0 0 * * *"), job("off", "0 1 * * *", enabled=False)])
    doc = json.loads(suggest_json(s, build_fleet([]), []))
    assert doc["version"] == 1
    assert doc["slot"] == {"hour": 12, "minute": 30}
    assert doc["expression"] == "30 12 * * *"
    assert doc["fires_in_window"] == 0
    assert doc["busiest"] == {"hour": 0, "minute": 0, "fires": 1}
    assert [a["expression"] for a in doc["alternatives"]] == ["29 12 * * *", "31 12 * * *"]
    assert doc["based_on"] == {"jobs": 1, "start": "2026-01-05T00:00:00+00:00", "hours": 24}
    assert doc["hash_hint"] == "H H * * *"
    assert doc["excluded"] == 1
    assert json.loads(suggest_json(hourly([]), build_fleet([]), []))["slot"] == {"minute": 30}
