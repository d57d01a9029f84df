"""Hashed H items (docs/hashing.md): the expected values are computed here from the docs' formula.

    v = int.from_bytes(sha256(f"{label}\\n{key}".encode("utf-8")).digest()[:8], "big")

H and H(a-b) -> start + v % span; H/n and H(a-b)/n -> start + v % n, then every n up to end.
Rangeless day-of-month hashes over 1-28 and day-of-week over 0-6.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cronstable_cli import CronTab
from cronstable_cli.engine import daemon_hash, h_items, hash_value
from cronstable_cli.engine.fields import ALL_FIELDS, FieldSpec

UTC = timezone.utc
KEYS = ["refresh-cache", "backup-db", "nightly/report", "ünïcødé jöb", "x"]


def v(label: str, key: str) -> int:
    """docs/hashing.md, written out independently of the engine."""
    return int.from_bytes(hashlib.sha256(f"{label}\n{key}".encode()).digest()[:8], "big")


# field | label | position in the 7-field layout | rangeless hash range
FIELDS = [
    pytest.param("seconds", "second", 0, (0, 59), id="second"),
    pytest.param("minutes", "minute", 1, (0, 59), id="minute"),
    pytest.param("hours", "hour", 2, (0, 23), id="hour"),
    pytest.param("dom", "day-of-month", 3, (1, 28), id="day-of-month"),
    pytest.param("months", "month", 4, (1, 12), id="month"),
    pytest.param("dow", "day-of-week", 5, (0, 6), id="day-of-week"),
]


def seven(position: int, item: str) -> str:
    """A 7-field expression with `item` at `position` and `*` elsewhere."""
    fields = ["*"] * 7
    fields[position] = item
    return " ".join(fields)


def values_of(tab: CronTab, attr: str) -> frozenset[int]:
    got = getattr(tab.parsed, attr)
    return got.days if attr in ("dom", "dow") else got  # type: ignore[no-any-return]


def test_hash_value_is_the_spec_formula() -> None:
    for key in KEYS:
        for label in ("second", "minute", "hour", "day-of-month", "month", "day-of-week"):
            assert hash_value(label, key) == v(label, key)


@given(st.text(st.characters(exclude_categories=["Cs"]), max_size=80), st.text(max_size=12))
def test_hash_value_is_the_spec_formula_for_any_key(key: str, label: str) -> None:
    assert hash_value(label, key) == v(label, key)


@given(st.binary(max_size=300))
def test_the_sha256_the_hash_loads_is_hashlibs(data: bytes) -> None:
    # The interpreter's built-in SHA-256 where it has one, else hashlib's: one digest.
    assert daemon_hash._load_sha256()(data).digest() == hashlib.sha256(data).digest()


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize(("attr", "label", "position", "bounds"), FIELDS)
def test_bare_h_is_one_value_in_the_rangeless_range(
    attr: str, label: str, position: int, bounds: tuple[int, int], key: str
) -> None:
    lo, hi = bounds
    expected = lo + v(label, key) % (hi - lo + 1)
    tab = CronTab(seven(position, "H"), hash_key=key)
    assert values_of(tab, attr) == {expected}
    assert tab.resolved.split()[position] == str(expected)
    assert str(tab).split()[position] == "H"


# field | label | position | (a, b)
RANGES = [
    pytest.param("seconds", "second", 0, (0, 29), id="second"),
    pytest.param("minutes", "minute", 1, (10, 19), id="minute"),
    pytest.param("hours", "hour", 2, (9, 17), id="hour"),
    pytest.param("dom", "day-of-month", 3, (1, 31), id="day-of-month-opts-into-31"),
    pytest.param("months", "month", 4, (3, 5), id="month"),
    pytest.param("dow", "day-of-week", 5, (1, 5), id="day-of-week"),
]


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize(("attr", "label", "position", "bounds"), RANGES)
def test_ranged_h_is_start_plus_v_mod_span(
    attr: str, label: str, position: int, bounds: tuple[int, int], key: str
) -> None:
    a, b = bounds
    expected = a + v(label, key) % (b - a + 1)
    tab = CronTab(seven(position, f"H({a}-{b})"), hash_key=key)
    assert values_of(tab, attr) == {expected}


def test_day_of_week_range_may_end_in_7_which_is_sunday() -> None:
    for key in KEYS:
        expected = v("day-of-week", key) % 8 % 7
        assert CronTab("0 0 * * H(0-7)", hash_key=key).parsed.dow.days == {expected}


# field | label | position | step | rangeless hash range
STEPS = [
    pytest.param("seconds", "second", 0, 20, (0, 59), id="second-H/20"),
    pytest.param("minutes", "minute", 1, 15, (0, 59), id="minute-H/15"),
    pytest.param("minutes", "minute", 1, 60, (0, 59), id="minute-H/60-is-one-value"),
    pytest.param("hours", "hour", 2, 6, (0, 23), id="hour-H/6"),
    pytest.param("dom", "day-of-month", 3, 7, (1, 28), id="day-of-month-H/7"),
    pytest.param("months", "month", 4, 3, (1, 12), id="month-H/3"),
    pytest.param("dow", "day-of-week", 5, 2, (0, 6), id="day-of-week-H/2"),
]


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize(("attr", "label", "position", "step", "bounds"), STEPS)
def test_stepped_h_starts_at_v_mod_n_then_every_n(
    attr: str, label: str, position: int, step: int, bounds: tuple[int, int], key: str
) -> None:
    lo, hi = bounds
    expected = list(range(lo + v(label, key) % step, hi + 1, step))
    tab = CronTab(seven(position, f"H/{step}"), hash_key=key)
    assert values_of(tab, attr) == set(expected)
    assert tab.resolved.split()[position] == ",".join(map(str, expected))


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize(
    ("attr", "label", "position", "item", "a", "b", "step"),
    [
        pytest.param("minutes", "minute", 1, "H(0-29)/10", 0, 29, 10, id="minute"),
        pytest.param("hours", "hour", 2, "H(9-17)/4", 9, 17, 4, id="hour"),
        pytest.param("dom", "day-of-month", 3, "H(1-31)/10", 1, 31, 10, id="day-of-month"),
        pytest.param("dow", "day-of-week", 5, "H(1-5)/2", 1, 5, 2, id="day-of-week"),
    ],
)
def test_ranged_stepped_h(
    attr: str, label: str, position: int, item: str, a: int, b: int, step: int, key: str
) -> None:
    expected = set(range(a + v(label, key) % step, b + 1, step))
    assert values_of(CronTab(seven(position, item), hash_key=key), attr) == expected


@pytest.mark.parametrize("key", KEYS)
def test_h_resolves_the_same_in_every_layout(key: str) -> None:
    five = CronTab("H H H H H", hash_key=key)
    six = CronTab("H H H H H *", hash_key=key)
    assert five == six
    assert five.resolved.split() == six.resolved.split()[:5]


@pytest.mark.parametrize("key", KEYS)
def test_bare_h_minute_and_h_15_share_their_phase(key: str) -> None:
    bare = min(CronTab("H * * * *", hash_key=key).parsed.minutes)
    stepped = CronTab("H/15 * * * *", hash_key=key).parsed.minutes
    assert bare % 15 == min(stepped)
    assert bare in stepped


@pytest.mark.parametrize(
    ("expr", "key"),
    [
        pytest.param("H/15 9-17 * * mon-fri", "refresh-cache", id="spec-example"),
        pytest.param("H H(0-5) * * *", "backup-db", id="nightly"),
        pytest.param("0 0 H * *", "monthly-report", id="dom"),
        pytest.param("H(0-29)/10 H * * H", "x", id="mixed"),
        pytest.param("0,H(40-49) 1,H * * *", "list", id="in-lists"),
        pytest.param("H H H H H H *", "seconds", id="everything"),
        pytest.param("H H * * * 2030", "with-year", id="year-kept"),
    ],
)
def test_an_h_schedule_equals_its_resolved_form(expr: str, key: str) -> None:
    tab = CronTab(expr, hash_key=key)
    resolved = CronTab(tab.resolved)
    assert "H" not in tab.resolved
    assert tab == resolved
    assert hash(tab) == hash(resolved)
    start = datetime(2024, 6, 1, tzinfo=UTC)
    assert tab.next(start) == resolved.next(start)


def test_resolved_text_spells_out_each_h_item() -> None:
    key = "refresh-cache"
    start = v("minute", key) % 15
    minutes = ",".join(str(m) for m in range(start, 60, 15))
    tab = CronTab("H/15   9-17 * *  mon-fri", hash_key=key)
    assert tab.resolved == f"{minutes} 9-17 * * mon-fri"
    assert str(tab) == "H/15 9-17 * * mon-fri"


def test_list_with_h_keeps_the_other_items() -> None:
    key = "list"
    hashed = 40 + v("minute", key) % 10
    tab = CronTab("0,H(40-49) * * * *", hash_key=key)
    assert tab.resolved == f"0,{hashed} * * * *"
    assert tab.parsed.minutes == {0, hashed}


def test_next_fires_at_the_hashed_time() -> None:
    key = "nightly"
    minute = v("minute", key) % 60
    hour = v("hour", key) % 24
    tab = CronTab("H H * * *", hash_key=key)
    fire = tab.next(datetime(2024, 6, 1, tzinfo=UTC))
    expected = datetime(2024, 6, 1, hour, minute, tzinfo=UTC)
    if (hour, minute) == (0, 0):  # strictly after the start
        expected = expected.replace(day=2)
    assert fire == expected


# key | expression | resolved text (the daemon's spelling: the range's values in its
# order, Sunday written as 7 when the range says 7) | Sunday-folded day-of-week set.
# v % 2 is 0 for "b" and 1 for "a"; v % 8 is 0 for "b" and 7 for "report".
DOW_TEXT = [
    pytest.param("b", "0 0 * * H(5-7)/2", "0 0 * * 5,7", {5, 0}, id="5-7-step-2-even"),
    pytest.param("a", "0 0 * * H(5-7)/2", "0 0 * * 6", {6}, id="5-7-step-2-odd"),
    pytest.param("report", "0 0 * * H(0-7)", "0 0 * * 7", {0}, id="0-7-lands-on-7"),
    pytest.param("b", "0 0 * * H(0-7)", "0 0 * * 0", {0}, id="0-7-lands-on-0"),
    pytest.param("b", "0 0 * * H(0-7)/2", "0 0 * * 0,2,4,6", {0, 2, 4, 6}, id="0-7-step-2"),
    pytest.param("a", "0 0 * * H(0-7)/2", "0 0 * * 1,3,5,7", {1, 3, 5, 0}, id="0-7-odd-step"),
]


@pytest.mark.parametrize(("key", "expr", "text", "days"), DOW_TEXT)
def test_day_of_week_h_text_keeps_the_daemons_values_and_order(
    key: str, expr: str, text: str, days: set[int]
) -> None:
    assert hash_value("day-of-week", "b") % 8 == 0 and hash_value("day-of-week", "a") % 2 == 1
    assert hash_value("day-of-week", "report") % 8 == 7
    tab = CronTab(expr, hash_key=key)
    assert tab.resolved == text
    assert tab.parsed.dow.days == days
    assert tab == CronTab(text)


def test_a_lower_case_h_is_an_h_item_as_in_the_daemon() -> None:
    key = "backup"
    minute = v("minute", key) % 60
    hour = 9 + v("hour", key) % 4
    tab = CronTab("h h(9-12) * * *", hash_key=key)
    assert tab.resolved == f"{minute} {hour} * * *"
    assert tab == CronTab("H H(9-12) * * *", hash_key=key)
    assert str(tab) == "h h(9-12) * * *"


HASH_NUMBER = st.sampled_from(
    ["", "0", "1", "05", "7", "12", "23", "28", "29", "31", "59", "60", "x"]
)
HASH_ITEM = st.one_of(
    st.builds(lambda a, b: f"H({a}-{b})", HASH_NUMBER, HASH_NUMBER),
    st.builds(lambda n: f"H/{n}", HASH_NUMBER),
    st.builds(lambda a, b, n: f"H({a}-{b})/{n}", HASH_NUMBER, HASH_NUMBER, HASH_NUMBER),
    st.sampled_from(["H", "h", "H()", "H(1/2)", "H(mon-fri)", "H(5)", "H(1-2)(3)", "H/", "H(2-1)"]),
)


@given(st.sampled_from(ALL_FIELDS), HASH_ITEM)
def test_the_plain_h_reader_agrees_with_the_h_grammar(spec: FieldSpec, item: str) -> None:
    fast = h_items._plain_hash_slot(spec, item)
    if fast is not None:  # whatever the string reader accepts, the grammar reads the same
        assert fast == h_items._read_hash_slot(spec, item, 1)


# Hand-checked: the forms a fleet writes are read by the string reader itself.
@pytest.mark.parametrize(
    ("spec", "item", "slot"),
    [
        (ALL_FIELDS[1], "H", (0, 59, None)),
        (ALL_FIELDS[3], "H/7", (1, 28, 7)),
        (ALL_FIELDS[2], "H(2-5)", (2, 5, None)),
        (ALL_FIELDS[5], "H(1-5)/2", (1, 5, 2)),
    ],
)
def test_the_plain_h_reader_reads_common_items(
    spec: FieldSpec, item: str, slot: tuple[int, int, int | None]
) -> None:
    assert h_items._plain_hash_slot(spec, item) == slot == h_items._read_hash_slot(spec, item, 1)
