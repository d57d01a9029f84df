"""What the parser produces: field values, the special day forms, the text of each field.

The second, minute, hour, month and year fields are held as bit masks: bit
`v` stands for value v (bit `v - 1970` for a year). A mask is made with a
few integer operations where a set is made value by value, holds no
references for the garbage collector to scan, and hashes and compares in one
step; the search reads the masks themselves. `Parsed.minutes` and its
siblings are the same values as a frozenset, made on first use: what every
other reader asks for.
"""

from __future__ import annotations

import re
from itertools import compress, count
from typing import Any, NamedTuple, overload

from .fields import ALL_FIELDS, MACROS, YEAR_MIN, FieldSpec


class DayOfMonth(NamedTuple):
    """Day-of-month selection: plain days plus the special forms."""

    days: frozenset[int]
    last_offsets: frozenset[int] = frozenset()  # 0 for L, n for L-n
    nearest: frozenset[int] = frozenset()  # n for nW
    last_weekday: bool = False  # LW

    @property
    def restricted(self) -> bool:
        return bool(len(self.days) != 31 or self.last_offsets or self.nearest or self.last_weekday)


class DayOfWeek(NamedTuple):
    """Day-of-week selection (0 = Sunday): plain days, Ln and d#n forms."""

    days: frozenset[int]
    last: frozenset[int] = frozenset()  # Ln: the month's last such weekday
    nth: frozenset[tuple[int, int]] = frozenset()  # (weekday, n) for d#n

    @property
    def restricted(self) -> bool:
        return bool(len(self.days) != 7 or self.last or self.nth)


class FieldText(NamedTuple):
    """One field as written and as resolved, with its 1-based column."""

    spec: FieldSpec
    source: str
    resolved: str
    column: int
    hashed: bool


def bit_values(mask: int, base: int = 0) -> list[int]:
    """The values of a field mask, ascending: bit i stands for base + i."""
    if mask < 256 and not base:  # a low byte (hours, days of a week): one look-up
        return [*_BYTE_BITS[mask]]
    # The mask's binary digits, lowest first, as bytes 0 and 1 select the values
    # in C: a wide mask (a minute's, a month's days, years) costs no loop per byte.
    return list(compress(count(base), bin(mask)[:1:-1].encode().translate(_DIGIT_FLAGS)))


_DIGIT_FLAGS = bytes.maketrans(b"01", b"\x00\x01")


def run_values(mask: int, numbers: tuple[int, ...], base: int = 0) -> frozenset[int]:
    """The values of a run's mask (`span_mask`'s), from its ends and step alone.

    A run is start, start + step, ... up to its last value: its lowest set bit
    is the start, the next one start + step, its highest the last value. Three
    bit operations read them, where `bit_values` reads every bit. `numbers` is
    the field's (`numbers[v] == v`), sliced into the set.
    """
    start = (mask & -mask).bit_length() - 1
    rest = mask & (mask - 1)
    step = (rest & -rest).bit_length() - 1 - start if rest else 1
    return frozenset(numbers[base + start : base + mask.bit_length() : step])


def span_mask(start: int, end: int, step: int, base: int = 0) -> int:
    """The mask of start, start + step, ... up to end (start <= end, step >= 1)."""
    run = (2 << (end - base)) - (1 << (start - base))  # start .. end
    return run if step == 1 else (EVERY_NTH[step] << (start - base)) & run


def values_mask(values: Any, base: int = 0) -> int:
    """The mask of some field values (the inverse of `bit_values`); a range's, without a loop."""
    if type(values) is range and values.step > 0:
        return span_mask(values.start, values[-1], values.step, base) if values else 0
    mask = 0
    for v in values:
        mask |= 1 << (v - base)
    return mask


