"""Text to parsed fields: the one parser every command uses.

This module reads the layout (5, 6 or 7 fields, macros, Quartz hints),
parses each field through `items` (the item grammar) and `h_items` (H
items, resolved from the hash key into plain values), and shares results:
fields by text, whole parses by text and H residue.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any, NoReturn

from ..names import closest
from .errors import ScheduleError
from .fields import (
    ALL_FIELDS,
    DAY_OF_MONTH,
    DAY_OF_WEEK,
    MACROS,
    REBOOT,
    YEAR,
    FieldSpec,
    one_value,
)
from .h_items import clear as clear_hashed
from .h_items import hashed_item, is_hashed, key_hash
from .items import (
    Acc,
    bits_reader,
    day_field,
    day_value,
    error,
    finish,
    parse_item,
    plain_item,
    simple_bits,
)
from .parse_result import DayOfMonth, DayOfWeek, Parsed, values_mask

_TOKEN = re.compile(r"\S+")

QUARTZ_HINT = (
    "the 6th field here is a year, not Quartz's day-of-week after seconds; "
    "append ' *' to make it a 7-field seconds-first expression"
)


_PARSED: dict[object, Parsed] = {}  # by text, or (text, crontab, H slot): see `parse`
# Keys parsed once and not kept yet. A parse is shared from its key's second
# sighting on: a fleet repeats its texts, so the second sighting comes soon and
# every later one is a look-up, while a stream of texts seen once (how a fleet
# loads) would fill the cache with parses nobody asks for again, each a few
# objects the garbage collector must scan and promote. Texts are not
# containers, so remembering them costs the collector nothing. Both are
# bounded. A text with a key is remembered by its moduli instead (`_MODULI`).
_SEEN_ONCE: set[object] = set()
_MODULI: dict[str, tuple[tuple[str, int], ...]] = {}  # a text's H items' (label, M)
_CACHE_SIZE = 4096
_UNSEEN: Any = object()  # `_MODULI` has no entry (every empty tuple is one object: not `()`)
# Bound once, as the field memos' look-ups are (see `_minute`): cleared in place, never replaced.
_shared, _see = _PARSED.get, _SEEN_ONCE.add


def parse(text: str, hash_key: str | None = None, crontab: bool = False) -> Parsed:
    """Parse a 5/6/7-field expression or a macro; raise ScheduleError if invalid.

    `crontab=True` accepts `@midnight` (classic crontab files only). Results
    are immutable and shared (like `re`'s pattern cache) from a text's second
    parse on (see `_SEEN_ONCE`). A text's result depends on the hash key only through
    `hash_value(label, key) % M` per H item, so jobs whose keys leave the same
    residues share one parse: a fleet of 10,000 `H H * * *` jobs costs at most
    2 × 1,440 real parses.
    """
    if not isinstance(text, str):
        raise ScheduleError(f"a schedule must be text, not {type(text).__name__}")
    # As in the daemon, the key is read only by H items: a text without one
    # is parsed without it (and its fields never look for H items).
    if hash_key is not None and ("H" in text or "h" in text):
        return _parse_keyed(text, hash_key, crontab)
    # The commonest parse (no H slot, not a crontab line) is kept under its
    # text alone: a look-up hashes no tuple.
    cache_key: object = (text, True, None) if crontab else text
    parsed = _shared(cache_key)
    if parsed is not None:
        return parsed
    # `_parse(text, None, crontab)`, inlined: a never-seen text (how a fleet
    # loads) is read in this one frame, whatever its layout. Without a key no
    # field is resolved, so only the field values differ from one text to
    # another; tests compare this path with `_parse` on generated texts.
    parts = text.split()
    count = len(parts)
    # Parsed's layout, as `_parse` reads it: a missing seconds field is 0, a
    # missing year field every year; the fields are read left to right.
    if count == 5:
        mi, h, dom, mo, dow = parts
        seconds, y = _ZERO, None
    elif count == 6:
        mi, h, dom, mo, dow, y = parts
        seconds = _ZERO
    elif count == 7:
        s, mi, h, dom, mo, dow, y = parts
        seconds = _second(s) or _read_second(s) or _miss(text, parts, 0, s)
    else:
        count = 0  # not 5 to 7 fields: a macro, or an error
    if count:
        source = " ".join(parts)
        parsed = _new_parsed(Parsed, (
            source, source, False, count, source if source == text else _written(text), seconds,
            _minute(mi) or _read_minute(mi) or _miss(text, parts, 1, mi),
            _hour(h) or _read_hour(h) or _miss(text, parts, 2, h),
            _dom(dom) or _miss(text, parts, 3, dom),
            _month(mo) or _read_month(mo) or _miss(text, parts, 4, mo),
            _dow(dow) or _miss(text, parts, 5, dow),
            _ALL_YEARS if y is None else (_year(y) or _read_year(y) or _miss(text, parts, 6, y)),
        ))  # fmt: skip
    else:
        parsed = _not_fields(text, len(parts), None, crontab)
    # A first sighting only remembers the text (`_SEEN_ONCE`).
    if cache_key in _SEEN_ONCE:
        _share(cache_key, parsed)
    else:
        if len(_SEEN_ONCE) >= _CACHE_SIZE:
            _SEEN_ONCE.clear()
        _see(cache_key)
    return parsed


def _parse_keyed(text: str, hash_key: str, crontab: bool) -> Parsed:
    """`parse` of a text that may hold H items, with the key they hash."""
    if not isinstance(hash_key, str):
        raise ScheduleError(f"a hash key must be text, not {type(hash_key).__name__}")
    moduli = _MODULI.get(text, _UNSEEN)
    if moduli is _UNSEEN:
        # A first parse meets every H item anyway, so it collects their
        # (label, M): no separate pass reads the items to find what the result
        # depends on. A text that fails learns nothing. Like a text seen once
        # without a key, a first sighting keeps no parse: the text is remembered
        # (by its moduli), and its parses are shared from its second sighting on.
        found: list[tuple[str, int]] = []
        parsed = _parse(text, hash_key, crontab, found)
        if len(_MODULI) >= _CACHE_SIZE:
            _MODULI.clear()
        _MODULI[text] = tuple(found)
        return parsed
    if moduli:
        slot = tuple([key_hash(label, hash_key) % m for label, m in moduli])
        cache_key: object = (text, crontab, slot)
    else:  # no H item after all (an h in `thu`)
        cache_key = (text, True, None) if crontab else text
    shared = _PARSED.get(cache_key)
    if shared is not None:
        return shared
    parsed = _parse(text, hash_key, crontab)
    _share(cache_key, parsed)
    return parsed


def _share(cache_key: object, parsed: Parsed) -> None:
    if len(_PARSED) >= _CACHE_SIZE:
        _PARSED.clear()
    _PARSED[cache_key] = parsed


def clear_caches() -> None:
    """Forget shared parse results (benchmarks measure cold parses with this).

    The field memos go back to the dialect's constants (`_CONSTANTS`), which
    no expression adds to.
    """
    _PARSED.clear()
    _SEEN_ONCE.clear()
    _MODULI.clear()
    _reset_field_memos()
    clear_hashed()


def _not_fields(text: str, count: int, hash_key: str | None, crontab: bool) -> Parsed:
    """A text that is not 5 to 7 fields: a macro, or an error naming what is wrong."""
    tokens = _tokens(text)
    if not tokens:
        raise ScheduleError("the schedule is empty")
    first, first_col = tokens[0]
    if first.startswith("@"):
        return _parse_macro(tokens, hash_key, crontab, text)
    hint = None
    if count == 4:
        hint = "a cron schedule needs minute hour day-of-month month day-of-week"
    raise ScheduleError(f"expected 5, 6 or 7 fields, got {count}", column=first_col, hint=hint)


# Per position (second .. year): a field's text -> its value, for fields without H.
# A field without H is a pure function of its text, and a fleet's schedules
# repeat a few texts ("*", "0", "*/5"), so a seen field costs one look-up. Each
# memo starts from the dialect's constants (`_CONSTANTS`: every spelling of one
# value, and `*`), so the commonest fields never miss, even after a clear; what
# parses add is bounded per memo (`_FIELD_MEMO_SIZE`).
_VALUES: tuple[dict[str, Any], ...] = tuple({} for _ in ALL_FIELDS)
# Each memo's look-up, bound once: a call of a bound method costs a parse less than
# a method looked up on the memo each time. The memos are cleared and refilled in
# place (`_reset_field_memos`), never replaced, so the bindings hold.
_second, _minute, _hour, _dom, _month, _dow, _year = (memo.get for memo in _VALUES)
_FIELD_MEMO_SIZE = 16384  # entries a memo holds beyond its constants
_new_parsed = tuple.__new__  # Parsed(...) without namedtuple's Python-level __new__ frame
_SPACE = re.compile(r"\s")


def _parse(
    text: str, key: str | None, crontab: bool, found: list[tuple[str, int]] | None = None
) -> Parsed:
    """Parse without the shared results; `found` collects each H item's (label, M).

    `key` is the hash key of a text that may hold H items, else None. A field
    costs one look-up once its text has been seen. Columns matter only
    to errors and to `Parsed.fields` (built on first use), so a parse that
    succeeds never computes them. (`parse` inlines this for a text without a
    key.)
    """
    parts = text.split()
    count = len(parts)
    if not 5 <= count <= 7:
        return _not_fields(text, count, key, crontab)
    source = " ".join(parts)
    written = source if source == text else _written(text)
    # H fields are read anew for each key (never remembered): a text that may
    # hold one (it comes with a key) gets the resolved spelling of its fields in `shown`.
    shown = parts.copy() if key is not None else None
    # One look-up per written field, each memo named; a miss (None: every
    # value is a non-zero mask or a day field's tuple) is read then and there,
    # left to right, so the first bad field is the one named. The values are
    # read before Parsed is built, so a resolved H field's text (in `shown`)
    # is known then: one Parsed per parse.
    if count == 5:
        mi, h, dom, mo, dow = parts
        seconds, years = _ZERO, _ALL_YEARS
    elif count == 6:
        mi, h, dom, mo, dow, y = parts
        seconds = _ZERO
    else:
        s, mi, h, dom, mo, dow, y = parts
        seconds = _second(s) or _miss(text, parts, 0, s, key, found, shown)
    minutes = _minute(mi) or _miss(text, parts, 1, mi, key, found, shown)
    hours = _hour(h) or _miss(text, parts, 2, h, key, found, shown)
    days = _dom(dom) or _miss(text, parts, 3, dom, key, found, shown)
    months = _month(mo) or _miss(text, parts, 4, mo, key, found, shown)
    weekdays = _dow(dow) or _miss(text, parts, 5, dow, key, found, shown)
    if count != 5:
        years = _year(y) or _miss(text, parts, 6, y, key, found, shown)
    # A field held an H item exactly when `shown` differs: its resolved spelling.
    resolved = source if shown is None or shown == parts else " ".join(shown)
    return _new_parsed(Parsed, (
        source, resolved, False, count, written,
        seconds, minutes, hours, days, months, weekdays, years,
    ))  # fmt: skip


def _written(text: str) -> str:
    """The text as written, each whitespace character a space and none trailing (columns hold)."""
    return _SPACE.sub(" ", text.rstrip())


def _miss(
    text: str,
    parts: list[str],
    index: int,
    token: str,
    key: str | None = None,
    found: list[tuple[str, int]] | None = None,
    shown: list[str] | None = None,
) -> Any:
    """The value of `token`, the field at `index` (0 second .. 6 year) that its memo lacked.

    `text` is the parse's text and `parts` its fields; `key`, `found` and
    `shown` are `_parse`'s (a parse without a key resolves nothing). The value
    is remembered unless it held an H item, whose resolved spelling goes into
    `shown` instead. Plain fields (`*/5`, `1-5`, `mon-fri`, `5,35`, `L`) are
    read by the fast readers first, which never accept an H item; anything
    else takes `_read_field`, which also words the errors.
    """
    spec = ALL_FIELDS[index]
    # The fast readers first: none accepts an H item (and no name starts with an
    # h); day fields have their special forms; one item needs no list split.
    value: Any
    if token[0] in "Hh":
        # One H item (`H`, `H(a-b)`, `H/n`, `H(a-b)/n`: `is_hashed`, no list):
        # never remembered. A list holding one, or an H without a key (an error
        # the item grammar words), is read by `_read_field`.
        if key is not None and (len(token) == 1 or token[1] in "(/") and "," not in token:
            try:
                values, mask, joined, _ = hashed_item(spec, token, 0, key, found)
            except ScheduleError:
                _raise_with_columns(text, parts, index, key)
            if shown is not None:  # always, when a field held an H item
                shown[index - (len(parts) < 7)] = joined
            return day_value(spec, values) if index == 3 or index == 5 else mask
        value = None
    elif index == 3 or index == 5:
        value = day_field(spec, token)
    else:
        value = _READ[index](token)  # remembered by the reader (`_READ`)
        if value is not None:
            return value
    if value is None:
        try:
            value, res = _read_field(spec, token, 0, key, found)
        except ScheduleError:
            _raise_with_columns(text, parts, index, key)
        if res is not None:  # an H item: never remembered
            if shown is not None:  # always, when a field held an H item
                # The implied second shifts a 5 or 6-field text by one.
                shown[index - (len(parts) < 7)] = res
            return value
    # A value depends on its text alone: remembered at once (a mask is an int; a
    # day field's tuple of sets is what every later parse of the text shares).
    memo = _VALUES[index]
    if len(memo) >= _MEMO_LIMITS[index]:
        _restart_memo(index)
    memo[token] = value
    return value


def _raise_with_columns(text: str, parts: list[str], index: int, key: str | None) -> NoReturn:
    """Read a failing field again with its column, so the error names it; add Quartz's hint."""
    count = len(parts)
    if parts[0][0] == "@":  # a macro with more after it (no field reads as `@...`)
        _not_fields(text, count, key, False)
    # Columns are worth computing only now: the same text gives the same
    # error, this time with the field's own column.
    at = index - (count < 7)  # the implied second shifts a 5 or 6-field text by one
    cols = _columns(text)
    try:
        _read_field(ALL_FIELDS[index], parts[at], cols[at], key)
    except ScheduleError as err:
        quartz = count == 6 and (err.hint is None or err.field == "year")
        if quartz and _looks_quartz(list(zip(parts, cols, strict=True))):
            err.hint = QUARTZ_HINT
            err.args = (err.message,)
        raise
    raise AssertionError("a field failed without its column and parsed with it")


def _columns(text: str) -> list[int]:
    """The 1-based column of each whitespace-separated token."""
    return [m.start() + 1 for m in _TOKEN.finditer(text)]


def _tokens(text: str) -> list[tuple[str, int]]:
    """Whitespace-separated tokens with their 1-based columns."""
    return [(m.group(), m.start() + 1) for m in _TOKEN.finditer(text)]


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


def _parse_macro(
    tokens: list[tuple[str, int]], hash_key: str | None, crontab: bool, text: str
) -> Parsed:
    word, col = tokens[0]
    lower = word.lower()
    if lower == REBOOT and text != REBOOT and len(tokens) == 1:
        # The daemon compares the schedule with "@reboot" as it is, before any cron
        # parse (which lower-cases the clock macros but knows no @reboot): "@Reboot",
        # "@REBOOT" or " @reboot" reach that parse and are refused.
        raise ScheduleError(
            f"{text!r} is not '@reboot': the daemon recognises @reboot only spelled exactly "
            'so (lower case, nothing around it) and refuses anything else ("expected 5 to 7 '
            'whitespace-separated cron fields (or a supported @-nickname), got 1")',
            item=word,
            column=col,
            hint="write @reboot",
        )
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
        empty: frozenset[int] = frozenset()
        dom, dow = DayOfMonth(empty), DayOfWeek(empty)
        fields = (0, 0, 0, dom, 0, dow, 0)  # no value in any field
        return _new_parsed(Parsed, (REBOOT, REBOOT, True, 5, REBOOT, *fields))
    if lower == "@midnight":
        if not crontab:
            raise ScheduleError(
                "@midnight is accepted only in classic crontab files",
                item=word,
                column=col,
                hint="use @daily",
            )
        lower = "@daily"
    # A macro's fields carry no H; `Parsed.fields` shows them unwritten (column 0).
    # Each is `*` or one value: a constant of the dialect.
    values: list[Any] = [_ZERO]
    for index, token in enumerate(MACROS[lower].split(), 1):
        values.append(_CONSTANTS[index][token])
    values.append(_ALL_YEARS)
    return _new_parsed(Parsed, (lower, lower, False, 5, lower, *values))


def _full_value(spec: FieldSpec) -> object:
    """The parsed value of `*` in a field (a mask outside the day fields)."""
    acc = Acc()
    plain_item(spec, "*", 0, acc)
    value = finish(spec, acc)
    if spec is DAY_OF_MONTH or spec is DAY_OF_WEEK:
        return value
    return values_mask(value, spec.bit_base)


# The value of `*` in each field, by name: the dialect's constants (shared, immutable).
_FULL: dict[str, object] = {spec.name: _full_value(spec) for spec in ALL_FIELDS}


def _read_field(
    spec: FieldSpec,
    text: str,
    col: int,
    key: str | None,
    found: list[tuple[str, int]] | None = None,
) -> tuple[Any, str | None]:
    """A field's value, and its resolved text when it holds an H item (else None).

    A day field's value is its DayOfMonth or DayOfWeek, any other field's its
    mask (parse_result.py). `found`, when given, collects each H item's
    (label, M) in the order written.
    """
    if text == "*":
        return _FULL[spec.name], None
    day_spec = spec is DAY_OF_MONTH or spec is DAY_OF_WEEK
    if day_spec:
        day = day_field(spec, text)
        if day is not None:
            return day, None
    else:
        simple = simple_bits(spec, text)
        if simple is not None:
            return simple, None
    acc = Acc()
    hashed = False
    if text == "?":
        if spec is not DAY_OF_MONTH and spec is not DAY_OF_WEEK:
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
                values, _, joined, _ = hashed_item(spec, item, offset, key, found)
                acc.values.update(values)
                resolved_items.append(joined)
                hashed = True
            else:
                parse_item(spec, item, offset, acc)
                resolved_items.append(item)
            offset += len(item) + 1
    value = finish(spec, acc)
    if not day_spec:
        value = values_mask(value, spec.bit_base)
    return value, (",".join(resolved_items) if hashed else None)


def _field_constants(spec: FieldSpec) -> dict[str, Any]:
    """A field's dialect constants: the value of `*` and of every spelling of one value.

    They depend on no expression (like `FieldSpec.words`), so they are made
    once, at import. A day field's one-value sets are shared with the other
    fields' (`fields.one_value`); any other field's value is its mask.
    """
    constants: dict[str, Any] = {"*": _FULL[spec.name]}
    if spec is not DAY_OF_MONTH and spec is not DAY_OF_WEEK:
        constants.update(spec.bits)  # each spelling's mask: its value's bit
        return constants
    for word, number in spec.words.items():
        constants[word] = day_value(spec, one_value(number % 7 if spec is DAY_OF_WEEK else number))
    return constants


_CONSTANTS: tuple[dict[str, Any], ...] = tuple(_field_constants(spec) for spec in ALL_FIELDS)
_MEMO_LIMITS = tuple(len(constants) + _FIELD_MEMO_SIZE for constants in _CONSTANTS)


def _restart_memo(index: int) -> None:
    """The memo of field `index` back to the dialect's constants (at its bound, or a clear)."""
    memo = _VALUES[index]
    memo.clear()
    memo.update(_CONSTANTS[index])


def _reset_field_memos() -> None:
    for index in range(len(_VALUES)):
        _restart_memo(index)


_reset_field_memos()

# The memos' readers of a field without day forms (`items.bits_reader`): a miss of
# plain items is read and remembered in one frame, which the fast path in `parse`
# calls first; anything they decline (H, errors) goes to `_miss`, as do the
# misses of `_parse`, which reads a day field's and an H item's too. None at the
# day fields' positions.
_READ: tuple[Any, ...] = tuple(
    None
    if spec is DAY_OF_MONTH or spec is DAY_OF_WEEK
    else bits_reader(spec, _VALUES[index], _MEMO_LIMITS[index], partial(_restart_memo, index))
    for index, spec in enumerate(ALL_FIELDS)
)
_read_second, _read_minute, _read_hour, _, _read_month, _, _read_year = _READ

# The second and year a 5- or 6-field text implies.
_ZERO: int = _CONSTANTS[0]["0"]
_ALL_YEARS = _FULL[YEAR.name]
