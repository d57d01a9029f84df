"""Field masks: the second, minute, hour, month and year fields held as bits.

Bit v stands for value v (bit y - 1970 for a year). The fast reader
`simple_bits` must give, as a mask, exactly what the item grammar gives as a
set, and decline what the set reader declines; `Parsed`'s sets are read back
from the masks. The references here are the item grammar (`parse_item`) and
hand-counted bits.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.engine import h_items, parse, parser
from cronstable_cli.engine.daemon_hash import hash_value
from cronstable_cli.engine.errors import ScheduleError
from cronstable_cli.engine.fields import (
    ALL_FIELDS,
    DAY_OF_MONTH,
    DAY_OF_WEEK,
    HOUR,
    MINUTE,
    MONTH,
    SECOND,
    YEAR,
    FieldSpec,
)
from cronstable_cli.engine.items import Acc, finish, parse_item, simple_bits, simple_field
from cronstable_cli.engine.parse_result import (
    EVERY_NTH,
    bit_values,
    run_values,
    span_mask,
    values_mask,
)

PLAIN_FIELDS = [s for s in ALL_FIELDS if s not in (DAY_OF_MONTH, DAY_OF_WEEK)]


def _grammar(spec: FieldSpec, text: str) -> frozenset[int] | None:
    acc = Acc()
    try:
        for item in text.split(","):
            if not item:
                return None
            parse_item(spec, item, 1, acc)
    except ScheduleError:
        return None
    return finish(spec, acc)  # type: ignore[return-value]


# Hand-counted masks.
VECTORS = [
    (MINUTE, "0", 0b1),
    (MINUTE, "5,35", (1 << 5) | (1 << 35)),
    (MINUTE, "*/20", (1 << 0) | (1 << 20) | (1 << 40)),
    (MINUTE, "50-59", 0b11_1111_1111 << 50),
    (HOUR, "3-23/5", (1 << 3) | (1 << 8) | (1 << 13) | (1 << 18) | (1 << 23)),
    (MONTH, "jan,Jul", (1 << 1) | (1 << 7)),
    (MONTH, "*", 0b1_1111_1111_1110),
    (SECOND, "*", (1 << 60) - 1),
    (YEAR, "1970", 1),
    (YEAR, "2097-2099", 0b111 << 127),
    (YEAR, "2026-2030/2", (1 << 56) | (1 << 58) | (1 << 60)),
]


@pytest.mark.parametrize(("spec", "text", "mask"), VECTORS)
def test_masks_by_hand(spec: FieldSpec, text: str, mask: int) -> None:
    assert parser._read_field(spec, text, 1, None)[0] == mask
    assert values_mask(_grammar(spec, text) or (), spec.bit_base) == mask


NUMBER = st.one_of(st.integers(0, 70).map(str), st.integers(1960, 2110).map(str))
ITEM = st.one_of(
    NUMBER,
    st.sampled_from(["*", "jan", "DEC", "Mar", "05", "005", "x", ""]),
    st.builds(lambda a, b: f"{a}-{b}", NUMBER, NUMBER),
    st.builds(lambda a, n: f"{a}/{n}", st.sampled_from(["*", "0", "5", "1970", "2026"]), NUMBER),
    st.builds(lambda a, b, n: f"{a}-{b}/{n}", NUMBER, NUMBER, st.integers(0, 140).map(str)),
)


@settings(max_examples=600)
@given(st.sampled_from(PLAIN_FIELDS), st.lists(ITEM, min_size=1, max_size=4).map(",".join))
def test_the_mask_reader_agrees_with_the_set_reader_and_the_grammar(
    spec: FieldSpec, text: str
) -> None:
    bits, values = simple_bits(spec, text), simple_field(spec, text)
    assert (bits is None) == (values is None)
    if values is not None:
        assert bits == values_mask(values, spec.bit_base)
        assert values == _grammar(spec, text)
    # Whatever path reads it, a parse's field is the grammar's values.
    expected = _grammar(spec, text)
    try:
        value, _ = parser._read_field(spec, text, 1, None)
    except ScheduleError:
        assert expected is None
    else:
        assert expected is not None and value == values_mask(expected, spec.bit_base)


@given(st.sets(st.integers(0, 129)), st.sampled_from([0, 1970]))
def test_bit_values_reads_back_values_mask(values: set[int], base: int) -> None:
    shifted = {v + base for v in values}
    assert bit_values(values_mask(shifted, base), base) == sorted(shifted)


@pytest.mark.parametrize(
    ("mask", "base", "values"),
    [
        (0, 0, []),
        (0b1010_0001, 0, [0, 5, 7]),  # a low byte: the table's path
        (0b1_0000_0000, 0, [8]),  # the first bit past it: the digits' path
        ((1 << 59) | 1, 0, [0, 59]),
        (0b101, 1970, [1970, 1972]),  # a year mask reads from its base
        (1 << 129, 1970, [2099]),
    ],
)
def test_bit_values_by_hand(mask: int, base: int, values: list[int]) -> None:
    assert bit_values(mask, base) == values


@given(st.integers(0, 129), st.integers(0, 129), st.integers(1, 130))
def test_a_range_mask_is_its_values_mask(start: int, end: int, step: int) -> None:
    values = range(start, end + 1, step)
    assert values_mask(values) == values_mask(list(values))
    assert all(EVERY_NTH[step] >> k & 1 == (k % step == 0) for k in range(131))


@pytest.mark.parametrize(
    "text", ["*/7 1-5,20 3 * 2,4 mon 2026-2040/3", "0 0 0 29 2 * 2028", "@hourly", "@reboot"]
)
def test_parsed_sets_are_the_masks_values(text: str) -> None:
    p = parse(text)
    for name, mask, base in [
        ("seconds", p.second_bits, 0),
        ("minutes", p.minute_bits, 0),
        ("hours", p.hour_bits, 0),
        ("months", p.month_bits, 0),
        ("years", p.year_bits, 1970),
    ]:
        values = getattr(p, name)
        assert values == frozenset(bit_values(mask, base))
        assert getattr(p, name) is values  # made once, then kept


def test_hand_checked_parse_sets() -> None:
    p = parse("*/7 1-5,20 3 * 2,4 mon 2026-2040/3")
    assert p.seconds == {0, 7, 14, 21, 28, 35, 42, 49, 56}
    assert p.minutes == {1, 2, 3, 4, 5, 20}
    assert p.hours == {3}
    assert p.months == {2, 4}
    assert p.years == {2026, 2029, 2032, 2035, 2038}
    assert parse("@reboot").minutes == frozenset()


def test_parses_with_one_mask_share_one_set() -> None:
    # A fleet repeats a few field values: each is made into a set once.
    a, b = parse("5 3 * * *"), parse("5 4 * * * 2026")
    assert a.minutes is b.minutes == frozenset({5})
    assert parse("0 0 * * *").years is parse("1 1 * * *").years
    assert parse("0 0 * * *").years == frozenset(range(1970, 2100))


@settings(max_examples=400)
@given(st.sampled_from(ALL_FIELDS), st.data())
def test_a_runs_values_are_read_back_from_its_ends_and_step(
    spec: FieldSpec, data: st.DataObject
) -> None:
    # Every run a field can hold (start, start + step, ... up to end, base included):
    # `run_values` reads it from three bits of its mask; the reference is a range.
    start = data.draw(st.integers(spec.lo, spec.hi))
    end = data.draw(st.integers(start, spec.hi))
    step = data.draw(st.integers(1, max(1, end - start + 1)))
    mask = span_mask(start, end, step, spec.bit_base)
    values = run_values(mask, spec.numbers, spec.bit_base)
    assert values == frozenset(range(start, end + 1, step))
    assert values == frozenset(bit_values(mask, spec.bit_base))


HASHABLE = [s for s in ALL_FIELDS if s.hashable]


@st.composite
def _h_item(draw: st.DrawFn, spec: FieldSpec) -> str:
    """`H`, `H/n`, `H(a-b)` or `H(a-b)/n` within the field's hash range."""
    lo, hi = spec.hash_lo, spec.hash_hi
    body = ""
    if draw(st.booleans()):
        a = draw(st.integers(lo, hi))
        b = draw(st.integers(a, hi))
        body, lo, hi = f"({a}-{b})", a, b
    if draw(st.booleans()):
        body += f"/{draw(st.integers(1, hi - lo + 1))}"
    return "H" + body


