"""The parser's memos change no answer: a parse through warm memos, a shared parse and
a parse read item by item through the grammar alone agree on every generated text.

The memos start from the dialect's constants (`*` and every spelling of one value),
remember plain fields by text, and keep whole parses from a text's second sighting
on; none of that may show in a result or an error.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.engine import ScheduleError, parse, parser
from cronstable_cli.engine.fields import ALL_FIELDS, DAY_OF_MONTH, DAY_OF_WEEK, FieldSpec
from cronstable_cli.engine.h_items import hashed_item, is_hashed
from cronstable_cli.engine.items import Acc, finish, parse_item, plain_item

VALUE = st.sampled_from(
    ["0", "1", "5", "7", "05", "12", "23", "28", "31", "59", "60", "mon", "FRI", "Jan", "dec"]
)
ITEM = st.one_of(
    VALUE,
    st.builds(lambda a, b: f"{a}-{b}", VALUE, VALUE),
    st.builds(lambda a, n: f"{a}/{n}", st.sampled_from(["*", "0", "5"]), VALUE),
    st.builds(lambda a, b, n: f"{a}-{b}/{n}", VALUE, VALUE, VALUE),
    st.sampled_from(["*", "?", "L", "L-3", "15W", "LW", "L5", "2#3", "mon#1", "5L", ""]),
    st.sampled_from(["H", "h", "H/15", "H(0-29)", "H(1-5)/2", "H(x)", "H/0"]),
)
# Mostly fields every position reads (so most texts parse), then anything.
COMMON = st.sampled_from(["*", "1", "5", "*/2", "1-5", "1,5", "1-6/2", "H", "h/2", "H(1-5)"])
FIELD = st.one_of(*[COMMON] * 8, st.lists(ITEM, min_size=1, max_size=3).map(",".join))
YEARS = st.sampled_from(["*", "2026", "2027-2030", "1969", "2030/2"])


@st.composite
def expressions(draw: st.DrawFn) -> str:
    count = draw(st.sampled_from([5, 5, 5, 6, 7]))
    fields = [draw(FIELD) for _ in range(5)]
    if count >= 6:
        fields.append(draw(YEARS))
    if count == 7:
        fields.insert(0, draw(FIELD))
    return " ".join(fields)


def _by_the_grammar(spec: FieldSpec, token: str, key: str | None) -> object:
    """A field's value read item by item through the grammar, with no fast reader or memo."""
    acc = Acc()
    if token == "?" and spec in (DAY_OF_MONTH, DAY_OF_WEEK):
        plain_item(spec, "*", 1, acc)
        return finish(spec, acc)
    for item in token.split(","):
        if not item:
            raise ScheduleError("empty item")
        if is_hashed(item):
            values, _, _, _ = hashed_item(spec, item, 1, key)
            acc.values.update(values)
        else:
            parse_item(spec, item, 1, acc)
    return finish(spec, acc)


def reference(text: str, key: str | None) -> object:
    """The seven field values (second .. year), or "error"."""
    parts = text.split()
    if not 5 <= len(parts) <= 7:  # an empty field joins its neighbours' spaces
        return "error"
    tokens = (["0"] if len(parts) < 7 else []) + parts + (["*"] if len(parts) == 5 else [])
    try:
        return tuple(_by_the_grammar(s, t, key) for s, t in zip(ALL_FIELDS, tokens, strict=True))
    except ScheduleError:
        return "error"


def outcome(text: str, key: str | None) -> object:
    try:
        p = parse(text, key)
    except ScheduleError as err:
        return ("error", err.message, err.field, err.column)
    # The values as sets, read from the parse's masks (and its day fields).
    return (p.seconds, p.minutes, p.hours, p.dom, p.months, p.dow, p.years)


# Texts that fill the memos with fields of every kind before the generated one.
WARM = [
    "*/5 9-17 * * mon-fri",
    "0,30 */2 1,15 jan-jun 1-5",
    "5-50/5 0-23/3 L * L5",
    "H H(2-5) 15W * 2#3 2027",
    "0 0 12 LW * * 2026-2099",
]


