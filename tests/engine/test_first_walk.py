"""A schedule's first searches walk the parsed fields; later ones read the tables: they agree.

`walk_at_or_after` answers `Schedule.first_at_or_after` without building a table
(a fleet searches most schedules once), and `timeline.first_fire` answers a
CronTab's first `next()` with it, without a timeline. Each is compared here with
the table path over generated schedules (steps, ranges, lists, L/W/#, H,
seconds, years), wall times (second 60 included: a search starts at now's
second + 1) and instants in fixed offsets and DST zones, near their offset
changes: where the walk answers it must answer exactly what the tables do; it
may only decline (False), and then the tables answer.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cronstable_cli import CronTab
from cronstable_cli.engine import Schedule, Timeline, parse
from cronstable_cli.engine.parse_result import Parsed
from cronstable_cli.engine.schedule import days_in_month, walk_at_or_after, weekday_of
from cronstable_cli.engine.timeline import first_fire, floor_epoch
from cronstable_cli.engine.zone_clock import _CLOCKS, ZoneClock, clock_for

from .test_properties import (
    DEADLINE,
    ZONES,
    expressions,
    field,
    plain_item,
    simple_field,
    transitions,
    zoned_instants,
)

UTC = timezone.utc
SETTINGS = settings(
    max_examples=400, deadline=DEADLINE, suppress_health_check=[HealthCheck.too_slow]
)
# Fixed offsets as `datetime.timezone` (the daemon's UTC, and whole and part hours).
FIXED = [
    UTC,
    timezone(timedelta(hours=5, minutes=30)),
    timezone(timedelta(hours=-9)),
    timezone(timedelta(hours=14)),
]


@st.composite
def walls(draw: st.DrawFn) -> tuple[int, int, int, int, int, int]:
    """A wall time a search may start from: before 1970 and after 2099 too, second 60."""
    y = draw(st.one_of(st.integers(2024, 2030), st.integers(1965, 2105)))
    mo = draw(st.integers(1, 12))
    d = draw(st.integers(1, days_in_month(y, mo)))
    s = draw(st.one_of(st.integers(0, 60), st.just(60), st.just(0)))
    return y, mo, d, draw(st.integers(0, 23)), draw(st.integers(0, 59)), s


def tables_first(expr: str, key: str | None, wall: tuple[int, ...]) -> object:
    return Schedule(parse(expr, key), walks=0).first_at_or_after(*wall)


@SETTINGS
@given(expressions(), walls(), st.booleans())
def test_the_walk_finds_what_the_tables_find(
    case: tuple[str, str | None], wall: tuple[int, int, int, int, int, int], tell_weekday: bool
) -> None:
    expr, key = case
    y, mo, d = wall[:3]
    wd = weekday_of(y, mo, d) if tell_weekday else -1
    found = walk_at_or_after(parse(expr, key), wall, wd)
    if found is not False:  # False: the walk declined, the tables answer
        assert found == tables_first(expr, key, wall)


@SETTINGS
@given(
    st.frozensets(st.integers(1, 31), min_size=1, max_size=6),
    st.frozensets(st.integers(0, 6), min_size=1, max_size=6),
    st.sampled_from(["0 0 0", "0 30 9", "0 */20 8-18", "15,45 0 12"]),
    walls(),
    st.booleans(),
)
def test_the_walk_of_both_day_fields(
    days: frozenset[int],
    weekdays: frozenset[int],
    times: str,
    wall: tuple[int, int, int, int, int, int],
    tell_weekday: bool,
) -> None:
    """Day-of-month AND day-of-week as plain lists: the walk carries the weekday along."""
    dom, dow = (",".join(map(str, sorted(values))) for values in (days, weekdays))
    expr = f"{times} {dom} * {dow} *"
    y, mo, d = wall[:3]
    wd = weekday_of(y, mo, d) if tell_weekday and y >= 1970 else -1
    found = walk_at_or_after(parse(expr), wall, wd)
    if found is not False:
        assert found == tables_first(expr, None, wall)


@st.composite
def every_day_expressions(draw: st.DrawFn) -> str:
    """Both day fields `*`: the walk's every-day path (any seconds, minutes, hours,
    months and years, so a month or year the fields skip takes the general walk)."""
    second = draw(simple_field(0, 59, False))
    minute = draw(simple_field(0, 59, False))
    hour = draw(simple_field(0, 23, False))
    month = draw(simple_field(1, 12, False))
    year = draw(st.one_of(st.just("*"), field(plain_item(1970, 2099))))
    return f"{second} {minute} {hour} * {month} * {year}"


@st.composite
def weekday_expressions(draw: st.DrawFn) -> str:
    """Day-of-month `*` and plain weekdays: the walk jumps from weekday to weekday."""
    weekdays = draw(st.frozensets(st.integers(0, 6), min_size=1, max_size=7))
    times = draw(st.sampled_from(["0 0 0", "0 30 9", "0 */20 8-18", "15,45 0 12", "* * *"]))
    month = draw(simple_field(1, 12, False))
    return f"{times} * {month} {','.join(map(str, sorted(weekdays)))} *"


@st.composite
def month_day_expressions(draw: st.DrawFn) -> str:
    """Plain days of the month and day-of-week `*`: the walk moves to the month's next day
    in the field (29-31 in short months too)."""
    days = draw(st.frozensets(st.integers(1, 31), min_size=1, max_size=8))
    times = draw(st.sampled_from(["0 0 0", "0 30 9", "0 */20 8-18", "15,45 0 12", "* * *"]))
    month = draw(simple_field(1, 12, False))
    return f"{times} {','.join(map(str, sorted(days)))} {month} * *"


@SETTINGS
@given(
    st.one_of(every_day_expressions(), weekday_expressions(), month_day_expressions()),
    walls(),
    st.booleans(),
)
def test_the_walk_of_every_day_and_of_one_day_field(
    expr: str, wall: tuple[int, int, int, int, int, int], tell_weekday: bool
) -> None:
    """The start month's path (the start day's time, else the month's next matching
    day's first, by day of month or by weekday, else the general walk from the next
    month) answers what the tables do, as a wall time and as a fixed offset's fire."""
    y, mo, d = wall[:3]
    wd = weekday_of(y, mo, d) if tell_weekday and y >= 1970 else -1
    parsed = parse(expr)
    found = walk_at_or_after(parsed, wall, wd)
    if found is not False:
        assert found == tables_first(expr, None, wall)
    fire = walk_at_or_after(parsed, wall, wd, UTC)
    if found is None or found is False:
        assert fire is found
    else:
        assert fire == datetime(*found, tzinfo=UTC) and fire.tzinfo is UTC


