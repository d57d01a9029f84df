"""The compiled schedule: lookup tables and month day-masks for fast search.

Search happens in civil (wall-clock) time, field by field: a lookup table
per field gives the next allowed value at or after any value, and each
(year, month) gets a 31-bit mask of the days that match. With the AND rule
(docs/dialect.md) that mask is simply day-of-month's days AND day-of-week's days:
an unrestricted field contributes every day, so no OR special case exists.
"""

from __future__ import annotations

from collections.abc import Iterable

from .fields import YEAR_MAX, YEAR_MIN
from .parse_result import DayOfMonth, DayOfWeek, Parsed

Wall = tuple[int, int, int, int, int, int]  # year, month, day, hour, minute, second


_TABLES: dict[tuple[frozenset[int], int, bool], list[int]] = {}


def clear_tables() -> None:
    """Forget the shared lookup tables (benchmarks measure cold parses with this)."""
    _TABLES.clear()
    _WEEKS.clear()


def _table(values: frozenset[int], size: int, forward: bool) -> list[int]:
    """A shared next (forward) or prev lookup table for a value set; schedules reuse them."""
    key = (values, size, forward)
    table = _TABLES.get(key)
    if table is None:
        table = _next_table(values, size) if forward else _prev_table(values, size)
        if len(_TABLES) < 8192:
            _TABLES[key] = table
    return table


# Tables are built with list repetition and ranges (which run in C), not a
# loop per index: the year table alone has 2,101 entries, and a cold parse
# builds a table pair per distinct field.
def _next_table(values: Iterable[int], size: int) -> list[int]:
    """table[i] = the smallest value >= i, or -1; indices 0..size+1."""
    ordered = sorted(values)
    if ordered and ordered[-1] - ordered[0] + 1 == len(ordered):  # one run: `*`, `a-b`
        first, last = ordered[0], ordered[-1]
        return [first] * first + list(range(first, last + 1)) + [-1] * (size + 1 - last)
    table: list[int] = []
    for v in ordered:
        table += [v] * (v + 1 - len(table))
    table += [-1] * (size + 2 - len(table))
    return table


def _prev_table(values: Iterable[int], size: int) -> list[int]:
    """table[i] = the largest value <= i, or -1; indices 0..size+1."""
    ordered = sorted(values)
    if ordered and ordered[-1] - ordered[0] + 1 == len(ordered):
        first, last = ordered[0], ordered[-1]
        return [-1] * first + list(range(first, last + 1)) + [last] * (size + 1 - last)
    table: list[int] = []
    below = -1
    for v in ordered:
        table += [below] * (v - len(table))
        table.append(v)
        below = v
    table += [below] * (size + 2 - len(table))
    return table


def weekday_of(year: int, month: int, day: int) -> int:
    """Cron weekday (0 = Sunday) of a civil date."""
    # Sakamoto's method: cheaper than building a date object.
    t = (0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4)
    y = year - (month < 3)
    return (y + y // 4 - y // 100 + y // 400 + t[month - 1] + day) % 7


_FULL_MONTH = [(1 << (n + 1)) - 2 for n in range(32)]  # bits 1..n
_MONTH_DAYS = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def days_in_month(year: int, month: int) -> int:
    if month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):
        return 29
    return _MONTH_DAYS[month]


def _plain_days_mask(days: frozenset[int]) -> int:
    mask = 0
    for d in days:
        mask |= 1 << d
    return mask


_WEEKS: dict[frozenset[int], tuple[int, ...]] = {}
_REPEAT_WEEK = sum(1 << (7 * k) for k in range(5))  # a 7-bit pattern, five times over


def _week_masks(weekdays: frozenset[int]) -> tuple[int, ...]:
    """For each weekday of the 1st (0-6), the 31-day mask (bits 1..31) of the plain weekdays."""
    masks = _WEEKS.get(weekdays)
    if masks is None:
        # Bit j of a week's pattern: is the (j+1)-th day of the month selected;
        # the month is that pattern repeated, shifted so day 1 is bit 1.
        masks = tuple(
            (sum(1 << j for j in range(7) if (first_wd + j) % 7 in weekdays) * _REPEAT_WEEK << 1)
            & _FULL_MONTH[31]
            for first_wd in range(7)
        )
        _WEEKS[weekdays] = masks
    return masks


def _dom_specials(dom: DayOfMonth, days: int, first_wd: int) -> int:
    mask = 0
    for offset in dom.last_offsets:
        if days - offset >= 1:
            mask |= 1 << (days - offset)
    for n in dom.nearest:
        if n <= days:
            mask |= 1 << _nearest_weekday(n, days, first_wd)
    if dom.last_weekday:
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


def _dow_specials(dow: DayOfWeek, days: int, first_wd: int) -> int:
    mask = 0
    last_wd = (first_wd + days - 1) % 7
    for wd in dow.last:
        mask |= 1 << (days - (last_wd - wd) % 7)
    for wd, n in dow.nth:
        d = 1 + (wd - first_wd) % 7 + 7 * (n - 1)
        if d <= days:
            mask |= 1 << d
    return mask


def seconds_of_day(p: Parsed) -> tuple[int, ...]:
    """Sorted seconds-of-day of every (hour, minute, second) the fields select."""
    return tuple(
        sorted(h * 3600 + m * 60 + s for h in p.hours for m in p.minutes for s in p.seconds)
    )


