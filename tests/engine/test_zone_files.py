"""A zone's offset changes read from its TZif file, and searches answered before any tables.

`tzif.py` lists where a zone may change its offset (the file's transitions, then
its POSIX TZ rule); `transitions.py` reads the offsets on either side from the
zone itself. The references here are independent of both: daily probing with
bisection (what the engine did before), hand-checked dates of the tz database,
and, for the searches a zone answers from its own offsets before it has tables
(`Timeline._next_direct`), the epoch-level search over the tables.
"""

from __future__ import annotations

import math
import zoneinfo
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone, tzinfo
from itertools import islice, pairwise
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cronstable_cli import CronTab
from cronstable_cli.engine import tzif, zone_clock
from cronstable_cli.engine.civil import days_from_civil
from cronstable_cli.engine.transitions import Transition, probe, transitions

from .test_properties import BUSY, DEADLINE, ZONES, _fields, expressions, zoned_instants

UTC = timezone.utc
H = 3600
DAY = 86400


def year_bounds(year: int) -> tuple[int, int]:
    return days_from_civil(year, 1, 1) * DAY - 1, days_from_civil(year + 1, 1, 1) * DAY - 1


def probed(zone: tzinfo, start: int, end: int) -> tuple[Transition, ...]:
    """Offset changes in (start, end] by a sample a day and bisection (no file read)."""
    return probe(zone, start, end, DAY)


# Zones whose histories have what a reader of zone files can get wrong: negative DST
# (Dublin), half-hour and 15-minute offsets, a skipped day (Apia), rules with times past
# 24:00 or before 00:00 (Gaza, Godthab/Nuuk, Santiago), DST suspended for Ramadan
# (Casablanca), a zone whose rules stop (Tehran, Sao Paulo), two-hour DST (Troll).
HISTORIES = [
    "America/New_York",
    "Europe/Berlin",
    "Europe/Dublin",
    "Australia/Lord_Howe",
    "Asia/Kathmandu",
    "Pacific/Chatham",
    "Pacific/Apia",
    "Asia/Gaza",
    "America/Nuuk",
    "America/Santiago",
    "Africa/Casablanca",
    "Asia/Tehran",
    "America/Sao_Paulo",
    "Antarctica/Troll",
    "Europe/Moscow",
    "Pacific/Kiritimati",
]


@pytest.mark.parametrize("name", HISTORIES)
def test_the_files_changes_are_the_probed_changes_1970_to_2099(name: str) -> None:
    zone = ZoneInfo(name)
    start, end = year_bounds(1970)[0], year_bounds(2099)[1]
    assert tzif.candidates(zone, start, end) is not None  # read from the file, not probed
    assert transitions(zone, start, end, DAY) == probed(zone, start, end)


def test_every_zone_s_file_is_read_and_no_change_comes_within_two_days_of_another() -> None:
    """The searches a zone answers itself (`ZoneClock.around`) rely on this: in the tz
    database no zone changes its offset twice within two days, or by more than a day."""
    start, end = year_bounds(1970)[0], year_bounds(2099)[1]
    for name in sorted(zoneinfo.available_timezones()):
        zone = ZoneInfo(name)
        assert tzif.candidates(zone, start, end) is not None, name
        found = transitions(zone, start, end, DAY)
        assert all(abs(t.after - t.before) <= DAY for t in found), name
        assert all(b.epoch - a.epoch > 2 * DAY for a, b in pairwise(found)), name


def epoch(*args: int) -> int:
    return int(datetime(*args, tzinfo=UTC).timestamp())


