"""What the parser produces: field sets, the special day forms, the text of each field."""

from __future__ import annotations

from typing import NamedTuple

from .fields import FieldSpec


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


class Parsed(NamedTuple):
    """Everything the parser learns from one expression."""

    source: str
    resolved: str
    reboot: bool
    field_count: int  # 5, 6 or 7 as written (macros count as 5)
    fields: tuple[FieldText, ...]  # canonical 7-field order; empty for @reboot
    seconds: frozenset[int]
    minutes: frozenset[int]
    hours: frozenset[int]
    dom: DayOfMonth
    months: frozenset[int]
    dow: DayOfWeek
    years: frozenset[int]

    @property
    def uses_hash(self) -> bool:
        return any(f.hashed for f in self.fields)

    @property
    def meaning(self) -> tuple[object, ...]:
        """What semantic equality compares (docs/time-model.md): the field sets, never the text."""
        return (
            self.reboot,
            self.seconds,
            self.minutes,
            self.hours,
            self.dom,
            self.months,
            self.dow,
            self.years,
        )
