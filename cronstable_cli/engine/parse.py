"""Text to parsed fields: the one parser every command uses.

Each field parses to plain frozensets; the day fields also carry their
special forms (L, L-n, nW, LW in day-of-month; Ln, d#n in day-of-week).
H items are resolved here, from the hash key, into plain values.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import ScheduleError
from .fields import (
    ALL_FIELDS,
    DAY_OF_MONTH,
    DAY_OF_WEEK,
    MACROS,
    REBOOT,
    FieldSpec,
)
from .hashing import hash_value

_NUMBER = re.compile(r"[0-9]{1,9}")
_HASHED = re.compile(r"H(?:\(([^()]*)\))?(?:/(.*))?")
_TOKEN = re.compile(r"\S+")

QUARTZ_HINT = (
    "the 6th field here is a year, not Quartz's day-of-week after seconds; "
    "append ' *' to make it a 7-field seconds-first expression"
)


class DayOfMonth(NamedTuple):
    """Day-of-month selection: plain days plus the special forms."""

    days: frozenset[int]
    last_offsets: frozenset[int] = frozenset()  # 0 for L, n for L-n
    nearest: frozenset[int] = frozenset()  # n for nW
    last_weekday: bool = False  # LW

    @property
    def restricted(self) -> bool:
        return bool(
            len(self.days) != 31 or self.last_offsets or self.nearest or self.last_weekday
        )


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
        """What semantic equality compares (SPEC §1.2): the field sets, never the text."""
        return (self.reboot, self.seconds, self.minutes, self.hours, self.dom, self.months,
                self.dow, self.years)


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
    if hash_key is not None and "H" in text:
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
    _SLOTS.clear()
    _RESOLVED_ITEMS.clear()


def _parse(text: str, hash_key: str | None, crontab: bool) -> Parsed:
    if not isinstance(text, str):
        raise ScheduleError(f"a schedule must be text, not {type(text).__name__}")
    tokens = _tokens(text)
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
        raise ScheduleError(
            f"expected 5, 6 or 7 fields, got {count}", column=first_col, hint=hint
        )
    try:
        return _build(text, layout, count, hash_key)
    except ScheduleError as err:
        if count == 6 and (err.hint is None or err.field == "year") and _looks_quartz(tokens):
            err.hint = QUARTZ_HINT
            err.args = (err.message,)
        raise


def _tokens(text: str) -> list[tuple[str, int]]:
    """Whitespace-separated tokens with their 1-based columns."""
    parts = text.split()
    if " ".join(parts) != text:
        return [(m.group(), m.start() + 1) for m in _TOKEN.finditer(text)]
    out = []
    col = 1
    for part in parts:
        out.append((part, col))
        col += len(part) + 1
    return out


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
        if lower.startswith("@every"):
            hint = f"interval macros are not cron; write a step such as */5, or {hint}"
        raise ScheduleError(f"unknown macro {word!r}", item=word, column=col, hint=hint)
    if len(tokens) > 1:
        raise ScheduleError(
            f"a macro stands alone, but {word!r} is followed by {tokens[1][0]!r}",
            column=tokens[1][1],
        )
    if lower == REBOOT:
        return Parsed(
            source=REBOOT, resolved=REBOOT, reboot=True, field_count=5, fields=(),
            seconds=frozenset(), minutes=frozenset(), hours=frozenset(),
            dom=DayOfMonth(frozenset()), months=frozenset(), dow=DayOfWeek(frozenset()),
            years=frozenset(),
        )
    if lower == "@midnight":
        if not crontab:
            raise ScheduleError(
                "@midnight is accepted only in classic crontab files",
                item=word, column=col, hint="use @daily",
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


def _build(text: str, layout: list[tuple[str, int]], count: int, key: str | None) -> Parsed:
    results = [_parse_field(spec, tok, col, key) if col else _implied_field(spec, tok)
               for spec, (tok, col) in zip(ALL_FIELDS, layout, strict=True)]
    texts = tuple([r[1] for r in results])
    if text.startswith("@"):
        source = resolved = text
    else:
        shown = texts[_SHOWN[count]]
        source = " ".join([f.source for f in shown])
        resolved = source
        if "H" in source and any(f.hashed for f in shown):
            resolved = " ".join([f.resolved for f in shown])
    return Parsed(
        source, resolved, False, count, texts, results[0][0], results[1][0],  # type: ignore[arg-type]
        results[2][0], results[3][0], results[4][0], results[5][0], results[6][0],  # type: ignore[arg-type]
    )


class _Acc:
    """Collects a field's values while its items are parsed."""

    __slots__ = ("last", "last_offsets", "last_weekday", "nearest", "nth", "values")

    def __init__(self) -> None:
        self.values: set[int] = set()
        self.last_offsets: set[int] = _NONE
        self.nearest: set[int] = _NONE
        self.last_weekday = False
        self.last: set[int] = _NONE
        self.nth: set[tuple[int, int]] = _NONE  # type: ignore[assignment]

    def special(self, name: str) -> set:
        """The set for a special form, created on first use."""
        current = getattr(self, name)
        if current is _NONE:
            current = set()
            setattr(self, name, current)
        return current