def test_hand_checked_start_month_walks() -> None:
    """Day, month and year ends by hand: the next matching day's first time, or the general walk."""
    walk = walk_at_or_after
    assert walk(parse("0 0 9 * * * *"), (2026, 1, 31, 9, 0, 1)) == (2026, 2, 1, 9, 0, 0)
    assert walk(parse("0 0 9 * * * *"), (2026, 12, 31, 9, 0, 1)) == (2027, 1, 1, 9, 0, 0)
    assert walk(parse("0 0 9 * * * *"), (2028, 2, 28, 9, 0, 1)) == (2028, 2, 29, 9, 0, 0)
    assert walk(parse("0 0 9 * * * *"), (2026, 2, 28, 23, 59, 60)) == (2026, 3, 1, 9, 0, 0)
    assert walk(parse("* * * * * * *"), (2026, 2, 28, 23, 59, 60)) == (2026, 3, 1, 0, 0, 0)
    assert walk(parse("0 0 0 * 1-6 * *"), (2026, 6, 30, 0, 0, 1)) == (2027, 1, 1, 0, 0, 0)
    assert walk(parse("0 0 0 * * * 2026"), (2026, 12, 31, 0, 0, 1)) is None
    # Weekdays alone: Monday 2026-0105 to Sunday the 11th, Saturday the 31st to Sunday
    # 1 February, and a month the fields skip (2026-02 has no Sunday the 29th).
    assert walk(parse("0 0 0 * * 0 *"), (2026, 1, 5, 9, 30, 18)) == (2026, 1, 11, 0, 0, 0)
    assert walk(parse("0 0 0 * * 0 *"), (2026, 1, 31, 9, 30, 18), 6) == (2026, 2, 1, 0, 0, 0)
    assert walk(parse("0 0 0 * 1,3 0 *"), (2026, 1, 26, 0, 0, 1)) == (2026, 3, 1, 0, 0, 0)
    assert walk(parse("0 0 0 * * 2,4 *"), (2026, 1, 30, 0, 0, 1)) == (2026, 2, 3, 0, 0, 0)
    # Days of the month alone: the 31st skips 30-day months; a day the month lacks.
    assert walk(parse("0 0 0 31 * * *"), (2026, 3, 31, 0, 0, 1)) == (2026, 5, 31, 0, 0, 0)
    assert walk(parse("0 0 0 1,30 * * *"), (2026, 2, 1, 0, 0, 1)) == (2026, 3, 1, 0, 0, 0)
    assert walk(parse("0 0 0 8-14 * * *"), (2026, 1, 5, 9, 30, 18)) == (2026, 1, 8, 0, 0, 0)
    # No weekday at all (a reversed `L` range): no day matches, and the walk finds none.
    assert walk(parse("0 0 * * L5-1"), (2026, 1, 5, 9, 30, 18)) in (None, False)
    assert tables_first("0 0 * * L5-1", None, (2026, 1, 5, 9, 30, 18)) is None


