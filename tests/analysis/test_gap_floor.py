"""shortest_floor: a floor under the shortest gap, held to the gap search itself."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone, tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.analysis import gaps as gaps_module
from cronstable_cli.analysis.gaps import DAY, schedule_gaps, shortest_floor
from cronstable_cli.analysis.lint import runtime
from cronstable_cli.engine import Schedule, Timeline, parse

from .runtime_cases import job, jobs, lint_yaml

H = 3600
# DST zones, Lord Howe's half-hour shift, and zones that jumped by a day (Samoa at the
# end of 2011, Kiribati's Line Islands at the end of 1994, Kwajalein in 1993).
ZONES = (
    "UTC",
    "America/New_York",
    "Europe/Berlin",
    "Europe/London",
    "Australia/Lord_Howe",
    "Pacific/Apia",
    "Pacific/Kiritimati",
    "Pacific/Kwajalein",
    "America/Santiago",
    "Asia/Tehran",
    "Antarctica/Casey",
    "America/Caracas",
    "Etc/GMT-14",
)


def timeline(expr: str, zone: tzinfo) -> Timeline:
    return Timeline(Schedule(parse(expr)), zone)


def listed(values: set[int]) -> str:
    return ",".join(map(str, sorted(values)))


def both(expr: str, zone: tzinfo, start: datetime, span: int) -> tuple[int, int | None]:
    tl = timeline(expr, zone)
    begin = int(start.timestamp())
    found = schedule_gaps(tl, begin, span)
    return shortest_floor(tl, begin, span), None if found is None else found.shortest.seconds


@settings(max_examples=150, deadline=None)
@given(
    seconds=st.one_of(st.none(), st.sets(st.integers(0, 59), min_size=1, max_size=3)),
    minutes=st.sets(st.integers(0, 59), min_size=1, max_size=4),
    hours=st.sets(st.integers(0, 23), min_size=1, max_size=3),
    dow=st.sets(st.integers(0, 6), min_size=1, max_size=7),
    zone=st.one_of(
        st.sampled_from(ZONES).map(ZoneInfo),
        st.integers(-14 * 4, 14 * 4).map(lambda q: timezone(timedelta(minutes=15 * q))),
    ),
    day=st.integers(0, 40 * 365),  # 1990 to 2030: Kwajalein 1993, Kiritimati 1994, Apia 2011
    span=st.sampled_from((3 * DAY, 20 * DAY, 60 * DAY)),
)
def test_never_above_the_shortest_gap(
    seconds: set[int] | None,
    minutes: set[int],
    hours: set[int],
    dow: set[int],
    zone: tzinfo,
    day: int,
    span: int,
) -> None:
    expr = f"{listed(minutes)} {listed(hours)} * * {listed(dow)}"
    if seconds is not None:
        expr = f"{listed(seconds)} {expr} *"
    start = datetime(1990, 1, 1, tzinfo=timezone.utc) + timedelta(days=day)
    floor, shortest = both(expr, zone, start, span)
    assert shortest is None or floor <= shortest


# Changes the random dates above seldom reach: a window is started up to a month before.
JUMPS = (
    ("Pacific/Apia", "2011-12-29"),  # -10 to +14: 30 December skipped
    ("Pacific/Kiritimati", "1994-12-30"),
    ("Pacific/Kwajalein", "1993-08-20"),
    ("Antarctica/Casey", "2009-10-18"),  # +8 to +11
    ("Antarctica/Casey", "2010-03-05"),  # and back
    ("Australia/Lord_Howe", "2026-10-04"),  # half an hour forward
    ("Australia/Lord_Howe", "2026-04-05"),  # and back
    ("America/Caracas", "2007-12-09"),  # -4 to -4:30
    ("Asia/Pyongyang", "2015-08-15"),  # +9 to +8:30
    ("Europe/Moscow", "2011-03-27"),  # +3 to +4 for good
)


@settings(max_examples=120, deadline=None)
@given(
    minutes=st.sets(st.integers(0, 59), min_size=1, max_size=4),
    hours=st.sets(st.integers(0, 23), min_size=1, max_size=3),
    jump=st.sampled_from(JUMPS),
    before=st.integers(0, 30),
    days=st.integers(1, 40),
)
def test_never_above_the_shortest_gap_over_a_jump(
    minutes: set[int], hours: set[int], jump: tuple[str, str], before: int, days: int
) -> None:
    zone, when = jump
    start = datetime.fromisoformat(when).replace(tzinfo=timezone.utc) - timedelta(days=before)
    floor, shortest = both(f"{listed(minutes)} {listed(hours)} * * *", ZoneInfo(zone), start,
                           days * DAY)  # fmt: skip
    assert shortest is None or floor <= shortest


@pytest.mark.parametrize(
    ("expr", "zone", "start", "days", "shortest"),
    [
        # A day skipped whole: its noon fires shifted, at the next day's noon, once.
        pytest.param("0 12 * * *", "Pacific/Apia", "2011-12-20", 20, DAY, id="apia 2011"),
        pytest.param("30 23 * * *", "Pacific/Kiritimati", "1994-12-20", 20, DAY, id="kiritimati"),
        pytest.param("0 0 * * *", "Pacific/Kwajalein", "1993-08-10", 20, DAY, id="kwajalein"),
        # Three hours forward (Casey, October 2009): a 21-hour day.
        pytest.param("0 12 * * *", "Antarctica/Casey", "2009-10-10", 20, 21 * H, id="casey"),
        # Lord Howe's clock moves half an hour: a daily fire comes 23.5 h after the last.
        pytest.param("0 2 * * *", "Australia/Lord_Howe", "2026-09-20", 30, 23 * H + 1800,
                     id="lord howe"),
        # A time in the gap fires at the change: 02:30 and 03:00 New York are one instant.
        pytest.param("30,0 2,3 * * *", "America/New_York", "2026-03-01", 20, 30 * 60, id="ny gap"),
    ],
)  # fmt: skip
def test_floor_below_the_big_jumps(
    expr: str, zone: str, start: str, days: int, shortest: int
) -> None:
    """Hand-checked shortest gaps over the days a zone jumped; the floor stays below."""
    begin = datetime.fromisoformat(start).replace(tzinfo=timezone.utc)
    floor, found = both(expr, ZoneInfo(zone), begin, days * DAY)
    assert found == shortest
    assert floor <= found


@pytest.mark.parametrize(
    ("expr", "zone", "floor"),
    [
        pytest.param("30 1 * * *", "UTC", DAY, id="daily utc: the gap itself"),
        pytest.param("30 1 * * *", "America/New_York", 23 * H, id="daily ny: the 23 h day"),
        pytest.param("0 2 * * *", "Australia/Lord_Howe", DAY - 30 * 60, id="lord howe half hour"),
        pytest.param("0 9 * * 1-5", "Europe/Berlin", 23 * H, id="weekdays: a day at least"),
        pytest.param("0 6,18 * * *", "UTC", 12 * H, id="twice a day"),
        pytest.param("0 1,23 * * *", "UTC", 2 * H, id="across midnight"),
        pytest.param("*/7 * * * *", "UTC", 4 * 60, id="*/7: the wrap"),
        pytest.param("0 9 * * *", "Pacific/Apia", DAY, id="apia 2026: no DST since 2021"),
    ],
)
def test_hand_checked_floors(expr: str, zone: str, floor: int) -> None:
    start = int(datetime(2026, 1, 5, tzinfo=timezone.utc).timestamp())
    assert shortest_floor(timeline(expr, ZoneInfo(zone)), start) == floor


def test_a_whole_day_jump_leaves_no_floor() -> None:
    """Samoa's -10 to +14 at the end of 2011: a spread of a day, a floor of nothing."""
    start = int(datetime(2011, 12, 1, tzinfo=timezone.utc).timestamp())
    assert shortest_floor(timeline("0 9 * * *", ZoneInfo("Pacific/Apia")), start) == 0


