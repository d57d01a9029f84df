"""What the parser produces: field sets, the special day forms, the text of each field."""

from __future__ import annotations

import re
from typing import NamedTuple

from .fields import ALL_FIELDS, MACROS, FieldSpec


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


class _ParsedValues(NamedTuple):
    source: str
    resolved: str
    reboot: bool
    field_count: int  # 5, 6 or 7 as written (macros count as 5)
    # The text as written, whitespace as single spaces and none trailing (so the
    # columns hold); a macro's name for a macro. `fields` is read from it.
    written: str
    seconds: frozenset[int]
    minutes: frozenset[int]
    hours: frozenset[int]
    dom: DayOfMonth
    months: frozenset[int]
    dow: DayOfWeek
    years: frozenset[int]


class Parsed(_ParsedValues):
    """Everything the parser learns from one expression."""

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
            self.seconds,
            self.minutes,
            self.hours,
            self.dom,
            self.months,
            self.dow,
            self.years,
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
