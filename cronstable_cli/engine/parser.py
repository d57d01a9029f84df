"""Text to parsed fields: the one parser every command uses.

This module reads the layout (5, 6 or 7 fields, macros, Quartz hints),
parses each field through `items` (the item grammar) and `h_items` (H
items, resolved from the hash key into plain values), and shares results:
fields by text, whole parses by text and H residue.
"""

from __future__ import annotations

import re
from typing import Any

from ..names import closest
from .daemon_hash import hash_value
from .errors import ScheduleError
from .fields import (
    ALL_FIELDS,
    DAY_OF_MONTH,
    DAY_OF_WEEK,
    MACROS,
    REBOOT,
    SECOND,
    YEAR,
    FieldSpec,
)
from .h_items import clear as clear_hashed
from .h_items import hash_slot, hashed_item, is_hashed
from .items import Acc, error, finish, parse_item, plain_item, simple_field
from .parse_result import DayOfMonth, DayOfWeek, FieldText, Parsed

_TOKEN = re.compile(r"\S+")

QUARTZ_HINT = (
    "the 6th field here is a year, not Quartz's day-of-week after seconds; "
    "append ' *' to make it a 7-field seconds-first expression"
)


_PARSED: dict[tuple[str, bool, object], Parsed] = {}
_MODULI: dict[str, tuple[tuple[str, int], ...] | None] = {}
_CACHE_SIZE = 4096


def parse(text: str, hash_key: str | None = None, *, crontab: bool = False) -> Parsed:
    """Parse a 5/6/7-field expression or a macro; raise ScheduleError if invalid.

    `crontab=True` accepts `@midnight` (classic crontab files only). Results
    are immutable and shared (like `re`'s pattern cache). A text's result
    depends on the hash key only through `hash_value(label, key) % M` per H
    item, so jobs whose keys leave the same residues share one parse: a fleet
    of 10,000 `H H * * *` jobs costs at most 1,440 real parses.
    """
    if not isinstance(text, str) or not isinstance(hash_key, (str, type(None))):
        raise ScheduleError(f"a schedule must be text, not {type(text).__name__}")
    slot: object = None
    if hash_key is not None and ("H" in text or "h" in text):
        moduli = _MODULI.get(text, ())
        if text not in _MODULI:
            if len(_MODULI) >= _CACHE_SIZE:
                _MODULI.clear()
            moduli = _MODULI[text] = hash_moduli(text)
        if moduli is None:
            return _parse(text, hash_key, crontab)  # a malformed H item: let it raise
        if moduli:
            slot = tuple([hash_value(label, hash_key) % m for label, m in moduli])
    cache_key = (text, crontab, slot)
    parsed = _PARSED.get(cache_key)
    if parsed is None:
        parsed = _parse(text, hash_key, crontab)
        if len(_PARSED) >= _CACHE_SIZE:
            _PARSED.clear()
        _PARSED[cache_key] = parsed
    return parsed


def clear_caches() -> None:
    """Forget shared parse results (benchmarks measure cold parses with this)."""
    _PARSED.clear()
    _MODULI.clear()
    _FIELD_MEMO.clear()
    _FIELD_RESULTS.clear()
    clear_hashed()


def _parse(text: str, hash_key: str | None, crontab: bool) -> Parsed:
    if not isinstance(text, str):
        raise ScheduleError(f"a schedule must be text, not {type(text).__name__}")
    parts = text.split()
    count = len(parts)
    if 5 <= count <= 7 and not parts[0].startswith("@"):
        return _parse_fields(text, parts, count, hash_key)
    tokens = _tokens(text)
    if not tokens:
        raise ScheduleError("the schedule is empty")
    first, first_col = tokens[0]
    if first.startswith("@"):
        return _parse_macro(tokens, hash_key, crontab)
    hint = None
    if count == 4:
        hint = "a cron schedule needs minute hour day-of-month month day-of-week"
    raise ScheduleError(f"expected 5, 6 or 7 fields, got {count}", column=first_col, hint=hint)


_new_parsed = tuple.__new__  # Parsed(...) minus namedtuple's Python-level __new__ frame


