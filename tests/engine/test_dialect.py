"""The plain dialect (docs/dialect.md): values, names, ranges, steps, macros, years, AND.

Every expected instant was worked out by hand from a printed calendar (UTC throughout).
Times are written `YYYY-MM-DD HH:MM[:SS]`; the weekday is noted where it matters.
"""

from __future__ import annotations

import pytest

from cronstable_cli import CronTab, ScheduleError
from cronstable_cli.engine import parse

from .helpers import at, next_fires


def fires(expr: str, now: str, count: int) -> list[str | None]:
    """The next `count` fires after `now` as `YYYY-MM-DD HH:MM:SS`; None ends the list."""
    return next_fires(expr, now, count, "%Y-%m-%d %H:%M:%S")


# expression | now | expected next
NEXT = [
    # names, any case; 0 and 7 are both Sunday. 2024-06-01 is a Saturday.
    pytest.param("0 9 * * mon", "2024-06-01 00:00", "2024-06-03 09:00", id="mon"),
    pytest.param("0 9 * * MON", "2024-06-01 00:00", "2024-06-03 09:00", id="MON"),
    pytest.param("0 9 * * Mon", "2024-06-01 00:00", "2024-06-03 09:00", id="Mon"),
    pytest.param("0 0 1 JUN *", "2024-01-01 00:00", "2024-06-01 00:00", id="JUN"),
    pytest.param("0 0 1 Jan-Mar *", "2024-03-02 00:00", "2025-01-01 00:00", id="Jan-Mar"),
    pytest.param("0 0 1 jan-3 *", "2024-02-02 00:00", "2024-03-01 00:00", id="name-to-number"),
    pytest.param("0 0 * * 0", "2024-06-03 00:00", "2024-06-09 00:00", id="sunday-0"),
    pytest.param("0 0 * * 7", "2024-06-03 00:00", "2024-06-09 00:00", id="sunday-7"),
    pytest.param("0 0 * * sun", "2024-06-03 00:00", "2024-06-09 00:00", id="sunday-name"),
    pytest.param("0 0 * * 5-7", "2024-06-03 00:00", "2024-06-07 00:00", id="fri-to-7"),
    # a day-of-week range ending in 0 wraps to 7
    pytest.param("0 0 * * sat-sun", "2024-06-03 00:00", "2024-06-08 00:00", id="sat-sun-sat"),
    pytest.param("0 0 * * sat-sun", "2024-06-08 00:00", "2024-06-09 00:00", id="sat-sun-sun"),
    pytest.param("0 0 * * sat-sun", "2024-06-09 00:00", "2024-06-15 00:00", id="sat-sun-next"),
    pytest.param("0 0 * * 6-0", "2024-06-08 00:00", "2024-06-09 00:00", id="6-0"),
    pytest.param("0 0 * * fri-0", "2024-06-03 00:00", "2024-06-07 00:00", id="fri-0"),
    # `?` standing alone means `*`
    pytest.param("0 0 15 * ?", "2024-06-16 00:00", "2024-07-15 00:00", id="question-dow"),
    pytest.param("0 9 ? * 1", "2024-06-01 00:00", "2024-06-03 09:00", id="question-dom"),
    # steps
    pytest.param("*/15 * * * *", "2024-06-01 10:07", "2024-06-01 10:15", id="every-15"),
    pytest.param("5/15 * * * *", "2024-06-01 10:50", "2024-06-01 11:05", id="a/n"),
    pytest.param("50-55/6 * * * *", "2024-06-01 10:50", "2024-06-01 11:50", id="range-step-one"),
    pytest.param("*/23 * * * *", "2024-06-01 10:46", "2024-06-01 11:00", id="uneven-step"),
    pytest.param("0 */23 * * *", "2024-06-01 01:00", "2024-06-01 23:00", id="hour-step-23"),
    pytest.param("0 0 * * */2", "2024-06-03 00:00", "2024-06-04 00:00", id="dow-step"),
    pytest.param("0 0 * * 1-5/2", "2024-06-05 00:00", "2024-06-07 00:00", id="dow-range-step"),
    pytest.param("0 0 */10 * *", "2024-06-21 00:00", "2024-07-01 00:00", id="dom-step-no-31st"),
    pytest.param("0 0 1 */3 *", "2024-02-01 00:00", "2024-04-01 00:00", id="month-step"),
    pytest.param(
        "1,2,3-5,10-20/5 * * * *", "2024-06-01 10:05", "2024-06-01 10:10", id="mixed-list"
    ),
    # macros
    pytest.param("@yearly", "2024-06-01 00:00", "2025-01-01 00:00", id="yearly"),
    pytest.param("@annually", "2024-06-01 00:00", "2025-01-01 00:00", id="annually"),
    pytest.param("@monthly", "2024-06-01 00:00", "2024-07-01 00:00", id="monthly"),
    pytest.param("@weekly", "2024-06-03 00:00", "2024-06-09 00:00", id="weekly-is-sunday"),
    pytest.param("@daily", "2024-06-03 12:00", "2024-06-04 00:00", id="daily"),
    pytest.param("@hourly", "2024-06-03 12:30", "2024-06-03 13:00", id="hourly"),
    # 6 fields: the sixth is a year
    pytest.param("0 12 * * * 2025", "2024-06-01 00:00", "2025-01-01 12:00", id="year"),
    pytest.param("0 12 1 1 * 2024-2026", "2026-01-01 12:00", None, id="year-range-over"),
    pytest.param(
        "0 0 29 2 * 2025-2099", "2024-06-01 00:00", "2028-02-29 00:00", id="next-leap-day-in-years"
    ),
    pytest.param("0 0 1 1 * 2024/10", "2024-01-01 00:00", "2034-01-01 00:00", id="year-step"),
    # 7 fields: a leading second
    pytest.param("30 */15 * * * * *", "2024-06-01 00:00:00", "2024-06-01 00:00:30", id="seconds"),
    pytest.param(
        "30 */15 * * * * *", "2024-06-01 00:00:30", "2024-06-01 00:15:30", id="seconds-next-minute"
    ),
    pytest.param(
        "*/20 * * * * * *", "2024-06-01 00:00:59", "2024-06-01 00:01:00", id="seconds-wrap"
    ),
    pytest.param(
        "0 0 0 29 2 * 2025-2099", "2024-06-01 00:00", "2028-02-29 00:00", id="seconds-and-year"
    ),
    # years: past years never fire again; nothing is searched past 2099
    pytest.param("0 0 1 1 * 2020", "2024-01-01 00:00", None, id="past-year"),
    pytest.param("0 0 31 12 *", "2099-12-31 00:00", None, id="horizon-2099"),
    pytest.param("0 0 31 12 * 2099", "2099-01-01 00:00", "2099-12-31 00:00", id="last-day-2099"),
    pytest.param("@yearly", "2099-06-01 00:00", None, id="no-2100"),
    pytest.param("0 0 30 2 *", "1970-01-01 00:00", None, id="feb-30-never"),
    pytest.param("0 0 31 4,6,9,11 *", "2024-01-01 00:00", None, id="31st-of-short-months"),
    pytest.param("0 0 1 1 *", "1960-06-01 00:00", "1970-01-01 00:00", id="before-1970"),
    # AND rule: both day fields restricted means both must match
    pytest.param("0 0 13 * 5", "2024-01-01 00:00", "2024-09-13 00:00", id="friday-13th"),
    pytest.param("0 0 13 * 5", "2024-09-13 00:00", "2024-12-13 00:00", id="friday-13th-next"),
    pytest.param("0 0 13 * 5", "2024-12-13 00:00", "2025-06-13 00:00", id="friday-13th-2025"),
    pytest.param("0 0 1-7 * 1", "2024-06-01 00:00", "2024-06-03 00:00", id="first-monday"),
    pytest.param("0 0 1-7 * 1", "2024-06-03 00:00", "2024-07-01 00:00", id="first-monday-next"),
    pytest.param("0 0 29 2 1", "2024-01-01 00:00", "2044-02-29 00:00", id="leap-day-monday"),
]