_NONE: set[int] = set()  # shared empty marker; never mutated (see _Acc.special)


_FULL: dict[str, object] = {}
_FIELD_MEMO: dict[tuple[str, str], object] = {}
_FIELD_MEMO_SIZE = 8192


def _full_value(spec: FieldSpec) -> object:
    """The parsed value of `*` in a field (shared, immutable)."""
    value = _FULL.get(spec.name)
    if value is None:
        acc = _Acc()
        _plain_item(spec, "*", 0, acc)
        value = _finish(spec, acc)
        _FULL[spec.name] = value
    return value


def _parse_field(
    spec: FieldSpec, text: str, col: int, key: str | None
) -> tuple[object, FieldText]:
    if text == "*":
        return _full_value(spec), FieldText(spec, text, text, col, False)
    if text.isdigit() and text.isascii() and spec is not DAY_OF_WEEK:
        number = int(text)
        if spec.lo <= number <= spec.hi:
            single = frozenset((number,))
            return (DayOfMonth(single) if spec is DAY_OF_MONTH else single), FieldText(
                spec, text, text, col, False)
    # A field without H is a pure function of its text: fleets repeat the same
    # few texts ("*/5", "mon-fri") thousands of times, so their values are shared.
    memo_key = (spec.label, text)
    known = _FIELD_MEMO.get(memo_key)
    if known is not None:
        return known, FieldText(spec, text, text, col, False)
    simple = _simple_field(spec, text)
    if simple is not None:
        shared: object = DayOfMonth(simple) if spec is DAY_OF_MONTH else simple
        if len(_FIELD_MEMO) < _FIELD_MEMO_SIZE:
            _FIELD_MEMO[memo_key] = shared
        return shared, FieldText(spec, text, text, col, False)
    acc = _Acc()
    hashed = False
    if text == "?":
        if spec not in (DAY_OF_MONTH, DAY_OF_WEEK):
            raise _err(spec, "'?' is valid only standing alone in day-of-month or day-of-week",
                       text, col)
        resolved_items = ["?"]
        _plain_item(spec, "*", col, acc)
    else:
        resolved_items = []
        offset = col
        for item in text.split(","):
            if not item:
                raise _err(spec, "empty list item (a stray comma)", text, offset)
            if _is_hashed(item):
                values, joined = _hashed_item(spec, item, offset, key)
                acc.values.update(values)
                resolved_items.append(joined)
                hashed = True
            else:
                _item(spec, item, offset, acc)
                resolved_items.append(item)
            offset += len(item) + 1
    value = _finish(spec, acc)
    if hashed:
        return value, FieldText(spec, text, ",".join(resolved_items), col, True)
    if len(_FIELD_MEMO) < _FIELD_MEMO_SIZE:
        _FIELD_MEMO[memo_key] = value
    return value, FieldText(spec, text, text, col, False)


_SIMPLE = re.compile(r"(\*|[0-9]{1,4})(?:-([0-9]{1,4}))?(?:/([0-9]{1,4}))?")


def _simple_field(spec: FieldSpec, text: str) -> frozenset[int] | None:
    """The values of one plain numeric item (`5`, `1-5`, `*/15`, `0-30/10`, `5/15`).

    A fast path for the commonest texts; anything unusual (names, lists,
    day-of-week wrap rules, errors) returns None and goes the general way.
    """
    if spec is DAY_OF_WEEK:
        return None
    match = _SIMPLE.fullmatch(text)
    if match is None:
        return None
    a, b, n = match.groups()
    if a == "*":
        if b is not None:
            return None
        start, end = spec.lo, spec.hi
    else:
        start = int(a)
        end = int(b) if b is not None else (spec.hi if n is not None else start)
    step = int(n) if n is not None else 1
    if not spec.lo <= start <= end <= spec.hi or step < 1:
        return None
    if n is not None and start + step > spec.step_limit:
        return None
    return frozenset(range(start, end + 1, step))


def _finish(spec: FieldSpec, acc: _Acc) -> object:
    if spec is DAY_OF_MONTH:
        return DayOfMonth(
            frozenset(acc.values), frozenset(acc.last_offsets), frozenset(acc.nearest),
            acc.last_weekday,
        )
    if spec is DAY_OF_WEEK:
        return DayOfWeek(frozenset(v % 7 for v in acc.values), frozenset(acc.last),
                         frozenset(acc.nth))
    return frozenset(acc.values)