@settings(max_examples=400, deadline=None)
@given(expressions(), st.sampled_from([None, "job-1", "refresh-cache", "job-1"]))
def test_cold_warm_and_shared_parses_agree_with_the_grammar(text: str, key: str | None) -> None:
    parser.clear_caches()
    cold = outcome(text, key)
    for warm in WARM:
        try:
            parse(warm, "warm")
        except ScheduleError:
            pytest.fail(f"{warm!r} should parse")
    warm_once, shared = outcome(text, key), outcome(text, key)
    assert cold == warm_once == shared == outcome(text, key)
    expected = reference(text, key)
    if expected == "error":
        assert isinstance(cold, tuple) and cold[0] == "error"
    else:
        assert cold == expected


def test_a_mask_field_is_remembered_at_once() -> None:
    # A mask is an int (nothing for the garbage collector to scan): the first
    # parse of a field text keeps it, and every later parse finds it.
    parser.clear_caches()
    minutes = parser._VALUES[1]
    first = parse("1-7 * * * *")
    assert minutes["1-7"] == first.minute_bits == 0b1111_1110
    assert first.minutes == frozenset(range(1, 8))
    # A later parse takes the remembered value (a planted one shows it is read).
    minutes["1-7"] = 0b1000_0000
    assert parse("1-7 3 * * *").minutes == frozenset({7})


def test_a_day_field_text_is_remembered_from_its_first_sighting() -> None:
    # Its value (a tuple of sets) is read once and then found, the same object,
    # by every later parse of the text (a planted value shows it is read).
    parser.clear_caches()
    days = parser._VALUES[3]
    first = parse("0 0 1-7 * *")
    assert days["1-7"] is first.dom
    assert first.dom.days == frozenset(range(1, 8))
    assert parse("0 1 1-7 * *").dom is first.dom
    planted = parse("0 0 L * *").dom
    days["1-7"] = planted
    assert parse("0 2 1-7 * *").dom is planted


def test_day_field_memos_are_bounded_and_cleared(monkeypatch: pytest.MonkeyPatch) -> None:
    limits = tuple(len(constants) + 8 for constants in parser._CONSTANTS)
    monkeypatch.setattr(parser, "_MEMO_LIMITS", limits)
    parser.clear_caches()
    for n in range(100):
        parse(f"0 0 {n % 28 + 1},{n // 28 + 1} * {n % 7}-6")
        assert all(len(m) <= limit for m, limit in zip(parser._VALUES, limits, strict=True))
    parser.clear_caches()
    assert [dict(m) for m in parser._VALUES] == [dict(c) for c in parser._CONSTANTS]


def _everything(read: Callable[[], object]) -> object:
    """A parse's whole result (every element of Parsed), or its whole error."""
    try:
        return tuple(read())  # type: ignore[call-overload]
    except ScheduleError as err:
        return ("error", err.message, err.field, err.item, err.column, err.hint)


SPACES = st.sampled_from([" ", " ", " ", "  ", "\t", " \u00a0"])


@st.composite
def spaced(draw: st.DrawFn) -> str:
    """A generated expression (or a macro, or too few fields) with odd whitespace around it."""
    text = draw(st.one_of(expressions(), st.sampled_from(["@daily", "@midnight", "1 2 3 4", ""])))
    fields = text.split(" ")
    joined = fields[0] + "".join(draw(SPACES) + f for f in fields[1:])
    return draw(st.sampled_from(["", " ", "\n"])) + joined + draw(st.sampled_from(["", " ", "\t"]))


@settings(max_examples=500, deadline=None)
@given(spaced(), st.booleans(), st.booleans())
def test_the_one_frame_parse_agrees_with_the_general_one(
    text: str, crontab: bool, warm: bool
) -> None:
    # `parse` reads a five-field text without a key in its own frame; `_parse` is
    # the general reader. Memos cold or warm, every element and every error agree.
    parser.clear_caches()
    if warm:
        for other in WARM:
            parse(other, "warm")
    general = _everything(lambda: parser._parse(text, None, crontab))
    assert _everything(lambda: parse(text, crontab=crontab)) == general
    assert _everything(lambda: parse(text, crontab=crontab)) == general  # a second sighting
