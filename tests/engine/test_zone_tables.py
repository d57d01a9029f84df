"""A zone's offset tables are built lazily: a year at a time, only for the years a search
reaches, and a zone's first use builds none.

The references are independent of the growth path: the tables made in one pass over
the same years (`ZoneClock._build`, what the engine did before it grew them a year at
a time), the zone itself (`datetime.fromtimestamp`, and Python's fold=0 reading of a
wall time), and stepping the epoch search over tables built up front. Fires far ahead
are compared with the released daemon in tests/oracle/test_zone_tables_vs_daemon.py.
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from datetime import datetime, timezone
from itertools import islice
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cronstable_cli import CronTab
from cronstable_cli.engine.civil import days_from_civil, wall_at
from cronstable_cli.engine.zone_clock import ZoneClock

from .test_properties import DEADLINE, _fields
from .test_zone_files import HISTORIES, fresh_clocks

UTC = timezone.utc
DAY = 86400
FIRST, LAST = days_from_civil(1970, 1, 2) * DAY, days_from_civil(2099, 12, 30) * DAY


def _tables(clock: ZoneClock) -> tuple[object, ...]:
    return (
        clock._first,
        clock._last,
        clock._epochs,
        clock._before,
        clock._after,
        clock._walls,
        clock.segments,
        clock._lo,
        clock._hi,
    )


def _one_pass(zone: ZoneInfo, first: int, last: int) -> ZoneClock:
    clock = ZoneClock(zone)
    clock._build(first, last)
    return clock


def _year(epoch: int) -> int:
    return datetime.fromtimestamp(epoch, UTC).year


@pytest.mark.parametrize("name", HISTORIES)
def test_tables_grown_a_year_at_a_time_are_the_tables_made_in_one_pass(name: str) -> None:
    """Walking forward (instants a few days to a few years apart) appends years; the
    tables then are exactly those one pass over the same years makes."""
    zone = ZoneInfo(name)
    rng = random.Random(name)
    clock = ZoneClock(zone)
    epoch = days_from_civil(rng.randrange(1970, 2030), 1, 1) * DAY + rng.randrange(365 * DAY)
    grown = 0
    while epoch < LAST:
        before = clock._last
        clock.wall_of(epoch)
        grown += clock._last > before > 0
        assert _tables(clock) == _tables(_one_pass(zone, clock._first, clock._last))
        epoch += rng.choice((3 * DAY, 40 * DAY, 200 * DAY, 3 * 365 * DAY))
    assert grown > 5  # the tables were extended, not made once


@pytest.mark.parametrize("name", HISTORIES)
def test_a_search_probes_only_the_years_it_reaches(name: str) -> None:
    clock = ZoneClock(ZoneInfo(name))
    epoch = days_from_civil(2031, 6, 15) * DAY
    clock.wall_of(epoch)
    assert (clock._first, clock._last) == (2031, 2031)
    clock.wall_of(days_from_civil(2033, 3, 1) * DAY)  # 2032 lies between: probed too
    assert (clock._first, clock._last) == (2031, 2033)
    # Within two days of 2030: before the run, which is made again grown back by at
    # least its own length (three years), not a year at a time.
    clock.wall_of(days_from_civil(2031, 1, 1) * DAY)
    assert (clock._first, clock._last) == (2028, 2033)


@settings(max_examples=200, deadline=DEADLINE, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(HISTORIES),
    epochs=st.lists(st.integers(FIRST, LAST), min_size=1, max_size=12),
    ordered=st.booleans(),
)
def test_a_lazily_grown_clock_answers_as_the_zone_itself(
    name: str, epochs: list[int], ordered: bool
) -> None:
    """Instants across the years, in order or not, each asked of one growing clock."""
    zone = ZoneInfo(name)
    clock = ZoneClock(zone)
    for epoch in sorted(epochs) if ordered else epochs:
        local = datetime.fromtimestamp(epoch, zone)
        wall, fold = clock.wall_of(epoch)
        assert wall_at(wall) == local.timetuple()[:6]
        assert fold == bool(local.fold)
        # A wall time read with fold=0: Python's own reading of it in the zone.
        fields = wall_at(wall)
        want = int(datetime(*fields, tzinfo=zone).timestamp())
        assert clock.instant_of(wall) == want
        inst, gap = clock.read(wall)
        assert inst == want and gap is None  # an instant's own wall time is never a gap
        steady = clock.steady(epoch)
        if steady is not None:
            off, until = steady
            assert off == local.utcoffset().total_seconds()  # type: ignore[union-attr]
            for at in (until, (epoch + until) // 2):
                assert datetime.fromtimestamp(at, zone).utcoffset() == local.utcoffset()
    if ordered:
        # No year after the last instant's (and its two days' margin). Before the first
        # one's, at most the run's own length: a wall time is read from 14 hours before
        # its instant, which can reach the year before and grow the run back once.
        assert clock._last <= _year(max(epochs) + 2 * DAY)
        assert clock._first >= _year(min(epochs) - 3 * DAY) - 2


EXPRESSIONS = ["0 12 1 1 *", "30 2 * * 0", "0 0 29 2 *", "*/30 1-3 L * *", "45 1 * 3,10 *"]


@pytest.mark.parametrize("name", ["America/New_York", "Australia/Lord_Howe", "Europe/Dublin"])
@pytest.mark.parametrize("expr", EXPRESSIONS)
def test_fires_far_ahead_from_lazy_tables_are_those_from_tables_built_up_front(
    name: str, expr: str
) -> None:
    """To 2099 from a fresh zone (no direct searches: the tables grow from the start),
    against stepping the epoch search over tables made in one pass for every year."""
    zone = ZoneInfo(name)
    start = datetime(2026, 1, 5, 9, 30, 17, tzinfo=zone)
    with fresh_clocks(0):
        got = list(CronTab(expr, tz=zone).occurrences(start))
    with fresh_clocks(0):
        tab = CronTab(expr, tz=zone)
        tab.timeline._zone_clock._build(2025, 2100)
        want: list[datetime] = []
        e: int | None = math.floor(start.timestamp())
        while e is not None:
            e = tab.timeline.next_after(e)
            if e is not None:
                want.append(datetime.fromtimestamp(e, zone))
    assert got and got[-1].year >= 2096  # 29 February: 2096 is the last leap year
    assert [_fields(g) for g in got] == [_fields(w) for w in want]


FIRST_USE = """
import json, sys
from datetime import datetime, timezone
from itertools import islice
from zoneinfo import ZoneInfo
from cronstable_cli.engine import CronTab, tzif, zone_clock
name, fires = sys.argv[1], int(sys.argv[2])
zone = timezone.utc if name == "timezone.utc" else ZoneInfo(name)
start = datetime(2026, 1, 5, 9, 30, 17, tzinfo=zone)
tab = CronTab("0 12 1 1 *" if fires > 1 else "30 2 * * *", tz=zone)
got = [tab.next(start).isoformat()] if fires == 1 else [
    f.isoformat() for f in islice(tab.occurrences(start), fires)]
