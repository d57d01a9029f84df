"""The public Python API (docs/python-api.md) and semantic equality (docs/time-model.md)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from cronstable_cli import CronTab, ScheduleError

from .helpers import UTC, at

# left | right: equal because their parsed field sets are equal
EQUAL = [
    pytest.param("*/5 * * * *", "0-59/5 * * * *", id="star-step-vs-range-step"),
    pytest.param("5/15 * * * *", "5,20,35,50 * * * *", id="a/n-vs-list"),
    pytest.param("@hourly", "0 * * * *", id="hourly"),
    pytest.param("@daily", "0 0 * * *", id="daily"),
    pytest.param("@weekly", "0 0 * * 0", id="weekly"),
    pytest.param("@monthly", "0 0 1 * *", id="monthly"),
    pytest.param("@yearly", "@annually", id="yearly-annually"),
    pytest.param("@yearly", "0 0 1 1 *", id="yearly"),
    pytest.param("0 0 * * fri#3", "0 0 * * 5#3", id="fri#3"),
    pytest.param("0 0 * * FRI#3", "0 0 * * 5#3", id="FRI#3"),
    pytest.param("0 0 * * 0", "0 0 * * 7", id="sunday-0-7"),
    pytest.param("0 0 * * sun", "0 0 * * 7", id="sunday-name"),
    pytest.param("0 0 * * 0#2", "0 0 * * 7#2", id="sunday-nth"),
    pytest.param("0 0 * * L0", "0 0 * * L7", id="sunday-last"),
    pytest.param("0 0 * * sat-sun", "0 0 * * 6-0", id="sat-sun"),
    pytest.param("0 0 * * 6-0", "0 0 * * 0,6", id="6-0-list"),
    pytest.param("0 0 * * mon-fri", "0 0 * * 1-5", id="weekday-names"),
    pytest.param("0 0 * * 0-7", "0 0 * * *", id="whole-week"),
    pytest.param("0 0 1 JAN-mar *", "0 0 1 1-3 *", id="month-names"),
    pytest.param("0 0 ? * *", "0 0 * * *", id="question-dom"),
    pytest.param("0 0 * * ?", "0 0 * * *", id="question-dow"),
    pytest.param("0 0 1-31 * *", "0 0 * * *", id="whole-month"),
    pytest.param("0 0 * * *", "0 0 * * * *", id="any-year"),
    pytest.param("0 0 * * *", "0 0 0 * * * *", id="second-zero"),
    pytest.param("0 0 * * *", "0 0 0 * * ? 1970-2099", id="quartz-style-7-field"),
    pytest.param("0 0 15W * *", "0 0 15w * *", id="W-case"),
    pytest.param("0 0 L * *", "0 0 l * *", id="L-case"),
    pytest.param("0,0,0 0 * * *", "0 0 * * *", id="duplicates"),
]


@pytest.mark.parametrize(("left", "right"), EQUAL)
def test_semantically_equal(left: str, right: str) -> None:
    a, b = CronTab(left), CronTab(right)
    assert a == b
    assert b == a
    assert hash(a) == hash(b)
    assert len({a, b}) == 1


# left | right: different schedules, however alike they look
UNEQUAL = [
    pytest.param("0 0 L * *", "0 0 31 * *", id="L-vs-31"),
    pytest.param("0 0 L * *", "0 0 LW * *", id="L-vs-LW"),
    pytest.param("0 0 * * 5#5", "0 0 * * L5", id="fifth-vs-last"),
    pytest.param("0 0 1W * *", "0 0 1 * *", id="1W-vs-1"),
    pytest.param("0 0 13 * 5", "0 0 13 * *", id="and-rule-matters"),
    pytest.param("*/5 * * * *", "*/5 * * * * 2024", id="year-restricted"),
    pytest.param("1 0 0 * * * *", "0 0 * * *", id="second-1"),
    pytest.param("@reboot", "@daily", id="reboot"),
    pytest.param("0 0 * * 1-0", "0 0 * * 1", id="1-0-wraps-to-the-whole-week"),
]


@pytest.mark.parametrize(("left", "right"), UNEQUAL)
def test_semantically_different(left: str, right: str) -> None:
    assert CronTab(left) != CronTab(right)


def test_reboot_equals_reboot() -> None:
    assert CronTab("@reboot") == CronTab("@reboot")


def test_equality_with_other_types_is_false() -> None:
    assert CronTab("* * * * *") != "* * * * *"
    assert CronTab("* * * * *") != 5


def test_spec_example() -> None:
    tab = CronTab("H/15 9-17 * * mon-fri", hash_key="refresh-cache")
    now = datetime(2024, 6, 3, 12, 0, tzinfo=UTC)  # a Monday
    fire = tab.next(now)
    assert fire is not None and fire.tzinfo is UTC
    assert now < fire <= now + timedelta(minutes=15)
    assert tab.test(fire)
    assert tab.prev(now) is not None
    assert "H" not in tab.resolved
    assert str(tab) == "H/15 9-17 * * mon-fri"
    assert tab == CronTab(tab.resolved)


def test_next_is_strictly_after_even_on_a_fire() -> None:
    tab = CronTab("0 * * * *")
    assert tab.next(at("2024-06-01 10:00")) == at("2024-06-01 11:00")
    assert tab.prev(at("2024-06-01 10:00")) == at("2024-06-01 09:00")


def test_microseconds_count() -> None:
    tab = CronTab("* * * * * * *")  # every second
    now = at("2024-06-01 10:00:00") + timedelta(microseconds=500_000)
    assert tab.next(now) == at("2024-06-01 10:00:01")
    assert tab.prev(now) == at("2024-06-01 10:00:00")


def test_result_is_in_the_zone_of_the_argument() -> None:
    tab = CronTab("0 9 * * *", tz="Europe/Berlin")
    tokyo = ZoneInfo("Asia/Tokyo")
    fire = tab.next(datetime(2024, 6, 1, 12, 0, tzinfo=tokyo))  # 05:00 in Berlin
    assert fire is not None
    assert fire.tzinfo is tokyo
    assert fire == datetime(2024, 6, 1, 9, 0, tzinfo=ZoneInfo("Europe/Berlin"))


def test_zone_may_be_a_tzinfo_or_a_name() -> None:
    by_name = CronTab("0 9 * * *", tz="America/New_York")
    by_object = CronTab("0 9 * * *", tz=ZoneInfo("America/New_York"))
    now = at("2024-06-01 00:00")
    assert by_name.next(now) == by_object.next(now) == at("2024-06-01 13:00")
    assert CronTab("0 9 * * *").next(now) == at("2024-06-01 09:00")  # UTC by default


def test_a_naive_datetime_is_a_utc_instant_even_in_a_pinned_frame() -> None:
    tab = CronTab("0 9 * * *", tz="America/New_York")
    fire = tab.next(datetime(2024, 6, 1, 12, 0))  # 12:00 UTC is 08:00 in New York
    assert fire == datetime(2024, 6, 1, 9, 0, tzinfo=ZoneInfo("America/New_York"))
    assert fire is not None and fire.tzinfo is UTC


BERLIN = ZoneInfo("Europe/Berlin")


def test_without_tz_the_frame_is_the_zone_of_the_datetime_passed() -> None:
    tab = CronTab("0 9 * * *")
    fire = tab.next(datetime(2024, 6, 1, 8, 0, tzinfo=BERLIN))  # 06:00 UTC
    assert fire == datetime(2024, 6, 1, 9, 0, tzinfo=BERLIN)  # Berlin wall time, 07:00 UTC
    assert fire is not None and fire.tzinfo is BERLIN
    assert tab.prev(datetime(2024, 6, 1, 8, 0, tzinfo=BERLIN)) == datetime(
        2024, 5, 31, 9, 0, tzinfo=BERLIN
    )
    assert tab.test(datetime(2024, 6, 1, 9, 0, tzinfo=BERLIN))
    assert not tab.test(datetime(2024, 6, 1, 9, 0, tzinfo=BERLIN).astimezone(UTC))


def test_without_tz_a_naive_datetime_means_utc() -> None:
    tab = CronTab("0 9 * * *")
    fire = tab.next(datetime(2024, 6, 1, 8, 0))
    assert fire == datetime(2024, 6, 1, 9, 0, tzinfo=UTC)
    assert fire is not None and fire.tzinfo is UTC
    assert tab.test(datetime(2024, 6, 1, 9, 0))


def test_without_tz_dst_follows_the_zone_of_the_datetime_passed() -> None:
    # 02:30 does not exist in New York on 2024-03-10: it fires at 03:30 EDT (07:30 UTC).
    tab = CronTab("30 2 * * *")
    new_york = ZoneInfo("America/New_York")
    fire = tab.next(datetime(2024, 3, 10, 0, 0, tzinfo=new_york))
    assert fire == datetime(2024, 3, 10, 7, 30, tzinfo=UTC)
    assert fire is not None and fire.tzinfo is new_york
    starts = [
        f.isoformat()
        for f, _ in zip(
            tab.occurrences(datetime(2024, 3, 9, 12, 0, tzinfo=new_york)), range(2), strict=False
        )
    ]
    assert starts == ["2024-03-10T03:30:00-04:00", "2024-03-11T02:30:00-04:00"]


def test_tz_pins_the_frame_whatever_the_datetime_zone() -> None:
    tab = CronTab("0 9 * * *", tz="UTC")
    fire = tab.next(datetime(2024, 6, 1, 8, 0, tzinfo=BERLIN))  # 06:00 UTC
    assert fire == datetime(2024, 6, 1, 9, 0, tzinfo=UTC)
    assert fire is not None and fire.tzinfo is BERLIN


def test_test_reads_civil_fields_in_the_schedule_zone() -> None:
    tab = CronTab("0 9 * * *", tz="America/New_York")
    assert tab.test(at("2024-06-01 13:00"))
    assert not tab.test(at("2024-06-01 09:00"))


def test_occurrences_continue_next() -> None:
    tab = CronTab("0 0 L * *")
    got = []
    for fire in tab.occurrences(at("2024-01-15 00:00")):
        got.append(fire)
        if len(got) == 3:
            break
    assert got == [at("2024-01-31 00:00"), at("2024-02-29 00:00"), at("2024-03-31 00:00")]


def test_occurrences_inclusive_includes_a_fire_at_start() -> None:
    tab = CronTab("0 * * * *")
    start = at("2024-06-01 10:00")
    assert next(iter(tab.occurrences(start, inclusive=True))) == start
    assert next(iter(tab.occurrences(start))) == at("2024-06-01 11:00")
    assert next(iter(tab.occurrences(start + timedelta(seconds=1), inclusive=True))) == at(
        "2024-06-01 11:00"
    )


def test_occurrences_end_at_the_horizon() -> None:
    assert list(CronTab("0 0 1 1 *").occurrences(at("2097-06-01 00:00"))) == [
        at("2098-01-01 00:00"),
        at("2099-01-01 00:00"),
    ]


def test_schedule_error_is_importable_from_the_package() -> None:
    with pytest.raises(ScheduleError):
        CronTab("61 * * * *")
    assert issubclass(ScheduleError, ValueError)


@pytest.mark.parametrize("first", ["next", "schedule", "prev"])
def test_every_frame_shares_the_one_compiled_schedule(first: str) -> None:
    """A first next() compiles the schedule in its timeline; `schedule` and frames reuse it."""
    tab = CronTab("0 9 * * *")
    berlin_now = datetime(2024, 6, 1, 8, 0, tzinfo=BERLIN)
    if first == "next":
        assert tab.next(berlin_now) == datetime(2024, 6, 1, 9, 0, tzinfo=BERLIN)
    elif first == "prev":
        assert tab.prev(berlin_now) == datetime(2024, 5, 31, 9, 0, tzinfo=BERLIN)
    compiled = tab.schedule
    assert tab.schedule is compiled
    assert tab.next(berlin_now.astimezone(UTC)) == datetime(2024, 6, 1, 9, 0, tzinfo=UTC)
    assert tab.next(berlin_now) == datetime(2024, 6, 1, 9, 0, tzinfo=BERLIN)
    assert tab.timeline.schedule is compiled
    assert tab.schedule is compiled


def test_a_hash_key_must_be_text_where_an_h_item_reads_it() -> None:
    # The daemon reads the key only for H items; so does the engine, which
    # refuses a key that is not text rather than hash its str().
    with pytest.raises(ScheduleError, match="a hash key must be text, not int"):
        CronTab("H * * * *", hash_key=5)  # type: ignore[arg-type]
    assert CronTab("0 0 * * *", hash_key=5).parsed.minutes == {0}  # type: ignore[arg-type]


def test_never_fires_defaults_to_now() -> None:
    # Fires only in 2030: left today, gone once 2030 is over (1970 as the default
    # would call a schedule whose last fire is long past alive).
    assert not CronTab("0 0 1 1 * 2030").never_fires()
    assert CronTab("0 0 1 1 * 2020").never_fires()
    assert not CronTab("0 0 1 1 * 2020").never_fires(datetime(2019, 6, 1, tzinfo=UTC))


def test_repr_shows_the_hash_key() -> None:
    assert (
        repr(CronTab("H 2 * * *", hash_key="nightly")) == "CronTab('H 2 * * *', hash_key='nightly')"
    )
    assert repr(CronTab("0 2 * * *")) == "CronTab('0 2 * * *')"


@pytest.mark.parametrize("made_first", ["nothing", "timeline", "prev", "schedule"])
@pytest.mark.parametrize("frame", [None, "UTC", "Europe/Berlin"])
@pytest.mark.parametrize("now_zone", [UTC, ZoneInfo("Europe/Berlin"), None])
def test_reboot_never_fires_on_any_path_through_next(
    made_first: str, frame: str | None, now_zone: object
) -> None:
    """@reboot has no next fire: on the first search (a walk), on later ones, and once
    another method has made the frame's timeline (next() then asks it)."""
    tab = CronTab("@reboot", tz=frame)
    now = datetime(2026, 1, 5, 9, 30, 17, tzinfo=now_zone)  # type: ignore[arg-type]
    if made_first == "timeline":
        assert tab.timeline.next_fire(now if now.tzinfo else now.replace(tzinfo=UTC)) is None
    elif made_first == "prev":
        assert tab.prev(now) is None
    elif made_first == "schedule":
        assert tab.schedule is not None
    assert [tab.next(now + timedelta(days=k)) for k in range(4)] == [None] * 4
    assert tab.never_fires(now if now.tzinfo else now.replace(tzinfo=UTC)) is False