@pytest.mark.parametrize(
    ("name", "year", "expected"),
    [
        # Past the files' last explicit transitions (2037), from the POSIX rule alone:
        # New York, EST5EDT,M3.2.0,M11.1.0: 2nd Sunday of March (the 8th in 2099), 1st
        # Sunday of November (the 1st), each at 02:00 local.
        (
            "America/New_York",
            2099,
            [
                Transition(epoch(2099, 3, 8, 7), -5 * H, -4 * H),
                Transition(epoch(2099, 11, 1, 6), -4 * H, -5 * H),
            ],
        ),
        # Lord Howe, <+1030>-10:30<+11>-11/0:30,M10.1.0,M4.1.0: DST half an hour,
        # ending in April (1st Sunday: the 5th in 2099) and starting in October (the 4th).
        (
            "Australia/Lord_Howe",
            2099,
            [
                Transition(epoch(2099, 4, 4, 15), 11 * H, 10 * H + 1800),
                Transition(epoch(2099, 10, 3, 15, 30), 10 * H + 1800, 11 * H),
            ],
        ),
        # Berlin's last Sundays of March and October at 01:00 UTC, in a leap year.
        (
            "Europe/Berlin",
            2096,
            [
                Transition(epoch(2096, 3, 25, 1), 1 * H, 2 * H),
                Transition(epoch(2096, 10, 28, 1), 2 * H, 1 * H),
            ],
        ),
    ],
)
def test_a_rule_year_s_changes(name: str, year: int, expected: list[Transition]) -> None:
    start, end = year_bounds(year)
    assert list(transitions(ZoneInfo(name), start, end, DAY)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("EST5EDT,M3.2.0,M11.1.0", (-5 * H, -4 * H, ("M", 3, 2, 0, 2 * H), ("M", 11, 1, 0, 2 * H))),
        (
            "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
            (37800, 11 * H, ("M", 10, 1, 0, 2 * H), ("M", 4, 1, 0, 2 * H)),
        ),
        (
            "<-02>2<-01>,M3.5.0/-1,M10.5.0/0",
            (-2 * H, -1 * H, ("M", 3, 5, 0, -1 * H), ("M", 10, 5, 0, 0)),
        ),
        (
            "IST-2IDT,M3.4.4/26,M10.5.0",
            (2 * H, 3 * H, ("M", 3, 4, 4, 26 * H), ("M", 10, 5, 0, 2 * H)),
        ),
        ("XXX3YYY,J60/1:30,300", (-3 * H, -2 * H, ("J", 60, 0, 0, 5400), ("N", 300, 0, 0, 2 * H))),
    ],
)
def test_posix_rules_are_read(text: str, expected: tuple[object, ...]) -> None:
    assert tuple(tzif._footer(text)) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "UTC0", "<+0330>-3:30", "JST-9"])
def test_a_rule_without_daylight_saving_keeps_one_offset(text: str) -> None:
    assert tzif._footer(text) is None


@pytest.mark.parametrize("text", ["EST5EDT", "EST5EDT,M3.2.0", "E5", "EST5EDT,M13.1.0,M1.1.0"])
def test_a_rule_this_reader_does_not_know_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        tzif._footer(text)


def test_julian_and_zero_based_days() -> None:
    rule = tzif.Rule(0, H, ("J", 60, 0, 0, 0), ("N", 59, 0, 0, 0))
    # J60 is March 1 in every year; day 59 (from 0) is February 29 in a leap year.
    assert tzif._rule_year(rule, 2024) == (epoch(2024, 3, 1), epoch(2024, 2, 29) - H)
    assert tzif._rule_year(rule, 2025) == (epoch(2025, 3, 1), epoch(2025, 3, 1) - H)


class Probed(tzinfo):
    """A tzinfo that is not zoneinfo's: New York's offsets, from a ZoneInfo, hidden."""

    _inner = ZoneInfo("America/New_York")

    def utcoffset(self, dt: datetime | None) -> timedelta | None:
        return self._inner.utcoffset(dt)

    def dst(self, dt: datetime | None) -> timedelta | None:
        return self._inner.dst(dt)

    def tzname(self, dt: datetime | None) -> str | None:
        return self._inner.tzname(dt)

    def fromutc(self, dt: datetime) -> datetime:
        return dt.replace(tzinfo=UTC).astimezone(self._inner).replace(tzinfo=self)


def test_zones_without_a_file_are_probed() -> None:
    start, end = year_bounds(2024)
    with open(f"{zoneinfo.TZPATH[0]}/America/New_York", "rb") as handle:
        keyless = ZoneInfo.from_file(handle)  # key None: no file to find again
    expected = probed(ZoneInfo("America/New_York"), start, end)
    for zone in (Probed(), keyless):
        assert tzif.candidates(zone, start, end) is None
        assert transitions(zone, start, end, DAY) == expected


def test_a_file_that_does_not_chain_through_the_zone_falls_back_to_probing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    zone = ZoneInfo("Europe/Berlin")
    start, end = year_bounds(2024)
    real = tzif.candidates(zone, start, end)
    assert real
    # A list that misplaces a change by an hour: the zone's own offsets disagree with it.
    # transitions() reads the reader's `candidates` at each call, so the patch is what
    # it asks (the list records that it was asked: the fallback is not vacuous).
    asked: list[int] = []

    def misplaced(*_: object) -> list[int]:
        asked.append(1)
        return [t + H for t in real]

    monkeypatch.setattr(tzif, "candidates", misplaced)
    assert transitions(zone, start, end, DAY) == probed(zone, start, end)
    assert asked


# -- searches the zone answers before it has tables ----------------------------------------


