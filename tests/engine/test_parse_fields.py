"""`Parsed.fields`: each field as written, as resolved, and its 1-based column.

The parser leaves the field texts to be read on first use, from the text as
written; these vectors are counted by hand (1 = the expression's first character,
0 = a field nobody wrote: the implied second and year, a macro's expansion).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cronstable_cli.engine import DayOfMonth, DayOfWeek, ScheduleError, parse, parser
from cronstable_cli.engine.fields import (
    ALL_FIELDS,
    DAY_OF_MONTH,
    DAY_OF_WEEK,
    HOUR,
    MINUTE,
    MONTH,
    YEAR,
    FieldSpec,
)
from cronstable_cli.engine.h_items import is_hashed
from cronstable_cli.engine.items import Acc, day_field, finish, parse_item, simple_field

# expression | (field text, column) in canonical order: second .. year
LAYOUTS = [
    ("0 9 * * 1-5", [("0", 0), ("0", 1), ("9", 3), ("*", 5), ("*", 7), ("1-5", 9), ("*", 0)]),
    ("0  9 * * 1-5", [("0", 0), ("0", 1), ("9", 4), ("*", 6), ("*", 8), ("1-5", 10), ("*", 0)]),
    ("  */5 * * * *  ", [("0", 0), ("*/5", 3), ("*", 7), ("*", 9), ("*", 11), ("*", 13), ("*", 0)]),
    ("0\t0 1 1 * 2026", [("0", 0), ("0", 1), ("0", 3), ("1", 5), ("1", 7), ("*", 9), ("2026", 11)]),
    (
        "30 0 12 * * mon 2027",
        [("30", 1), ("0", 4), ("12", 6), ("*", 9), ("*", 11), ("mon", 13), ("2027", 17)],
    ),
    ("@daily", [("0", 0), ("0", 0), ("0", 0), ("*", 0), ("*", 0), ("*", 0), ("*", 0)]),
    ("@WEEKLY", [("0", 0), ("0", 0), ("0", 0), ("*", 0), ("*", 0), ("0", 0), ("*", 0)]),
]
NAMES = ["second", "minute", "hour", "day-of-month", "month", "day-of-week", "year"]


@pytest.mark.parametrize(("expr", "layout"), LAYOUTS)
def test_fields_hold_each_text_and_column_as_written(
    expr: str, layout: list[tuple[str, int]]
) -> None:
    fields = parse(expr).fields
    assert [(f.source, f.column) for f in fields] == layout
    assert [f.spec.name for f in fields] == NAMES
    assert all(f.resolved == f.source and not f.hashed for f in fields)


def test_midnight_reads_as_daily_with_unwritten_fields() -> None:
    assert parse("@midnight", crontab=True).fields == parse("@daily").fields


def test_reboot_has_no_fields() -> None:
    assert parse("@reboot").fields == ()


def test_hashed_fields_resolve_to_the_values_they_select() -> None:
    p = parse("H(0-29) H/6 * * mon-fri", "job-7")
    minute, hour, dom = p.fields[1], p.fields[2], p.fields[3]
    assert (minute.hashed, hour.hashed, dom.hashed) == (True, True, False)
    assert (minute.source, minute.column, hour.source, hour.column) == ("H(0-29)", 1, "H/6", 9)
    assert minute.resolved == str(min(p.minutes)) and len(p.minutes) == 1
    assert hour.resolved == ",".join(map(str, sorted(p.hours))) and len(p.hours) == 4
    assert p.resolved == f"{minute.resolved} {hour.resolved} * * mon-fri"
    assert p.uses_hash and not parse("0 0 * * thu", "job-7").uses_hash


def test_texts_differing_only_in_spacing_after_the_last_field_are_equal() -> None:
    # Equal columns, equal fields: the same parse, as for any two such texts.
    assert parse("0 0 * * * ") == parse("0 0 * * *")
    assert parse("0\t0 * * *") == parse("0 0 * * *")
    assert parse("0  0 * * *") != parse("0 0 * * *")  # the columns differ


def test_an_error_in_irregular_spacing_names_the_column_as_written() -> None:
    with pytest.raises(ScheduleError) as info:
        parse("0  0 32 * *")
    assert (info.value.field, info.value.item, info.value.column) == ("day-of-month", "32", 6)


# Valid everywhere in minute .. month; `th...` words only in day-of-week. `thu` and
# `sun-thu` hold an h but no H item.
ITEM = st.sampled_from(["H", "h", "H/5", "H(1-5)", "5", "*", "1-3"])
WEEKDAY_ITEM = st.sampled_from(["H", "h/2", "thu", "sun-thu", "5", "*"])


@given(
    st.lists(st.lists(ITEM, min_size=1, max_size=3), min_size=4, max_size=4),
    st.lists(WEEKDAY_ITEM, min_size=1, max_size=2),
)
def test_a_first_parse_learns_moduli_exactly_for_h_items(
    fields: list[list[str]], weekdays: list[str]
) -> None:
    fields = [*fields, weekdays]
    text = " ".join(",".join(items) for items in fields)
    parser.clear_caches()
    parsed = parse(text, "job-3")
    hashed = any(is_hashed(item) for items in fields for item in items)
    assert (parser._MODULI.get(text, ()) != ()) == hashed == parsed.uses_hash


def _general(spec: FieldSpec, text: str) -> object:
    """A field's values through the item grammar alone (no fast path)."""
    value = _general_field(spec, text)
    if value is None or spec not in (DAY_OF_MONTH, DAY_OF_WEEK):
        return value
    return value[0]  # type: ignore[index]


