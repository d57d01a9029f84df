"""A backwards range is an error whose hint is the equivalent wrapped spelling.

`22-2` in hours means "22:00 through 02:00"; the hint must say `22-23,0-2`,
never the reversed range `2-22`, which selects the opposite hours.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cronstable_cli import CronTab, ScheduleError
from cronstable_cli.engine import parse


def _hint(expr: str) -> str:
    with pytest.raises(ScheduleError) as info:
        parse(expr)
    assert info.value.hint is not None
    return info.value.hint


def _suggested(hint: str) -> str:
    match = re.search(r"(?:write it as|walks through:) (\S+)$", hint)
    assert match, hint
    return match.group(1)


# expression | the spelling the hint must give (checked by hand)
HAND_CHECKED = [
    pytest.param("0 22-2 * * *", "22-23,0-2", id="hours-over-midnight"),
    pytest.param("50-10 * * * *", "50-59,0-10", id="minutes-over-the-hour"),
    pytest.param("0 0 28-3 * *", "28-31,1-3", id="days-over-month-end"),
    pytest.param("0 0 1 nov-feb *", "nov-dec,jan-feb", id="month-names-over-new-year"),
    pytest.param("0 0 1 11-2 *", "11-12,1-2", id="month-numbers-over-new-year"),
    pytest.param("0 0 1 dec-jan *", "dec,jan", id="two-months"),
    pytest.param("0 0 * * sat-mon", "sat-sun,mon", id="weekend-and-monday"),
    pytest.param("0 0 * * SAT-MON", "SAT-SUN,MON", id="upper-case-names"),
    pytest.param("0 0 * * fri-tue", "fri-sun,mon-tue", id="friday-to-tuesday"),
    pytest.param("0 0 * * 5-1", "5-7,1", id="weekday-numbers"),
    pytest.param("0 0 * * 7-2", "0-2", id="seven-is-sunday"),
    pytest.param("0 22-2/2 * * *", "22,0,2", id="step-keeps-its-phase"),
    pytest.param("0 22-3/3 * * *", "22,1", id="step-of-three"),
]


@pytest.mark.parametrize(("expr", "spelling"), HAND_CHECKED)
def test_hint_gives_the_equivalent_spelling(expr: str, spelling: str) -> None:
    assert _suggested(_hint(expr)) == spelling


def test_hours_hint_never_suggests_the_opposite_hours() -> None:
    hint = _hint("0 22-2 * * *")
    assert "2-22" not in hint
    assert CronTab(f"0 {_suggested(hint)} * * *").parsed.hours == {22, 23, 0, 1, 2}


def test_weekday_hint_selects_saturday_sunday_monday() -> None:
    hint = _hint("0 0 * * sat-mon")
    assert "mon-sat" not in hint
    assert CronTab(f"0 0 * * {_suggested(hint)}").parsed.dow.days == {6, 0, 1}


# Field position in a 5-field expression, the field's first and last value.
FIELDS = {"minute": (0, 0, 59), "hour": (1, 0, 23), "day-of-month": (2, 1, 31), "month": (3, 1, 12)}


@given(st.sampled_from(sorted(FIELDS)), st.data())
def test_every_backwards_range_hint_selects_the_wrapped_values(
    field: str, data: st.DataObject
) -> None:
    index, lo, hi = FIELDS[field]
    start = data.draw(st.integers(lo + 1, hi))
    end = data.draw(st.integers(lo, start - 1))
    tokens = ["0", "0", "1", "1", "*"]
    tokens[index] = f"{start}-{end}"
    fixed = list(tokens)
    fixed[index] = _suggested(_hint(" ".join(tokens)))
    parsed = CronTab(" ".join(fixed)).parsed
    got = (parsed.minutes, parsed.hours, parsed.dom.days, parsed.months)[index]
    assert got == set(range(start, hi + 1)) | set(range(lo, end + 1))


@given(st.integers(2, 6), st.data())
def test_every_backwards_weekday_range_hint_selects_the_wrapped_days(
    start: int, data: st.DataObject
) -> None:
    end = data.draw(st.integers(1, start - 1))
    names = ("sun", "mon", "tue", "wed", "thu", "fri", "sat")
    for written in (f"{start}-{end}", f"{names[start]}-{names[end]}"):
        fixed = _suggested(_hint(f"0 0 * * {written}"))
        days = CronTab(f"0 0 * * {fixed}").parsed.dow.days
        assert days == set(range(start, 7)) | set(range(0, end + 1))
