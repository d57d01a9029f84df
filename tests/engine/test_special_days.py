"""Special day forms (docs/dialect.md): L, L-n, nW, LW (day-of-month); Ln, La-b, d#n (day-of-week).

Expected days were read off printed calendars. The months used, with their first and last
weekdays: 2023-02 Wed..Tue (28 days); 2024-02 Thu..Thu (29); 2024-03 Fri..Sun (31);
2024-04 Mon..Tue (30); 2024-05 Wed..Fri (31); 2024-06 Sat..Sun (30); 2024-07 Mon..Wed (31);
2024-08 Thu..Sat (31); 2024-09 Sun..Mon (30); 2024-11 Fri..Sat (30); 2026-02 Sun..Sat (28).
"""

from __future__ import annotations

import pytest

from cronstable_cli import CronTab

from .helpers import at, next_fires


def days(expr: str, now: str, count: int) -> list[str | None]:
    """The dates of the next `count` fires after `now`; None ends the list."""
    return next_fires(expr, now, count, "%Y-%m-%d")


# expression | now | the next fire days
SEQUENCES = [
    # L: the last day, leap years included
    pytest.param(
        "0 0 L * *", "2024-01-31 00:00", ["2024-02-29", "2024-03-31", "2024-04-30"], id="L-leap"
    ),
    pytest.param("0 0 L * *", "2023-01-31 00:00", ["2023-02-28", "2023-03-31"], id="L-common"),
    pytest.param(
        "0 0 L 2 *",
        "2096-03-01 00:00",
        ["2097-02-28", "2098-02-28", "2099-02-28", None],
        id="L-feb-to-horizon",
    ),
    # L-n: n days before the last day
    pytest.param(
        "0 0 L-1 * *", "2024-02-01 00:00", ["2024-02-28", "2024-03-30", "2024-04-29"], id="L-1"
    ),
    pytest.param("0 0 L-1 2 *", "2023-01-01 00:00", ["2023-02-27", "2024-02-28"], id="L-1-feb"),
    pytest.param(
        "0 0 L-30 * *",
        "2024-01-01 00:00",
        ["2024-03-01", "2024-05-01", "2024-07-01"],
        id="L-30-only-31-day-months",
    ),
    pytest.param("0 0 L-30 2 *", "2024-01-01 00:00", [None], id="L-30-in-feb-never"),
    pytest.param(
        "0 0 L-28 2 *", "2023-01-01 00:00", ["2024-02-01", "2028-02-01"], id="L-28-only-leap-feb"
    ),
    # nW: the nearest Mon-Fri, never leaving the month
    pytest.param(
        "0 0 1W * *",
        "2024-05-31 00:00",
        ["2024-06-03", "2024-07-01"],
        id="1W-saturday-1st-to-monday-3rd",
    ),
    pytest.param("0 0 1W * *", "2024-08-31 00:00", ["2024-09-02"], id="1W-sunday-1st-to-2nd"),
    pytest.param(
        "0 0 31W * *", "2024-03-01 00:00", ["2024-03-29"], id="31W-sunday-31st-to-friday-29th"
    ),
    pytest.param(
        "0 0 31W * *",
        "2024-03-29 00:00",
        ["2024-05-31", "2024-07-31"],
        id="31W-skips-30-day-april-and-june",
    ),
    pytest.param("0 0 31W 4 *", "2024-01-01 00:00", [None], id="31W-in-april-never"),
    pytest.param(
        "0 0 30W * *", "2024-06-01 00:00", ["2024-06-28"], id="30W-sunday-last-day-to-friday"
    ),
    pytest.param("0 0 30W 2 *", "2024-01-01 00:00", [None], id="30W-in-feb-never"),
    pytest.param("0 0 29W 2 *", "2023-01-01 00:00", ["2024-02-29"], id="29W-only-leap-feb"),
    pytest.param("0 0 15W * *", "2024-06-01 00:00", ["2024-06-14"], id="15W-saturday-to-friday"),
    pytest.param("0 0 15W * *", "2024-09-01 00:00", ["2024-09-16"], id="15W-sunday-to-monday"),
    pytest.param("0 0 15W * *", "2024-03-01 00:00", ["2024-03-15"], id="15W-friday-stays"),
    pytest.param("0 0 15w * *", "2024-06-01 00:00", ["2024-06-14"], id="15w-lowercase"),
    # LW: the last weekday
    pytest.param(
        "0 0 LW * *",
        "2024-02-01 00:00",
        ["2024-02-29", "2024-03-29", "2024-04-30"],
        id="LW-thursday-sunday-tuesday",
    ),
    pytest.param("0 0 LW * *", "2024-06-01 00:00", ["2024-06-28"], id="LW-sunday-30th"),
    pytest.param("0 0 LW * *", "2024-11-01 00:00", ["2024-11-29"], id="LW-saturday-30th"),
    # Ln, La-b: the month's last such weekday
    pytest.param(
        "0 0 * * L5",
        "2024-02-01 00:00",
        ["2024-02-23", "2024-03-29", "2024-04-26"],
        id="L5-last-friday",
    ),
    pytest.param("0 0 * * l5", "2024-02-01 00:00", ["2024-02-23"], id="l5-lowercase"),
    pytest.param(
        "0 0 * * L0", "2024-03-01 00:00", ["2024-03-31", "2024-04-28"], id="L0-last-sunday"
    ),
    pytest.param(
        "0 0 * * L7", "2024-03-01 00:00", ["2024-03-31", "2024-04-28"], id="L7-last-sunday"
    ),
    pytest.param(
        "0 0 * * L1-5",
        "2024-06-01 00:00",
        [
            "2024-06-24",
            "2024-06-25",
            "2024-06-26",
            "2024-06-27",
            "2024-06-28",
            "2024-07-25",
            "2024-07-26",
            "2024-07-29",
            "2024-07-30",
            "2024-07-31",
        ],
        id="L1-5-last-of-each-weekday",
    ),
    pytest.param(
        "0 0 * * L6-7",
        "2024-06-01 00:00",
        ["2024-06-29", "2024-06-30"],
        id="L6-7-saturday-and-sunday",
    ),
    # As in the daemon: a reversed L range is legal and matches nothing; an end of 0 does
    # not wrap to 7 inside L (L6-0 is reversed), unlike a plain range.
    pytest.param("0 0 * * L5-1", "2024-06-01 00:00", [None], id="L5-1-reversed-never"),
    pytest.param("0 0 * * L6-0", "2024-06-01 00:00", [None], id="L6-0-reversed-never"),
    pytest.param("0 0 * * L5-1,1", "2024-06-01 00:00", ["2024-06-03"], id="L5-1-adds-nothing"),
    # d#n: the n-th such weekday; months without one are skipped
    pytest.param(
        "0 0 * * 1#1",
        "2024-06-01 00:00",
        ["2024-06-03", "2024-07-01", "2024-08-05"],
        id="first-monday",
    ),
    pytest.param("0 0 * * MON#1", "2024-06-01 00:00", ["2024-06-03"], id="MON#1"),
    pytest.param("0 0 * * fri#3", "2024-06-01 00:00", ["2024-06-21"], id="fri#3"),
    pytest.param(
        "0 0 * * 5#5",
        "2024-01-01 00:00",
        ["2024-03-29", "2024-05-31", "2024-08-30", "2024-11-29"],
        id="fifth-friday-skips-months",
    ),
    pytest.param("0 0 * * 0#5", "2024-06-01 00:00", ["2024-06-30"], id="0#5"),
    pytest.param("0 0 * * 7#5", "2024-06-01 00:00", ["2024-06-30"], id="7#5"),
    pytest.param("0 0 * 2 0#5", "2024-01-01 00:00", ["2032-02-29"], id="fifth-sunday-of-february"),
    # special forms are ordinary list items
    pytest.param(
        "0 0 1,15W,L * *",
        "2024-05-31 12:00",
        ["2024-06-01", "2024-06-14", "2024-06-30"],
        id="1,15W,L",
    ),
    pytest.param("0 0 L,L-1 * *", "2024-02-01 00:00", ["2024-02-28", "2024-02-29"], id="L,L-1"),
    pytest.param(
        "0 0 * * mon#1,L5",
        "2024-06-01 00:00",
        ["2024-06-03", "2024-06-28", "2024-07-01", "2024-07-26"],
        id="mon#1,L5",
    ),
    pytest.param(
        "0 0 * * 1#1,1#1", "2024-06-01 00:00", ["2024-06-03", "2024-07-01"], id="duplicate-items"
    ),
    # AND rule with special forms
    pytest.param("0 0 L * 5", "2024-01-01 00:00", ["2024-05-31"], id="last-day-on-a-friday"),
    pytest.param(
        "0 0 1W * 1", "2024-01-02 00:00", ["2024-04-01", "2024-06-03"], id="1W-on-a-monday"
    ),
    pytest.param(
        "0 0 L * 5#5",
        "2024-01-01 00:00",
        ["2024-05-31", "2025-01-31"],
        id="last-day-and-fifth-friday",
    ),
]