def _parse_fields(text: str, parts: list[str], count: int, key: str | None) -> Parsed:
    """A 5, 6 or 7-field expression: its fields in one loop, each a memo look-up once seen.

    A field without H is a pure function of (position, text, column): a
    fleet's schedules repeat a few fields ("*", "0", "*/5") in the same columns,
    so after the first the field costs one dict look-up, FieldText included.
    """
    source = " ".join(parts)
    if source == text:
        cols = []
        col = 1
        for part in parts:
            cols.append(col)
            col += len(part) + 1
    else:
        cols = [m.start() + 1 for m in _TOKEN.finditer(text)]
    memo = _FIELD_RESULTS
    if count == 7:
        index = 0
        found = []
    else:
        index = 1
        found = [_IMPLIED_SECOND]
    try:
        for token, col in zip(parts, cols, strict=True):
            known = memo.get((index, token, col))
            if known is None:
                known = _field_miss(index, token, col, key)
            found.append(known)
            index += 1
    except ScheduleError as err:
        quartz = count == 6 and (err.hint is None or err.field == "year")
        if quartz and _looks_quartz(list(zip(parts, cols, strict=True))):
            err.hint = QUARTZ_HINT
            err.args = (err.message,)
        raise
    if count == 5:
        found.append(_IMPLIED_YEAR)
    texts = tuple([f[1] for f in found])
    resolved = source
    if ("H" in source or "h" in source) and any([f.hashed for f in texts]):
        resolved = " ".join([f.resolved for f in texts[_SHOWN[count]]])
    # Parsed's field order: the seven values follow the four header fields and the texts.
    return _new_parsed(Parsed, (source, resolved, False, count, texts, *[f[0] for f in found]))


def _tokens(text: str) -> list[tuple[str, int]]:
    """Whitespace-separated tokens with their 1-based columns."""
    return _split(text)[0]


def _split(text: str) -> tuple[list[tuple[str, int]], bool]:
    """The tokens with their columns, and whether the text is exactly them single-spaced."""
    parts = text.split()
    if " ".join(parts) != text:
        return [(m.group(), m.start() + 1) for m in _TOKEN.finditer(text)], False
    col = 1
    out = []
    for part in parts:
        out.append((part, col))
        col += len(part) + 1
    return out, True


def _looks_quartz(tokens: list[tuple[str, int]]) -> bool:
    """A 6-field text whose layout reads as Quartz's seconds-first order.

    True when Quartz's day-of-month (our month) is `?`, or when the last field,
    which failed as a year, is a valid day-of-week (`?`, `MON-FRI`, `1-5`, `6#3`).
    """
    last = tokens[5][0]
    if "?" in last or "?" in tokens[3][0]:
        return True
    try:
        _read_field(DAY_OF_WEEK, last, 0, None)
    except ScheduleError:
        return False
    return True


def _parse_macro(tokens: list[tuple[str, int]], hash_key: str | None, crontab: bool) -> Parsed:
    word, col = tokens[0]
    lower = word.lower()
    if lower not in MACROS and lower not in (REBOOT, "@midnight"):
        known = ", ".join([*MACROS, REBOOT])
        hint = f"use one of {known}"
        close = closest(lower, [*MACROS, REBOOT])
        if lower.startswith("@every"):
            hint = f"interval macros are not cron; write a step such as */5, or {hint}"
        elif close:
            hint = f"did you mean {close[0]}?"
        raise ScheduleError(f"unknown macro {word!r}", item=word, column=col, hint=hint)
    if len(tokens) > 1:
        raise ScheduleError(
            f"a macro stands alone, but {word!r} is followed by {tokens[1][0]!r}",
            column=tokens[1][1],
        )
    if lower == REBOOT:
        return Parsed(
            source=REBOOT,
            resolved=REBOOT,
            reboot=True,
            field_count=5,
            fields=(),
            seconds=frozenset(),
            minutes=frozenset(),
            hours=frozenset(),
            dom=DayOfMonth(frozenset()),
            months=frozenset(),
            dow=DayOfWeek(frozenset()),
            years=frozenset(),
        )
    if lower == "@midnight":
        if not crontab:
            raise ScheduleError(
                "@midnight is accepted only in classic crontab files",
                item=word,
                column=col,
                hint="use @daily",
            )
        lower = "@daily"
    # A macro's fields were not written (column 0) and carry no H.
    found = [_IMPLIED_SECOND]
    for index, token in enumerate(MACROS[lower].split(), 1):
        found.append(_FIELD_RESULTS.get((index, token, 0)) or _field_miss(index, token, 0, None))
    found.append(_IMPLIED_YEAR)
    texts = tuple([f[1] for f in found])
    return _new_parsed(Parsed, (lower, lower, False, 5, texts, *[f[0] for f in found]))


_SHOWN: dict[int, slice] = {5: slice(1, 6), 6: slice(1, 7), 7: slice(0, 7)}

