"""Plain English for schedules: what a person should read for each expression.

Each expectation was written by hand as the sentence a reviewer should see,
not copied from the code's output. Times are 24-hour clock times in the
schedule's own zone.
"""

from __future__ import annotations

import pytest

from cronstable_cli.engine import parse
from cronstable_cli.engine.describe import compress, describe, explain_fields, ordinal

KEY = "refresh-cache"  # hash key for H items: sha256("minute\nrefresh-cache") % 15 == 14

SENTENCES = [
    # Minutes and hours
    ("* * * * *", "Every minute"),
    ("*/5 * * * *", "Every 5 minutes"),
    ("0-59/5 * * * *", "Every 5 minutes"),
    ("0 * * * *", "At minute 0 of every hour"),
    ("30 * * * *", "At minute 30 of every hour"),
    ("0,30 * * * *", "At minutes 0 and 30 of every hour"),
    ("5,10,15 * * * *", "At minutes 5, 10 and 15 of every hour"),
    ("0-10 * * * *", "At minutes 0 through 10 of every hour"),
    # A step that does not divide 60 is not "every 7 minutes" (56 -> 0 is 4 minutes).
    ("*/7 * * * *", "At minutes 0, 7, 14, 21, 28, 35, 42, 49 and 56 of every hour"),
    ("H/15 * * * *", "Every 15 minutes starting at minute 14"),
    ("0 0 * * *", "At 00:00"),
    ("15 3 * * *", "At 03:15"),
    ("0 1,3,5 * * *", "At 01:00, 03:00 and 05:00"),
    ("0,30 9,17 * * *", "At 09:00, 09:30, 17:00 and 17:30"),
    ("0 8,12,18,20,22 * * *", "At 08:00, 12:00, 18:00, 20:00 and 22:00"),
    ("0 9-17 * * *", "Every hour from 09:00 through 17:00"),
    ("30 9-17 * * *", "Every hour from 09:30 through 17:30"),
    ("0 */2 * * *", "Every 2 hours from 00:00 through 22:00"),
    ("0 9-17/2 * * *", "Every 2 hours from 09:00 through 17:00"),
    ("* 2 * * *", "Every minute from 02:00 through 02:59"),
    ("0-10 2 * * *", "Every minute from 02:00 through 02:10"),
    ("*/20 9-17 * * *", "Every 20 minutes from 09:00 through 17:40"),
    ("0,30 9-17 * * *", "At minutes 0 and 30 of every hour from 09:00 through 17:30"),
    ("*/15 */2 * * *", "Every 15 minutes of every 2nd hour from 00:00 through 22:45"),
    ("*/15 9,17 * * *", "Every 15 minutes of hours 9 and 17"),
    # Days of the month
    ("0 0 1 * *", "At 00:00, on the 1st of the month"),
    ("0 0 1,15 * *", "At 00:00, on the 1st and 15th of the month"),
    ("0 0 1-5 * *", "At 00:00, on the 1st through 5th of the month"),
    ("0 0 */2 * *", "At 00:00, on every 2nd day of the month, starting on the 1st"),
    ("0 0 L * *", "At 00:00, on the last day of the month"),
    ("0 0 L-1 * *", "At 00:00, on the day before the last day of the month"),
    ("0 0 L-3 * *", "At 00:00, on the 3rd day before the last day of the month"),
    ("0 0 15W * *", "At 00:00, on the weekday nearest the 15th of the month"),
    ("0 0 LW * *", "At 00:00, on the last weekday of the month"),
    ("0 0 1,L * *", "At 00:00, on the 1st and the last day of the month"),
    # Days of the week
    ("0 0 * * 1-5", "At 00:00, on Monday through Friday"),
    ("0 12 * * mon,wed,fri", "At 12:00, on Monday, Wednesday and Friday"),
    ("5 4 * * sun", "At 04:05, on Sunday"),
    ("0 0 * * 0,6", "At 00:00, on Saturday and Sunday"),
    ("0 0 * * sat-sun", "At 00:00, on Saturday and Sunday"),
    ("0 0 * * sun-thu", "At 00:00, on Sunday through Thursday"),
    ("0 0 * * 7", "At 00:00, on Sunday"),
    ("0 0 * * L5", "At 00:00, on the last Friday of the month"),
    ("0 0 * * mon#1", "At 00:00, on the first Monday of the month"),
    ("0 0 * * 1#2,5#3", "At 00:00, on the second Monday and the third Friday of the month"),
    ("0 0 * * mon#1,L5", "At 00:00, on the first Monday and the last Friday of the month"),
    # The AND rule: both day fields restricted means both must hold.
    ("0 0 13 * 5", "At 00:00, on the 13th of the month, only when it is a Friday"),
    ("0 0 1-7 * mon", "At 00:00, on the 1st through 7th of the month, only when it is a Monday"),
    ("0 0 13 * 0,6", "At 00:00, on the 13th of the month, only when it is Saturday or Sunday"),
    ("0 0 13 * 1-5", "At 00:00, on the 13th of the month, only when it is Monday through Friday"),
    (
        "0 0 L * L5",
        "At 00:00, on the last day of the month, only when it is the last Friday of the month",
    ),
    (
        "0 0 */2 * mon",
        "At 00:00, on every 2nd day of the month, starting on the 1st, only when it is a Monday",
    ),
    # Months and one date a year
    ("0 0 1 1 *", "At 00:00, on January 1st"),
    ("0 0 13 9 5", "At 00:00, on September 13th, only when it is a Friday"),
    ("0 0 1 1-3 *", "At 00:00, on the 1st of the month, in January through March"),
    ("0 0 1 */3 *", "At 00:00, on the 1st of the month, in January, April, July and October"),
    ("0 0 * jun-aug *", "At 00:00, in June through August"),
    ("0 0 30 2 *", "At 00:00, on February 30th"),  # says what it asks for; lint says never
    # Years (a 6-field expression ends in a year, not seconds)
    ("*/10 * * * * *", "Every 10 minutes"),
    ("0 0 1 1 * 2030", "At 00:00, on January 1st, in 2030"),
    ("0 0 1 * * 2030-2035", "At 00:00, on the 1st of the month, in 2030 through 2035"),
    ("0 0 1 1 * 2030,2032", "At 00:00, on January 1st, in 2030 and 2032"),
    # Seconds (7 fields: second first, year last)
    ("* * * * * * *", "Every second"),
    ("*/15 * * * * * *", "Every 15 seconds"),
    ("30 * * * * * *", "At second 30 of every minute"),
    ("0,30 * * * * * *", "At seconds 0 and 30 of every minute"),
    ("30 0 0 * * * *", "At 00:00:30"),
    ("0 0 0 * * * *", "At 00:00"),
    ("*/15 30 0 1 * * *", "Every 15 seconds during 00:30, on the 1st of the month"),
    ("*/10 * 9 * * * *", "Every 10 seconds from 09:00 through 09:59"),
    ("30 */15 * * * * *", "At second 30 of the minute, every 15 minutes"),
    # Quartz-style `?` means `*`
    ("0 0 12 ? * mon-fri *", "At 12:00, on Monday through Friday"),
    # Macros read like their expansion
    ("@yearly", "At 00:00, on January 1st"),
    ("@annually", "At 00:00, on January 1st"),
    ("@monthly", "At 00:00, on the 1st of the month"),
    ("@weekly", "At 00:00, on Sunday"),
    ("@daily", "At 00:00"),
    ("@hourly", "At minute 0 of every hour"),
    ("@reboot", "Once, when the daemon starts (@reboot); never on a clock schedule"),
]


