"""A month's day mask (what the search reads) against a calendar, and against its two halves.

`month_mask` is the search's one-pass AND of the day fields; `field_masks` gives the two
halves separately (for `why`). Plain day fields are checked against the standard library's
calendar; special forms (L, W, #) against the AND of the halves, whose special days
test_special_days.py pins through next().
"""

from __future__ import annotations

from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.engine import parse
from cronstable_cli.engine.schedule import days_in_month, field_masks, month_mask

years = st.integers(min_value=1970, max_value=2099)
months = st.integers(min_value=1, max_value=12)
plain_days = st.frozensets(st.integers(min_value=1, max_value=31), min_size=1)
plain_weekdays = st.frozensets(st.integers(min_value=0, max_value=6), min_size=1)


def _calendar_mask(days: frozenset[int], weekdays: frozenset[int], year: int, month: int) -> int:
    """Bit d for each day d of the month in `days` whose weekday (0 = Sunday) is in `weekdays`."""
    mask = 0
    for d in range(1, days_in_month(year, month) + 1):
        if d in days and date(year, month, d).isoweekday() % 7 in weekdays:
            mask |= 1 << d
    return mask


@settings(max_examples=300, deadline=None)
@given(plain_days, plain_weekdays, years, months)
def test_plain_fields_mask_the_calendar_days(
    days: frozenset[int], weekdays: frozenset[int], year: int, month: int
) -> None:
    expr = f"0 0 {','.join(map(str, sorted(days)))} * {','.join(map(str, sorted(weekdays)))}"
    p = parse(expr)
    assert month_mask(p.dom, p.dow, year, month) == _calendar_mask(days, weekdays, year, month)


def test_every_day_and_a_friday_the_13th_by_hand() -> None:
    every = parse("0 0 * * *")
    assert month_mask(every.dom, every.dow, 2024, 2) == sum(1 << d for d in range(1, 30))
    assert month_mask(every.dom, every.dow, 2100 - 1, 2) == sum(1 << d for d in range(1, 29))
    friday_13th = parse("0 0 13 * 5")
    assert month_mask(friday_13th.dom, friday_13th.dow, 2026, 2) == 1 << 13  # Fri 13 Feb 2026
    assert month_mask(friday_13th.dom, friday_13th.dow, 2026, 1) == 0  # Tue 13 Jan 2026


SPECIAL_DOM = ["*", "L", "L-3", "15W", "LW", "1W,L", "1,15", "*/2", "31"]
SPECIAL_DOW = ["*", "1-5", "L5", "mon#1", "2#3,4#3", "0", "sun-thu", "L0,3#5"]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SPECIAL_DOM), st.sampled_from(SPECIAL_DOW), years, months)
def test_the_one_pass_mask_is_the_and_of_the_two_halves(
    dom: str, dow: str, year: int, month: int
) -> None:
    p = parse(f"0 0 {dom} * {dow}")
    dom_mask, dow_mask = field_masks(p.dom, p.dow, year, month)
    assert month_mask(p.dom, p.dow, year, month) == dom_mask & dow_mask
