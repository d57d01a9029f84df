"""One field's items: values, names, ranges, steps and the special day forms.

The grammar of docs/dialect.md below the field level. Every error names the field,
the item and its 1-based column, with a hint where the text looks like
another cron dialect.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast

from .describe import WEEKDAYS
from .errors import ScheduleError
from .fields import ALL_FIELDS, DAY_OF_MONTH, DAY_OF_WEEK, FieldSpec, one_value
from .parse_result import DayOfMonth, DayOfWeek, run_values, span_mask

NUMBER = re.compile(r"[0-9]{1,9}")


class Acc:
    """Collects a field's values while its items are parsed."""

    __slots__ = ("last", "last_offsets", "last_weekday", "nearest", "nth", "values")

    def __init__(self) -> None:
        self.values: set[int] = set()
        self.last_offsets: set[int] = _NONE
        self.nearest: set[int] = _NONE
        self.last_weekday = False
        self.last: set[int] = _NONE
        self.nth: set[tuple[int, int]] = _NONE  # type: ignore[assignment]

    def special(self, name: str) -> set[Any]:
        """The set for a special form, created on first use."""
        current = getattr(self, name)
        if current is _NONE:
            current = set()
            setattr(self, name, current)
        return cast("set[Any]", current)


_NONE: set[int] = set()  # shared empty marker; never mutated (see Acc.special)


def simple_field(spec: FieldSpec, text: str) -> frozenset[int] | None:
    """The values of a field of plain items (`5`, `1-5`, `*/15`, `0-30/10`, `5,35`, `mon-fri`).

    A fast path for the commonest texts; anything unusual (special forms,
    day-of-week steps and wraps, other spellings of a value, errors) returns
    None and goes the general way (`parse_item`), which also words the errors.
    It reads values from the field's `words` and items with string methods,
    not a regular expression: a cold parse is mostly this.
    """
    number = spec.words.get(text)
    if number is not None:  # one value: the commonest field of all
        return one_value(number % 7 if spec is DAY_OF_WEEK else number)
    if "," not in text:
        return simple_item(spec, text)
    words = spec.words
    # The usual list holds lone values: one look-up each, made in C (None marks an
    # item that is not one: the list is then read item by item).
    values: frozenset[Any] = frozenset(map(words.get, text.split(",")))
    if None in values:
        items: set[int] = set()
        for item in text.split(","):
            number = words.get(item)
            if number is not None:
                items.add(number)
                continue
            part = simple_item(spec, item)
            if part is None:
                return None
            items |= part
        values = frozenset(items)
    if spec is DAY_OF_WEEK and 7 in values:  # a listed 7 is Sunday
        return values.difference(_SEVEN).union(_SUNDAY)
    return values


def simple_item(spec: FieldSpec, text: str) -> frozenset[int] | None:
    """One plain item: `*`, `n` or `a-b`, then `/n` (values and steps as `words` spells them).

    `bits_reader`'s values as a set, with day-of-week's own rules: no `*` or
    step, a range ending in Sunday's 0 left to the grammar, and 7 read as 0.
    """
    if spec is DAY_OF_WEEK:
        if "/" in text or text[:1] == "*":
            return None
        _, dash, b_text = text.partition("-")
        if dash and spec.words.get(b_text) == 0:
            return None
    mask = _READERS[spec.name](text)  # one item's mask: a run
    if mask is None:
        return None
    values = run_values(mask, spec.numbers, spec.bit_base)
    if spec is DAY_OF_WEEK and mask >> 7:  # a 7 is Sunday's 0
        return values.difference(_SEVEN).union(_SUNDAY)
    return values


