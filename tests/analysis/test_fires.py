"""The shared enumeration: grouping, exclusions, windows, DST and seconds."""

from __future__ import annotations

from datetime import timedelta

import pytest

from cronstable_cli.analysis.fires import build_fleet, window_bounds
from cronstable_cli.engine import parse

from .fleet_helpers import h_value, job, utc

JAN = utc(2026, 1, 5)  # a Monday, far from any DST change
HOUR = 3600


def epoch(dt: object) -> int:
    return int(dt.timestamp())  # type: ignore[attr-defined]


def fires_of(jobs: list, start: object, hours: int) -> dict[str, list[int]]:
    first, end = window_bounds(start, hours)  # type: ignore[arg-type]
    return {j.name: fires for j, fires in build_fleet(jobs).window(first, end).per_job()}


# --- grouping -----------------------------------------------------------------------


def test_semantically_equal_schedules_share_one_group() -> None:
    fleet = build_fleet(
        [
            job("a", "0 * * * *"),
            job("b", "@hourly"),
            job("c", "0 0-23 * * *"),
            job("d", "*/5 * * * *"),
            job("e", "0-59/5 * * * *"),
        ]
    )
    sizes = sorted(g.names for g in fleet.groups)
    assert sizes == [("a", "b", "c"), ("d", "e")]
    assert fleet.jobs == 5


def test_h_job_joins_only_where_its_slot_lands() -> None:
    slot = h_value("minute", "spread") % 60
    other = (slot + 1) % 60
    fleet = build_fleet(
        [
            job("spread", "H * * * *"),
            job("same", f"{slot} * * * *"),
            job("elsewhere", f"{other} * * * *"),
        ]
    )
    assert sorted(g.names for g in fleet.groups) == [("elsewhere",), ("spread", "same")]


def test_same_schedule_in_another_zone_is_another_group() -> None:
    fleet = build_fleet(
        [
            job("utc-default", "0 3 * * *"),
            job("utc-named", "0 3 * * *", timezone="UTC"),
            job("berlin", "0 3 * * *", timezone="Europe/Berlin"),
        ]
    )
    groups = sorted((g.zone, g.names) for g in fleet.groups)
    assert groups == [("Europe/Berlin", ("berlin",)), ("UTC", ("utc-default", "utc-named"))]


def test_group_members_stay_in_load_order() -> None:
    fleet = build_fleet([job("z", "0 * * * *"), job("a", "@hourly"), job("m", "0 * * * *")])
    (group,) = fleet.groups
    assert group.names == ("z", "a", "m")
    assert [p.source for p in group.parsed] == ["0 * * * *", "@hourly", "0 * * * *"]


def test_given_parses_are_used() -> None:
    jobs = [job("a", "H * * * *"), job("b", "0 * * * *")]
    parsed = [parse("7 * * * *", "whatever"), None]
    fleet = build_fleet(jobs, parsed)
    minutes = sorted(sorted(g.parsed[0].minutes) for g in fleet.groups)
    assert minutes == [[0], [7]]


# --- what is left out ---------------------------------------------------------------


def test_disabled_and_reboot_are_excluded_invalid_are_skipped() -> None:
    fleet = build_fleet(
        [
            job("ok", "0 * * * *"),
            job("off", "0 * * * *", enabled=False),
            job("boot", "@reboot"),
            job("bad-schedule", "61 * * * *"),
            job("bad-zone", "0 * * * *", timezone="Mars/Olympus_Mons"),
            job("off-and-bad", "nonsense", enabled=False),
        ]
    )
    assert fleet.excluded == 3
    assert [s.job.name for s in fleet.skipped] == ["bad-schedule", "bad-zone"]
    assert "invalid schedule" in fleet.skipped[0].reason
    assert "Mars/Olympus_Mons" in fleet.skipped[1].reason
    assert fleet.jobs == 1


def test_without_removes_one_job() -> None:
    fleet = build_fleet([job("a", "0 * * * *"), job("b", "0 * * * *"), job("c", "5 * * * *")])
    assert sorted(g.names for g in fleet.without("a").groups) == [("b",), ("c",)]
    assert [g.names for g in fleet.without("c").groups] == [("a", "b")]
    assert fleet.without("nobody") == fleet


# --- the window ---------------------------------------------------------------------


def test_fire_exactly_at_start_is_inside_and_at_end_outside() -> None:
    got = fires_of([job("hourly", "0 * * * *")], JAN, 2)
    assert got["hourly"] == [epoch(JAN), epoch(JAN) + HOUR]


def test_a_start_between_seconds_rounds_up() -> None:
    start = JAN - timedelta(microseconds=1)
    assert fires_of([job("hourly", "0 * * * *")], start, 1)["hourly"] == [epoch(JAN)]
    late = JAN + timedelta(microseconds=1)  # the window now runs just past 01:00
    assert fires_of([job("hourly", "0 * * * *")], late, 1)["hourly"] == [epoch(JAN) + HOUR]


@pytest.mark.parametrize("hours", [0, 169, -1])
def test_window_hours_are_bounded(hours: int) -> None:
    with pytest.raises(ValueError, match="1-168"):
        window_bounds(JAN, hours)