# Hand-picked shapes the generator reaches rarely: far-apart and never-firing
# days, one year, month ends, leap days, special forms near a month's end.
SHAPES = [
    "0 0 29 2 *",
    "0 0 30 2 *",
    "0 0 31 * *",
    "0 0 31 4,6 *",
    "0 12 13 * 5",
    "0 0 * * 5#5",
    "0 0 LW 2 *",
    "0 0 L-30 * *",
    "59 59 23 31 12 * 2099",
    "0 0 0 1 1 * 1970",
    "* * * * * * 2050",
    "*/7 */13 */5 * * * *",
    "0 0 1 1 *",
    "0 8 * * 1#1,L5",
    "0 0 1W * 0,6",
]


@pytest.mark.parametrize("expr", SHAPES)
@settings(max_examples=60, deadline=DEADLINE)
@given(wall=walls())
def test_the_walk_on_shapes_that_fire_far_apart(
    expr: str, wall: tuple[int, int, int, int, int, int]
) -> None:
    found = walk_at_or_after(parse(expr), wall)
    if found is not False:
        assert found == tables_first(expr, None, wall)


def test_the_walk_declines_rather_than_walking_month_after_month() -> None:
    """A day that never comes (30 February): the walk stops early and the tables answer."""
    assert walk_at_or_after(parse("0 0 30 2 *"), (2026, 1, 5, 9, 30, 18)) is False
    assert walk_at_or_after(parse("0 0 L-30 2 *"), (2026, 1, 5, 9, 30, 18)) is False
    schedule = Schedule(parse("0 0 30 2 *"))
    assert schedule.first_at_or_after(2026, 1, 5, 9, 30, 18) is None  # from the tables
    # Years are skipped by membership, not walked through month by month.
    assert walk_at_or_after(parse("0 0 L * * 2090"), (2026, 1, 5, 9, 30, 18)) == (
        2090,
        1,
        31,
        0,
        0,
        0,
    )


