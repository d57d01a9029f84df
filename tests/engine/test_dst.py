"""DST (docs/time-model.md): gap times fire once, shifted; repeated times fire once, first.

Transitions used (checked against the tz database):
- America/New_York: 2024-03-10 02:00 EST -> 03:00 EDT; 2024-11-03 02:00 EDT -> 01:00 EST.
- Europe/Berlin: 2024-03-31 02:00 CET -> 03:00 CEST; 2024-10-27 03:00 CEST -> 02:00 CET.
- Australia/Lord_Howe (30-minute DST): 2024-10-06 02:00 +10:30 -> 02:30 +11;
  2025-04-06 02:00 +11 -> 01:30 +10:30.
- Asia/Kathmandu: 1986-01-01 00:00 +05:30 -> 00:15 +05:45 (a 15-minute gap).
- Pacific/Chatham: 2024-09-29 02:45 +12:45 -> 03:45 +13:45.
- Pacific/Apia skipped 2011-12-30 entirely: 2011-12-29 24:00 -10 -> 2011-12-31 00:00 +14.

croniter and cronsim fire gap times at the start of the new hour, so they are no reference here.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from itertools import islice

import pytest

from cronstable_cli import CronTab

UTC = timezone.utc


def iso(text: str) -> datetime:
    """An aware datetime from ISO text with an offset."""
    return datetime.fromisoformat(text)


def forward(tab: CronTab, now: datetime, count: int) -> list[datetime | None]:
    out: list[datetime | None] = []
    current = now
    for _ in range(count):
        following = tab.next(current)
        out.append(following)
        if following is None:
            break
        current = following
    return out


def backward(tab: CronTab, now: datetime, count: int) -> list[datetime | None]:
    out: list[datetime | None] = []
    current = now
    for _ in range(count):
        previous = tab.prev(current)
        out.append(previous)
        if previous is None:
            break
        current = previous
    return out


# expression | zone | now | the next fires (instants; offsets as the zone shows them)
NEXT = [
    pytest.param(
        "30 2 * * *",
        "America/New_York",
        "2024-03-10T00:00-05:00",
        ["2024-03-10T03:30-04:00", "2024-03-11T02:30-04:00"],
        id="ny-gap-shifted",
    ),
    pytest.param(
        "30 2 * * *",
        "America/New_York",
        "2024-03-10T03:10-04:00",
        ["2024-03-10T03:30-04:00"],
        id="ny-gap-after-transition",
    ),
    pytest.param(
        "30 1 * * *",
        "America/New_York",
        "2024-11-03T00:00-04:00",
        ["2024-11-03T01:30-04:00", "2024-11-04T01:30-05:00"],
        id="ny-repeat-first-only",
    ),
    pytest.param(
        "30 1 * * *",
        "America/New_York",
        "2024-11-03T01:00-05:00",
        ["2024-11-04T01:30-05:00"],
        id="ny-repeat-from-second-pass",
    ),
    pytest.param(
        "*/15 * * * *",
        "America/New_York",
        "2024-03-10T01:00-05:00",
        [
            "2024-03-10T01:15-05:00",
            "2024-03-10T01:30-05:00",
            "2024-03-10T01:45-05:00",
            "2024-03-10T03:00-04:00",
            "2024-03-10T03:15-04:00",
            "2024-03-10T03:30-04:00",
            "2024-03-10T03:45-04:00",
            "2024-03-10T04:00-04:00",
        ],
        id="ny-every-15-spring",
    ),
    pytest.param(
        "*/15 * * * *",
        "America/New_York",
        "2024-11-03T00:45-04:00",
        [
            "2024-11-03T01:00-04:00",
            "2024-11-03T01:15-04:00",
            "2024-11-03T01:30-04:00",
            "2024-11-03T01:45-04:00",
            "2024-11-03T02:00-05:00",
            "2024-11-03T02:15-05:00",
        ],
        id="ny-every-15-fall",
    ),
    pytest.param(
        "30 2 * * *",
        "Europe/Berlin",
        "2024-03-31T00:00+01:00",
        ["2024-03-31T03:30+02:00", "2024-04-01T02:30+02:00"],
        id="berlin-gap-shifted",
    ),
    pytest.param(
        "30 2 * * *",
        "Europe/Berlin",
        "2024-10-27T00:00+02:00",
        ["2024-10-27T02:30+02:00", "2024-10-28T02:30+01:00"],
        id="berlin-repeat-first-only",
    ),
    pytest.param(
        "15,40 2 * * *",
        "Australia/Lord_Howe",
        "2024-10-06T00:00+10:30",
        [
            "2024-10-06T02:40+11:00",
            "2024-10-06T02:45+11:00",
            "2024-10-07T02:15+11:00",
            "2024-10-07T02:40+11:00",
        ],
        id="lord-howe-real-time-before-shifted",
    ),
    pytest.param(
        "15 2 * * *",
        "Australia/Lord_Howe",
        "2024-10-06T00:00+10:30",
        ["2024-10-06T02:45+11:00", "2024-10-07T02:15+11:00"],
        id="lord-howe-gap-shifted-30-minutes",
    ),
    pytest.param(
        "45 1 * * *",
        "Australia/Lord_Howe",
        "2025-04-06T00:00+11:00",
        ["2025-04-06T01:45+11:00", "2025-04-07T01:45+10:30"],
        id="lord-howe-repeat-first-only",
    ),
    pytest.param(
        "*/10 0 * * *",
        "Asia/Kathmandu",
        "1985-12-31T23:55+05:30",
        [
            "1986-01-01T00:15+05:45",
            "1986-01-01T00:20+05:45",
            "1986-01-01T00:25+05:45",
            "1986-01-01T00:30+05:45",
            "1986-01-01T00:40+05:45",
        ],
        id="kathmandu-15-minute-gap-interleaves",
    ),
    pytest.param(
        "0 3 * * *",
        "Pacific/Chatham",
        "2024-09-29T00:00+12:45",
        ["2024-09-29T04:00+13:45", "2024-09-30T03:00+13:45"],
        id="chatham-gap-at-0245",
    ),
    pytest.param(
        "0 12 * * *",
        "Pacific/Apia",
        "2011-12-29T00:00-10:00",
        ["2011-12-29T12:00-10:00", "2011-12-31T12:00+14:00", "2012-01-01T12:00+14:00"],
        id="apia-skipped-day-fires-once",
    ),
]


@pytest.mark.parametrize(("expr", "zone", "now", "expected"), NEXT)
def test_next(expr: str, zone: str, now: str, expected: list[str]) -> None:
    tab = CronTab(expr, tz=zone)
    assert forward(tab, iso(now), len(expected)) == [iso(e) for e in expected]


# expression | zone | now | the previous fires
PREV = [
    pytest.param(
        "30 2 * * *",
        "America/New_York",
        "2024-03-10T04:00-04:00",
        ["2024-03-10T03:30-04:00", "2024-03-09T02:30-05:00"],
        id="ny-gap",
    ),
    pytest.param(
        "30 2 * * *",
        "America/New_York",
        "2024-03-10T03:20-04:00",
        ["2024-03-09T02:30-05:00"],
        id="ny-gap-not-yet",
    ),
    pytest.param(
        "30 1 * * *",
        "America/New_York",
        "2024-11-04T00:00-05:00",
        ["2024-11-03T01:30-04:00", "2024-11-02T01:30-04:00"],
        id="ny-repeat",
    ),
    pytest.param(
        "30 1 * * *",
        "America/New_York",
        "2024-11-03T01:45-05:00",
        ["2024-11-03T01:30-04:00"],
        id="ny-repeat-from-second-pass",
    ),
    pytest.param(
        "30 2 * * *",
        "Europe/Berlin",
        "2024-03-31T04:00+02:00",
        ["2024-03-31T03:30+02:00", "2024-03-30T02:30+01:00"],
        id="berlin-gap",
    ),
    pytest.param(
        "15,40 2 * * *",
        "Australia/Lord_Howe",
        "2024-10-07T02:15+11:00",
        [
            "2024-10-06T02:45+11:00",
            "2024-10-06T02:40+11:00",
            "2024-10-05T02:40+10:30",
            "2024-10-05T02:15+10:30",
        ],
        id="lord-howe",
    ),
    pytest.param(
        "15,40 2 * * *",
        "Australia/Lord_Howe",
        "2024-10-06T02:44+11:00",
        ["2024-10-06T02:40+11:00"],
        id="lord-howe-between",
    ),
    pytest.param(
        "*/10 0 * * *",
        "Asia/Kathmandu",
        "1986-01-01T00:45+05:45",
        [
            "1986-01-01T00:40+05:45",
            "1986-01-01T00:30+05:45",
            "1986-01-01T00:25+05:45",
            "1986-01-01T00:20+05:45",
            "1986-01-01T00:15+05:45",
            "1985-12-31T00:50+05:30",
        ],
        id="kathmandu",
    ),
    pytest.param(
        "0 12 * * *",
        "Pacific/Apia",
        "2012-01-01T00:00+14:00",
        ["2011-12-31T12:00+14:00", "2011-12-29T12:00-10:00"],
        id="apia",
    ),
]


@pytest.mark.parametrize(("expr", "zone", "now", "expected"), PREV)
def test_prev(expr: str, zone: str, now: str, expected: list[str]) -> None:
    tab = CronTab(expr, tz=zone)
    assert backward(tab, iso(now), len(expected)) == [iso(e) for e in expected]


# expression | zone | a fire instant | does `test` match it (civil fields, as the daemon)
TEST = [
    pytest.param(
        "30 2 * * *", "America/New_York", "2024-03-10T03:30-04:00", False, id="ny-shifted-fire"
    ),
    pytest.param(
        "30 3 * * *", "America/New_York", "2024-03-10T03:30-04:00", True, id="ny-real-wall-time"
    ),
    pytest.param(
        "30 1 * * *", "America/New_York", "2024-11-03T01:30-04:00", True, id="ny-first-pass"
    ),
    pytest.param(
        "30 1 * * *",
        "America/New_York",
        "2024-11-03T01:30-05:00",
        True,
        id="ny-second-pass-civil-fields-match",
    ),
    pytest.param(
        "30 2 * * *", "Europe/Berlin", "2024-03-31T03:30+02:00", False, id="berlin-shifted-fire"
    ),
    pytest.param(
        "15,40 2 * * *",
        "Australia/Lord_Howe",
        "2024-10-06T02:45+11:00",
        False,
        id="lord-howe-shifted-fire",
    ),
    pytest.param(
        "15,40 2 * * *",
        "Australia/Lord_Howe",
        "2024-10-06T02:40+11:00",
        True,
        id="lord-howe-real-fire",
    ),
]


@pytest.mark.parametrize(("expr", "zone", "instant", "expected"), TEST)
def test_test(expr: str, zone: str, instant: str, expected: bool) -> None:
    assert CronTab(expr, tz=zone).test(iso(instant)) is expected


# zone | a civil day with a transition | real hours in it | minutes of it that fire once
TRANSITION_DAYS = [
    pytest.param("America/New_York", "2024-03-10", 23, 23 * 60, id="ny-spring"),
    pytest.param("America/New_York", "2024-11-03", 25, 24 * 60, id="ny-fall"),
    pytest.param("Europe/Berlin", "2024-03-31", 23, 23 * 60, id="berlin-spring"),
    pytest.param("Europe/Berlin", "2024-10-27", 25, 24 * 60, id="berlin-fall"),
    pytest.param("Australia/Lord_Howe", "2024-10-06", 23.5, 23 * 60 + 30, id="lord-howe-spring"),
    pytest.param("Australia/Lord_Howe", "2025-04-06", 24.5, 24 * 60, id="lord-howe-fall"),
]


@pytest.mark.parametrize(("zone", "day", "hours", "minutes"), TRANSITION_DAYS)
def test_every_minute_across_a_transition_day(
    zone: str, day: str, hours: float, minutes: int
) -> None:
    """Every real minute fires exactly once; shifted gap times coincide with real ones."""
    tab = CronTab("* * * * *", tz=zone)
    start = datetime.fromisoformat(day).replace(tzinfo=tab.zone)
    end = (start + timedelta(days=1)).replace(tzinfo=tab.zone)  # the next local midnight
    assert (end.timestamp() - start.timestamp()) / 3600 == hours
    stepped = _step(tab, start, end)
    assert len(stepped) == minutes
    assert len(set(stepped)) == len(stepped)
    assert stepped == sorted(stepped)
    window = tab.timeline.fires_between(int(start.timestamp()), int(end.timestamp()))
    assert window == stepped


@pytest.mark.parametrize(
    ("zone", "day"),
    [(p.values[0], p.values[1]) for p in TRANSITION_DAYS],
    ids=[p.id for p in TRANSITION_DAYS],
)
@pytest.mark.parametrize(
    "expr", ["*/15 * * * *", "15,40 * * * *", "*/7 1-3 * * *", "30 */20 * * * * *"]
)
def test_next_prev_and_windows_agree_across_transitions(expr: str, zone: str, day: str) -> None:
    tab = CronTab(expr, tz=zone)
    start = datetime.fromisoformat(day).replace(tzinfo=tab.zone) - timedelta(hours=3)
    end = start + timedelta(hours=30)
    stepped = _step(tab, start, end)
    assert stepped == sorted(set(stepped))  # strictly increasing, no instant twice
    assert tab.timeline.fires_between(int(start.timestamp()), int(end.timestamp())) == stepped
    # prev walks the same instants backwards
    back: list[int] = []
    current = end
    while True:
        previous = tab.prev(current)
        if previous is None or previous.timestamp() < start.timestamp():
            break
        back.append(int(previous.timestamp()))
        current = previous
    assert back[::-1] == stepped


def test_occurrences_agree_with_next_across_a_gap() -> None:
    tab = CronTab("15,40 2 * * *", tz="Australia/Lord_Howe")
    start = iso("2024-10-06T00:00+10:30")
    got = list(islice(tab.occurrences(start), 3))
    assert got == [
        iso("2024-10-06T02:40+11:00"),
        iso("2024-10-06T02:45+11:00"),
        iso("2024-10-07T02:15+11:00"),
    ]


def test_results_come_back_in_the_zone_of_the_argument() -> None:
    tab = CronTab("30 2 * * *", tz="America/New_York")
    fire = tab.next(datetime(2024, 3, 10, 5, 0, tzinfo=UTC))
    assert fire is not None
    assert fire.tzinfo is UTC
    assert fire == datetime(2024, 3, 10, 7, 30, tzinfo=UTC)


def test_naive_datetimes_are_read_in_the_schedule_zone() -> None:
    tab = CronTab("30 2 * * *", tz="Europe/Berlin")
    fire = tab.next(datetime(2024, 3, 31, 0, 0))
    assert fire == iso("2024-03-31T03:30+02:00")


def _step(tab: CronTab, start: datetime, end: datetime) -> list[int]:
    """Epoch seconds of every fire in [start, end), by stepping next()."""
    out: list[int] = []
    current = tab.next(start - timedelta(seconds=1))
    # Compare instants: aware datetimes in one zone compare by wall time, ignoring fold.
    while current is not None and current.timestamp() < end.timestamp():
        out.append(int(current.timestamp()))
        current = tab.next(current)
    return out


# Instants around each transition, as the zone's own datetimes (both folds, gap
# times included, as users can build them) and as UTC instants: next() and prev() build
# their answers from wall fields inside a zone's steady runs, and must give exactly what
# the epoch-level search gives (instant, fields, fold, tzinfo) at the runs' very edges.
EDGE_CHANGES = [
    ("America/New_York", "2024-03-10T07:00:00+00:00", 3600),
    ("America/New_York", "2024-11-03T06:00:00+00:00", 3600),
    ("Europe/Berlin", "2024-10-27T01:00:00+00:00", 3600),
    ("Australia/Lord_Howe", "2024-10-05T15:30:00+00:00", 1800),
    ("Australia/Lord_Howe", "2025-04-05T15:00:00+00:00", 1800),
]


@pytest.mark.parametrize(("zone", "change", "shift"), EDGE_CHANGES)
@pytest.mark.parametrize("expr", ["* * * * *", "*/30 * * * *", "30 1-3 * * *", "0 */6 * * *"])
def test_next_and_prev_at_the_edges_of_steady_runs_match_the_epoch_search(
    zone: str, change: str, shift: int, expr: str
) -> None:
    from zoneinfo import ZoneInfo

    tz = ZoneInfo(zone)
    tab = CronTab(expr, tz=tz)
    timeline = tab.timeline
    at = int(iso(change).timestamp())
    # The runs' edges lie whole shifts from the change: every second there, a sample between.
    edges = {at + k * shift + d for k in range(-2, 3) for d in range(-3, 4)}
    for epoch in sorted(edges | set(range(at - 2 * shift, at + 2 * shift, 61))):
        local = datetime.fromtimestamp(epoch, tz)
        in_gap = local - timedelta(seconds=shift)  # wall arithmetic: in the gap, after a jump
        for now in (
            local,
            local.replace(fold=1 - local.fold),
            local + timedelta(microseconds=1),
            in_gap,
            in_gap.replace(fold=1),
            datetime.fromtimestamp(epoch, UTC),
        ):
            for got, want_epoch in (
                (tab.next(now), timeline.next_epoch(now)),
                (tab.prev(now), timeline.prev_epoch(now)),
            ):
                assert got is not None and want_epoch is not None
                want = datetime.fromtimestamp(want_epoch, now.tzinfo)
                assert (got.timestamp(), got.fold, got.tzinfo) == (
                    want.timestamp(),
                    want.fold,
                    want.tzinfo,
                ), (now, got, want)