def test_window_start_must_be_aware() -> None:
    with pytest.raises(ValueError, match="aware"):
        window_bounds(JAN.replace(tzinfo=None), 1)


def test_seven_field_schedules_count_every_second() -> None:
    got = fires_of([job("ticker", "*/10 * * * * * *")], JAN, 1)
    assert len(got["ticker"]) == 6 * 60
    assert got["ticker"][:3] == [epoch(JAN), epoch(JAN) + 10, epoch(JAN) + 20]


def test_group_members_share_their_fires() -> None:
    got = fires_of([job("a", "0 * * * *"), job("b", "@hourly")], JAN, 3)
    assert got["a"] == got["b"] == [epoch(JAN) + k * HOUR for k in range(3)]


# --- DST in the job's own zone ------------------------------------------------------


def test_fall_back_repeated_time_fires_once_at_its_first_occurrence() -> None:
    # 2026-11-01 in New York: 01:30 happens at 05:30 UTC (EDT) and 06:30 UTC (EST).
    got = fires_of([job("ny", "30 1 * * *", timezone="America/New_York")], utc(2026, 11, 1, 0), 12)
    assert got["ny"] == [epoch(utc(2026, 11, 1, 5, 30))]


def test_spring_forward_gap_time_fires_at_the_shifted_instant() -> None:
    # 2026-03-08 in New York: 02:30 does not exist; it fires at 03:30 EDT = 07:30 UTC.
    got = fires_of([job("ny", "30 2 * * *", timezone="America/New_York")], utc(2026, 3, 8, 0), 24)
    assert got["ny"] == [epoch(utc(2026, 3, 8, 7, 30))]


def test_zoned_hourly_job_has_one_fire_per_real_hour_on_fall_back_day() -> None:
    # Every wall :00 of a 25-hour day fires once; the repeated 01:00 only once.
    got = fires_of([job("ny", "0 * * * *", timezone="America/New_York")], utc(2026, 11, 1, 4), 25)
    assert len(got["ny"]) == 24
    assert epoch(utc(2026, 11, 1, 6)) not in got["ny"]  # 01:00 EST, the repeat


def test_fixed_offset_zones_take_the_shared_day_path() -> None:
    jobs = [job("gmt-5", "0 12 * * mon", timezone="Etc/GMT+5"), job("utc", "0 12 * * mon")]
    got = fires_of(jobs, utc(2026, 1, 1), 168)
    assert got["utc"] == [epoch(utc(2026, 1, 5, 12))]
    assert got["gmt-5"] == [epoch(utc(2026, 1, 5, 17))]


# --- a memo shared by windows (diff's two sides) ------------------------------------

_MEMO_SCHEDULES = [
    ("a", "0 * * * *", None),
    ("b", "*/7 9-17 * * mon-fri", "Europe/Berlin"),
    ("c", "30 2 * * *", "America/New_York"),  # a skipped 02:30 on the March change
    ("d", "H H * * *", "Australia/Lord_Howe"),
    ("e", "0 12 L * *", None),
    ("f", "15 4 * * *", "Europe/Berlin"),
]


@pytest.mark.parametrize("hours", [1, 24, 168])
def test_windows_sharing_a_memo_find_what_each_finds_alone(hours: int) -> None:
    # Two sides of a change: "b" and "f" are the same, "a" changed its schedule,
    # "c" left, "g" came; the DST week of 2026 in America/New_York and Europe/Berlin.
    base = [job(n, s, timezone=z) for n, s, z in _MEMO_SCHEDULES]
    head = [
        job(n, "5 * * * *" if n == "a" else s, timezone=z)
        for n, s, z in _MEMO_SCHEDULES
        if n != "c"
    ]
    head.append(job("g", "*/10 * * * *", timezone="Europe/Berlin"))
    for start in (JAN, utc(2026, 3, 6), utc(2026, 3, 27)):
        first, end = window_bounds(start, hours)
        memo: dict = {}
        for jobs in (base, head, base):
            alone = {j.name: f for j, f in build_fleet(jobs).window(first, end).per_job()}
            shared = {j.name: f for j, f in build_fleet(jobs).window(first, end, memo).per_job()}
            assert shared == alone
        # Each group the sides have in common was enumerated once: one entry per
        # (meaning, zone) of the union, and the head reads the base's lists.
        assert len(memo) == 8  # base: a-f; head adds its new "a" and "g"
        other: dict = {}
        a = dict(build_fleet(base).window(first, end, other).per_job())
        b = dict(build_fleet(head).window(first, end, other).per_job())
        by_name = {j.name: f for j, f in a.items()}
        assert all(f is by_name[j.name] for j, f in b.items() if j.name in {"b", "d", "e", "f"})


def test_a_memo_never_answers_for_another_window() -> None:
    jobs = [job("a", "0 * * * *")]
    memo: dict = {}
    first, end = window_bounds(JAN, 2)
    assert [len(f) for _, f in build_fleet(jobs).window(first, end, memo)] == [2]
    later, later_end = window_bounds(JAN + timedelta(hours=5), 3)
    assert [len(f) for _, f in build_fleet(jobs).window(later, later_end, memo)] == [3]