def bits_reader(
    spec: FieldSpec,
    memo: dict[str, Any] | None = None,
    limit: int = 0,
    restart: Callable[[], None] | None = None,
) -> Callable[[str], int | None]:
    """The fast reader of a field without day forms (second .. year): a text's mask, or None.

    `simple_field`'s items (`5`, `1-5`, `*/15`, `0-30/10`, `5,35`, `mon-fri`),
    read the same way, and None for the same texts; the values go into a mask
    (bit `v - spec.bit_base`), which a few integer operations make, where a set
    is built value by value. With `memo`, the reader remembers each mask it
    reads there (a memo of `limit` entries first starts again: `restart`): the
    parser's memo of the field, whose misses it reads in one frame, a lone item
    or a list alike (a range or step makes its run with `span_mask`).
    """
    words, lo, hi, base = spec.words, spec.lo, spec.hi, spec.bit_base
    lone = spec.bits.get  # a lone value's bit, one look-up

    def read(text: str) -> int | None:
        mask = 0
        for item in text.split(",") if "," in text else (text,):
            bit = lone(item)
            if bit is None:
                first, slash, step_text = item.partition("/")
                if first == "*":  # (`*-5` and the like are read below: `*` is no value)
                    start, end = lo, hi
                else:
                    a_text, dash, b_text = first.partition("-")
                    start = words.get(a_text, -1)
                    end = words.get(b_text, -1) if dash else (hi if slash else start)
                    if start < 0 or end < start:
                        return None  # not a value of the field, or a range running backwards
                step = 1
                if slash:  # a number, never a name
                    step = words.get(step_text, 0) if step_text.isdigit() else 0
                    if step < 1 or start + step > hi:
                        return None
                bit = span_mask(start, end, step, base)
            mask |= bit
        if memo is not None:
            if len(memo) >= limit and restart is not None:
                restart()
            memo[text] = mask
        return mask

    return read


# Each field's reader without a memo, by name (a FieldSpec holds dicts: no hash). The
# day fields' read one plain item at a time, for `simple_item`.
_READERS: dict[str, Callable[[str], int | None]] = {
    spec.name: bits_reader(spec) for spec in ALL_FIELDS
}


def simple_bits(spec: FieldSpec, text: str) -> int | None:
    """`simple_field` of a field without day forms (second .. year), as its mask (`bits_reader`)."""
    return _READERS[spec.name](text)


_SEVEN: frozenset[int] = frozenset((7,))
_SUNDAY: frozenset[int] = frozenset((0,))
_new_tuple = tuple.__new__  # a NamedTuple built without its Python-level __new__ frame


def day_field(spec: FieldSpec, text: str) -> DayOfMonth | DayOfWeek | None:
    """A day field's whole value by the fast paths, or None.

    Special items in their plain spelling (`L`, `L-3`, `15W`, `LW`, `L5`, `2#3`,
    `mon#1`), alone or listed with each other and plain items (`1W,L`), else
    plain items as `simple_field` reads them. Any other spelling (lower case,
    ranges of special forms, errors) returns None and goes through `parse_item`.
    """
    # A lone day (the commonest day field after `*`) has no special form to look for.
    if spec.words.get(text) is None and ("L" in text or "W" in text or "#" in text):
        return _special_days(text) if spec is DAY_OF_MONTH else _special_weekdays(text)
    days = simple_field(spec, text)
    return None if days is None else day_value(spec, days)


def day_value(
    spec: FieldSpec, days: frozenset[int] | range | tuple[int, ...]
) -> DayOfMonth | DayOfWeek:
    """A day field's value holding plain days only (no special form)."""
    if spec is DAY_OF_MONTH:
        return _new_tuple(DayOfMonth, (frozenset(days), _NO_DAYS, _NO_DAYS, False))
    return _new_tuple(DayOfWeek, (frozenset(days), _NO_DAYS, _NO_NTH))


_NO_DAYS: frozenset[int] = frozenset()
_NO_NTH: frozenset[tuple[int, int]] = frozenset()


