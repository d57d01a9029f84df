"""Gap facts: the shortest and longest gap between consecutive fires, hand-checked."""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.analysis.gaps import DAY, cached_gaps, most_in_flight, schedule_gaps
from cronstable_cli.engine import Schedule, Timeline, parse

UTC = timezone.utc
START = datetime(2026, 1, 1, tzinfo=UTC)  # a Thursday
H = 3600


def gaps_of(expr: str, zone: str = "UTC", start: datetime = START, span: int = 365 * DAY):
    tl = Timeline(Schedule(parse(expr)), ZoneInfo(zone))
    return tl, schedule_gaps(tl, int(start.timestamp()), span)


def local(epoch: int, zone: str) -> str:
    return datetime.fromtimestamp(epoch, ZoneInfo(zone)).strftime("%Y-%m-%d %H:%M:%S%z")


@pytest.mark.parametrize(
    ("expr", "zone", "shortest", "longest"),
    [
        # A daily 01:30 in New York: 23 h over spring-forward, 25 h over fall-back.
        pytest.param("30 1 * * *", "America/New_York", 23 * H, 25 * H, id="ny daily dst"),
        pytest.param("30 1 * * *", "UTC", 24 * H, 24 * H, id="utc daily"),
        pytest.param("0 9 * * 1-5", "UTC", 24 * H, 72 * H, id="weekdays: friday to monday"),
        pytest.param("*/7 * * * *", "UTC", 4 * 60, 7 * 60, id="*/7 wrap"),
        pytest.param("*/5 * * * *", "UTC", 5 * 60, 5 * 60, id="*/5 even"),
        # Last day of the month: January 31 -> February 28 (28 days), Feb 28 -> Mar 31.
        pytest.param("0 0 L * *", "UTC", 28 * DAY, 31 * DAY, id="L"),
        pytest.param("*/20 * * * * * *", "UTC", 20, 20, id="seconds"),
        pytest.param("10,50 * * * * * *", "UTC", 20, 40, id="uneven seconds"),
        pytest.param("0 0 1 1 *", "UTC", 365 * DAY, 365 * DAY, id="yearly: gap past the window"),
        # Every minute in Berlin: the repeated hour fires once, so 02:59 CEST -> 03:00 CET.
        pytest.param("* * * * *", "Europe/Berlin", 60, 61 * 60, id="berlin fall-back"),
        # 15W in 2026: Feb 16 -> Mar 16 is 28 days; Jan 15 -> Feb 16 (and two more) 32.
        pytest.param("0 12 15W * *", "UTC", 28 * DAY, 32 * DAY, id="W"),
        pytest.param("0 8 * * 1#1", "UTC", 28 * DAY, 35 * DAY, id="#"),
    ],
)
def test_hand_checked_extremes(expr: str, zone: str, shortest: int, longest: int) -> None:
    _, found = gaps_of(expr, zone)
    assert found is not None
    assert (found.shortest.seconds, found.longest.seconds) == (shortest, longest)
    for gap in (found.shortest, found.longest):
        assert gap.after - gap.before == gap.seconds


def test_where_the_gaps_are() -> None:
    _, found = gaps_of("30 1 * * *", "America/New_York")
    assert found is not None
    zone = "America/New_York"
    assert local(found.longest.before, zone) == "2026-11-01 01:30:00-0400"
    assert local(found.longest.after, zone) == "2026-11-02 01:30:00-0500"
    assert local(found.shortest.before, zone) == "2026-03-08 01:30:00-0500"
    _, weekdays = gaps_of("0 9 * * 1-5")
    assert weekdays is not None
    assert local(weekdays.longest.before, "UTC") == "2026-01-02 09:00:00+0000"  # a Friday
    assert local(weekdays.longest.after, "UTC") == "2026-01-05 09:00:00+0000"  # Monday
    _, sevens = gaps_of("*/7 * * * *")
    assert sevens is not None
    assert local(sevens.shortest.before, "UTC") == "2026-01-01 00:56:00+0000"
    assert local(sevens.shortest.after, "UTC") == "2026-01-01 01:00:00+0000"


def test_hashed_schedule_gaps_follow_the_resolved_slot() -> None:
    parsed = parse("H/7 * * * *", hash_key="backup")
    offset = min(parsed.minutes)
    tl = Timeline(Schedule(parsed), UTC)
    found = schedule_gaps(tl, int(START.timestamp()))
    assert found is not None
    last = max(parsed.minutes)
    assert found.shortest.seconds == min(7, 60 - last + offset) * 60
    assert found.longest.seconds == max(7, 60 - last + offset) * 60