_FULL: dict[str, object] = {}
_FIELD_MEMO_SIZE = 8192
# (position, text) -> value, for fields without H: the same text in another column.
_FIELD_MEMO: dict[tuple[int, str], object] = {}
# (position, text, column) -> (value, FieldText), for fields without H.
_FIELD_RESULTS: dict[tuple[int, str, int], tuple[Any, FieldText]] = {}


def _full_value(spec: FieldSpec) -> object:
    """The parsed value of `*` in a field (shared, immutable)."""
    value = _FULL.get(spec.name)
    if value is None:
        acc = Acc()
        plain_item(spec, "*", 0, acc)
        value = finish(spec, acc)
        _FULL[spec.name] = value
    return value


def _field_miss(index: int, text: str, col: int, key: str | None) -> tuple[Any, FieldText]:
    """A field not yet seen in this column: parsed (or its value reused), then remembered."""
    spec = ALL_FIELDS[index]
    value = _FIELD_MEMO.get((index, text))
    if value is not None:
        result: tuple[Any, FieldText] = (value, FieldText(spec, text, text, col, False))
    else:
        result = _read_field(spec, text, col, key)
        if result[1].hashed:
            return result  # depends on the key: never shared by text
        if len(_FIELD_MEMO) < _FIELD_MEMO_SIZE:
            _FIELD_MEMO[index, text] = result[0]
    if len(_FIELD_RESULTS) < _FIELD_MEMO_SIZE:
        _FIELD_RESULTS[index, text, col] = result
    return result


def _read_field(spec: FieldSpec, text: str, col: int, key: str | None) -> tuple[Any, FieldText]:
    if text == "*":
        return _full_value(spec), FieldText(spec, text, text, col, False)
    if text.isdigit() and text.isascii() and spec is not DAY_OF_WEEK:
        number = int(text)
        if spec.lo <= number <= spec.hi:
            single = frozenset((number,))
            return (DayOfMonth(single) if spec is DAY_OF_MONTH else single), FieldText(
                spec, text, text, col, False
            )
    simple = simple_field(spec, text)
    if simple is not None:
        shared: object = DayOfMonth(simple) if spec is DAY_OF_MONTH else simple
        return shared, FieldText(spec, text, text, col, False)
    acc = Acc()
    hashed = False
    if text == "?":
        if spec not in (DAY_OF_MONTH, DAY_OF_WEEK):
            raise error(
                spec, "'?' is valid only standing alone in day-of-month or day-of-week", text, col
            )
        resolved_items = ["?"]
        plain_item(spec, "*", col, acc)
    else:
        resolved_items = []
        offset = col
        for item in text.split(","):
            if not item:
                raise error(spec, "empty list item (a stray comma)", text, offset)
            if is_hashed(item):
                values, joined = hashed_item(spec, item, offset, key)
                acc.values.update(values)
                resolved_items.append(joined)
                hashed = True
            else:
                parse_item(spec, item, offset, acc)
                resolved_items.append(item)
            offset += len(item) + 1
    value = finish(spec, acc)
    if hashed:
        return value, FieldText(spec, text, ",".join(resolved_items), col, True)
    return value, FieldText(spec, text, text, col, False)


def hash_moduli(text: str) -> tuple[tuple[str, int], ...] | None:
    """What `parse(text, key)` depends on the key through: (label, M) per H item.

    Each H item resolves from `hash_value(label, key) % M` alone (M is the
    item's span, or its step for H/n), so two keys with equal residues give
    equal results. () for text without H; None when an H item is malformed
    (parse it key by key and let it raise).
    """
    tokens = _tokens(text) if isinstance(text, str) else []
    if not tokens or tokens[0][0].startswith("@") or len(tokens) not in _SHOWN:
        return ()
    specs = ALL_FIELDS[_SHOWN[len(tokens)]]
    moduli: list[tuple[str, int]] = []
    for spec, (token, col) in zip(specs, tokens, strict=True):
        if "H" not in token and "h" not in token:
            continue
        for item in token.split(","):
            if is_hashed(item):
                try:
                    start, end, step = hash_slot(spec, item, col)
                except ScheduleError:
                    return None
                moduli.append((spec.label, step or end - start + 1))
    return tuple(moduli)


# The second and year a 5- or 6-field text implies are the dialect's constants.
_IMPLIED_SECOND = _read_field(SECOND, "0", 0, None)
_IMPLIED_YEAR = _read_field(YEAR, "*", 0, None)