def _err(
    spec: FieldSpec, reason: str, item: str, col: int, hint: str | None = None
) -> ScheduleError:
    return ScheduleError(f"{reason}: {item!r}" if item and item not in reason else reason,
                         field=spec.name, item=item, column=col, hint=hint)


def _item(spec: FieldSpec, item: str, col: int, acc: _Acc) -> None:
    upper = item.upper()
    if "?" in item:
        raise _err(spec, "'?' is valid only standing alone in day-of-month or day-of-week",
                   item, col)
    if "#" in item:
        if spec is not DAY_OF_WEEK:
            raise _err(spec, "'#' is valid only in day-of-week", item, col,
                       hint="write the n-th weekday as d#n in the day-of-week field")
        _nth_item(item, col, acc)
        return
    if upper.endswith("W") and (upper == "LW" or _NUMBER.fullmatch(upper[:-1])):
        if spec is not DAY_OF_MONTH:
            raise _err(spec, "'W' is valid only in day-of-month", item, col,
                       hint="nW and LW pick a weekday in the day-of-month field")
        if upper == "LW":
            acc.last_weekday = True
            return
        day = _number(spec, item[:-1], item, col)
        if not 1 <= day <= 31:
            raise _err(spec, "nW needs a day from 1 to 31", item, col)
        acc.special("nearest").add(day)
        return
    if "L" in upper and (spec in (DAY_OF_MONTH, DAY_OF_WEEK) or upper.startswith("L")):
        if spec is DAY_OF_MONTH:
            _last_day_item(item, col, acc)
        elif spec is DAY_OF_WEEK:
            _last_weekday_item(item, col, acc)
        else:
            raise _err(spec, "'L' is valid only in day-of-month or day-of-week", item, col)
        return
    _plain_item(spec, item, col, acc)


def _last_day_item(item: str, col: int, acc: _Acc) -> None:
    upper = item.upper()
    if upper == "L":
        acc.special("last_offsets").add(0)
        return
    if upper.startswith("L-"):
        days = _number(DAY_OF_MONTH, item[2:], item, col)
        if not 1 <= days <= 30:
            raise _err(DAY_OF_MONTH, "L-n needs n from 1 to 30", item, col)
        acc.special("last_offsets").add(days)
        return
    raise _err(DAY_OF_MONTH, "not a valid day-of-month item", item, col,
               hint="the last-day forms are L, L-n and LW")


def _last_weekday_item(item: str, col: int, acc: _Acc) -> None:
    upper = item.upper()
    if upper.endswith("L") and len(upper) > 1 and not upper.startswith("L"):
        day = item[:-1]
        raise _err(DAY_OF_WEEK, "a trailing L is Quartz's spelling", item, col,
                   hint=f"write L{day} for the month's last such weekday")
    if upper == "L":
        raise _err(DAY_OF_WEEK, "L in day-of-week needs a weekday", item, col,
                   hint="L5 is the month's last Friday")
    if not upper.startswith("L"):
        raise _err(DAY_OF_WEEK, "not a valid day-of-week item", item, col)
    inner = _Acc()
    _plain_item(DAY_OF_WEEK, item[1:], col, inner, allow_step=False, shown=item)
    acc.special("last").update(v % 7 for v in inner.values)


def _nth_item(item: str, col: int, acc: _Acc) -> None:
    day_text, _, n_text = item.partition("#")
    day = _value(DAY_OF_WEEK, day_text, item, col)
    if not _NUMBER.fullmatch(n_text) or not 1 <= int(n_text) <= 5:
        raise _err(DAY_OF_WEEK, "d#n needs n from 1 to 5", item, col)
    acc.special("nth").add((day % 7, int(n_text)))


def _number(spec: FieldSpec, text: str, item: str, col: int) -> int:
    if not _NUMBER.fullmatch(text):
        raise _err(spec, f"{text!r} is not a number", item, col)
    return int(text)


def _value(spec: FieldSpec, text: str, item: str, col: int) -> int:
    if _NUMBER.fullmatch(text):
        value = int(text)
    elif text.lower() in spec.names:
        value = spec.names[text.lower()]
    else:
        raise _err(spec, f"{text!r} is not a valid {spec.name} value", item, col)
    if not spec.lo <= value <= spec.hi:
        raise _err(spec, f"{value} is out of range {spec.lo}-{spec.hi}", item, col)
    return value