def test_hand_checked_walks() -> None:
    # Monday 2026-01-05 09:30:18; weekday given or not
    assert walk_at_or_after(parse("0 9 * * 1-5"), (2026, 1, 5, 9, 30, 18), 1) == (
        2026,
        1,
        6,
        9,
        0,
        0,
    )
    assert walk_at_or_after(parse("0 9 * * 1-5"), (2026, 1, 9, 9, 30, 18)) == (2026, 1, 12, 9, 0, 0)
    assert walk_at_or_after(parse("*/15 * * * *"), (2026, 1, 5, 9, 59, 60)) == (
        2026,
        1,
        5,
        10,
        0,
        0,
    )
    assert walk_at_or_after(parse("0 0 29 2 *"), (2026, 1, 5, 9, 30, 18)) == (2028, 2, 29, 0, 0, 0)
    assert walk_at_or_after(parse("0 0 L * *"), (2026, 1, 31, 0, 0, 1)) == (2026, 2, 28, 0, 0, 0)
    assert walk_at_or_after(parse("59 23 31 12 *"), (2026, 12, 31, 23, 59, 60)) == (
        2027,
        12,
        31,
        23,
        59,
        0,
    )
    assert walk_at_or_after(parse("0 0 1 1 * 2030"), (2031, 1, 1, 0, 0, 0)) is None


def _frame(name: str) -> tzinfo:
    return UTC if name == "UTC" else ZoneInfo(name)


@SETTINGS
@given(expressions(), zoned_instants(), st.sampled_from(FIXED), st.booleans())
def test_a_first_fire_is_the_timelines_next_fire(
    case: tuple[str, str | None],
    zoned: tuple[str, datetime],
    fixed: timezone,
    use_fixed: bool,
) -> None:
    """In DST zones (instants near their changes), ZoneInfo("UTC") and fixed offsets."""
    expr, key = case
    name, now = zoned
    zone = fixed if use_fixed else _frame(name)
    if use_fixed and now.tzinfo is not fixed and now.microsecond % 2:
        now = now.astimezone(fixed)  # now in the fixed zone itself: the walk's own fields
    parsed = parse(expr, key)
    # first_fire reads the zone's steady runs: make its tables cover `now` (a
    # zone searched often has them; one searched a few times declines).
    clock_for(zone).wall_of(floor_epoch(now))
    clock_for(zone).start = (None,)  # as a cold start: nothing remembered of `now`
    expected = Timeline(Schedule(parsed, walks=0), zone).next_fire(now)
    found = first_fire(parsed, now, zone)
    if found is not False:
        assert found == expected
        # (as instants: aware datetimes of one tzinfo compare by wall time, not fold)
        assert found is None or (found.tzinfo is now.tzinfo and found.timestamp() > now.timestamp())


def _fresh_clock(zone: tzinfo) -> ZoneClock:
    """Give `zone` a clock without tables, as a process's first use of the zone has."""
    clock = _CLOCKS[zone] = ZoneClock(zone)
    return clock


def _tables_next(parsed: Parsed, zone: tzinfo, now: datetime) -> datetime | None:
    """The tables' answer: through a clock of the zone that never asks the zone itself."""
    clock = _CLOCKS[zone] = ZoneClock(zone)
    clock.direct = 0
    return Timeline(Schedule(parsed, walks=0), zone).next_fire(now)


@SETTINGS
@given(expressions(), zoned_instants())
def test_a_first_fire_in_a_zone_without_tables_is_the_timelines_next_fire(
    case: tuple[str, str | None], zoned: tuple[str, datetime]
) -> None:
    """A zone's first searches ask the zone itself (no tables yet): the walk then answers
    what the tables do, near the zone's changes too, or declines."""
    expr, key = case
    name, now = zoned
    zone = _frame(name)
    parsed = parse(expr, key)
    try:
        expected = _tables_next(parsed, zone, now)
        clock = _fresh_clock(zone)
        found = first_fire(parsed, now, zone)
        assert clock.segments is clock_for(zone).segments  # still no tables: none were built
        if found is not False:
            assert found == expected
            assert found is None or (
                found.tzinfo is now.tzinfo and found.timestamp() > now.timestamp()
            )
            # one search asked the zone (a fixed zone asks none: its one run answers)
            assert sum(clock._asked.values()) == (1 if clock.direct else 0)
    finally:
        _CLOCKS.pop(zone, None)


