"""The calendar analyses: hand-checked DST weeks in four zones, the week grid, caps, lengths.

Expected instants are worked out by hand from the zones' rules (2026):
New York springs forward on 03-08 at 02:00 and falls back on 11-01 at 02:00;
Berlin on 03-29 at 02:00 and 10-25 at 03:00; Lord Howe (half-hour DST) falls
back on 04-05 at 02:00 to 01:30 and springs forward on 10-04 at 02:00 to
02:30; Chatham (+12:45 / +13:45) springs forward on 09-27 at 02:45 and falls
back on 04-05 at 03:45.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from cronstable_cli.analysis.calendar import (
    FREQUENT_PER_DAY,
    calendar_feed,
    event_seconds,
    select_jobs,
    week_view,
)
from cronstable_cli.analysis.fires import build_fleet

from .fleet_helpers import job, utc

UTC = timezone.utc


def feed_fires(schedule: str, zone: str, start: datetime, days: int = 1) -> list[datetime]:
    feed = calendar_feed(build_fleet([job("j", schedule, timezone=zone)]), start, days)
    return [datetime.fromtimestamp(t, UTC) for e in feed.entries for t in e.fires]


# --- a fire shifted out of a gap, a repeated hour fired once: four zones ------------


@pytest.mark.parametrize(
    ("schedule", "zone", "start", "expected"),
    [
        # 02:30 does not exist on 03-08 in New York: 03:30 EDT (07:30 UTC).
        ("30 2 * * *", "America/New_York", utc(2026, 3, 8, 5), [utc(2026, 3, 8, 7, 30)]),
        # 01:30 happens twice on 11-01: the first, EDT (05:30 UTC), only.
        ("30 1 * * *", "America/New_York", utc(2026, 11, 1, 4), [utc(2026, 11, 1, 5, 30)]),
        # Berlin: 02:30 on 03-29 is 03:30 CEST (01:30 UTC); on 10-25 the CEST one (00:30).
        ("30 2 * * *", "Europe/Berlin", utc(2026, 3, 28, 23), [utc(2026, 3, 29, 1, 30)]),
        ("30 2 * * *", "Europe/Berlin", utc(2026, 10, 24, 22), [utc(2026, 10, 25, 0, 30)]),
        # Lord Howe: 02:15 on 10-04 is in the half-hour gap, read at +10:30: 15:45 UTC.
        ("15 2 * * *", "Australia/Lord_Howe", utc(2026, 10, 3, 13), [utc(2026, 10, 3, 15, 45)]),
        # 01:45 on 04-05 happens twice: the first, at +11 (14:45 UTC the day before).
        ("45 1 * * *", "Australia/Lord_Howe", utc(2026, 4, 4, 13), [utc(2026, 4, 4, 14, 45)]),
        # Chatham: 03:00 on 09-27 is in the gap, read at +12:45: 14:15 UTC on 09-26.
        ("0 3 * * *", "Pacific/Chatham", utc(2026, 9, 26, 12), [utc(2026, 9, 26, 14, 15)]),
        # 03:00 on 04-05 happens twice: the first, at +13:45 (13:15 UTC on 04-04).
        ("0 3 * * *", "Pacific/Chatham", utc(2026, 4, 4, 12), [utc(2026, 4, 4, 13, 15)]),
    ],
)
def test_dst_days_fire_as_the_time_model_says(
    schedule: str, zone: str, start: datetime, expected: list[datetime]
) -> None:
    assert feed_fires(schedule, zone, start) == expected
    week = week_view(build_fleet([job("j", schedule, timezone=zone)]), start, 1, ZoneInfo(zone))
    # (timestamps: Python never calls an ambiguous wall time equal to another zone's)
    assert [item.at.timestamp() for item in week.agenda] == [e.timestamp() for e in expected]
    # The agenda shows the fire in the job's own zone as well.
    assert str(week.agenda[0].local.tzinfo) == zone


def test_shifted_fire_reads_as_the_wall_time_after_the_gap() -> None:
    week = week_view(
        build_fleet([job("j", "30 2 * * *", timezone="America/New_York")]),
        utc(2026, 3, 8, 5),
        1,
    )
    (item,) = week.agenda
    assert item.local.strftime("%H:%M %Z") == "03:30 EDT"
    assert item.at == utc(2026, 3, 8, 7, 30)


# --- the display zone's DST days --------------------------------------------------------


@pytest.mark.parametrize(
    ("zone", "day", "length", "skipped", "repeated"),
    [
        ("America/New_York", date(2026, 3, 8), 23 * 3600, (2,), ()),
        ("America/New_York", date(2026, 11, 1), 25 * 3600, (), (1,)),
        ("Europe/Berlin", date(2026, 3, 29), 23 * 3600, (2,), ()),
        ("Europe/Berlin", date(2026, 10, 25), 25 * 3600, (), (2,)),
        # Half-hour shift: 02:00-02:30 is skipped (hour 02 is short, not gone), the day
        # is 23.5 h; falling back from 02:00 to 01:30 repeats half of hour 01.
        ("Australia/Lord_Howe", date(2026, 10, 4), 84600, (), ()),
        ("Australia/Lord_Howe", date(2026, 4, 5), 88200, (), (1,)),
        # 02:45 -> 03:45: hours 02 and 03 both keep a part; back from 03:45 to 02:45
        # repeats 02:45-03:45, a part of each.
        ("Pacific/Chatham", date(2026, 9, 27), 23 * 3600, (), ()),
        ("Pacific/Chatham", date(2026, 4, 5), 25 * 3600, (), (2, 3)),
        ("UTC", date(2026, 3, 8), 86400, (), ()),
    ],
)
def test_display_zone_dst_days_are_marked(
    zone: str, day: date, length: int, skipped: tuple[int, ...], repeated: tuple[int, ...]
) -> None:
    tz = ZoneInfo(zone)
    start = datetime(day.year, day.month, day.day, tzinfo=tz)
    week = week_view(build_fleet([job("hourly", "0 * * * *")]), start, 1, tz)
    (only,) = week.grid
    assert only.date == day
    assert only.length == length
    assert only.dst == (length != 86400)
    assert only.skipped == skipped and only.repeated == repeated
    # A UTC job fires every real hour: n whole hours hold n fires, and a civil hour
    # the display zone repeats whole holds two.
    if length % 3600 == 0:
        assert only.fires == length // 3600
    for hour in repeated:
        if only.spans[hour] == 7200:
            assert only.hours[hour] == 2
    for hour in skipped:
        assert only.hours[hour] == 0 and only.spans[hour] == 0
    assert sum(only.spans) == length


def test_chatham_hour_cells_split_at_the_quarter_hour() -> None:
    # Chatham springs from 02:45 to 03:45 on 09-27: civil hour 02 keeps 45 minutes
    # and hour 03 keeps its last 15, so both exist but are short.
    tz = ZoneInfo("Pacific/Chatham")
    week = week_view(build_fleet([]), datetime(2026, 9, 27, tzinfo=tz), 1, tz)
    (day,) = week.grid
    assert day.spans[2] == 45 * 60 and day.spans[3] == 15 * 60


# --- the week grid and the agenda, by hand ----------------------------------------------


def test_grid_agenda_and_background_by_hand() -> None:
    jobs = [
        job("daily", "30 6 * * *"),  # 7 fires
        job("eight-a-day", "0 0-7 * * *"),  # 56: exactly the limit, stays in the agenda
        job("nine-a-day", "0 0-8 * * *"),  # 63: background
        job("mondays", "0 9 * * mon", timezone="Europe/Berlin"),  # 1 (08:00 UTC in winter)
        job("off", "0 1 * * *", enabled=False),
        job("boot", "@reboot"),
    ]
    start = utc(2026, 12, 7)  # a Monday
    week = week_view(build_fleet(jobs), start, 7)
    assert week.frequent_above == FREQUENT_PER_DAY * 7 == 56
    assert week.excluded == 2 and week.jobs == 4
    assert week.total_fires == 7 + 56 + 63 + 1
    assert [d.date for d in week.grid] == [date(2026, 12, 7) + timedelta(days=i) for i in range(7)]
    monday = week.grid[0]
    # 00-07: eight-a-day and nine-a-day; 06 also daily (06:30); 08: nine-a-day and
    # mondays (09:00 in Berlin); nothing after.
    assert monday.hours == (2, 2, 2, 2, 2, 2, 3, 2, 2) + (0,) * 15
    assert monday.fires == 8 + 9 + 1 + 1
    assert week.grid[1].fires == 8 + 9 + 1
    assert [b.job for b in week.background] == ["nine-a-day"]
    assert week.background[0].fires == 63
    assert len(week.agenda) == 7 + 56 + 1
    assert {i.job for i in week.agenda} == {"daily", "eight-a-day", "mondays"}
    first_day = [i for i in week.agenda if i.at.date() == date(2026, 12, 7)]
    assert [(i.at.strftime("%H:%M"), i.job) for i in first_day[-3:]] == [
        ("06:30", "daily"),
        ("07:00", "eight-a-day"),
        ("08:00", "mondays"),
    ]
    mondays = next(i for i in week.agenda if i.job == "mondays")
    assert mondays.local.strftime("%H:%M") == "09:00" and mondays.zone == "Europe/Berlin"
    times = [i.at for i in week.agenda]
    assert times == sorted(times)


def test_a_fire_exactly_at_the_start_is_inside_both_views() -> None:
    fleet = build_fleet([job("noon", "0 12 * * *")])
    start = utc(2026, 12, 7, 12)
    week = week_view(fleet, start, 1)
    assert [i.at for i in week.agenda] == [start]
    feed = calendar_feed(fleet, start, 1)
    assert list(feed.entries[0].fires) == [int(start.timestamp())]
    # ... and the end is outside: one day from noon holds one noon.
    assert week.total_fires == 1


def test_a_week_view_from_midday_shows_the_partial_days() -> None:
    week = week_view(build_fleet([job("hourly", "0 * * * *")]), utc(2026, 12, 7, 12, 30), 2)
    assert [d.date.day for d in week.grid] == [7, 8, 9]
    assert week.grid[0].spans[11] == 0 and week.grid[0].spans[12] == 1800
    assert week.grid[2].spans[12] == 1800 and week.grid[2].spans[13] == 0
    assert week.total_fires == 48


def test_week_view_is_whole_civil_days_of_the_display_zone() -> None:
    tz = ZoneInfo("Europe/Berlin")
    week = week_view(build_fleet([]), datetime(2026, 3, 28, tzinfo=tz), 7, tz)
    assert len(week.grid) == 7
    assert week.end == datetime(2026, 4, 4, tzinfo=tz)


# --- the feed -----------------------------------------------------------------------------


def test_feed_caps_each_job_and_sorts_by_name() -> None:
    jobs = [job("b-minutely", "* * * * *"), job("a-daily", "0 3 * * *"), job("c", "0 0 31 2 *")]
    feed = calendar_feed(build_fleet(jobs), utc(2026, 12, 1), 14, cap=100)
    assert [e.name for e in feed.entries] == ["a-daily", "b-minutely"]  # c never fires
    daily, minutely = feed.entries
    assert len(daily.fires) == 14 and not daily.truncated
    assert len(minutely.fires) == 100 and minutely.truncated
    assert minutely.fires[99] - minutely.fires[0] == 99 * 60
    exactly = calendar_feed(build_fleet(jobs), utc(2026, 12, 1), 14, cap=14)
    assert not exactly.entries[0].truncated  # 14 fires under a cap of 14: nothing left out


@pytest.mark.parametrize(
    ("runtime", "seconds"),
    [
        (None, 300),
        (0, 300),
        (-5, 300),
        (float("nan"), 300),
        (0.4, 300),
        (299, 300),
        (300, 300),
        (300.5, 360),
        (3599, 3600),
        (5400.5, 5460),
        (86400, 86400),
        (90000, 86400),
        (float("inf"), 86400),
    ],
)
def test_event_length_rule(runtime: float | None, seconds: int) -> None:
    assert event_seconds(runtime) == seconds


def test_selection_by_name_and_grep() -> None:
    jobs = [job("Backup-DB", "0 3 * * *"), job("report", "0 * * * *"), job("x", "H 3 * * *")]
    assert [j.name for j in select_jobs(jobs, grep="backup")] == ["Backup-DB"]
    assert [j.name for j in select_jobs(jobs, grep=" 3 ")] == ["Backup-DB", "x"]
    assert [j.name for j in select_jobs(jobs, job="report")] == ["report"]
    assert select_jobs(jobs, job="report", grep="backup") == []


def test_window_limits() -> None:
    fleet = build_fleet([])
    with pytest.raises(ValueError):
        calendar_feed(fleet, utc(2026, 1, 1), 61)
    with pytest.raises(ValueError):
        week_view(fleet, utc(2026, 1, 1), 0)
    with pytest.raises(ValueError):
        calendar_feed(fleet, utc(2026, 1, 1), 1, cap=1001)
    with pytest.raises(ValueError):
        week_view(fleet, datetime(2026, 1, 1), 1)