@pytest.mark.parametrize(("expr", "now", "expected"), NEXT)
def test_next(expr: str, now: str, expected: str | None) -> None:
    got = CronTab(expr).next(at(now))
    assert got == (None if expected is None else at(expected))


# expression | now | expected prev
PREV = [
    pytest.param("0 0 1 1 * 2020", "2024-01-01 00:00", "2020-01-01 00:00", id="past-year"),
    pytest.param("0 0 13 * 5", "2024-09-01 00:00", "2023-10-13 00:00", id="friday-13th"),
    pytest.param("*/15 * * * *", "2024-06-01 10:15", "2024-06-01 10:00", id="strictly-before"),
    pytest.param("*/15 * * * *", "2024-06-01 00:00", "2024-05-31 23:45", id="across-midnight"),
    pytest.param("0 0 1 1 *", "1970-01-01 00:00", None, id="nothing-before-1970"),
    pytest.param("0 0 30 2 *", "2099-12-31 00:00", None, id="feb-30-never"),
    pytest.param("30 */15 * * * * *", "2024-06-01 00:00:00", "2024-05-31 23:45:30", id="seconds"),
    pytest.param("0 0 * * sat-sun", "2024-06-08 00:00", "2024-06-02 00:00", id="sat-sun"),
]


@pytest.mark.parametrize(("expr", "now", "expected"), PREV)
def test_prev(expr: str, now: str, expected: str | None) -> None:
    got = CronTab(expr).prev(at(now))
    assert got == (None if expected is None else at(expected))


