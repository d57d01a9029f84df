"""Shared parses: jobs whose H keys leave equal residues share one Parsed, unchanged."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.engine import Parsed, ScheduleError, hash_value, parse, parser
from cronstable_cli.engine.fields import ALL_FIELDS
from cronstable_cli.engine.parser import _MODULI, _parse, _read_field, clear_caches

H_TEXTS = [
    "H H * * *",
    "H/15 * * * *",
    "H * * * *",
    "H(0-29)/10 H(9-17) * * mon-fri",
    "H H H(1-31) H H",
    "H,30 H/6 * * *",
    "H H * * H(mon-fri)",
    "H H H * * * *",
    "H H/2 * * * 2026",
    "H 3 L * *",
    "H H * * sat-sun",
    "H(0-5),H/20 * * * *",
    "H(jan-mar) * * * *",
    "H H H(1-28)/7 * *",
    "H/7 H/5 * * H/2",
]
PLAIN = ["0 0 * * THU", "@daily", "*/5 * * * *", "0 9 * * mon#1", "@midnight"]
BAD = ["61 * * * *", "H/0 * * * *", "H(x-y) * * * *", "H * * * * H"]


def outcome(func: Callable[..., Parsed], text: str, name: str, crontab: bool) -> object:
    try:
        return func(text, name, crontab=crontab) if func is parse else func(text, name, crontab)
    except ScheduleError as err:
        return ("error", err.message)


@pytest.mark.parametrize("text", H_TEXTS + PLAIN + BAD)
def test_shared_parse_equals_a_fresh_parse_for_many_names(text: str) -> None:
    clear_caches()
    for i in range(300):
        name = f"job-{i}"
        for crontab in (False, True):
            assert outcome(parse, text, name, crontab) == outcome(_parse, text, name, crontab)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(H_TEXTS + PLAIN + BAD), st.text(min_size=1, max_size=12))
def test_any_name_gets_what_a_fresh_parse_gives(text: str, name: str) -> None:
    assert outcome(parse, text, name, False) == outcome(_parse, text, name, False)


def test_equal_slots_share_one_parsed_object() -> None:
    clear_caches()
    got = {id(parse("H H * * *", f"job-{i}")) for i in range(3000)}
    assert len(got) <= 24 * 60


@pytest.mark.parametrize(
    ("text", "moduli"),
    [
        ("0 * * * *", ()),
        ("0 0 * * THU", ()),
        ("H H * * *", (("minute", 60), ("hour", 24))),
        ("H/15 * * * *", (("minute", 15),)),
        ("H(1-31) * * * *", (("minute", 31),)),
        ("* * H * *", (("day-of-month", 28),)),
        ("* * * * H", (("day-of-week", 7),)),
        ("H * * * * * *", (("second", 60),)),
        ("H(x-y) * * * *", None),
    ],
)
def test_a_first_parse_learns_each_h_items_modulus(text: str, moduli: object) -> None:
    # Hand-checked M: a range's span (H(1-31) in minutes: 31), or the step (H/15: 15).
    clear_caches()
    try:
        parse(text, "job-1")
    except ScheduleError:
        assert moduli is None and text not in _MODULI  # a failed parse learns nothing
        return
    assert _MODULI.get(text, ()) == moduli


def test_the_field_memos_stay_bounded_by_parses_that_fail_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each text's first fields are new and valid, its last field fails: no whole
    # parse is stored, yet the memos must not grow without bound beyond the
    # dialect's constants they start from. The readers that fill the minute,
    # hour, second, month and year memos hold their bounds (`parser._READ`), so
    # the minute memo is overflowed for real: more distinct minute lists than it
    # may hold, through the fast path and through `_parse` (a key, an H field).
    limits = parser._MEMO_LIMITS
    monkeypatch.setattr(parser, "_CACHE_SIZE", 8)
    clear_caches()

    def bounded() -> bool:
        return all(len(m) <= limit for m, limit in zip(parser._VALUES, limits, strict=True))

    overflow = limits[1] - len(parser._CONSTANTS[1]) + 50
    lists = itertools.islice(itertools.combinations(range(60), 3), 2 * overflow + 400)
    minute_memo = parser._VALUES[1]
    peak = 0
    for n, (a, b, c) in enumerate(lists):
        hour = "H" if n % 2 else str(n % 24)  # half through `_parse`, with a key
        if n < overflow:
            with pytest.raises(ScheduleError):
                parse(f"{a},{b},{c} {hour} {n % 28 + 1} * 99", "job")
        else:  # and by parses that succeed
            parse(f"{a},{b},{c} {hour} {n % 28 + 1} * *", "job")
            assert len(parser._PARSED) <= 8
        peak = max(peak, len(minute_memo))
        assert bounded()
    assert peak == limits[1]  # the memo did fill up to its bound, then started again
    clear_caches()
    with pytest.raises(ScheduleError) as info:
        parse("0  0 32 * *")
    assert (info.value.field, info.value.item, info.value.column) == ("day-of-month", "32", 6)


def test_a_clear_leaves_only_the_dialects_constants() -> None:
    for n in range(50):
        parse(f"{n},{n + 1} */{n % 5 + 2} 1-{n % 20 + 2} * mon-fri")
    clear_caches()
    assert [dict(m) for m in parser._VALUES] == [dict(c) for c in parser._CONSTANTS]
    assert not parser._PARSED and not _MODULI
    # The constants are what any parse of them gives: `*` and every spelling of a value.
    for index, constants in enumerate(parser._CONSTANTS):
        spec = ALL_FIELDS[index]
        for word, value in constants.items():
            assert _read_field(spec, word, 0, None) == (value, None), (spec.name, word)


def test_a_parse_is_shared_from_its_texts_second_sighting_on() -> None:
    clear_caches()
    for crontab in (False, True):
        for text, key in (("*/7 3 * * *", None), ("H H * * *", "job-7"), ("0 0 * * thu", "k")):
            first = parse(text, key, crontab=crontab)
            second = parse(text, key, crontab=crontab)
            assert first == second == _parse(text, key, crontab)
            assert parse(text, key, crontab=crontab) is second  # kept: one look-up from now on


def test_texts_seen_once_keep_no_parse_and_the_memory_of_them_is_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A stream of distinct texts (how a fleet loads) must not fill the cache with
    # parses nobody asks for again; what remembers them stays bounded.
    monkeypatch.setattr(parser, "_CACHE_SIZE", 16)
    clear_caches()
    for n in range(500):
        parse(f"{n % 60} {n // 60 % 24} {n // 1440 + 1} * *")
        assert len(parser._SEEN_ONCE) <= 16
    assert not parser._PARSED
    clear_caches()
    assert not parser._SEEN_ONCE


def test_h_texts_seen_once_keep_no_parse_and_a_second_sighting_shares() -> None:
    # A stream of distinct H texts, each with its own key, keeps no parse; a text's
    # second sighting keeps its parse for every key that leaves the same residues.
    clear_caches()
    for n in range(300):
        assert parse(f"H {n % 24} {n // 24 + 1} * *", f"job-{n}") == _parse(
            f"H {n % 24} {n // 24 + 1} * *", f"job-{n}", False
        )
    assert not parser._PARSED
    first = parse("H H * * thu", "job-1")
    second = parse("H H * * thu", "job-2")
    assert second == _parse("H H * * thu", "job-2", False)
    assert parse("H H * * thu", "job-2") is second
    residues = tuple(hash_value(f, "job-1") % m for f, m in (("minute", 60), ("hour", 24)))
    same = next(
        f"k{i}"
        for i in range(100_000)
        if tuple(hash_value(f, f"k{i}") % m for f, m in (("minute", 60), ("hour", 24))) == residues
    )
    assert parse("H H * * thu", same) == first == _parse("H H * * thu", same, False)