@pytest.mark.parametrize(("expression", "sentence"), SENTENCES, ids=[s[0] for s in SENTENCES])
def test_describe(expression: str, sentence: str) -> None:
    assert describe(parse(expression, hash_key=KEY)) == sentence


def test_h_schedule_reads_like_its_resolved_form() -> None:
    hashed = parse("H/15 9-17 * * mon-fri", hash_key=KEY)
    assert hashed.resolved == "14,29,44,59 9-17 * * mon-fri"
    expected = "Every 15 minutes from 09:14 through 17:59, on Monday through Friday"
    assert describe(hashed) == expected
    assert describe(parse(hashed.resolved)) == expected


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("*/15 * * * *", "0,15,30,45 * * * *"),
        ("0 0 * * fri#3", "0 0 * * 5#3"),
        ("@hourly", "0 * * * *"),
        ("0 0 * * 7", "0 0 * * 0"),
    ],
)
def test_equal_schedules_read_the_same(a: str, b: str) -> None:
    assert describe(parse(a)) == describe(parse(b))


def rows(expression: str) -> list[tuple[str, str, str, str, str]]:
    return [
        (f.name, f.source, f.resolved, f.words, f.values)
        for f in explain_fields(parse(expression, hash_key=KEY))
    ]


def test_explain_fields_five() -> None:
    assert rows("H/15 9-17 * * mon-fri") == [
        (
            "minute",
            "H/15",
            "14,29,44,59",
            "every 15 minutes starting at minute 14",
            "14, 29, 44, 59",
        ),
        ("hour", "9-17", "9-17", "at hours 9 through 17", "9-17"),
        ("day-of-month", "*", "*", "every day of the month", "1-31"),
        ("month", "*", "*", "every month", "Jan-Dec"),
        ("day-of-week", "mon-fri", "mon-fri", "Monday through Friday", "Mon-Fri"),
    ]


