"""The compiled schedule: lookup tables and month day-masks for fast search.

Search happens in civil (wall-clock) time, field by field: a lookup table
per field gives the next allowed value at or after any value, and each
(year, month) gets a 31-bit mask of the days that match. With the AND rule
(docs/dialect.md) that mask is simply day-of-month's days AND day-of-week's days:
an unrestricted field contributes every day, so no OR special case exists.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime, tzinfo
from typing import Literal, overload

from .fields import YEAR_MAX, YEAR_MIN
from .parse_result import DayOfMonth, DayOfWeek, Parsed, bit_values
from .parser import parse

Wall = tuple[int, int, int, int, int, int]  # year, month, day, hour, minute, second


# Lookup tables and day masks are shared by the field values they come from:
# a fleet repeats a handful of hour, minute and day fields. The time and month
# tables are keyed by the fields' masks (parse_result.py), so seconds, minutes,
# hours and months share one memo: a next-table depends only on the values
# (index i: the smallest value >= i), so `0` as a second, a minute and an hour
# is one table, 61 entries long (a search reads index 60 after a minute or
# second carries).
_TABLES_MAX = 4096  # entries per memo
_SPAN = 61
_NEXT: dict[int, list[int]] = {}  # seconds, minutes, hours, months, by mask
_NEXT_YEARS: dict[int, list[int]] = {}  # by year mask (bit y - 1970)
_PREV: dict[tuple[int, int, int], list[int]] = {}  # by (mask, lo, hi)
# (day-of-month, day-of-week) -> {year * 13 + month: mask of the matching days}
_DAY_MASKS: dict[tuple[DayOfMonth, DayOfWeek], dict[int, int]] = {}


def _constant_tables() -> dict[int, list[int]]:
    """The next-tables of the dialect's constant fields: constants too.

    Every one-value field (`0`, `30`) and every field's `*` is a value that
    depends on no expression, so their tables are made once and every cold
    memo starts from them: about half the distinct fields of a typical fleet.
    """
    tables = {1 << v: _next_table((v,), 0, _SPAN - 2) for v in range(60)}
    every = parse("* * * * * * *")  # each field's `*` (a second's is a minute's)
    for full in (every.minute_bits, every.hour_bits, every.month_bits):
        tables[full] = _next_table(bit_values(full), 0, _SPAN - 2)
    return tables


def clear_tables() -> None:
    """Forget the shared lookup tables and day masks (benchmarks measure cold parses with this)."""
    for memo in (_NEXT, _NEXT_YEARS, _PREV, _DAY_MASKS):
        memo.clear()
    _NEXT.update(_CONSTANT_TABLES)
    _NEXT_YEARS.update(_CONSTANT_YEAR_TABLES)


def _forward(mask: int) -> list[int]:
    """The shared next-table of a second, minute, hour or month mask (see `_next_table`)."""
    table = _NEXT.get(mask)
    if table is None:
        table = _next_table(bit_values(mask), 0, _SPAN - 2)
        if len(_NEXT) < _TABLES_MAX:
            _NEXT[mask] = table
    return table


def _forward_years(mask: int) -> list[int]:
    """The shared next-table of a year mask, indexed from 1970."""
    table = _NEXT_YEARS.get(mask)
    if table is None:
        table = _next_table(bit_values(mask, YEAR_MIN), YEAR_MIN, YEAR_MAX)
        if len(_NEXT_YEARS) < _TABLES_MAX:
            _NEXT_YEARS[mask] = table
    return table


def _backward(mask: int, lo: int, hi: int) -> list[int]:
    """The shared prev-table of a field's mask (see `_prev_table`); a year's is read from 1970."""
    key = (mask, lo, hi)
    table = _PREV.get(key)
    if table is None:
        table = _prev_table(bit_values(mask, YEAR_MIN if lo == YEAR_MIN else 0), lo, hi)
        if len(_PREV) < _TABLES_MAX:
            _PREV[key] = table
    return table


# Tables are built with list repetition and slices (which run in C), not a
# loop per index, and the year tables start at 1970 (131 entries, not 2,101).
def _next_table(values: Collection[int], lo: int, hi: int) -> list[int]:
    """table[i] = the smallest value >= lo + i, or -1; indices 0..hi - lo + 1."""
    count = len(values)
    if count == 1:  # `0`, `30`: the commonest minute, hour and second fields
        (only,) = values
        return [only] * (only - lo + 1) + [-1] * (hi - only + 1)
    if not count:  # an empty field (@reboot's): nothing ever matches
        return [-1] * (hi - lo + 2)
    if count == hi - lo + 1:  # every value (`*` years, minutes, seconds): no sort needed
        first, last = lo, hi
    else:
        ordered = sorted(values)
        first, last = ordered[0], ordered[-1]
    if last - first + 1 == count:  # one run: `*`, `a-b`, a slice of the identity table
        ident = _IDENTITY[lo]
        return [first] * (first - lo) + ident[first - lo : last - lo + 1] + [-1] * (hi + 1 - last)
    table = [first] * (first - lo + 1)
    below = first
    for v in ordered[1:]:
        table += [v] * (v - below)
        below = v
    table += [-1] * (hi + 1 - last)
    return table


# The identity tables (index i holds lo + i) that a run's table is copied from:
# a slice copies references in C, where a range would make each year's int anew.
_IDENTITY = {0: list(range(_SPAN)), YEAR_MIN: list(range(YEAR_MIN, YEAR_MAX + 1))}
_NO_YEARS = [-1] * (YEAR_MAX - YEAR_MIN + 2)
_CONSTANT_TABLES = _constant_tables()
# A year field is `*` as a rule (one-value years are rare: their tables are left
# to the memo, which keeps the import cheap).
_EVERY_YEAR = parse("* * * * * *").year_bits
_CONSTANT_YEAR_TABLES = {
    _EVERY_YEAR: _next_table(bit_values(_EVERY_YEAR, YEAR_MIN), YEAR_MIN, YEAR_MAX)
}
_NEXT.update(_CONSTANT_TABLES)
_NEXT_YEARS.update(_CONSTANT_YEAR_TABLES)


def _prev_table(values: Collection[int], lo: int, hi: int) -> list[int]:
    """table[i] = the largest value <= lo + i, or -1; indices 0..hi - lo + 1."""
    ordered = sorted(values)
    size = hi - lo + 2
    if ordered and ordered[-1] - ordered[0] + 1 == len(ordered):
        first, last = ordered[0], ordered[-1]
        return [-1] * (first - lo) + list(range(first, last + 1)) + [last] * (hi + 1 - last)
    table: list[int] = []
    below = -1
    for v in ordered:
        table += [below] * (v - lo - len(table))
        table.append(v)
        below = v
    table += [below] * (size - len(table))
    return table


def weekday_of(year: int, month: int, day: int) -> int:
    """Cron weekday (0 = Sunday) of a civil date."""
    # Sakamoto's method: cheaper than building a date object.
    y = year - (month < 3)
    return (y + y // 4 - y // 100 + y // 400 + _SAKAMOTO[month - 1] + day) % 7


_SAKAMOTO = (0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4)


_FULL_MONTH = [(1 << (n + 1)) - 2 for n in range(32)]  # bits 1..n
_MONTH_DAYS = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def days_in_month(year: int, month: int) -> int:
    if month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):
        return 29
    return _MONTH_DAYS[month]


_BIT = tuple(1 << n for n in range(32))
# A 7-bit week pattern (bit w: weekday w) six times over: 42 days from a Sunday, so
# shifted right by the weekday of the 1st (0..6) it still covers a month's 31 days.
_REPEAT_WEEK = sum(1 << (7 * k) for k in range(6))


def field_masks(dom: DayOfMonth, dow: DayOfWeek, year: int, month: int) -> tuple[int, int]:
    """(day-of-month mask, day-of-week mask) of a month, before the AND rule."""
    days = days_in_month(year, month)
    first_wd = weekday_of(year, month, 1)
    return _dom_mask(dom, days, first_wd), _dow_mask(dow, days, first_wd)


def month_mask(dom: DayOfMonth, dow: DayOfWeek, year: int, month: int, first_wd: int = -1) -> int:
    """The days of a month that match both day fields (the AND rule), as bits 1..31.

    What `field_masks` gives, ANDed, in one pass: a search computes one per
    month it visits, so the common shapes (every day, a few days, plain
    weekdays) take no helper call and skip the weekday when nothing needs it.
    `first_wd`: the weekday of the month's 1st (0 = Sunday) when the caller
    knows it, else -1.
    """
    if month != 2:
        days = _MONTH_DAYS[month]
    elif year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):
        days = 29
    else:
        days = 28
    full = _FULL_MONTH[days]
    plain, last_offsets, nearest, last_weekday = dom
    weekdays, last, nth = dow
    if len(plain) == 31:
        mask = full
    else:
        mask = 0
        # A few days, as a rule: a loop is cheaper than sum(map(...)), and a
        # bit from `_BIT` is an int made once (1 << day makes one for day >= 9).
        for day in plain:
            mask |= _BIT[day]
        mask &= full
    special = last_offsets or nearest or last_weekday
    if len(weekdays) == 7 and not (special or last or nth):
        return mask
    if first_wd < 0:
        y = year - (month < 3)  # Sakamoto's weekday of the 1st, as in `weekday_of`
        first_wd = (y + y // 4 - y // 100 + y // 400 + _SAKAMOTO[month - 1] + 1) % 7
    if special:
        mask |= _dom_specials(last_offsets, nearest, last_weekday, days, first_wd)
    if not mask:
        return 0
    if len(weekdays) == 7:
        week_mask = full
    else:
        week = 0
        for wd in weekdays:
            week |= _BIT[wd]
        # As in `_dow_mask`: the week's bits over the month, from the 1st's weekday.
        week_mask = (week * _REPEAT_WEEK >> first_wd << 1) & full
    if last or nth:
        week_mask |= _dow_specials(last, nth, days, first_wd)
    return mask & week_mask


def _dom_mask(dom: DayOfMonth, days: int, first_wd: int) -> int:
    plain = dom.days
    full = _FULL_MONTH[days]
    mask = full if len(plain) == 31 else sum(map(_BIT.__getitem__, plain)) & full
    if dom.last_offsets or dom.nearest or dom.last_weekday:
        mask |= _dom_specials(dom.last_offsets, dom.nearest, dom.last_weekday, days, first_wd)
    return mask


def _dow_mask(dow: DayOfWeek, days: int, first_wd: int) -> int:
    weekdays = dow.days
    full = _FULL_MONTH[days]
    if len(weekdays) == 7:
        mask = full
    elif weekdays:
        # Day j + 1 falls on weekday (first_wd + j) % 7: bit first_wd + j of the
        # repeated week, so the month is that pattern shifted right by first_wd,
        # then left by one so that day 1 is bit 1.
        week = sum(map(_BIT.__getitem__, weekdays))
        mask = (week * _REPEAT_WEEK >> first_wd << 1) & full
    else:
        mask = 0
    if dow.last or dow.nth:
        mask |= _dow_specials(dow.last, dow.nth, days, first_wd)
    return mask


def _dom_specials(
    last_offsets: frozenset[int],
    nearest: frozenset[int],
    last_weekday: bool,
    days: int,
    first_wd: int,
) -> int:
    """The days of a month its day-of-month special forms (L, L-n, nW, LW) name, as bits."""
    mask = 0
    for offset in last_offsets:
        if days - offset >= 1:
            mask |= 1 << (days - offset)
    for n in nearest:
        if n <= days:
            mask |= 1 << _nearest_weekday(n, days, first_wd)
    if last_weekday:
        mask |= 1 << _nearest_weekday(days, days, first_wd)
    return mask


def _nearest_weekday(n: int, days: int, first_wd: int) -> int:
    """The Mon-Fri day nearest day n, never leaving the month (nW)."""
    wd = (first_wd + n - 1) % 7
    if wd == 6:  # Saturday: Friday before, or Monday the 3rd for the 1st
        return 3 if n == 1 else n - 1
    if wd == 0:  # Sunday: Monday after, or Friday before for the month's last day
        return n - 2 if n == days else n + 1
    return n


def _dow_specials(
    last: frozenset[int], nth: frozenset[tuple[int, int]], days: int, first_wd: int
) -> int:
    """The days of a month its day-of-week special forms (wL, w#n) name, as bits."""
    mask = 0
    last_wd = (first_wd + days - 1) % 7
    for wd in last:
        mask |= 1 << (days - (last_wd - wd) % 7)
    for wd, n in nth:
        d = 1 + (wd - first_wd) % 7 + 7 * (n - 1)
        if d <= days:
            mask |= 1 << d
    return mask


def seconds_of_day(p: Parsed) -> tuple[int, ...]:
    """Sorted seconds-of-day of every (hour, minute, second) the fields select."""
    seconds, minutes = bit_values(p.second_bits), bit_values(p.minute_bits)
    # The values come in ascending order, so the seconds-of-day do too.
    return tuple(
        [h * 3600 + m * 60 + s for h in bit_values(p.hour_bits) for m in minutes for s in seconds]
    )


# The first searches of a schedule walk its parsed fields instead of building
# tables (see Schedule): a fleet searches most schedules once. The walk tests
# membership in the fields' sets and steps through small values (which Python
# keeps made, so a step allocates nothing), where a table would be built first.
# It gives up (and the tables answer) after `_WALK_STEPS` steps (a day looked
# at, a month entered; a month of special day forms, L, W or #, counts four: it
# makes the month's mask), so a schedule that fires years apart, or never,
# costs a walk little more than its tables would.
FIRST_WALKS = 2  # forward searches a schedule walks before it builds its tables
_WALK_STEPS = 64
_EVERY = parse("* * * * * * *")
_EVERY_DOM, _EVERY_DOW = _EVERY.dom, _EVERY.dow
_EVERY_MONTH = _EVERY.month_bits
_NAMEABLE_YEARS = range(YEAR_MIN, YEAR_MAX + 1)


def _next_bit(mask: int, at: int) -> int:
    """The smallest value >= `at` in a field's mask, or -1 (bit i: value i)."""
    rest = mask >> at
    return at + (rest & -rest).bit_length() - 1 if rest else -1


def _next_in(values: frozenset[int], at: int, hi: int) -> int:
    """The smallest of a day field's days in [at, hi], or -1 (hi: the field's largest day)."""
    if len(values) <= 8:  # a few values: look at each (a step at a time may take many)
        best = hi + 1
        for v in values:
            if at <= v < best:
                best = v
        return best if best <= hi else -1
    for v in range(at, hi + 1):
        if v in values:
            return v
    return -1


def _days_to_weekday(weekdays: frozenset[int], wd: int) -> int:
    """Days from a day of weekday `wd` to the next day after it whose weekday is in
    `weekdays`: 1 to 7 (7 when `weekdays` holds wd alone or nothing)."""
    if (wd + 1) % 7 in weekdays:
        return 1
    step = 7
    for w in weekdays:
        ahead = (w - wd - 1) % 7 + 1
        if ahead < step:
            step = ahead
    return step


@overload
def walk_at_or_after(p: Parsed, start: Wall, wd: int = -1) -> Wall | Literal[False] | None: ...


@overload
def walk_at_or_after(
    p: Parsed, start: Wall, wd: int, tz: tzinfo
) -> datetime | Literal[False] | None: ...


def walk_at_or_after(
    p: Parsed, start: Wall, wd: int = -1, tz: tzinfo | None = None
) -> Wall | datetime | Literal[False] | None:
    """`Schedule.first_at_or_after` from the parsed fields, with no table.

    The same walk, year, month, day, then time of day, from the wall time
    `start` (y, mo, d, h, mi, s): a value in its field stays (one bit tested),
    one that is not moves to the field's next value (`_next_bit`; for a day of
    the month, `_next_in`). `wd`: the weekday of (y, mo, d) when the caller
    knows it (0 = Sunday), else -1. False when the walk gives up (see
    `_WALK_STEPS`). With `tz` the match comes back as the datetime of its
    fields in `tz` (fold 0), made by one constructor call: what a fixed
    offset's `next()` returns.
    """
    y, mo, d, h, mi, s = start
    seconds, minutes, hours, dom, months, dow, years = p[5:]
    # The first second a minute holds, which most matches start at (mostly second 0,
    # the mask 1: no bit to find).
    first_second = 0 if seconds == 1 else (seconds & -seconds).bit_length() - 1
    # Special day forms need the month's calendar: their days come from its mask.
    # `fast`: no special form, and at most one day field restricted.
    # (`masked` and `fast` are read for their truth: a special form's set is one.)
    masked: object
    fast: object
    if dom is _EVERY_DOM:
        dom_days = None
        if dow is _EVERY_DOW:
            dow_days = None
            masked = False
            fast = True
        else:
            dow_days, last_weekdays, nth = dow
            masked = last_weekdays or nth
            fast = not masked and dow_days  # (no weekday at all: no day matches)
    else:
        dom_days, last_offsets, nearest, last_weekday = dom
        masked = last_offsets or nearest or last_weekday
        if dow is _EVERY_DOW:
            dow_days = None
            fast = not masked
        else:
            dow_days, last_weekdays, nth = dow
            if last_weekdays or nth:
                masked = True
            fast = False
    if (
        fast
        and (months is _EVERY_MONTH or months >> mo & 1)
        and (
            y in _NAMEABLE_YEARS
            if years is _EVERY_YEAR
            else y >= YEAR_MIN and years >> (y - YEAR_MIN) & 1
        )
    ):
        # The start month, its days read straight off one plain day field (or
        # none: every day): when day d matches, its first time at or after
        # (h, mi, s) is the answer; else the month's next matching day's first
        # time; else the walk below, from the next month.
        if dow_days is not None and wd < 0:  # Sakamoto's weekday, as below
            c = y - (mo < 3)
            wd = (c + c // 4 - c // 100 + c // 400 + _SAKAMOTO[mo - 1] + d) % 7
        nh = -1
        if (dom_days is None or d in dom_days) and (dow_days is None or wd in dow_days):
            # `_next_bit`, inlined in this block (a first `next()` is mostly it):
            # the rest of a mask from a value on, and its lowest bit.
            rest = hours >> h
            if rest & 1:
                rest = minutes >> mi
                if rest & 1:
                    rest = seconds >> s
                    if rest & 1:
                        if tz is None:
                            return (y, mo, d, h, mi, s)
                        return datetime(y, mo, d, h, mi, s, 0, tz)
                    if rest:
                        ns = s + (rest & -rest).bit_length() - 1
                        if tz is None:
                            return (y, mo, d, h, mi, ns)
                        return datetime(y, mo, d, h, mi, ns, 0, tz)
                    rest = minutes >> mi & -2  # the minutes after mi
                if rest:
                    nmi = mi + (rest & -rest).bit_length() - 1
                    ns = first_second
                    if tz is None:
                        return (y, mo, d, h, nmi, ns)
                    return datetime(y, mo, d, h, nmi, ns, 0, tz)
                rest = hours >> h & -2  # the hours after h
            nh = h + (rest & -rest).bit_length() - 1 if rest else -1
        if nh < 0:  # no time left on day d: the month's next matching day
            if dow_days is not None:  # weekdays alone: the next one in the field
                d += _days_to_weekday(dow_days, wd)
            elif dom_days is not None:
                d = _next_in(dom_days, d + 1, 31)
            else:
                d += 1
            if d > 0 and (d < 29 or d <= (_MONTH_DAYS[mo] if mo != 2 else days_in_month(y, 2))):
                nh = (hours & -hours).bit_length() - 1
        if nh >= 0:
            nmi = (minutes & -minutes).bit_length() - 1
            ns = first_second
            if tz is None:
                return (y, mo, d, nh, nmi, ns)
            return datetime(y, mo, d, nh, nmi, ns, 0, tz)
        mo, d, h, mi, s, wd = mo + 1, 1, 0, 0, 0, -1  # the month holds no more
    # (@reboot's fields are all empty: no year matches, so the walk finds none.)
    if y < YEAR_MIN:
        y, mo, d, h, mi, s, wd = YEAR_MIN, 1, 1, 0, 0, 0, -1
    every = dom_days is None and dow_days is None  # every day matches
    budget = _WALK_STEPS
    while True:
        if not years >> (y - YEAR_MIN) & 1:  # (y >= 1970 here)
            y = _next_bit(years, y - YEAR_MIN)
            if y < 0:
                return None
            y += YEAR_MIN
            mo, d, h, mi, s, wd = 1, 1, 0, 0, 0, -1
        while True:  # the months of year y, from mo
            if not months >> mo & 1:
                if mo < 13:
                    wd = -1  # (after December, wd is the next year's January 1st's)
                mo = _next_bit(months, mo)
                if mo < 0:
                    break
                d, h, mi, s = 1, 0, 0, 0
            budget -= 1
            if budget <= 0:
                return False
            last = _MONTH_DAYS[mo] if mo != 2 else days_in_month(y, 2)
            mask = -1
            if masked:
                budget -= 3
                # (The weekday of the 1st, when that of day d is known.)
                first = (wd - d + 1) % 7 if wd >= 0 else -1
                mask = month_mask(dom, dow, y, mo, first) >> d  # bit 0: day d
                wd = -1
            while d <= last:  # the days of month mo, from d
                if mask >= 0:  # special forms: the next day of the mask
                    if not mask & 1:
                        if not mask:
                            break
                        skip = (mask & -mask).bit_length() - 1
                        d += skip
                        mask >>= skip
                        h = mi = s = 0
                else:
                    if dom_days is not None and d not in dom_days:
                        nd = _next_in(dom_days, d, 31)
                        if nd < 0 or nd > last:
                            if wd >= 0:  # the weekday of the next month's 1st
                                wd = (wd + last + 1 - d) % 7
                            break
                        if wd >= 0:
                            wd = (wd + nd - d) % 7
                        d, h, mi, s = nd, 0, 0, 0
                    if dow_days is not None:
                        if wd < 0:  # Sakamoto's weekday (as `weekday_of`), with no call
                            c = y - (mo < 3)
                            wd = (c + c // 4 - c // 100 + c // 400 + _SAKAMOTO[mo - 1] + d) % 7
                        if wd not in dow_days:
                            budget -= 1
                            if budget <= 0:
                                return False
                            h = mi = s = 0
                            if dom_days is None:
                                # Only the weekday decides: straight to the next
                                # one (its weekday kept for the next month's 1st).
                                step = _days_to_weekday(dow_days, wd)
                                d += step
                                wd = (wd + step) % 7
                                if d > last:
                                    wd = (wd + last + 1 - d) % 7
                                continue
                            d += 1
                            wd = wd + 1 if wd < 6 else 0
                            continue
                # Day d matches: the first time of day at or after (h, mi, s),
                # as the tables' search: a field that moves on (or carries)
                # leaves the ones below it at their first values (`min`: the
                # sets hold a handful of small values, `0` the commonest).
                if h or mi or s:
                    ns = -1
                    if hours >> h & 1:
                        nh = h
                        if minutes >> mi & 1:
                            nmi = mi
                            ns = s if seconds >> s & 1 else _next_bit(seconds, s)
                            if ns < 0:
                                nmi = _next_bit(minutes, mi + 1)
                        else:
                            nmi = _next_bit(minutes, mi)
                        if nmi < 0:
                            nh = _next_bit(hours, h + 1)
                    else:
                        nh = _next_bit(hours, h)
                    if nh == h:
                        if ns < 0:  # the minute moved on
                            ns = first_second
                        if tz is None:
                            return (y, mo, d, nh, nmi, ns)
                        return datetime(y, mo, d, nh, nmi, ns, 0, tz)
                else:
                    nh = (hours & -hours).bit_length() - 1
                if nh >= 0:
                    nmi = (minutes & -minutes).bit_length() - 1
                    ns = first_second
                    if tz is None:
                        return (y, mo, d, nh, nmi, ns)
                    return datetime(y, mo, d, nh, nmi, ns, 0, tz)
                # No time left on day d: the next day, from midnight.
                if every:  # (the next day matches too: its first time, or the next month)
                    if d == last:
                        break
                    nh = (hours & -hours).bit_length() - 1
                    nmi = (minutes & -minutes).bit_length() - 1
                    ns = first_second
                    if tz is None:
                        return (y, mo, d + 1, nh, nmi, ns)
                    return datetime(y, mo, d + 1, nh, nmi, ns, 0, tz)
                budget -= 1
                if budget <= 0:
                    return False
                d, h, mi, s = d + 1, 0, 0, 0
                if wd >= 0:
                    wd = wd + 1 if wd < 6 else 0
                if mask > 0:
                    mask >>= 1
            # wd, when known, is now the weekday of the next month's 1st.
            mo, d, h, mi, s = mo + 1, 1, 0, 0, 0
        y, mo, d, h, mi, s = y + 1, 1, 1, 0, 0, 0


class Schedule:
    """A parsed expression compiled for search; immutable after construction.

    Its tables are built on first need: the first `walks` forward searches walk
    the parsed fields themselves (`walk_at_or_after`), so a schedule searched once
    (a fleet's first `next()` per job) pays for no table; the searches after them
    read the tables. Both answer the same (tests/engine/test_first_walk.py).
    """

    __slots__ = (
        "_back",
        "_day_seconds",
        "_masks",
        "_nexts",
        "_walks",
        "parsed",
    )

    def __init__(self, parsed: Parsed, walks: int = FIRST_WALKS) -> None:
        self.parsed = parsed
        self._walks = walks  # forward searches left before the tables are built
        # Built on first need: the forward tables (years .. seconds) by `_tables`,
        # the backward ones on the first backward search, the day masks' memo by
        # the first search that reads a month's mask.
        self._nexts: tuple[list[int], ...] | None = None
        self._back: tuple[list[int], ...] | None = None
        self._masks: dict[int, int] | None = None
        self._day_seconds: tuple[int, ...] | None = None

    def _tables(self) -> tuple[list[int], ...]:
        """The forward tables, years .. seconds (and the day masks' memo), made now."""
        # Parsed's last seven values (the masks and day fields), in one unpacking.
        seconds, minutes, hours, _, months, _, years = self.parsed[5:]
        # Shared tables: after the first schedule with a field's values, one look-up each.
        tables = _NEXT
        # The tables of `*` and one-value fields are constants of the memos: a
        # fresh process's first search builds none of them.
        yt = _NEXT_YEARS.get(years) or _forward_years(years)
        ht = tables.get(hours) or _forward(hours)
        mt = tables.get(minutes) or _forward(minutes)
        st = tables.get(seconds) or _forward(seconds)
        if not (seconds and minutes and hours):
            # A time field without values (@reboot's): no day has a matching
            # time, so the search must stop at once. It reads a time field's
            # first value without checking it, and every search starts with
            # the year: no year, no search.
            yt = _NO_YEARS
        # One tuple, years .. seconds: a slot to store and one to read per search.
        nexts = self._nexts = (yt, tables.get(months) or _forward(months), ht, mt, st)
        if self._masks is None:
            self._day_masks()
        return nexts

    def _day_masks(self) -> dict[int, int]:
        """The memo of this schedule's month masks, shared by every schedule with its day fields."""
        p = self.parsed
        days = (p.dom, p.dow)
        masks = _DAY_MASKS.get(days)
        if masks is None:
            masks = {}
            if len(_DAY_MASKS) < _TABLES_MAX:
                _DAY_MASKS[days] = masks
        self._masks = masks
        return masks

    def day_mask(self, year: int, month: int) -> int:
        """Bits 1..31 set for the days of that month that match both day fields."""
        key = year * 13 + month
        masks = self._masks
        if masks is None:
            masks = self._day_masks()
        mask = masks.get(key)
        if mask is None:
            p = self.parsed
            mask = masks[key] = month_mask(p.dom, p.dow, year, month)
        return mask

    def field_day_masks(self, year: int, month: int) -> tuple[int, int]:
        """(day-of-month mask, day-of-week mask) of a month, before the AND rule."""
        return field_masks(self.parsed.dom, self.parsed.dow, year, month)

    @property
    def day_seconds(self) -> tuple[int, ...]:
        """Sorted seconds-of-day of every matching (hour, minute, second)."""
        if self._day_seconds is None:
            self._day_seconds = seconds_of_day(self.parsed)
        return self._day_seconds

    def matches(self, y: int, mo: int, d: int, h: int, mi: int, s: int) -> bool:
        """Do these civil fields match (the daemon's `test`)."""
        p = self.parsed
        return bool(
            p.second_bits >> s & 1
            and p.minute_bits >> mi & 1
            and p.hour_bits >> h & 1
            and p.month_bits >> mo & 1
            and y >= YEAR_MIN
            and p.year_bits >> (y - YEAR_MIN) & 1
            and self.day_mask(y, mo) >> d & 1
        )

    def first_at_or_after(self, y: int, mo: int, d: int, h: int, mi: int, s: int) -> Wall | None:
        """The smallest matching wall time >= the given one, or None before 2100."""
        try:
            yn, mn, hn, minn, sn = self._nexts  # type: ignore[misc]
        except TypeError:  # no tables yet (None): a walk, or the tables made now
            # (A try costs nothing until it raises: the searches that read the
            # tables, by far the most, pay no test for the first ones.)
            walks = self._walks
            if walks:
                self._walks = walks - 1
                found = walk_at_or_after(self.parsed, (y, mo, d, h, mi, s))
                if found is not False:
                    return found
            yn, mn, hn, minn, sn = self._tables()
        masks: dict[int, int] = self._masks  # type: ignore[assignment]  # made with the tables
        if y < YEAR_MIN:
            y, mo, d, h, mi, s = YEAR_MIN, 1, 1, 0, 0, 0
        # Year, then month, then day, then the time of day: a carry goes back
        # only as far as the field it moves (a day's carry reads no table).
        while True:
            if y > YEAR_MAX:
                return None
            ny = yn[y - YEAR_MIN]
            if ny != y:
                if ny < YEAR_MIN:
                    return None
                y, mo, d, h, mi, s = ny, 1, 1, 0, 0, 0
            while True:  # the months of year y, from mo
                nm = mn[mo]
                if nm < 0:
                    break
                if nm != mo:
                    mo, d, h, mi, s = nm, 1, 0, 0, 0
                mask = masks.get(y * 13 + mo)
                if mask is None:  # a month no search has visited (what `day_mask` does)
                    p = self.parsed
                    mask = masks[y * 13 + mo] = month_mask(p.dom, p.dow, y, mo)
                rest = mask >> d  # bit 0: day d
                while rest:  # the matching days of month mo, from d
                    if not rest & 1:
                        skip = (rest & -rest).bit_length() - 1
                        d += skip
                        rest >>= skip
                        h = mi = s = 0
                    # The first time of day at or after (h, mi, s): a field
                    # that moves forward (or carries into the next one) leaves
                    # the fields below it at their first values, and a table's
                    # last index holds -1 (minute 60, hour 24), so a carry needs
                    # no bounds check.
                    nh = hn[h]
                    if nh == h:
                        nmi = minn[mi]
                        if nmi == mi:
                            ns = sn[s]
                            if ns >= 0:
                                return (y, mo, d, h, mi, ns)
                            nmi = minn[mi + 1]
                        if nmi >= 0:
                            return (y, mo, d, h, nmi, sn[0])
                        nh = hn[h + 1]
                    if nh >= 0:
                        return (y, mo, d, nh, minn[0], sn[0])
                    d += 1
                    rest >>= 1
                    h = mi = s = 0
                mo, d, h, mi, s = mo + 1, 1, 0, 0, 0
            y, mo, d, h, mi, s = y + 1, 1, 1, 0, 0, 0

    def last_at_or_before(self, y: int, mo: int, d: int, h: int, mi: int, s: int) -> Wall | None:
        """The largest matching wall time <= the given one, or None after 1970."""
        back = self._back
        if back is None:
            p = self.parsed
            back = self._back = (
                _backward(p.year_bits, YEAR_MIN, YEAR_MAX),
                _backward(p.month_bits, 0, 12),
                _backward(p.hour_bits, 0, 23),
                _backward(p.minute_bits, 0, 59),
                _backward(p.second_bits, 0, 59),
            )
        yp, mp, hp, minp, sp = back
        if y > YEAR_MAX:
            y, mo, d, h, mi, s = YEAR_MAX, 12, 31, 23, 59, 59
        while True:
            if y < YEAR_MIN:
                return None
            py = yp[y - YEAR_MIN]
            if py != y:
                if py < YEAR_MIN:
                    return None
                y, mo, d, h, mi, s = py, 12, 31, 23, 59, 59
            pm = mp[mo]
            if pm < 0:
                y, mo, d, h, mi, s = y - 1, 12, 31, 23, 59, 59
                continue
            if pm != mo:
                mo, d, h, mi, s = pm, 31, 23, 59, 59
            low = self.day_mask(y, mo) & ((2 << d) - 1)
            if not low:
                mo, d, h, mi, s = mo - 1, 31, 23, 59, 59
                continue
            nd = low.bit_length() - 1
            if nd != d:
                d, h, mi, s = nd, 23, 59, 59
            ph = hp[h]
            if ph < 0:
                d, h, mi, s = d - 1, 23, 59, 59
                continue
            if ph != h:
                h, mi, s = ph, 59, 59
            pmi = minp[mi]
            if pmi < 0:
                h, mi, s = h - 1, 59, 59
                if h < 0:
                    d, h = d - 1, 23
                continue
            if pmi != mi:
                mi, s = pmi, 59
            ps = sp[s]
            if ps < 0:
                mi, s = mi - 1, 59
                if mi < 0:
                    h, mi = h - 1, 59
                    if h < 0:
                        d, h = d - 1, 23
                continue
            return (y, mo, d, h, mi, ps)