@pytest.mark.parametrize("name", ["America/New_York", "Australia/Lord_Howe", "Europe/Berlin"])
def test_a_zones_first_searches_away_from_its_changes_need_no_tables(name: str) -> None:
    """Away from an offset change the zone-read walk answers (it declines only near one):
    the first `next()`s of a process's first schedules in a zone build no timeline."""
    zone = ZoneInfo(name)
    exprs = ["30 2 * * *", "0 9 * * 1-5", "*/15 * * * *", "0 12 1 1 *", "0 0 L * *"]
    nows = [datetime(2026, 1, 5, 9, 30, 17, tzinfo=zone), datetime(2027, 7, 1, 0, 0, tzinfo=zone)]
    try:
        for now in nows:
            for expr in exprs:
                clock = _fresh_clock(zone)
                tab = CronTab(expr, tz=zone)
                got = tab.next(now)
                assert tab._line is None and clock.segments is _fresh_segments(zone), expr
                want = _tables_next(parse(expr), zone, now)
                assert got == want, (expr, now)
    finally:
        _CLOCKS.pop(zone, None)


@pytest.mark.parametrize("name", [z for z in ZONES if z != "UTC"])
def test_a_zone_read_first_fire_near_each_change_is_the_tables(name: str) -> None:
    """Searches from just before to a day after each 2026 offset change (or the zone's last
    ones), of schedules at
    wall times in and around its gap or repeated hour: where the zone-read walk answers,
    it answers what the tables do (a gap time just before `now` can fire after it)."""
    zone = ZoneInfo(name)
    year = (
        int(datetime(2026, 1, 1, tzinfo=UTC).timestamp()),
        int(datetime(2027, 1, 1, tzinfo=UTC).timestamp()),
    )
    # A zone that no longer changes (Asia/Kathmandu): its last changes.
    changes = [t for t in transitions(name) if year[0] <= t < year[1]] or transitions(name)[-2:]
    assert changes, name
    answered = 0
    try:
        for t in changes:
            # Wall times on the clock before the change, on from it: its gap's too.
            edge = datetime.fromtimestamp(t - 1, zone).replace(tzinfo=None) + timedelta(seconds=1)
            walls = {edge + timedelta(minutes=m) for m in range(-120, 150, 15)}
            exprs = {f"{w.minute} {w.hour} * * *" for w in walls}
            for delta in (-3600, -600, 1, 60, 600, 1800, 3600, 7200, 86399, 86401):
                now = datetime.fromtimestamp(t + delta, UTC).astimezone(zone)
                for expr in sorted(exprs):
                    parsed = parse(expr)
                    want = _tables_next(parsed, zone, now)
                    _fresh_clock(zone)
                    got = first_fire(parsed, now, zone)
                    if got is not False:
                        answered += 1
                        assert got == want and got.utcoffset() == want.utcoffset(), (expr, now)
    finally:
        _CLOCKS.pop(zone, None)
    assert answered  # the walk answers away from the changes


def _fresh_segments(zone: tzinfo) -> object:
    return ZoneClock(zone).segments


@SETTINGS
@given(expressions(), zoned_instants())
def test_a_crontabs_first_nexts_are_its_later_ones(
    case: tuple[str, str | None], zoned: tuple[str, datetime]
) -> None:
    """The first `next()`s (walks) of a CronTab, then the same instants again (its tables)."""
    expr, key = case
    name, now = zoned
    for zone in (_frame(name), UTC):
        tab = CronTab(expr, key, tz=zone)
        later = now + timedelta(seconds=4321)
        first = [tab.next(now), tab.next(later)]  # walks
        for _ in range(4):
            tab.next(now)  # past the walks: the timeline's tables answer from here on
        assert first == [tab.next(now), tab.next(later)]