@pytest.mark.parametrize(
    ("expr", "now", "expected"),
    [
        pytest.param(
            "0 0 * * 6-0",
            "2024-06-07 00:00",
            ["2024-06-08 00:00:00", "2024-06-09 00:00:00", "2024-06-15 00:00:00"],
            id="weekends",
        ),
        pytest.param(
            "50-55/6 * * * *",
            "2024-06-01 10:00",
            ["2024-06-01 10:50:00", "2024-06-01 11:50:00"],
            id="once-an-hour",
        ),
        pytest.param(
            "0 0 13 * fri",
            "2024-01-01 00:00",
            ["2024-09-13 00:00:00", "2024-12-13 00:00:00", "2025-06-13 00:00:00"],
            id="friday-13th",
        ),
        pytest.param(
            "0 0 1 1 * 2098,2099",
            "2097-01-01 00:00",
            ["2098-01-01 00:00:00", "2099-01-01 00:00:00", None],
            id="ends-at-2099",
        ),
    ],
)
def test_fire_sequences(expr: str, now: str, expected: list[str | None]) -> None:
    assert fires(expr, now, len(expected)) == expected


# expression | instant | does it match
TEST = [
    pytest.param("0 0 13 * 5", "2024-09-13 00:00", True, id="friday-13th"),
    pytest.param("0 0 13 * 5", "2024-06-13 00:00", False, id="thursday-13th"),
    pytest.param("0 0 13 * 5", "2024-06-14 00:00", False, id="friday-14th"),
    pytest.param("0 0 * * 7", "2024-06-09 00:00", True, id="sunday-as-7"),
    pytest.param("0 0 * * sat-sun", "2024-06-07 00:00", False, id="friday-not-weekend"),
    pytest.param("*/5 * * * *", "2024-06-01 10:05:01", False, id="second-must-be-0"),
    pytest.param("1 */5 * * * * *", "2024-06-01 10:05:01", True, id="7-field-second"),
    pytest.param("0 0 1 1 * 2020", "2020-01-01 00:00", True, id="year-matches"),
    pytest.param("0 0 1 1 * 2020", "2021-01-01 00:00", False, id="year-does-not"),
]


@pytest.mark.parametrize(("expr", "instant", "expected"), TEST)
def test_test(expr: str, instant: str, expected: bool) -> None:
    assert CronTab(expr).test(at(instant)) is expected


@pytest.mark.parametrize(
    "expr",
    ["0 0 30 2 *", "0 0 31 4 *", "0 0 1 1 * 2020", "0 0 31 2 * 2024", "0 0 * 2 5#5 2026"],
    ids=["feb-30", "apr-31", "past-year", "feb-31-2024", "fifth-friday-feb-2026"],
)
def test_never_fires_is_legal_and_answers_quickly(expr: str) -> None:
    tab = CronTab(expr)
    assert tab.never_fires(at("2024-06-01 00:00"))
    assert tab.next(at("2024-06-01 00:00")) is None
    assert list(tab.occurrences(at("2024-06-01 00:00"))) == []


def test_reboot_is_kept_and_never_fires() -> None:
    tab = CronTab("@reboot")
    assert tab.is_reboot
    assert str(tab) == tab.resolved == "@reboot"
    assert tab.next(at("2024-06-01 00:00")) is None
    assert tab.prev(at("2024-06-01 00:00")) is None
    assert not tab.test(at("2024-06-01 00:00"))
    assert list(tab.occurrences(at("2024-06-01 00:00"))) == []
    assert not tab.never_fires()  # it does fire: at daemon start


# source as written | str() | resolved
NORMALISED = [
    pytest.param("  */5\t*  * * *  ", "*/5 * * * *", "*/5 * * * *", id="spaces-and-tabs"),
    pytest.param("0 0 * * MON", "0 0 * * MON", "0 0 * * MON", id="spelling-kept"),
    pytest.param("0\n0 1 1 * 2030", "0 0 1 1 * 2030", "0 0 1 1 * 2030", id="newline-6-field"),
    pytest.param(" 0  0 0 * * ? * ", "0 0 0 * * ? *", "0 0 0 * * ? *", id="7-field-question"),
    pytest.param("@hourly", "@hourly", "@hourly", id="macro"),
    pytest.param(" @daily ", "@daily", "@daily", id="macro-padded"),
]


@pytest.mark.parametrize(("expr", "source", "resolved"), NORMALISED)
def test_str_and_resolved_are_whitespace_normalised(expr: str, source: str, resolved: str) -> None:
    tab = CronTab(expr)
    assert str(tab) == source
    assert tab.resolved == resolved


@pytest.mark.parametrize("text", ["@Reboot", "@REBOOT", " @reboot", "@reboot "])
def test_reboot_is_recognised_only_as_spelled_exactly(text: str) -> None:
    # The daemon compares the schedule with "@reboot" before its cron parse, which
    # knows no @reboot: any other spelling is refused (checked against it in
    # tests/oracle/test_parity_generated.py).
    with pytest.raises(ScheduleError, match="not '@reboot'"):
        parse(text, "job")


@pytest.mark.parametrize("text", ["@Daily", "@HOURLY", "@yEaRlY"])
def test_clock_macros_are_read_in_any_case(text: str) -> None:
    assert parse(text, "job").source == text.lower()