def _special_days(text: str) -> DayOfMonth | None:
    # Frozen sets grown by union: a lone item (the usual case) makes one set, no copies.
    days = last = nearest = _NO_DAYS
    last_weekday = False
    for item in text.split(","):
        if item == "L":
            last = last.union((0,))
        elif item == "LW":
            last_weekday = True
        elif item.startswith("L-"):
            back = DAY_OF_MONTH.words.get(item[2:], 31)  # L-n counts back 1 to 30 days
            if back > 30:
                return None
            last = last.union((back,))
        elif item.endswith("W"):
            day = DAY_OF_MONTH.words.get(item[:-1])
            if day is None:
                return None
            nearest = nearest.union((day,))
        else:
            plain = simple_item(DAY_OF_MONTH, item)
            if plain is None:
                return None
            days = days | plain
    return _new_tuple(DayOfMonth, (days, last, nearest, last_weekday))


def _special_weekdays(text: str) -> DayOfWeek | None:
    days = last = _NO_DAYS
    nth = _NO_NTH
    words = DAY_OF_WEEK.words
    for item in text.split(","):
        day_text, mark, n_text = item.partition("#")
        if mark:
            day = words.get(day_text)
            n = _small_number(n_text)  # the n-th weekday of the month: 1 to 5
            if day is None or not 1 <= n <= 5:
                return None
            nth = nth.union(((day % 7, n),))
        elif item.startswith("L"):
            weekday = _small_number(item[1:])  # a number only: no names after L
            if not 0 <= weekday <= 7:
                return None
            last = last.union((weekday % 7,))
        else:
            plain = simple_item(DAY_OF_WEEK, item)
            if plain is None:
                return None
            days = days | plain
    return _new_tuple(DayOfWeek, (days, last, nth))


def _small_number(text: str) -> int:
    """A number of at most nine ASCII digits (as NUMBER reads), else -1."""
    if text.isdigit() and text.isascii() and len(text) <= 9:
        return int(text)
    return -1


def finish(spec: FieldSpec, acc: Acc) -> object:
    """The field's parsed value from what its items collected."""
    if spec is DAY_OF_MONTH:
        return DayOfMonth(
            frozenset(acc.values),
            frozenset(acc.last_offsets),
            frozenset(acc.nearest),
            acc.last_weekday,
        )
    if spec is DAY_OF_WEEK:
        return DayOfWeek(
            frozenset([v % 7 for v in acc.values]), frozenset(acc.last), frozenset(acc.nth)
        )
    return frozenset(acc.values)


def error(
    spec: FieldSpec, reason: str, item: str, col: int, hint: str | None = None
) -> ScheduleError:
    """A ScheduleError naming the field, the item and its column."""
    return ScheduleError(
        f"{reason}: {item!r}" if item and item not in reason else reason,
        field=spec.name,
        item=item,
        column=col,
        hint=hint,
    )


def parse_item(spec: FieldSpec, item: str, col: int, acc: Acc) -> None:
    """Parse one list item (plain, L/W/# special form) into `acc`."""
    upper = item.upper()
    if "?" in item:
        raise error(
            spec, "'?' is valid only standing alone in day-of-month or day-of-week", item, col
        )
    if "#" in item:
        if spec is not DAY_OF_WEEK:
            raise error(
                spec,
                "'#' is valid only in day-of-week",
                item,
                col,
                hint="write the n-th weekday as d#n in the day-of-week field",
            )
        _nth_item(item, col, acc)
        return
    if upper.endswith("W") and (upper == "LW" or NUMBER.fullmatch(upper[:-1])):
        if spec is not DAY_OF_MONTH:
            raise error(
                spec,
                "'W' is valid only in day-of-month",
                item,
                col,
                hint="nW and LW pick a weekday in the day-of-month field",
            )
        if upper == "LW":
            acc.last_weekday = True
            return
        day = _number(spec, item[:-1], item, col)
        if not 1 <= day <= 31:
            raise error(spec, "nW needs a day from 1 to 31", item, col)
        acc.special("nearest").add(day)
        return
    # `is`, not `in`: FieldSpec's dataclass equality would compare every field.
    day_field = spec is DAY_OF_MONTH or spec is DAY_OF_WEEK
    if "L" in upper and (day_field or upper.startswith("L")):
        if spec is DAY_OF_MONTH:
            _last_day_item(item, col, acc)
        elif spec is DAY_OF_WEEK:
            _last_weekday_item(item, col, acc)
        else:
            raise error(spec, "'L' is valid only in day-of-month or day-of-week", item, col)
        return
    plain_item(spec, item, col, acc)