def test_a_fleets_shared_now_is_read_once_and_fresh_datetimes_agree() -> None:
    """Searches from one `now` reuse its fields (and weekday); equal instants agree."""
    fields = (2026, 3, 8, 1, 45, 0)
    for zone in (UTC, ZoneInfo("America/New_York"), timezone(timedelta(hours=-5))):
        shared = datetime(*fields, tzinfo=zone)
        exprs = ["0 9 * * 1-5", "30 2 * * *", "0 0 * * 0", "*/20 2 * * *", "0 12 13 * 5"]
        from_shared = [CronTab(e, tz=zone).next(shared) for e in exprs]
        fresh = [CronTab(e, tz=zone).next(datetime(*fields, tzinfo=zone)) for e in exprs]
        tables = [
            Timeline(Schedule(parse(e), walks=0), zone).next_fire(datetime(*fields, tzinfo=zone))
            for e in exprs
        ]
        assert from_shared == fresh == tables


# -- a fixed offset's first next(): CronTab.next walks the fields itself -------------------


@st.composite
def edge_walls(draw: st.DrawFn) -> tuple[int, int, int, int, int, int, int]:
    """Wall fields (and microseconds) near a minute's, day's, month's or year's end, or the
    engine's first and last years, where a carry runs through every field."""
    y = draw(st.one_of(st.integers(1970, 2099), st.sampled_from([1970, 2027, 2028, 2098, 2099])))
    mo = draw(st.one_of(st.integers(1, 12), st.sampled_from([1, 2, 12])))
    last = days_in_month(y, mo)
    d = draw(st.one_of(st.integers(1, last), st.sampled_from([1, last - 1, last])))
    h = draw(st.one_of(st.integers(0, 23), st.just(23), st.just(0)))
    mi = draw(st.one_of(st.integers(0, 59), st.just(59)))
    s = draw(st.one_of(st.integers(0, 59), st.sampled_from([58, 59])))
    return y, mo, d, h, mi, s, draw(st.sampled_from([0, 0, 1, 999999]))


@SETTINGS
@given(expressions(), edge_walls(), st.sampled_from(FIXED), st.booleans())
def test_a_fixed_offsets_first_next_is_the_timelines(
    case: tuple[str, str | None],
    wall: tuple[int, int, int, int, int, int, int],
    fixed: timezone,
    pinned: bool,
) -> None:
    """`now` on the fixed offset's own clock, the frame following it or pinned to it: the
    walk's fire is the tables' (every field's carry, 2099's end: no fire, None)."""
    expr, key = case
    now = datetime(*wall, tzinfo=fixed)
    tab = CronTab(expr, key, tz=fixed if pinned else None)
    expected = Timeline(Schedule(parse(expr, key), walks=0), fixed).next_fire(now)
    found = tab.next(now)  # a first next(): the fixed path
    assert found == expected
    assert found is None or (found.tzinfo is fixed and found > now and not found.microsecond)
    # Answered by the walk (no timeline made) unless the walk gave up (False).
    walked = walk_at_or_after(parse(expr, key), (*wall[:5], wall[5] + 1), -1, fixed)
    assert (tab._line is None) == (walked is not False)


@SETTINGS
@given(expressions(), edge_walls())
def test_a_naive_nows_first_next_is_utcs(
    case: tuple[str, str | None], wall: tuple[int, int, int, int, int, int, int]
) -> None:
    """A naive `now` is a UTC instant: the fixed path, answered in UTC."""
    expr, key = case
    naive = datetime(*wall)
    found = CronTab(expr, key).next(naive)
    expected = Timeline(Schedule(parse(expr, key), walks=0), UTC).next_fire(
        naive.replace(tzinfo=UTC)
    )
    assert found == expected
    assert found is None or found.tzinfo is UTC