def _plain_item(
    spec: FieldSpec, text: str, col: int, acc: _Acc, *, allow_step: bool = True,
    shown: str | None = None,
) -> None:
    """`*`, a value, `a-b`, with an optional `/n`; errors name `shown` (the whole item)."""
    item = shown or text
    base, slash, step_text = text.partition("/")
    step = 1
    if slash:
        if not allow_step:
            raise _err(spec, "a step is not allowed here", item, col)
        if not _NUMBER.fullmatch(step_text) or int(step_text) == 0:
            raise _err(spec, "a step must be a positive whole number", item, col)
        step = int(step_text)
    # Day-of-week: `*` and open-ended steps run over 0-6 (7 is Sunday again).
    top = 6 if spec is DAY_OF_WEEK else spec.hi
    if base == "*":
        start, end = spec.lo, top
    elif "-" in base:
        a_text, _, b_text = base.partition("-")
        start = _value(spec, a_text, item, col)
        end = _value(spec, b_text, item, col)
        if spec is DAY_OF_WEEK and end == 0:
            end = 7  # `sat-sun`, `6-0`: a range ending in Sunday wraps to 7
        if start > end:
            raise _err(spec, "the range runs backwards", item, col,
                       hint=f"write it as {b_text}-{a_text} or split it into two items")
    else:
        start = _value(spec, base, item, col)
        end = top if slash else start
        if slash and start > end:
            raise _err(spec, f"{start}/n starts past the field's end ({end})", item, col)
    if slash and start + step > spec.step_limit:
        raise _err(
            spec,
            f"step {step} leaves the field after its first value (the field ends at "
            f"{spec.step_limit})",
            item, col,
        )
    acc.values.update(range(start, end + 1, step))


_SLOTS: dict[tuple[str, str], tuple[int, int, int | None]] = {}


def _hash_slot(spec: FieldSpec, item: str, col: int) -> tuple[int, int, int | None]:
    """The (start, end, step) an H item hashes over; raises for a malformed item."""
    known = _SLOTS.get((spec.label, item))
    if known is None:
        known = _read_hash_slot(spec, item, col)
        if len(_SLOTS) < _CACHE_SIZE:
            _SLOTS[spec.label, item] = known
    return known


def _read_hash_slot(spec: FieldSpec, item: str, col: int) -> tuple[int, int, int | None]:
    if not spec.hashable:
        raise _err(spec, "H is not allowed in the year field", item, col)
    match = _HASHED.fullmatch(item)
    if not match:
        raise _err(spec, "not a valid H item", item, col,
                   hint="the hashed forms are H, H(a-b), H/n and H(a-b)/n")
    range_text, step_text = match.group(1), match.group(2)
    if range_text is None:
        start, end = spec.hash_lo, spec.hash_hi
    else:
        a_text, dash, b_text = range_text.partition("-")
        if not dash:
            raise _err(spec, "H(a-b) needs a range", item, col)
        start = _value(spec, a_text, item, col)
        end = _value(spec, b_text, item, col)
        if start > end:
            raise _err(spec, "the H range runs backwards", item, col)
    span = end - start + 1
    if step_text is None:
        return start, end, None
    if not _NUMBER.fullmatch(step_text) or not 1 <= int(step_text) <= span:
        raise _err(spec, f"an H step must be a whole number from 1 to {span}", item, col)
    return start, end, int(step_text)


_RESOLVED_ITEMS: dict[tuple[str, str, int], tuple[tuple[int, ...], str]] = {}


def _hashed_item(
    spec: FieldSpec, item: str, col: int, key: str | None
) -> tuple[tuple[int, ...], str]:
    """An H item's values and their comma-joined text, from the key's residue."""
    start, end, step = _hash_slot(spec, item, col)
    if key is None:
        raise _err(spec, "H needs a hash key: a job name", item, col,
                   hint="pass --seed NAME for a bare expression")
    residue = hash_value(spec.label, key) % (step or end - start + 1)
    known = _RESOLVED_ITEMS.get((spec.label, item, residue))
    if known is None:
        values = list(range(start + residue, end + 1, step)) if step else [start + residue]
        if spec is DAY_OF_WEEK:
            values = sorted({x % 7 for x in values})
        known = (tuple(values), ",".join(map(str, values)))
        if len(_RESOLVED_ITEMS) < _CACHE_SIZE:
            _RESOLVED_ITEMS[spec.label, item, residue] = known
    return known


def _is_hashed(item: str) -> bool:
    return item.startswith("H") and (len(item) == 1 or item[1] in "(/")


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
        if "H" not in token:
            continue
        for item in token.split(","):
            if _is_hashed(item):
                try:
                    start, end, step = _hash_slot(spec, item, col)
                except ScheduleError:
                    return None
                moduli.append((spec.label, step or end - start + 1))
    return tuple(moduli)