def test_a_fixed_zone_has_no_spread() -> None:
    start = int(datetime(2026, 1, 5, tzinfo=timezone.utc).timestamp())
    zone = timezone(timedelta(hours=5, minutes=30))
    assert shortest_floor(timeline("0 9 * * *", zone), start) == DAY


@pytest.mark.parametrize(
    ("schedule", "keys"),
    [
        pytest.param("0 3 * * *", {"executionTimeout": 3600}, id="daily, an hour"),
        pytest.param("0 2 * * *", {"executionTimeout": 84600, "timezone": "Australia/Lord_Howe"},
                     id="daily lord howe, 23.5 h: meets the short day"),
        pytest.param("0 2 * * *", {"executionTimeout": 84599, "timezone": "Australia/Lord_Howe"},
                     id="a second less"),
        pytest.param("30 1 * * *", {"executionTimeout": 82800, "killTimeout": 0,
                                    "timezone": "America/New_York"}, id="ny 23 h: the DST day"),
        pytest.param("30 1 * * *", {"executionTimeout": 82799, "killTimeout": 0,
                                    "timezone": "America/New_York"}, id="ny a second less"),
        pytest.param("0 6,18 * * *", {"sla": {"maxRuntimeSeconds": 43200}}, id="12 h sla"),
        pytest.param("0 6,18 * * *", {"sla": {"maxRuntimeSeconds": 43199}}, id="a second less"),
        pytest.param("0 12 * * *", {"executionTimeout": 3600, "timezone": "Pacific/Apia"},
                     id="apia daily"),
    ],
)  # fmt: skip
def test_the_floor_never_changes_a_finding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, schedule: str, keys: dict[str, object]
) -> None:
    """runs-may-overlap says the same with the floor as with the gap search alone."""
    text = jobs(job("j", schedule, **keys))
    with_floor = lint_yaml(tmp_path, text, {"runs-may-overlap"})
    monkeypatch.setattr(runtime, "gaps_exceed", lambda ctx, seconds: False)
    assert lint_yaml(tmp_path, text, {"runs-may-overlap"}) == with_floor


def test_a_daily_job_is_decided_without_a_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    searched: list[object] = []
    real = gaps_module.schedule_gaps

    def counted(*args: object, **kwargs: object) -> object:
        searched.append(args[0])
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(gaps_module, "schedule_gaps", counted)
    text = jobs(
        job("daily", "0 3 * * *", executionTimeout=3600, timezone="Europe/Berlin"),
        job("hourly", "0 * * * *", executionTimeout=3600),
    )
    (finding,) = lint_yaml(tmp_path, text, {"runs-may-overlap"})
    assert finding.job == "hourly"
    assert len(searched) == 1  # the hourly job's: the daily one's floor decided it