@contextmanager
def fresh_clocks(direct: int) -> Iterator[None]:
    """New zone clocks for the block, each allowed `direct` searches from the zone itself."""
    # In place: the engine's modules share the one dictionary of clocks.
    clocks, saved_budget = zone_clock._CLOCKS, zone_clock._DIRECT_SEARCHES
    saved_clocks = dict(clocks)
    clocks.clear()
    clocks[UTC] = saved_clocks[UTC]  # UTC's clock: a constant of the engine
    zone_clock._DIRECT_SEARCHES = direct
    try:
        yield
    finally:
        clocks.clear()
        clocks.update(saved_clocks)
        zone_clock._DIRECT_SEARCHES = saved_budget


@pytest.mark.parametrize("name", ["America/New_York", "Australia/Lord_Howe", "Pacific/Apia"])
@pytest.mark.parametrize("expr", ["30 2 * * *", "*/20 1-3 * * *", "0 0 1 1 *", "45 23 L * *"])
def test_direct_searches_are_the_epoch_search_near_every_change(name: str, expr: str) -> None:
    zone = ZoneInfo(name)
    start, end = year_bounds(2010)[0], year_bounds(2026)[1]
    changes = [t.epoch for t in transitions(zone, start, end, DAY)]
    answered = 0
    with fresh_clocks(0):
        timeline = CronTab(expr, tz=zone).timeline
        for at in changes:
            for e in range(at - 2 * DAY - 3600, at + 2 * DAY + 3600, 1307):
                got = timeline._next_direct(e, zone)
                if got is None:  # the careful search answers: near a change, or no fire
                    continue
                answered += 1
                inst, fire, _, _ = got
                assert inst == timeline._next_zoned(e), (e, fire)
                assert _fields(fire) == _fields(datetime.fromtimestamp(inst, zone))
    # Not vacuous: most instants are over a day from a change, and answered directly.
    assert answered > 0.4 * len(changes) * (4 * DAY + 7200) / 1307


@settings(max_examples=300, deadline=DEADLINE, suppress_health_check=[HealthCheck.too_slow])
@given(
    expr=st.one_of(BUSY, expressions(hashed=False).map(lambda ek: ek[0])),
    zone_and_now=zoned_instants(),
    shown_in=st.one_of(st.none(), st.sampled_from(ZONES)),
)
def test_a_zone_s_first_next_is_the_epoch_search(
    expr: str, zone_and_now: tuple[str, datetime], shown_in: str | None
) -> None:
    """A fresh zone answers next() from its own offsets; the same datetime as the epoch
    search over the tables (fold and tzinfo included)."""
    name, now = zone_and_now
    if shown_in is not None:
        now = now.astimezone(ZoneInfo(shown_in))
    with fresh_clocks(10**9):
        tab = CronTab(expr, tz=name)
        got = tab.next(now)  # first: the zone has no tables yet
        want = tab.timeline.next_epoch(now)
    if want is None:
        assert got is None
        return
    assert got is not None
    assert _fields(got) == _fields(datetime.fromtimestamp(want, now.tzinfo))


@settings(max_examples=200, deadline=DEADLINE, suppress_health_check=[HealthCheck.too_slow])
@given(
    expr=st.one_of(BUSY, expressions(hashed=False).map(lambda ek: ek[0])),
    zone_and_start=zoned_instants(),
    shown_in=st.one_of(st.none(), st.sampled_from(ZONES)),
    count=st.integers(1, 200),
    budget=st.sampled_from([1, 5, 10**9]),
)
def test_a_zone_s_first_iteration_is_the_epoch_search_stepped(
    expr: str, zone_and_start: tuple[str, datetime], shown_in: str | None, count: int, budget: int
) -> None:
    """Iterating in a fresh zone (direct searches, then tables once the budget is spent
    or a change is near) yields what stepping the epoch search over the tables does."""
    name, start = zone_and_start
    if shown_in is not None:
        start = start.astimezone(ZoneInfo(shown_in))
    with fresh_clocks(budget):
        tab = CronTab(expr, tz=name)
        got = list(islice(tab.occurrences(start), count))
    want: list[datetime] = []
    e: int | None = math.floor(start.timestamp())
    while len(want) < count and e is not None:
        e = tab.timeline.next_after(e)
        if e is not None:
            want.append(datetime.fromtimestamp(e, start.tzinfo))
    assert [_fields(g) for g in got] == [_fields(w) for w in want]