def _general_field(spec: FieldSpec, text: str) -> object:
    """A field's whole value (a day field's special forms too) through the item grammar."""
    acc = Acc()
    try:
        for item in text.split(","):
            if not item:
                raise ScheduleError("empty item")
            parse_item(spec, item, 1, acc)
    except ScheduleError:
        return None
    return finish(spec, acc)


NUMBERISH = st.sampled_from(
    ["0", "1", "5", "6", "7", "00", "07", "12", "23", "31", "59", "60", "mon", "Sun", "sat", "JAN"]
)
SIMPLE_ITEM = st.one_of(
    NUMBERISH,
    st.builds(lambda a, b: f"{a}-{b}", NUMBERISH, NUMBERISH),
    st.builds(lambda a, n: f"{a}/{n}", st.sampled_from(["*", "0", "5", "7"]), NUMBERISH),
    st.builds(lambda a, b, n: f"{a}-{b}/{n}", NUMBERISH, NUMBERISH, NUMBERISH),
    st.sampled_from(["*", "", "x"]),
)


# Hand-checked: 7 is Sunday (0) again, a list is the union of its items.
FAST_VECTORS = [
    (DAY_OF_WEEK, "7", {0}),
    (DAY_OF_WEEK, "5-7", {5, 6, 0}),
    (DAY_OF_WEEK, "1-5,7", {1, 2, 3, 4, 5, 0}),
    (MINUTE, "5,35", {5, 35}),
    (MINUTE, "0-30/10,45", {0, 10, 20, 30, 45}),
    (DAY_OF_MONTH, "1,15", {1, 15}),
    (DAY_OF_WEEK, "mon-fri", {1, 2, 3, 4, 5}),
    (DAY_OF_WEEK, "SUN-thu", {0, 1, 2, 3, 4}),
    (MONTH, "jan,Jul", {1, 7}),
    (MONTH, "mar-5/2", {3, 5}),
    # Lists of lone values (one look-up each), 7 among them as Sunday.
    (MINUTE, "0,15,39", {0, 15, 39}),
    (DAY_OF_WEEK, "7,1", {0, 1}),
    (DAY_OF_WEEK, "sat,7,SUN", {6, 0}),
    # Runs and steps: slices of the field's numbers.
    (DAY_OF_WEEK, "7-7", {0}),
    (MINUTE, "*/20", {0, 20, 40}),
    (MINUTE, "50-59", set(range(50, 60))),
    (YEAR, "2097-2099", {2097, 2098, 2099}),
    (HOUR, "3-23/5", {3, 8, 13, 18, 23}),
]


@pytest.mark.parametrize(("spec", "text", "values"), FAST_VECTORS)
def test_fast_path_vectors(spec: FieldSpec, text: str, values: set[int]) -> None:
    assert simple_field(spec, text) == values == _general(spec, text)


# Hand-checked against the daemon: a day-of-week range ending in 0 reads its end
# as 7, so `0-0` is every day and `sat-sun` Saturday and Sunday; other spellings
# of a value (`005`, `jAn`) are read by the grammar, not the fast path, which
# also refuses a name as a step.
@pytest.mark.parametrize(
    ("spec", "text", "values"),
    [
        (DAY_OF_WEEK, "0-0", set(range(7))),
        (DAY_OF_WEEK, "sat-sun", {6, 0}),
        (MINUTE, "005", {5}),
        (MONTH, "jAn-Mar", {1, 2, 3}),
        (MONTH, "*/JAN", None),  # a step is a number, not a name
    ],
)
def test_what_the_fast_path_declines_goes_to_the_grammar(
    spec: FieldSpec, text: str, values: set[int] | None
) -> None:
    assert simple_field(spec, text) is None
    assert _general(spec, text) == values


