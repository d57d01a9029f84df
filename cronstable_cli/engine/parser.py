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
    tokens, normalized = _split(text)
    if not tokens:
        raise ScheduleError("the schedule is empty")
    first, first_col = tokens[0]
    if first.startswith("@"):
        return _parse_macro(tokens, hash_key, crontab)
    count = len(tokens)
    if count == 5:
        layout = [("0", 0), *tokens, ("*", 0)]
    elif count == 6:
        layout = [("0", 0), *tokens]
    elif count == 7:
        layout = list(tokens)
    else:
        hint = None
        if count == 4:
            hint = "a cron schedule needs minute hour day-of-month month day-of-week"
        raise ScheduleError(f"expected 5, 6 or 7 fields, got {count}", column=first_col, hint=hint)
    try:
        return _build(text, layout, count, hash_key, normalized)
    except ScheduleError as err:
        if count == 6 and (err.hint is None or err.field == "year") and _looks_quartz(tokens):
            err.hint = QUARTZ_HINT
            err.args = (err.message,)
        raise


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
        _parse_field(DAY_OF_WEEK, last, 0, None)
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
    expanded = MACROS[lower]
    fields = [("0", 0)] + [(t, 0) for t in expanded.split()] + [("*", 0)]
    parsed = _build(lower, fields, 5, hash_key)
    return parsed


_SHOWN: dict[int, slice] = {5: slice(1, 6), 6: slice(1, 7), 7: slice(0, 7)}


# Fields nobody wrote (column 0: the second and year a 5- or 6-field text
# implies, a macro's expansion) are constant texts without H: parse each once.
_IMPLIED: dict[tuple[str, str], tuple[object, FieldText]] = {}


def _implied_field(spec: FieldSpec, text: str) -> tuple[object, FieldText]:
    known = _IMPLIED.get((spec.label, text))
    if known is None:
        known = _IMPLIED[spec.label, text] = _parse_field(spec, text, 0, None)
    return known


def _build(
    text: str, layout: list[tuple[str, int]], count: int, key: str | None, normalized: bool = False
) -> Parsed:
    results = [
        _parse_field(spec, tok, col, key) if col else _implied_field(spec, tok)
        for spec, (tok, col) in zip(ALL_FIELDS, layout, strict=True)
    ]
    texts = tuple([r[1] for r in results])
    if text.startswith("@"):
        source = resolved = text
    else:
        shown = texts[_SHOWN[count]]
        source = text if normalized else " ".join([f.source for f in shown])
        resolved = source
        if any(f.hashed for f in shown):
            resolved = " ".join([f.resolved for f in shown])
    # The seven field values, in Parsed's field order (seconds .. years).
    values: list[Any] = [r[0] for r in results]
    return Parsed(source, resolved, False, count, texts, *values)


_FULL: dict[str, object] = {}
_FIELD_MEMO: dict[tuple[str, str], object] = {}
_FIELD_MEMO_SIZE = 8192


def _full_value(spec: FieldSpec) -> object:
    """The parsed value of `*` in a field (shared, immutable)."""
    value = _FULL.get(spec.name)
    if value is None:
        acc = Acc()
        plain_item(spec, "*", 0, acc)
        value = finish(spec, acc)
        _FULL[spec.name] = value
    return value


_FIELD_RESULTS: dict[tuple[str, str, int], tuple[object, FieldText]] = {}


def _parse_field(spec: FieldSpec, text: str, col: int, key: str | None) -> tuple[object, FieldText]:
    # A field without H is a pure function of its text and column: a fleet's
    # schedules repeat a few fields ("*", "0", "*/5") in the same columns.
    known = _FIELD_RESULTS.get((spec.label, text, col))
    if known is not None:
        return known
    result = _read_field(spec, text, col, key)
    if not result[1].hashed and len(_FIELD_RESULTS) < _FIELD_MEMO_SIZE:
        _FIELD_RESULTS[spec.label, text, col] = result
    return result


def _read_field(spec: FieldSpec, text: str, col: int, key: str | None) -> tuple[object, FieldText]:
    if text == "*":
        return _full_value(spec), FieldText(spec, text, text, col, False)
    if text.isdigit() and text.isascii() and spec is not DAY_OF_WEEK:
        number = int(text)
        if spec.lo <= number <= spec.hi:
            single = frozenset((number,))
            return (DayOfMonth(single) if spec is DAY_OF_MONTH else single), FieldText(
                spec, text, text, col, False
            )
    # A field without H is a pure function of its text: fleets repeat the same
    # few texts ("*/5", "mon-fri") thousands of times, so their values are shared.
    memo_key = (spec.label, text)
    known = _FIELD_MEMO.get(memo_key)
    if known is not None:
        return known, FieldText(spec, text, text, col, False)
    simple = simple_field(spec, text)
    if simple is not None:
        shared: object = DayOfMonth(simple) if spec is DAY_OF_MONTH else simple
        if len(_FIELD_MEMO) < _FIELD_MEMO_SIZE:
            _FIELD_MEMO[memo_key] = shared
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
    if len(_FIELD_MEMO) < _FIELD_MEMO_SIZE:
        _FIELD_MEMO[memo_key] = value
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