def _last_day_item(item: str, col: int, acc: Acc) -> None:
    upper = item.upper()
    if upper == "L":
        acc.special("last_offsets").add(0)
        return
    if upper.startswith("L-"):
        days = _number(DAY_OF_MONTH, item[2:], item, col)
        if not 1 <= days <= 30:
            raise error(DAY_OF_MONTH, "L-n needs n from 1 to 30", item, col)
        acc.special("last_offsets").add(days)
        return
    raise error(
        DAY_OF_MONTH,
        "not a valid day-of-month item",
        item,
        col,
        hint="the last-day forms are L, L-n and LW",
    )


def _last_weekday_item(item: str, col: int, acc: Acc) -> None:
    upper = item.upper()
    if upper.endswith("L") and len(upper) > 1 and not upper.startswith("L"):
        day = item[:-1]
        number = DAY_OF_WEEK.names.get(day.lower(), day)
        hint = f"write L{number} for the month's last such weekday"
        if NUMBER.fullmatch(day) and 1 <= int(day) <= 7:
            # Quartz numbers weekdays from 1 = Sunday: its 6L is the last Friday, our L5.
            n = int(day)
            hint = (
                f"write L{n} for the month's last {WEEKDAYS[n % 7]}; in Quartz, where "
                f"1 is Sunday, {item} is the last {WEEKDAYS[n - 1]}: write L{n - 1}"
            )
        raise error(DAY_OF_WEEK, "a trailing L is Quartz's spelling", item, col, hint=hint)
    if upper == "L":
        raise error(
            DAY_OF_WEEK,
            "L in day-of-week needs a weekday",
            item,
            col,
            hint="L5 is the month's last Friday",
        )
    if not upper.startswith("L"):
        raise error(DAY_OF_WEEK, "not a valid day-of-week item", item, col)
    a_text, dash, b_text = item[1:].partition("-")
    if not NUMBER.fullmatch(a_text) or (dash and not NUMBER.fullmatch(b_text)):
        # The daemon takes numbers only here: no names, steps or `*`.
        raise error(
            DAY_OF_WEEK,
            "L takes a weekday number 0-7 or a numeric range a-b",
            item,
            col,
            hint="L5 is the month's last Friday, L1-5 the last of each weekday",
        )
    low = int(a_text)
    high = int(b_text) if dash else low
    for number in (low, high):
        if not 0 <= number <= 7:
            raise error(DAY_OF_WEEK, f"{number} is out of range 0-7", item, col)
    # As in the daemon: a reversed L range is legal and matches nothing, and an end
    # of 0 does not wrap to 7 here, so L6-0 matches nothing either.
    acc.special("last").update(v % 7 for v in range(low, high + 1))


def _nth_item(item: str, col: int, acc: Acc) -> None:
    day_text, _, n_text = item.partition("#")
    day = value(DAY_OF_WEEK, day_text, item, col)
    if not NUMBER.fullmatch(n_text) or not 1 <= int(n_text) <= 5:
        raise error(DAY_OF_WEEK, "d#n needs n from 1 to 5", item, col)
    acc.special("nth").add((day % 7, int(n_text)))


def _number(spec: FieldSpec, text: str, item: str, col: int) -> int:
    if not NUMBER.fullmatch(text):
        raise error(spec, f"{text!r} is not a number", item, col)
    return int(text)


def value(spec: FieldSpec, text: str, item: str, col: int) -> int:
    """A number or a name within the field's range."""
    if NUMBER.fullmatch(text):
        value = int(text)
    elif text.lower() in spec.names:
        value = spec.names[text.lower()]
    else:
        raise error(spec, f"{text!r} is not a valid {spec.name} value", item, col)
    if not spec.lo <= value <= spec.hi:
        raise error(spec, f"{value} is out of range {spec.lo}-{spec.hi}", item, col)
    return value