def test_no_fire_in_the_window() -> None:
    assert gaps_of("0 12 29 2 *")[1] is None  # no 29 February in 2026
    assert gaps_of("0 0 1 1 * 2025")[1] is None  # the year column ran out


@settings(max_examples=60, deadline=None)
@given(
    minutes=st.sets(st.integers(0, 59), min_size=1, max_size=6),
    hours=st.sets(st.integers(0, 23), min_size=1, max_size=4),
    dow=st.sets(st.integers(0, 6), min_size=1, max_size=7),
    zone=st.sampled_from(["UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe"]),
    day=st.integers(0, 364),
)
def test_matches_brute_force_enumeration(
    minutes: set[int], hours: set[int], dow: set[int], zone: str, day: int
) -> None:
    """Over a 20-day window the extremes equal those of every fire the engine lists."""
    expr = f"{','.join(map(str, sorted(minutes)))} {','.join(map(str, sorted(hours)))} * * " + (
        ",".join(map(str, sorted(dow)))
    )
    start = START + timedelta(days=day)
    span = 20 * DAY
    tl, found = gaps_of(expr, zone, start, span)
    begin = int(start.timestamp())
    fires = tl.fires_between(begin, begin + span)
    if fires:
        after = tl.next_after(fires[-1])
        if after is not None:
            fires.append(after)
    pairs = [b - a for a, b in itertools.pairwise(fires)]
    if not pairs:
        assert found is None
        return
    assert found is not None
    assert (found.shortest.seconds, found.longest.seconds) == (min(pairs), max(pairs))


@pytest.mark.parametrize(
    ("expr", "bound", "expected"),
    [
        pytest.param("*/5 * * * *", 900, 3, id="*/5 for 15 minutes: three at once"),
        pytest.param("*/5 * * * *", 930, 4, id="plus a 30 s kill escalation: four"),
        pytest.param("*/5 * * * *", 300, 2, id="as long as the gap: two meet"),
        pytest.param("*/5 * * * *", 299, 1, id="shorter than the gap"),
        pytest.param("*/7 * * * *", 300, 2, id="*/7 overlaps only at the wrap"),
        pytest.param("* * * * * * *", 10, 10, id="every second for 10 s"),
    ],
)
def test_runs_in_flight(expr: str, bound: int, expected: int) -> None:
    tl, found = gaps_of(expr, span=2 * DAY)
    assert found is not None
    assert most_in_flight(tl, found, bound) == expected


def test_cached_once_per_schedule_zone_and_start() -> None:
    memo: dict[object, object] = {}
    tl = Timeline(Schedule(parse("0 9 * * 1-5")), UTC)
    first = cached_gaps(memo, tl, "yaml:0 9 * * 1-5", "UTC", 0)
    assert cached_gaps(memo, tl, "yaml:0 9 * * 1-5", "UTC", 0) is first
    assert [k for k in memo if k[0] == "gaps"] == [("gaps", "yaml:0 9 * * 1-5", "UTC", 0)]
    # The matching days are shared by schedules with the same day fields in the zone.
    other = Timeline(Schedule(parse("30 17 * * 1-5")), UTC)
    cached_gaps(memo, other, "yaml:30 17 * * 1-5", "UTC", 0)
    assert len([k for k in memo if k[0] == "days"]) == 1


@pytest.mark.parametrize(
    ("zone", "start"),
    [
        pytest.param("Pacific/Apia", datetime(2011, 12, 20, tzinfo=UTC), id="samoa 2011"),
        pytest.param("Pacific/Kiritimati", datetime(1994, 12, 20, tzinfo=UTC), id="kiritimati"),
        pytest.param("Pacific/Kwajalein", datetime(1993, 8, 10, tzinfo=UTC), id="kwajalein"),
    ],
)
@pytest.mark.parametrize("expr", ["0 12 * * *", "30 23 * * *", "0 0,12 * * *", "0 3 * * 1-5"])
def test_a_skipped_day_fires_once(zone: str, start: datetime, expr: str) -> None:
    """A day a zone skips fires its times shifted by a day, onto the next day's: one fire,
    no 0-second gap (the next day was once taken as steady and its first fire counted
    again). The extremes are those of every fire the engine lists."""
    span = 20 * DAY
    tl, found = gaps_of(expr, zone, start, span)
    begin = int(start.timestamp())
    fires = tl.fires_between(begin, begin + span)
    after = tl.next_after(fires[-1])
    assert after is not None
    pairs = [b - a for a, b in itertools.pairwise([*fires, after])]
    assert found is not None
    assert (found.shortest.seconds, found.longest.seconds) == (min(pairs), max(pairs))