def test_explain_fields_six_has_a_year() -> None:
    assert rows("5 4 * 1,4 sat-sun 2030") == [
        ("minute", "5", "5", "at minute 5", "5"),
        ("hour", "4", "4", "at hour 4", "4"),
        ("day-of-month", "*", "*", "every day of the month", "1-31"),
        ("month", "1,4", "1,4", "January and April", "Jan, Apr"),
        ("day-of-week", "sat-sun", "sat-sun", "Saturday and Sunday", "Sun, Sat"),
        ("year", "2030", "2030", "2030", "2030"),
    ]


def test_explain_fields_seven_has_seconds_and_year() -> None:
    assert rows("*/15 30 0 1 * * *") == [
        ("second", "*/15", "*/15", "every 15 seconds", "0, 15, 30, 45"),
        ("minute", "30", "30", "at minute 30", "30"),
        ("hour", "0", "0", "at hour 0", "0"),
        ("day-of-month", "1", "1", "the 1st of the month", "1"),
        ("month", "*", "*", "every month", "Jan-Dec"),
        ("day-of-week", "*", "*", "every day of the week", "Sun-Sat"),
        ("year", "*", "*", "every year", "1970-2099"),
    ]


def test_explain_fields_special_day_forms() -> None:
    by_name = {r[0]: r for r in rows("0 0 L-2,15W,LW * L5,mon#2 2030-2032")}
    assert by_name["day-of-month"][3:] == (
        "the 2nd day before the last day, the weekday nearest the 15th and the last "
        "weekday of the month",
        "L-2, 15W, LW",
    )
    assert by_name["day-of-week"][3:] == (
        "the second Monday and the last Friday of the month",
        "Mon#2, last Fri",
    )
    assert by_name["year"][3:] == ("2030 through 2032", "2030-2032")


def test_explain_fields_uneven_step_is_listed() -> None:
    assert rows("*/7 */6 ? * ?")[:3] == [
        (
            "minute",
            "*/7",
            "*/7",
            "at minutes 0, 7, 14, 21, 28, 35, 42, 49 and 56",
            "0, 7, 14, 21, 28, 35, 42, 49, 56",
        ),
        ("hour", "*/6", "*/6", "every 6 hours", "0, 6, 12, 18"),
        ("day-of-month", "?", "?", "every day of the month", "1-31"),
    ]


def test_explain_fields_macro_and_reboot() -> None:
    assert [r[0] for r in rows("@weekly")] == [
        "minute",
        "hour",
        "day-of-month",
        "month",
        "day-of-week",
    ]
    assert rows("@weekly")[-1] == ("day-of-week", "0", "0", "Sunday", "Sun")
    assert rows("@reboot") == []


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (23, "23rd"),
        (31, "31st"),
    ],
)
def test_ordinal(n: int, text: str) -> None:
    assert ordinal(n) == text


def test_compress_runs() -> None:
    assert compress([9, 1, 2, 3, 7]) == "1-3, 7 and 9"
    assert compress([1, 2]) == "1 and 2"
    assert compress([4]) == "4"
    assert compress([1, 2, 3, 5], final=", ") == "1-3, 5"
