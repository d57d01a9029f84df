"""Pressure with jitter: widths per schedule, offsets per job name, seconds and peaks.

Offsets are recomputed here from docs/fleet-analyses.md's formula with hashlib
(`fleet_helpers.h_value`), never with the package's hashing.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from cronstable_cli.analysis import jitter_pressure
from cronstable_cli.analysis.fires import build_fleet
from cronstable_cli.analysis.jitter import JitterOption, apply_jitter, schedule_jitter_seconds
from cronstable_cli.analysis.jitter_pressure import JobJitter
from cronstable_cli.analysis.pressure import Pressure, compute_pressure
from cronstable_cli.engine import CronTab, Timeline
from cronstable_cli.formats.json_out import pressure_json
from cronstable_cli.records import Job

from .fleet_helpers import h_value, job, utc

JAN = utc(2026, 1, 5)
# Six spellings of one hourly schedule: one fire group, six jitter offsets.
HOURLY = [
    ("backup-db", "0 * * * *"),
    ("rotate-logs", "@hourly"),
    ("sync-users", "0 0-23 * * *"),
    ("report-a", "0 */1 * * *"),
    ("report-b", "0 * * * *"),
    ("report-c", "@hourly"),
]
SPREAD = "spread-56"  # its H minute is 17 (asserted below): never at minute 0
FLEET = [
    *(job(name, expr) for name, expr in HOURLY),
    job("thirds", "*/20 * * * *"),
    job(SPREAD, "H * * * *"),
]
AT_ZERO = [name for name, _ in HOURLY] + ["thirds"]


def pressure_to_dict(result: Pressure) -> dict[str, Any]:
    """The `pressure` JSON document as a dict, from its one builder."""
    doc: dict[str, Any] = json.loads(pressure_json(result, build_fleet([]), []))
    return doc


def offset(name: str, width: int) -> int:
    return h_value("jitter", name) % width if width else 0


def expected_fire_after(names: list[str], width: int, fires_each: int) -> list[int]:
    """Per second after :00:00, for jobs scheduled at second 0 of the minute."""
    bins = [0] * 60
    for name in names:
        bins[offset(name, width)] += fires_each
    return bins


def test_the_fleet_is_what_the_expectations_assume() -> None:
    assert h_value("minute", SPREAD) % 60 == 17
    fleet = build_fleet(FLEET)
    assert sorted(group.weight for group in fleet.groups) == [1, 1, 6]


def test_auto_widths_and_offsets_per_job() -> None:
    result = compute_pressure(build_fleet(FLEET), JAN, 24, jitter="auto")
    j = result.jitter
    assert j is not None and j.option == "auto"
    # Hourly: min(60, 3600 // 10); */20 fires at minute 0 too: min(60, 1200 // 10);
    # the H job lands at :17, so it gets no jitter at all.
    expected = {name: JobJitter(name, 60, offset(name, 60)) for name in AT_ZERO}
    expected[SPREAD] = JobJitter(SPREAD, 0, 0)
    assert {jj.name: jj for jj in j.jobs} == expected
    assert [jj.name for jj in j.jobs] == sorted(expected)
    assert j.jittered_jobs == 7
    assert j.widths == ((60, 7), (0, 1))


def test_auto_histograms_of_the_busiest_minute() -> None:
    result = compute_pressure(build_fleet(FLEET), JAN, 24, jitter="auto")
    j = result.jitter
    assert j is not None
    assert result.busiest_minute is not None and result.busiest_minute.minute == 0
    assert j.busiest_minute == 0
    # Un-jittered: all seven :00 jobs at second 0, once an hour for 24 hours.
    assert j.scheduled == (7 * 24,) + (0,) * 59
    assert list(j.fire_after) == expected_fire_after(AT_ZERO, 60, 24)
    assert sum(j.fire_after) == sum(j.scheduled)
    assert j.spill == 0


def test_peak_per_second_before_and_after() -> None:
    result = compute_pressure(build_fleet(FLEET), JAN, 24, jitter="auto")
    j = result.jitter
    assert j is not None
    assert j.peak_scheduled == 7
    # Jobs whose offsets coincide still start together (rotate-logs and report-a: 8 s).
    assert j.peak_fire_after == max(Counter(offset(n, 60) for n in AT_ZERO).values())
    assert j.peak_fire_after == 2


def test_explicit_zero_is_the_unjittered_view() -> None:
    j = compute_pressure(build_fleet(FLEET), JAN, 24, jitter=0).jitter
    assert j is not None
    assert j.fire_after == j.scheduled
    assert j.peak_fire_after == j.peak_scheduled == 7
    assert j.jittered_jobs == 0 and j.widths == ((0, 8),)
    assert all(jj.offset == 0 for jj in j.jobs)


def test_explicit_width_applies_to_every_job() -> None:
    j = compute_pressure(build_fleet(FLEET), JAN, 24, jitter=30).jitter
    assert j is not None
    assert {jj.name: (jj.width, jj.offset) for jj in j.jobs} == {
        jj.name: (30, offset(jj.name, 30)) for jj in j.jobs
    }
    assert j.jittered_jobs == 8  # the :17 job too
    assert list(j.fire_after) == expected_fire_after(AT_ZERO, 30, 24)
    assert max(i for i, n in enumerate(j.fire_after) if n) < 30


def test_the_unjittered_pressure_is_unchanged() -> None:
    fleet = build_fleet(FLEET)
    plain = compute_pressure(fleet, JAN, 24, all_cells=True)
    options: list[JitterOption] = ["auto", 0, 30, 900]
    for option in options:
        jittered = compute_pressure(fleet, JAN, 24, all_cells=True, jitter=option)
        assert dataclasses.replace(jittered, jitter=None) == plain
        doc = pressure_to_dict(jittered)
        assert {k: v for k, v in doc.items() if k != "jitter"} == pressure_to_dict(plain)
    assert "jitter" not in pressure_to_dict(plain)


def test_wide_jitter_spills_into_later_minutes() -> None:
    j = compute_pressure(build_fleet(FLEET), JAN, 24, jitter=300).jitter
    assert j is not None
    offsets = {name: offset(name, 300) for name in AT_ZERO}
    last = max(offsets.values())
    assert len(j.fire_after) == max(60, (last // 60 + 1) * 60)
    assert len(j.fire_after) % 60 == 0
    for name, off in offsets.items():
        assert j.fire_after[off] >= 24, name
    assert j.spill == 24 * sum(1 for off in offsets.values() if off >= 60)
    assert sum(j.fire_after) == 7 * 24


def test_a_late_second_spills_even_with_a_small_width() -> None:
    # A 7-field job at second 45 of minute 0: with a 30 s width its fire_after can land
    # in minute 1, 45 + offset seconds after the minute began.
    name = "late-second"
    jobs = [job(name, "45 0 * * * * *"), job("plain", "0 * * * *")]
    j = compute_pressure(build_fleet(jobs), JAN, 24, jitter=30).jitter
    assert j is not None
    assert j.scheduled[45] == 24 and j.scheduled[0] == 24
    at = 45 + offset(name, 30)
    assert j.fire_after[at] == 24
    assert j.spill == (24 if at >= 60 else 0)
    assert len(j.fire_after) == (120 if at >= 60 else 60)


def test_seconds_follow_the_display_zone() -> None:
    # UTC :00 is :30 in Kolkata (+05:30): the busiest minute moves, the seconds do not.
    kolkata = ZoneInfo("Asia/Kolkata")
    result = compute_pressure(build_fleet(FLEET), JAN, 24, kolkata, jitter="auto")
    j = result.jitter
    assert j is not None and j.busiest_minute == 30
    assert j.scheduled == (7 * 24,) + (0,) * 59
    assert list(j.fire_after) == expected_fire_after(AT_ZERO, 60, 24)


def test_an_empty_fleet_has_an_empty_jitter_view() -> None:
    j = compute_pressure(build_fleet([]), JAN, 24, jitter="auto").jitter
    assert j is not None
    assert j.busiest_minute is None and j.jobs == ()
    assert j.scheduled == j.fire_after == (0,) * 60
    assert (j.peak_scheduled, j.peak_fire_after, j.spill) == (0, 0, 0)


def test_a_job_without_fires_in_the_window_still_gets_its_width() -> None:
    # Daily at 23:00 does not fire in a one-hour window from midnight; its width comes
    # from its schedule (minute 0, a day between fires: min(60, 8640)), not the window.
    jobs = [job("late", "0 23 * * *"), job("hourly", "0 * * * *")]
    j = compute_pressure(build_fleet(jobs), JAN, 1, jitter="auto").jitter
    assert j is not None
    assert {jj.name: jj.width for jj in j.jobs} == {"late": 60, "hourly": 60}
    assert j.scheduled[0] == 1


def test_width_is_worked_out_once_per_group(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def counting(option: JitterOption, timeline: Timeline, start_epoch: int) -> int:
        calls.append(str(timeline.schedule.parsed.minutes))
        return schedule_jitter_seconds(option, timeline, start_epoch)

    monkeypatch.setattr(jitter_pressure, "schedule_jitter_seconds", counting)
    fleet = build_fleet(FLEET)
    compute_pressure(fleet, JAN, 48, jitter="auto")
    assert len(calls) == len(fleet.groups) == 3


def test_json_shape() -> None:
    result = compute_pressure(build_fleet(FLEET), JAN, 24, jitter="auto")
    assert result.jitter is not None
    doc = pressure_to_dict(result)["jitter"]
    assert set(doc) == {
        "option",
        "jittered_jobs",
        "widths",
        "busiest_minute",
        "seconds",
        "peak_per_second",
        "jobs",
    }
    assert doc["option"] == "auto" and doc["jittered_jobs"] == 7
    assert doc["widths"] == [{"seconds": 60, "jobs": 7}, {"seconds": 0, "jobs": 1}]
    assert doc["busiest_minute"] == 0
    assert set(doc["seconds"]) == {"scheduled", "fire_after", "spill"}
    assert len(doc["seconds"]["scheduled"]) == len(doc["seconds"]["fire_after"]) == 60
    assert doc["peak_per_second"] == {"scheduled": 7, "fire_after": 2}
    # Only jittered jobs are listed, by name.
    assert doc["jobs"] == [
        {"name": n, "width": 60, "offset": offset(n, 60)} for n in sorted(AT_ZERO)
    ]


# --- the slow reference -------------------------------------------------------------

CASES = [
    pytest.param(FLEET, JAN, 24, "UTC", "auto", id="hourly-fleet"),
    pytest.param(
        [
            job("ny", "0 * * * *", timezone="America/New_York"),
            job("berlin", "*/30 * * * *", timezone="Europe/Berlin"),
            job("daily", "0 9 * * *", timezone="America/New_York"),
            job("secs", "0,50 0 * * * * *"),
            job("quarter", "*/15 * * * *"),
        ],
        utc(2026, 11, 1, 3),
        30,
        "America/New_York",
        "auto",
        id="fall-back-display",
    ),
    pytest.param(
        [job(f"h-{i}", "0 * * * *") for i in range(40)]
        + [job("p", "0 */2 * * *", timezone="Australia/Lord_Howe")],
        utc(2026, 4, 4, 10),
        36,
        "Australia/Lord_Howe",
        45,
        id="crowd-lord-howe",
    ),
    pytest.param(
        [job("a", "5 * * * *"), job("b", "5 * * * *"), job("c", "59 * * * *")],
        JAN,
        12,
        "UTC",
        120,
        id="wide-off-the-hour",
    ),
]


def slow_reference(
    jobs: list[Job], start: datetime, hours: int, display: ZoneInfo, option: JitterOption
) -> tuple[int, list[int], list[int], int, int]:
    """Walk CronTab.occurrences() per job and apply_jitter() to every fire."""
    end = start + timedelta(hours=hours)
    fires: list[tuple[str, datetime, datetime]] = []
    for j in jobs:
        tab = CronTab(j.schedule, j.name, tz=j.zone)
        width = schedule_jitter_seconds(option, tab.timeline, int(start.timestamp()))
        off = offset(j.name, width)
        for fire in tab.occurrences(start, inclusive=True):
            if fire >= end:
                break
            fires.append((j.name, fire, apply_jitter(fire, off)))
    minute_jobs: dict[int, set[str]] = {}
    minute_fires: Counter[int] = Counter()
    for name, fire, _ in fires:
        m = fire.astimezone(display).minute
        minute_jobs.setdefault(m, set()).add(name)
        minute_fires[m] += 1
    busiest = max(range(60), key=lambda m: (len(minute_jobs.get(m, ())), minute_fires[m], -m))
    scheduled, after = [0] * 60, [0] * 1000
    for _, fire, jittered in fires:
        local = fire.astimezone(display)
        if local.minute == busiest:
            scheduled[local.second] += 1
            after[local.second + round((jittered - fire).total_seconds())] += 1
    peak_before = max(Counter(fire for _, fire, _ in fires).values())
    peak_after = max(Counter(jittered for _, _, jittered in fires).values())
    return busiest, scheduled, after, peak_before, peak_after


@pytest.mark.parametrize(("jobs", "start", "hours", "display", "option"), CASES)
def test_matches_walking_occurrences(
    jobs: list[Job], start: datetime, hours: int, display: str, option: JitterOption
) -> None:
    zone = ZoneInfo(display)
    result = compute_pressure(build_fleet(jobs), start, hours, zone, jitter=option)
    j = result.jitter
    assert j is not None
    busiest, scheduled, after, peak_before, peak_after = slow_reference(
        jobs, start, hours, zone, option
    )
    assert j.busiest_minute == busiest
    assert list(j.scheduled) == scheduled
    assert list(j.fire_after) == after[: len(j.fire_after)]
    assert not any(after[len(j.fire_after) :])
    assert (j.peak_scheduled, j.peak_fire_after) == (peak_before, peak_after)