def plain_item(
    spec: FieldSpec,
    text: str,
    col: int,
    acc: Acc,
    *,
    allow_step: bool = True,
    shown: str | None = None,
) -> None:
    """`*`, a value, `a-b`, with an optional `/n`; errors name `shown` (the whole item)."""
    item = shown or text
    base, slash, step_text = text.partition("/")
    step = 1
    if slash:
        if not allow_step:
            raise error(spec, "a step is not allowed here", item, col)
        if not NUMBER.fullmatch(step_text) or int(step_text) == 0:
            raise error(spec, "a step must be a positive whole number", item, col)
        step = int(step_text)
    # Day-of-week: `*` and open-ended steps run over 0-6 (7 is Sunday again).
    top = 6 if spec is DAY_OF_WEEK else spec.hi
    if base == "*":
        start, end = spec.lo, top
    elif "-" in base:
        a_text, _, b_text = base.partition("-")
        start = value(spec, a_text, item, col)
        end = value(spec, b_text, item, col)
        if spec is DAY_OF_WEEK and end == 0:
            end = 7  # `sat-sun`, `6-0`: a range ending in Sunday wraps to 7
        if start > end:
            raise error(
                spec,
                "the range runs backwards",
                item,
                col,
                hint=wrap_hint(spec, a_text, b_text, start, end, step if slash else 0),
            )
    else:
        start = value(spec, base, item, col)
        end = top if slash else start
        if slash and start > end:
            raise error(spec, f"{start}/n starts past the field's end ({end})", item, col)
    if slash and start + step > spec.step_limit:
        raise error(
            spec,
            f"step {step} leaves the field after its first value (the field ends at "
            f"{spec.step_limit})",
            item,
            col,
        )
    acc.values.update(range(start, end + 1, step))


def wrap_hint(spec: FieldSpec, a_text: str, b_text: str, start: int, end: int, step: int) -> str:
    """How to write a backwards range `a-b` as the values it meant: across the field's end.

    `22-2` in hours means 22:00 through 02:00, so the hint is `22-23,0-2`; the
    reversed range `2-22` would select the opposite hours.
    """
    top = 6 if spec is DAY_OF_WEEK else spec.hi
    bottom = spec.lo
    if step:
        # A step across the wrap keeps its phase: walk from a, wrapping once, up to b.
        span = top - bottom + 1
        walked = []
        current = start
        while True:
            value = current if current <= top else current - span
            if current > top and value > end:
                break
            walked.append(str(value))
            current += step
        return (
            "a range cannot wrap past the field's end; list the values it walks "
            f"through: {','.join(walked)}"
        )
    named = not NUMBER.fullmatch(a_text) or not NUMBER.fullmatch(b_text)
    upper = named and (a_text + b_text).isupper()
    if spec is DAY_OF_WEEK:
        # A range ending on Sunday (0 or 7) is the one wrap the dialect allows.
        if start == 7:
            first = _span(spec, 0, end, named, upper)
            return f"7 is Sunday, the week's first day; write it as {first}"
        sunday = ("SUN" if upper else "sun") if named else "7"
        head = f"{a_text}-{sunday}"
        tail = _span(spec, 1, end, named, upper) if end >= 1 else ""
    else:
        head = _span(spec, start, top, named, upper)
        tail = _span(spec, bottom, end, named, upper)
    written = ",".join(part for part in (head, tail) if part)
    return f"a range cannot wrap past the field's end; write it as {written}"


def _span(spec: FieldSpec, lo: int, hi: int, named: bool, upper: bool) -> str:
    """`lo-hi` (or `lo` alone), with names (in the original's case) when it used them."""

    def show(v: int) -> str:
        if named and spec.names:
            name = next(name for name, number in spec.names.items() if number == v)
            return name.upper() if upper else name
        return str(v)

    return show(lo) if lo == hi else f"{show(lo)}-{show(hi)}"