@SETTINGS
@given(expressions(), walls(), st.sampled_from(FIXED))
def test_the_walks_datetime_is_its_wall_time(
    case: tuple[str, str | None], wall: tuple[int, int, int, int, int, int], fixed: timezone
) -> None:
    """With a zone the walk builds the fire itself: the datetime of the wall time it finds."""
    parsed = parse(*case)
    as_wall = walk_at_or_after(parsed, wall)
    as_datetime = walk_at_or_after(parsed, wall, -1, fixed)
    if as_wall is None or as_wall is False:
        assert as_datetime is as_wall
    else:
        assert as_datetime == datetime(*as_wall, tzinfo=fixed)
        assert isinstance(as_datetime, datetime) and as_datetime.tzinfo is fixed


def test_a_fixed_first_next_reads_a_shared_now_once_and_a_new_now_afresh() -> None:
    """A fleet's shared `now` is read once (`crontab._fixed_now`); any other `now`, even in
    another fixed offset, is read again, and a cold start forgets it."""
    from cronstable_cli.engine import clear_caches
    from cronstable_cli.engine import crontab as module

    clear_caches()
    assert module._fixed_now is None
    shared = datetime(2026, 12, 31, 23, 59, 59, tzinfo=UTC)
    assert CronTab("* * * * *").next(shared) == datetime(2027, 1, 1, tzinfo=UTC)
    assert module._fixed_now is shared
    assert CronTab("0 0 * * *").next(shared) == datetime(2027, 1, 1, tzinfo=UTC)
    plus = timezone(timedelta(hours=5, minutes=30))
    there = datetime(2026, 12, 31, 23, 59, 59, tzinfo=plus)  # the same fields, another clock
    assert CronTab("0 0 * * *").next(there) == datetime(2027, 1, 1, tzinfo=plus)
    assert module._fixed_now is there
    assert CronTab("0 0 * * *").next(shared) == datetime(2027, 1, 1, tzinfo=UTC)
    # The frame pinned elsewhere: not the fixed path (now read on the frame's clock).
    pinned = CronTab("0 0 * * *", tz=plus).next(shared)
    assert pinned == datetime(2027, 1, 1, 18, 30, tzinfo=UTC)  # 2027-01-02 00:00 +05:30
    clear_caches()
    assert module._fixed_now is None


def test_hand_checked_fixed_first_nexts() -> None:
    # Monday 2026-01-05 09:30:17 UTC, as the daemon answers (seconds to the fire, by hand)
    now = datetime(2026, 1, 5, 9, 30, 17, tzinfo=UTC)
    cases = {
        "* * * * *": datetime(2026, 1, 5, 9, 31, tzinfo=UTC),
        "*/5 * * * *": datetime(2026, 1, 5, 9, 35, tzinfo=UTC),
        "0 0 * * *": datetime(2026, 1, 6, tzinfo=UTC),
        "0 9 * * 1-5": datetime(2026, 1, 6, 9, tzinfo=UTC),
        "0 0 * * 0": datetime(2026, 1, 11, tzinfo=UTC),
        "0 0 L * *": datetime(2026, 1, 31, tzinfo=UTC),
        "0 8 * * mon#1": datetime(2026, 2, 2, 8, tzinfo=UTC),
        "0 0 29 2 *": datetime(2028, 2, 29, tzinfo=UTC),
        "*/30 * * * * * *": datetime(2026, 1, 5, 9, 30, 30, tzinfo=UTC),
        "0 0 12 1 1 * 2027-2030": datetime(2027, 1, 1, 12, tzinfo=UTC),
        "59 23 31 12 * 2099": datetime(2099, 12, 31, 23, 59, tzinfo=UTC),
        "0 0 1 1 * 2025": None,
        "@reboot": None,
    }
    for expr, fire in cases.items():
        assert CronTab(expr).next(now) == fire, expr
    assert walk_at_or_after(parse("@reboot"), (2026, 1, 5, 9, 30, 18)) is None
    last = datetime(2099, 12, 31, 23, 59, 59, tzinfo=UTC)
    assert CronTab("* * * * * * *").next(last) is None  # nothing after 2099
    assert CronTab("* * * * * * *").next(last - timedelta(seconds=1)) == last