@given(
    st.sampled_from([s for s in ALL_FIELDS if s is not YEAR]),
    st.lists(SIMPLE_ITEM, min_size=1, max_size=3).map(",".join),
)
def test_the_fast_path_agrees_with_the_item_grammar(spec: FieldSpec, text: str) -> None:
    fast = simple_field(spec, text)
    if fast is not None:  # whatever the fast path accepts, the grammar gives the same values
        assert fast == _general(spec, text)


def _general_value(spec: FieldSpec, text: str) -> object:
    """A day field's whole value (special forms included) through the item grammar alone."""
    acc = Acc()
    try:
        parse_item(spec, text, 1, acc)
    except ScheduleError:
        return None
    return finish(spec, acc)


# Hand-checked: L-n counts back from the month's last day, d#n is (weekday, n).
SPECIAL_VECTORS = [
    (DAY_OF_MONTH, "L", DayOfMonth(frozenset(), frozenset({0}))),
    (DAY_OF_MONTH, "L-3", DayOfMonth(frozenset(), frozenset({3}))),
    (DAY_OF_MONTH, "15W", DayOfMonth(frozenset(), frozenset(), frozenset({15}))),
    (DAY_OF_MONTH, "LW", DayOfMonth(frozenset(), last_weekday=True)),
    (DAY_OF_WEEK, "L5", DayOfWeek(frozenset(), frozenset({5}))),
    (DAY_OF_WEEK, "L7", DayOfWeek(frozenset(), frozenset({0}))),
    (DAY_OF_WEEK, "mon#1", DayOfWeek(frozenset(), frozenset(), frozenset({(1, 1)}))),
    (DAY_OF_WEEK, "7#5", DayOfWeek(frozenset(), frozenset(), frozenset({(0, 5)}))),
]


@pytest.mark.parametrize(("spec", "text", "value"), SPECIAL_VECTORS)
def test_special_fast_path_vectors(spec: FieldSpec, text: str, value: object) -> None:
    assert day_field(spec, text) == value == _general_value(spec, text)


SPECIAL_NUMBER = st.sampled_from(["", "0", "1", "3", "5", "6", "7", "8", "15", "30", "31", "32"])
SPECIAL_ITEM = st.one_of(
    st.builds(lambda n: f"L-{n}", SPECIAL_NUMBER),
    st.builds(lambda n: f"{n}W", SPECIAL_NUMBER),
    st.builds(lambda n: f"L{n}", SPECIAL_NUMBER),
    st.builds(
        lambda d, n: f"{d}#{n}",
        st.one_of(SPECIAL_NUMBER, st.just("Fri")),
        st.one_of(SPECIAL_NUMBER, st.just("Mon")),
    ),
    st.sampled_from(
        ["L", "LW", "l", "lw", "W", "L5-6", "5L", "#", "L-", "Lmon", "L-05", "Wed", "05W"]
    ),
)


@given(st.sampled_from([DAY_OF_MONTH, DAY_OF_WEEK]), SPECIAL_ITEM)
def test_the_special_fast_path_agrees_with_the_item_grammar(spec: FieldSpec, text: str) -> None:
    fast = day_field(spec, text)
    if fast is not None:  # whatever the fast path accepts, the grammar gives the same value
        assert fast == _general_value(spec, text)


# Hand-checked: a list's special items and plain items each land in their own set.
SPECIAL_LISTS = [
    (DAY_OF_MONTH, "1W,L", DayOfMonth(frozenset(), frozenset({0}), frozenset({1}))),
    (DAY_OF_MONTH, "1,15,L-2", DayOfMonth(frozenset({1, 15}), frozenset({2}))),
    (DAY_OF_MONTH, "LW,10-12", DayOfMonth(frozenset({10, 11, 12}), last_weekday=True)),
    (DAY_OF_WEEK, "2#3,4#3", DayOfWeek(frozenset(), frozenset(), frozenset({(2, 3), (4, 3)}))),
    (DAY_OF_WEEK, "L7,mon-wed", DayOfWeek(frozenset({1, 2, 3}), frozenset({0}))),
    (DAY_OF_WEEK, "Fri#5,6", DayOfWeek(frozenset({6}), frozenset(), frozenset({(5, 5)}))),
]


@pytest.mark.parametrize(("spec", "text", "value"), SPECIAL_LISTS)
def test_special_lists_vectors(spec: FieldSpec, text: str, value: object) -> None:
    assert day_field(spec, text) == value == _general_field(spec, text)


@given(
    st.sampled_from([DAY_OF_MONTH, DAY_OF_WEEK]),
    st.lists(st.one_of(SPECIAL_ITEM, SIMPLE_ITEM), min_size=1, max_size=3).map(",".join),
)
def test_special_lists_agree_with_the_item_grammar(spec: FieldSpec, text: str) -> None:
    fast = day_field(spec, text)
    if fast is not None:  # whatever the fast path accepts, the grammar gives the same value
        assert fast == _general_field(spec, text)