class Schedule:
    """A parsed expression compiled for search; immutable after construction."""

    __slots__ = (
        "_day_seconds",
        "_dom_plain",
        "_dom_special",
        "_dow_special",
        "_hn",
        "_hp",
        "_masks",
        "_minn",
        "_minp",
        "_mn",
        "_mp",
        "_sn",
        "_sp",
        "_week",
        "_yn",
        "_yp",
        "parsed",
    )

    def __init__(self, parsed: Parsed) -> None:
        self.parsed = parsed
        self._sn = _table(parsed.seconds, 59, True)
        self._minn = _table(parsed.minutes, 59, True)
        self._hn = _table(parsed.hours, 23, True)
        self._mn = _table(parsed.months, 12, True)
        self._yn = _table(parsed.years, YEAR_MAX, True)
        # The backward tables are built on the first backward search.
        self._sp: list[int] | None = None
        self._minp: list[int] = []
        self._hp: list[int] = []
        self._mp: list[int] = []
        self._yp: list[int] = []
        self._masks: dict[int, int] = {}
        self._dom_plain = _plain_days_mask(parsed.dom.days)
        self._dom_special = bool(
            parsed.dom.last_offsets or parsed.dom.nearest or parsed.dom.last_weekday
        )
        self._dow_special = bool(parsed.dow.last or parsed.dow.nth)
        self._week: tuple[int, ...] | None = None
        self._day_seconds: tuple[int, ...] | None = None

    def day_mask(self, year: int, month: int) -> int:
        """Bits 1..31 set for the days of that month that match both day fields."""
        key = year * 13 + month
        mask = self._masks.get(key)
        if mask is None:
            dom, dow = self.field_day_masks(year, month)
            mask = self._masks[key] = dom & dow
        return mask

    def field_day_masks(self, year: int, month: int) -> tuple[int, int]:
        """(day-of-month mask, day-of-week mask) of a month, before the AND rule."""
        p = self.parsed
        days = days_in_month(year, month)
        first_wd = weekday_of(year, month, 1)
        dom = self._dom_plain & _FULL_MONTH[days]
        if self._dom_special:
            dom |= _dom_specials(p.dom, days, first_wd)
        if len(p.dow.days) == 7:
            dow = _FULL_MONTH[days]
        else:
            if self._week is None:
                self._week = _week_masks(p.dow.days)
            dow = self._week[first_wd] & _FULL_MONTH[days]
        if self._dow_special:
            dow |= _dow_specials(p.dow, days, first_wd)
        return dom, dow

    @property
    def day_seconds(self) -> tuple[int, ...]:
        """Sorted seconds-of-day of every matching (hour, minute, second)."""
        if self._day_seconds is None:
            self._day_seconds = seconds_of_day(self.parsed)
        return self._day_seconds

    def matches(self, y: int, mo: int, d: int, h: int, mi: int, s: int) -> bool:
        """Do these civil fields match (the daemon's `test`)."""
        p = self.parsed
        return (
            s in p.seconds
            and mi in p.minutes
            and h in p.hours
            and mo in p.months
            and y in p.years
            and bool(self.day_mask(y, mo) >> d & 1)
        )

    def first_at_or_after(self, y: int, mo: int, d: int, h: int, mi: int, s: int) -> Wall | None:
        """The smallest matching wall time >= the given one, or None before 2100."""
        yn, mn, hn, minn, sn = self._yn, self._mn, self._hn, self._minn, self._sn
        masks = self._masks
        if y < YEAR_MIN:
            y, mo, d, h, mi, s = YEAR_MIN, 1, 1, 0, 0, 0
        while True:
            if y > YEAR_MAX:
                return None
            ny = yn[y]
            if ny != y:
                if ny < YEAR_MIN:
                    return None
                y, mo, d, h, mi, s = ny, 1, 1, 0, 0, 0
            nm = mn[mo]
            if nm < 0:
                y, mo, d, h, mi, s = y + 1, 1, 1, 0, 0, 0
                continue
            if nm != mo:
                mo, d, h, mi, s = nm, 1, 0, 0, 0
            mask = masks.get(y * 13 + mo)
            if mask is None:
                mask = self.day_mask(y, mo)
            rest = mask >> d
            if not rest:
                mo, d, h, mi, s = mo + 1, 1, 0, 0, 0
                continue
            if not rest & 1:
                d += (rest & -rest).bit_length() - 1
                h = mi = s = 0
            nh = hn[h]
            if nh < 0:
                d, h, mi, s = d + 1, 0, 0, 0
                continue
            if nh != h:
                h, mi, s = nh, 0, 0
            nmi = minn[mi]
            if nmi < 0:
                h, mi, s = h + 1, 0, 0
                continue
            if nmi != mi:
                mi, s = nmi, 0
            ns = sn[s]
            if ns < 0:
                mi, s = mi + 1, 0
                continue
            return (y, mo, d, h, mi, ns)

    def last_at_or_before(self, y: int, mo: int, d: int, h: int, mi: int, s: int) -> Wall | None:
        """The largest matching wall time <= the given one, or None after 1970."""
        if self._sp is None:
            p = self.parsed
            self._minp, self._hp = _table(p.minutes, 59, False), _table(p.hours, 23, False)
            self._mp, self._yp = _table(p.months, 12, False), _table(p.years, YEAR_MAX, False)
            self._sp = _table(p.seconds, 59, False)
        yp, mp, hp, minp, sp = self._yp, self._mp, self._hp, self._minp, self._sp
        if y > YEAR_MAX:
            y, mo, d, h, mi, s = YEAR_MAX, 12, 31, 23, 59, 59
        while True:
            if y < YEAR_MIN:
                return None
            py = yp[y]
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