@pytest.mark.parametrize("name", ["Australia/Lord_Howe", "America/New_York", "Pacific/Apia"])
def test_iterating_far_ahead_a_fire_a_year_probes_no_year(name: str) -> None:
    """Schedules that fire once or twice a year, each iterated to 2099 in one zone: many
    more searches than `_DIRECT_SEARCHES`, but a few per year, so each asks the zone
    itself and no year's offsets are probed (before the range's end); the fires are the
    epoch search's."""
    zone = ZoneInfo(name)
    start = datetime(2026, 1, 5, 9, 30, 17, tzinfo=zone)
    exprs = ["0 12 1 1 *", "0 13 1 1 *", "15 6 15 7 *", "0 0 L 2 *"]  # away from changes
    with fresh_clocks(zone_clock._DIRECT_SEARCHES):
        tabs = [CronTab(expr, tz=zone) for expr in exprs]
        got = [list(tab.occurrences(start)) for tab in tabs]
        clock = zone_clock.clock_for(zone)
        # No year was probed but the last ones: the search past the last fire (none
        # left) takes the careful path at the end of the engine's range.
        assert clock.segments is zone_clock._NO_RUNS or clock._first >= 2097
        searched = sum(clock._asked.values())
    assert searched > zone_clock._DIRECT_SEARCHES
    for tab, fires in zip(tabs, got, strict=True):
        want: list[datetime] = []
        e: int | None = math.floor(start.timestamp())
        while (e := tab.timeline.next_after(e)) is not None:  # type: ignore[arg-type]
            want.append(datetime.fromtimestamp(e, zone))
        assert [_fields(g) for g in fires] == [_fields(w) for w in want]
        assert len(fires) >= 73


def test_a_fleets_searches_in_one_year_build_that_years_tables() -> None:
    """Past `_DIRECT_SEARCHES` searches in one year of a zone, its tables answer: only
    the years around those searches are probed, and the fires are unchanged."""
    zone = ZoneInfo("Europe/Berlin")
    now = datetime(2026, 6, 1, 8, 0, tzinfo=zone)
    exprs = [f"{m} {h} * * *" for h in range(24) for m in (0, 20, 40)]  # 72 schedules
    with fresh_clocks(zone_clock._DIRECT_SEARCHES):
        fires = [
            CronTab(expr, tz=zone).next(now + timedelta(seconds=k))
            for k in range(3)
            for expr in exprs
        ]
        clock = zone_clock.clock_for(zone)
        assert clock.segments is not zone_clock._NO_RUNS
        assert clock._first >= 2024 and clock._last <= 2028  # the years around `now` only
    with fresh_clocks(0):  # the tables alone
        assert fires == [
            CronTab(expr, tz=zone).next(now + timedelta(seconds=k))
            for k in range(3)
            for expr in exprs
        ]


def test_the_tzdata_package_serves_when_no_system_directory_has_the_zone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # zoneinfo reads TZPATH first, then the tzdata package: so does the file reader.
    system = tzif._parse(tzif._read("Europe/Berlin") or b"")
    monkeypatch.setattr(zoneinfo, "TZPATH", ())
    packaged = tzif._read("Europe/Berlin")
    assert packaged is not None
    assert tzif._parse(packaged).rule == system.rule
    assert tzif._read("No/Such_Zone") is None


@pytest.mark.parametrize("key", ["", "/etc/passwd", "../zoneinfo/UTC", "a\0b", ".hidden"])
def test_keys_that_are_not_zone_names_read_no_file(key: str) -> None:
    assert tzif._read(key) is None


def _tzif(version: bytes, times: list[int], leap: int = 0) -> bytes:
    """A minimal TZif file: one type, `times` transitions, no footer rule."""
    import struct

    def block(size: str, count_leap: int) -> bytes:
        head = b"TZif" + version + b"\0" * 15
        counts = struct.pack(">6l", 0, 0, count_leap, len(times), 1, 4)
        body = b"".join(struct.pack(f">{size}", t) for t in times)
        body += bytes(len(times)) + struct.pack(">lbB", 3600, 0, 0) + b"CET\0"
        body += b"\0" * (count_leap * (8 if size == "l" else 12))
        return head + counts + body

    data = block("l", leap)
    if version != b"\0":
        data += block("q", leap) + b"\nCET-1\n"
    return data


def test_files_of_every_version_are_read_and_leap_second_files_refused() -> None:
    assert tzif._parse(_tzif(b"\0", [100, 200])) == tzif.Rules((100, 200), None)
    assert tzif._parse(_tzif(b"2", [100, 200])) == tzif.Rules((100, 200), None)
    with pytest.raises(ValueError):
        tzif._parse(_tzif(b"2", [100], leap=1))
    with pytest.raises(ValueError):
        tzif._parse(b"not a zone file at all, no header here")