@settings(max_examples=400)
@given(st.data(), st.sampled_from(HASHABLE), st.text(min_size=1, max_size=12))
def test_an_h_items_mask_is_its_values_mask(data: st.DataObject, spec: FieldSpec, key: str) -> None:
    item = data.draw(_h_item(spec))
    # A first sighting (collecting moduli) hashes without keeping the hash; a
    # later one reads the kept hash: both resolve the item alike.
    first = h_items.hashed_item(spec, item, 1, key, [])
    later = h_items.hashed_item(spec, item, 1, key)
    again = h_items.hashed_item(spec, item, 1, key)
    assert first == later == again
    values, mask, text, modulus = first
    assert mask == values_mask(values, spec.bit_base)
    assert text == ",".join(map(str, _daemon_order(spec, item, key)))
    assert modulus >= 1


def _daemon_order(spec: FieldSpec, item: str, key: str) -> list[int]:
    """The values an H item resolves to, in written order, from docs/hashing.md's rule:
    start + hash % M, then every step to the end (M: the step, else the span)."""
    body, _, step_text = item[1:].partition("/")
    lo, hi = spec.hash_lo, spec.hash_hi
    if body:
        lo, hi = (int(x) for x in body[1:-1].split("-"))
    step = int(step_text) if step_text else 0
    first = lo + hash_value(spec.label, key) % (step or hi - lo + 1)
    return list(range(first, hi + 1, step)) if step else [first]
