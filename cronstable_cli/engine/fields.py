"""Each field owns its range, its names, its hash label and its H range."""

from __future__ import annotations

from dataclasses import dataclass, field

MONTH_NAMES = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
WEEKDAY_NAMES = ("sun", "mon", "tue", "wed", "thu", "fri", "sat")

YEAR_MIN = 1970
YEAR_MAX = 2099


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One position of a schedule: what it accepts and how H hashes in it."""

    name: str  # used in error messages and descriptions
    label: str  # the H hash label (docs/hashing.md)
    lo: int
    hi: int  # the largest value written (7 for day-of-week)
    names: dict[str, int] = field(default_factory=dict)
    hash_lo: int = 0  # the range a rangeless H hashes over
    hash_hi: int = 0
    hashable: bool = True
    # Bit `v - bit_base` of a field's mask stands for value v (docs: parse_result.py).
    bit_base: int = 0
    # Every way a lone value may be written, to its number: the values in
    # decimal (with a leading zero below 10) and the names in lower, upper and
    # title case. The parser's fast path reads a value with one look-up; any
    # other spelling (`005`, `jAn`) takes the item grammar, which reads it too.
    words: dict[str, int] = field(init=False, repr=False, compare=False)
    # `numbers[v] == v` up to `hi`: a run of values is a slice of it, which a
    # frozenset is built from faster than from a range (no int is made).
    numbers: tuple[int, ...] = field(init=False, repr=False, compare=False)
    # `words` to each value's bit (`1 << (v - bit_base)`): a list of lone values
    # is the OR of its items' bits, one look-up each (the parser's constants too).
    bits: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        words = {str(v): v for v in range(self.lo, self.hi + 1)}
        words.update({f"0{v}": v for v in range(self.lo, min(self.hi + 1, 10))})
        for name, v in self.names.items():
            words.update({name: v, name.upper(): v, name.title(): v})
        object.__setattr__(self, "words", words)
        object.__setattr__(self, "numbers", tuple(range(self.hi + 1)))
        base = self.bit_base
        object.__setattr__(self, "bits", {w: 1 << (v - base) for w, v in words.items()})

    @property
    def step_limit(self) -> int:
        """The largest value a step may reach (7 for day-of-week, docs/dialect.md)."""
        return self.hi


SECOND = FieldSpec("second", "second", 0, 59, hash_lo=0, hash_hi=59)
MINUTE = FieldSpec("minute", "minute", 0, 59, hash_lo=0, hash_hi=59)
HOUR = FieldSpec("hour", "hour", 0, 23, hash_lo=0, hash_hi=23)
# A rangeless H in day-of-month hashes over 1-28 so short months never skip it.
DAY_OF_MONTH = FieldSpec("day-of-month", "day-of-month", 1, 31, hash_lo=1, hash_hi=28)
MONTH = FieldSpec(
    "month",
    "month",
    1,
    12,
    names={n: i + 1 for i, n in enumerate(MONTH_NAMES)},
    hash_lo=1,
    hash_hi=12,
)
DAY_OF_WEEK = FieldSpec(
    "day-of-week",
    "day-of-week",
    0,
    7,
    names={n: i for i, n in enumerate(WEEKDAY_NAMES)},
    hash_lo=0,
    hash_hi=6,
)
YEAR = FieldSpec("year", "year", YEAR_MIN, YEAR_MAX, hashable=False, bit_base=YEAR_MIN)

# Positions in the canonical 7-field order.
ALL_FIELDS: tuple[FieldSpec, ...] = (SECOND, MINUTE, HOUR, DAY_OF_MONTH, MONTH, DAY_OF_WEEK, YEAR)

# One frozenset per value a field may hold (0-59, 1970-2099): the parser's
# value of every one-value field (`0`, `30`, `JAN`, `2026`) is one of these, in
# every field, so equal one-value fields are one object (the search tables are
# keyed by them: a look-up matches by identity, its hash made once).
_ONE_VALUE = {v: frozenset((v,)) for v in (*range(60), *range(YEAR_MIN, YEAR_MAX + 1))}


def one_value(value: int) -> frozenset[int]:
    """The shared frozenset holding `value` alone."""
    found = _ONE_VALUE.get(value)
    return frozenset((value,)) if found is None else found


MACROS = {
    "@yearly": "0 0 1 1 *",
    "@annually": "0 0 1 1 *",
    "@monthly": "0 0 1 * *",
    "@weekly": "0 0 * * 0",
    "@daily": "0 0 * * *",
    "@hourly": "0 * * * *",
}
REBOOT = "@reboot"