clock = zone_clock.clock_for(zone)
print(json.dumps({"fires": got, "years": [clock._first, clock._last], "entries":
    len(clock._epochs), "files": sorted(tzif._CACHE), "utc_clock": clock is zone_clock._UTC_CLOCK}))
"""


def _fresh(name: str, fires: int) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", FIRST_USE, name, str(fires)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("name", ["timezone.utc", "UTC", "America/New_York", "Australia/Lord_Howe"])
def test_a_zone_s_first_use_in_a_fresh_interpreter_builds_no_tables(name: str) -> None:
    """The first next(), and the first iteration far ahead (70 yearly fires, to 2095),
    read no zone file and probe no year; the fires are the zone's own."""
    zone = UTC if name == "timezone.utc" else ZoneInfo(name)
    for fires in (1, 70):
        result = _fresh(name, fires)
        assert result["entries"] == 0 and result["files"] == []
        assert result["utc_clock"] == (name == "timezone.utc")
        got = result["fires"]
        assert isinstance(got, list) and len(got) == fires
        if fires == 1:
            want = [datetime(2026, 1, 6, 2, 30, tzinfo=zone)]
        else:
            want = [datetime(2026 + k, 1, 1, 12, tzinfo=zone) for k in range(1, 71)]
        assert got == [w.isoformat() for w in want]


def test_a_busy_zone_builds_tables_only_for_the_years_it_searched() -> None:
    """Past the direct searches' budget a zone builds tables, for the years searched."""
    with fresh_clocks(0):
        zone = ZoneInfo("Europe/Berlin")
        tab = CronTab("*/5 * * * *", tz=zone)
        fires = list(islice(tab.occurrences(datetime(2030, 3, 30, tzinfo=zone)), 2000))
        clock = tab.timeline._zone_clock
        assert fires[-1].year == 2030
        assert (clock._first, clock._last) == (2030, 2030)


@pytest.mark.parametrize("name", ["America/New_York", "Australia/Lord_Howe", "Pacific/Apia"])
def test_settled_is_around_s_test_without_a_c_library_call(name: str) -> None:
    """`ZoneClock.settled` (a datetime's own fields and offset, read through `fromutc`)
    and `ZoneClock.around` (two `fromtimestamp` calls) agree near every change."""
    from cronstable_cli.engine.transitions import transitions

    zone = ZoneInfo(name)
    clock = ZoneClock(zone)
    start, end = days_from_civil(2008, 1, 1) * DAY, days_from_civil(2027, 1, 1) * DAY
    changes = [t.epoch for t in transitions(zone, start, end, DAY)]
    agreed = {True: 0, False: 0}
    for at in changes:
        for e in range(at - DAY - 5400, at + DAY + 5400, 901):
            local = datetime.fromtimestamp(e, zone)
            offset = local.utcoffset()
            assert offset is not None
            settled = clock.settled(local.replace(tzinfo=None) - offset, offset)
            assert settled == (clock.around(e) is not None), (name, e)
            agreed[settled] += 1
    assert agreed[True] and agreed[False]  # both answers were exercised