@pytest.mark.parametrize(("expr", "now", "expected"), SEQUENCES)
def test_next_days(expr: str, now: str, expected: list[str | None]) -> None:
    assert days(expr, now, len(expected)) == expected


# expression | now | previous fire
PREV = [
    pytest.param("0 0 L * *", "2024-03-01 00:00", "2024-02-29 00:00", id="L"),
    pytest.param("0 0 31W * *", "2024-05-01 00:00", "2024-03-29 00:00", id="31W"),
    pytest.param("0 0 1W * *", "2024-06-04 00:00", "2024-06-03 00:00", id="1W"),
    pytest.param("0 0 * * 5#5", "2024-08-01 00:00", "2024-05-31 00:00", id="5#5"),
    pytest.param("0 0 * * L5", "2024-03-29 00:00", "2024-02-23 00:00", id="L5"),
    pytest.param("0 0 L-30 2 *", "2099-12-31 00:00", None, id="never"),
]


@pytest.mark.parametrize(("expr", "now", "expected"), PREV)
def test_prev(expr: str, now: str, expected: str | None) -> None:
    assert CronTab(expr).prev(at(now)) == (None if expected is None else at(expected))


# expression | instant | does it match
TEST = [
    pytest.param("0 0 1W * *", "2024-06-03 00:00", True, id="1W-moved-to-monday"),
    pytest.param("0 0 1W * *", "2024-06-01 00:00", False, id="1W-not-on-saturday"),
    pytest.param("0 0 LW * *", "2024-06-30 00:00", False, id="LW-not-on-sunday"),
    pytest.param("0 0 L * *", "2024-02-29 00:00", True, id="L-leap"),
    pytest.param("0 0 L * *", "2024-02-28 00:00", False, id="L-not-28th-in-leap"),
    pytest.param("0 0 * * 5#5", "2024-03-29 00:00", True, id="fifth-friday"),
    pytest.param("0 0 * * 5#4", "2024-03-29 00:00", False, id="fourth-is-not-fifth"),
    pytest.param("0 0 * * L5", "2024-03-22 00:00", False, id="not-the-last-friday"),
]


@pytest.mark.parametrize(("expr", "instant", "expected"), TEST)
def test_test(expr: str, instant: str, expected: bool) -> None:
    assert CronTab(expr).test(at(instant)) is expected