# EVERY_NTH[n]: bits 0, n, 2n, ... past a year mask's width (130 bits): the
# geometric series 1 + 2**n + 2**2n + ..., in closed form.
EVERY_NTH: tuple[int, ...] = (
    0,
    *(((1 << (n * (130 // n + 1))) - 1) // ((1 << n) - 1) for n in range(1, 131)),
)


def _byte_bits() -> tuple[tuple[int, ...], ...]:
    """table[b]: the positions of b's set bits, ascending (b from 0 to 255)."""
    table: list[tuple[int, ...]] = [()]
    for bit in range(8):  # the bytes with this bit set: those without it, plus it
        table += [(*low, bit) for low in table]
    return tuple(table)


_BYTE_BITS = _byte_bits()


class _ValueSet:
    """A field's values as a frozenset, made from its mask on first use and kept.

    A non-data descriptor: once made, the set sits in the instance's
    dictionary under the same name, so later reads find it there directly.
    """

    def __init__(self, index: int, base: int) -> None:
        self.index, self.base = index, base

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type) -> _ValueSet: ...
    @overload
    def __get__(self, obj: Parsed, owner: type) -> frozenset[int]: ...
    def __get__(self, obj: Parsed | None, owner: type) -> frozenset[int] | _ValueSet:
        if obj is None:
            return self
        mask: int = obj[self.index]  # type: ignore[assignment]
        # One set per mask, shared by every parse with it (a fleet repeats a few:
        # `*`, `0`, the hours of a day): made once, not once per parse.
        shared = _SETS[self.base != 0]
        values = shared.get(mask)
        if values is None:
            values = frozenset(bit_values(mask, self.base))
            if len(shared) >= _SETS_MAX:
                shared.clear()
            shared[mask] = values
        obj.__dict__[self.name] = values
        return values


# The sets made from masks: [0] seconds .. months (bit v), [1] years (bit v - 1970).
_SETS: tuple[dict[int, frozenset[int]], dict[int, frozenset[int]]] = ({}, {})
_SETS_MAX = 4096


class _ParsedValues(NamedTuple):
    source: str
    resolved: str
    reboot: bool
    field_count: int  # 5, 6 or 7 as written (macros count as 5)
    # The text as written, whitespace as single spaces and none trailing (so the
    # columns hold); a macro's name for a macro. `fields` is read from it.
    written: str
    second_bits: int
    minute_bits: int
    hour_bits: int
    dom: DayOfMonth
    month_bits: int
    dow: DayOfWeek
    year_bits: int  # bit y - 1970


class Parsed(_ParsedValues):
    """Everything the parser learns from one expression."""

    # Each mask's values as a set (see the module's docstring).
    seconds = _ValueSet(5, 0)
    minutes = _ValueSet(6, 0)
    hours = _ValueSet(7, 0)
    months = _ValueSet(9, 0)
    years = _ValueSet(11, YEAR_MIN)

    @property
    def fields(self) -> tuple[FieldText, ...]:
        """The fields as written and resolved, in canonical 7-field order; empty for @reboot.

        Built on first use: most parses only search (a cold parse never needs them).
        """
        cache = self.__dict__
        texts: tuple[FieldText, ...] | None = cache.get("_fields")
        if texts is None:
            texts = cache["_fields"] = _field_texts(self)
        return texts

    @property
    def uses_hash(self) -> bool:
        # Resolved text differs from the source exactly when a field held an H item.
        return self.resolved != self.source

    @property
    def meaning(self) -> tuple[object, ...]:
        """What semantic equality compares (docs/time-model.md): the field sets, never the text."""
        return (
            self.reboot,
            self.second_bits,
            self.minute_bits,
            self.hour_bits,
            self.dom,
            self.month_bits,
            self.dow,
            self.year_bits,
        )


_TOKEN = re.compile(r"\S+")


def _field_texts(p: Parsed) -> tuple[FieldText, ...]:
    """Each field's text, resolved text and column, from the written text and the resolved one."""
    if p.reboot:
        return ()
    if p.written.startswith("@"):  # a macro: nothing written per field (column 0)
        tokens = [("0", 0), *[(t, 0) for t in MACROS[p.written].split()], ("*", 0)]
        resolved = [t for t, _ in tokens]
    else:
        written = [(m.group(), m.start() + 1) for m in _TOKEN.finditer(p.written)]
        # H items resolve to numbers (never a space), so the resolved text splits
        # into the written fields one for one.
        shown = p.resolved.split() if p.resolved != p.source else [t for t, _ in written]
        count = p.field_count
        tokens = [("0", 0), *written] if count < 7 else written
        resolved = ["0", *shown] if count < 7 else shown
        if count == 5:
            tokens.append(("*", 0))
            resolved.append("*")
    return tuple(
        [
            # A field held an H item exactly when its resolved text differs.
            FieldText(spec, text, res, col, text != res)
            for spec, (text, col), res in zip(ALL_FIELDS, tokens, resolved, strict=True)
        ]
    )
