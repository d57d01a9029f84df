"""The search's lookup tables against their definition, value by value.

`_next_table` and `_prev_table` build each table from runs, slices and repetition
rather than index by index; here each table is checked against the definition
written out with min/max over the field's values, for random fields of the
time-of-day span (seconds, minutes, hours and months share it) and of years.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.engine.fields import YEAR_MAX, YEAR_MIN
from cronstable_cli.engine.schedule import _next_table, _prev_table

SPANS = [(0, 59), (YEAR_MIN, YEAR_MAX)]


def _next_by_definition(values: frozenset[int], lo: int, hi: int) -> list[int]:
    return [min((v for v in values if v >= i), default=-1) for i in range(lo, hi + 2)]


def _prev_by_definition(values: frozenset[int], lo: int, hi: int) -> list[int]:
    return [max((v for v in values if v <= i), default=-1) for i in range(lo, hi + 2)]


@st.composite
def fields(draw: st.DrawFn) -> tuple[frozenset[int], int, int]:
    lo, hi = draw(st.sampled_from(SPANS))
    values = st.integers(min_value=lo, max_value=hi)
    shape = draw(st.sampled_from(["any", "run", "all"]))
    if shape == "run":  # `a-b`: the tables' slice path
        a, b = sorted((draw(values), draw(values)))
        return frozenset(range(a, b + 1)), lo, hi
    if shape == "all":  # `*`: the path that skips the sort
        return frozenset(range(lo, hi + 1)), lo, hi
    return draw(st.frozensets(values, max_size=20)), lo, hi


@settings(max_examples=300, deadline=None)
@given(fields())
def test_next_tables_hold_the_smallest_value_at_or_after_each_index(
    field: tuple[frozenset[int], int, int],
) -> None:
    values, lo, hi = field
    assert _next_table(values, lo, hi) == _next_by_definition(values, lo, hi)


@settings(max_examples=300, deadline=None)
@given(fields())
def test_prev_tables_hold_the_largest_value_at_or_before_each_index(
    field: tuple[frozenset[int], int, int],
) -> None:
    values, lo, hi = field
    assert _prev_table(values, lo, hi) == _prev_by_definition(values, lo, hi)


def test_hand_checked_tables() -> None:
    assert _next_table(frozenset({5, 35}), 0, 59)[:7] == [5, 5, 5, 5, 5, 5, 35]
    assert _next_table(frozenset({5, 35}), 0, 59)[36:] == [-1] * 25
    assert _next_table(frozenset(range(YEAR_MIN, YEAR_MAX + 1)), YEAR_MIN, YEAR_MAX)[-2:] == [
        YEAR_MAX,
        -1,
    ]
    assert _next_table(frozenset({2026}), YEAR_MIN, YEAR_MAX)[56:58] == [2026, -1]
