"""Plain English from the parsed form (never from the text: no second parser).

The sentence is built from the value sets, so `*/15`, `0-59/15` and
`0,15,30,45` read the same. Times are 24-hour `HH:MM` in the schedule's own
zone; a day range that wraps the week (`sat-sun`) reads Saturday first.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .fields import MONTH_NAMES, YEAR_MAX, YEAR_MIN
from .parse_result import DayOfMonth, DayOfWeek, Parsed

WEEKDAYS = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
MONTHS = tuple(
    m.capitalize()
    for m in (
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    )
)
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
assert len(MONTH_NAMES) == len(MONTHS)

LISTED_TIMES = 4  # up to this many (hour, minute) pairs are spelled out as clock times
ALL_YEARS = YEAR_MAX - YEAR_MIN + 1
THROUGH = " through "


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def plural(count: int, noun: str) -> str:
    """`1 job`, `2 jobs`, `1,200 jobs`: the one plural of every report."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def join_words(words: Sequence[str], word: str = "and") -> str:
    """a, b and c (or `a, b or c`)."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {word} " + words[-1]


def compress(
    values: Iterable[int],
    name: Callable[[int], str] = str,
    through: str = "-",
    final: str = " and ",
) -> str:
    """Sorted values with runs of three or more shown as ranges: `1-3, 7 and 9`."""
    ordered = sorted(set(values))
    parts: list[str] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{name(ordered[i])}{through}{name(ordered[j])}")
        else:
            parts.extend(name(v) for v in ordered[i : j + 1])
        i = j + 1
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + final + parts[-1]


def _step(values: frozenset[int], lo: int, hi: int) -> tuple[int, int] | None:
    """(start, step) when values are start, start+step, ... up to the field's end."""
    step = _progression(values)
    if step is None or max(values) + step <= hi or min(values) - lo >= step:
        return None
    return min(values), step


def _even_step(values: frozenset[int], hi: int) -> tuple[int, int] | None:
    """(start, step) of a step that divides the field's span, so the gap never changes.

    `*/15` in minutes repeats every 15 minutes around the clock; `*/7` does not
    (56 is followed by 0, four minutes later), so it is listed instead.
    """
    span = _step(values, 0, hi)
    if span and (hi + 1) % span[1] == 0:
        return span
    return None


def _progression(values: frozenset[int]) -> int | None:
    """The common difference when the values are evenly spaced (at least three)."""
    ordered = sorted(values)
    if len(ordered) < 3:
        return None
    step = ordered[1] - ordered[0]
    if any(b - a != step for a, b in itertools.pairwise(ordered)):
        return None
    return step


@dataclass(frozen=True, slots=True)
class FieldWords:
    """One field of an expression for `explain`: as written, resolved, in words, values."""

    name: str
    source: str
    resolved: str
    words: str
    values: str


def describe(parsed: Parsed) -> str:
    """One sentence saying when the schedule fires."""
    if parsed.reboot:
        return "Once, when the daemon starts (@reboot); never on a clock schedule"
    parts = [_time_words(parsed)]
    months = parsed.months
    dom = parsed.dom
    if len(months) == 1 and len(dom.days) == 1 and not _dom_specials(dom):
        # One date a year reads as a date: "on January 1st".
        date = f"{MONTHS[min(months) - 1]} {ordinal(min(dom.days))}"
        parts.append(_day_words(dom, parsed.dow, date))
    else:
        day = _day_words(dom, parsed.dow)
        if day:
            parts.append(day)
        if len(months) != 12:
            parts.append("in " + compress(months, _month_name, THROUGH))
    if len(parsed.years) != ALL_YEARS:
        parts.append("in " + compress(parsed.years, str, THROUGH))
    text = ", ".join(parts)
    return text[0].upper() + text[1:]


def _month_name(m: int) -> str:
    return MONTHS[m - 1]


def _clock(h: int, m: int, s: int = 0) -> str:
    return f"{h:02d}:{m:02d}:{s:02d}" if s else f"{h:02d}:{m:02d}"


def _time_words(p: Parsed) -> str:
    secs, mins, hours = p.seconds, p.minutes, p.hours
    if len(hours) * len(mins) <= LISTED_TIMES:
        if len(secs) == 1:
            s = min(secs)
            return "at " + join_words(
                [_clock(h, m, s) for h in sorted(hours) for m in sorted(mins)]
            )
        times = join_words([_clock(h, m) for h in sorted(hours) for m in sorted(mins)])
        return f"{_unit_words(secs, 59, 'second')} during {times}"
    base = _minute_hour_words(mins, hours)
    if secs == frozenset((0,)):
        return base
    sec = _unit_words(secs, 59, "second")
    if len(mins) == 60 and len(hours) == 24:
        return sec if sec.startswith("every") else f"{sec} of every minute"
    if base.startswith("every minute "):
        return sec + base[len("every minute") :]
    return f"{sec} of the minute, {base}"


def _minute_hour_words(mins: frozenset[int], hours: frozenset[int]) -> str:
    """Minutes and hours together, for more than LISTED_TIMES clock times."""
    every_minute = len(mins) == 60
    even = _even_step(mins, 59)
    if len(hours) == 24:
        words = _unit_words(mins, 59, "minute")
        return words if every_minute or even else f"{words} of every hour"
    first_h, last_h = min(hours), max(hours)
    span = f"from {_clock(first_h, min(mins))} through {_clock(last_h, max(mins))}"
    hour_step = 1 if len(hours) == 1 else _progression(hours)
    if len(mins) == 1:
        if hour_step is None:
            return "at " + join_words([_clock(h, min(mins)) for h in sorted(hours)])
        return f"every hour {span}" if hour_step == 1 else f"every {hour_step} hours {span}"
    if every_minute or even:
        minute_words = "every minute" if every_minute else f"every {even[1]} minutes"  # type: ignore[index]
    else:
        minute_words = _unit_words(mins, 59, "minute")
    if hour_step is None:
        return f"{minute_words} of hours {compress(hours, str, THROUGH)}"
    if len(hours) == 1 and _progression(mins) == 1:
        return f"every minute {span}"  # a run of minutes inside one hour: 0-10 2
    if hour_step == 1:
        if every_minute or even:
            return f"{minute_words} {span}"
        return f"{minute_words} of every hour {span}"
    return f"{minute_words} of every {ordinal(hour_step)} hour {span}"


def _unit_words(values: frozenset[int], hi: int, unit: str) -> str:
    """A second, minute or hour field on its own: `every 15 minutes`, `at hour 9`."""
    if len(values) == hi + 1:
        return f"every {unit}"
    even = _even_step(values, hi)
    if even:
        start, step = even
        suffix = f" starting at {unit} {start}" if start else ""
        return f"every {step} {unit}s{suffix}"
    if len(values) == 1:
        return f"at {unit} {min(values)}"
    return f"at {unit}s {compress(values, str, THROUGH)}"


def _dom_specials(dom: DayOfMonth) -> bool:
    return bool(dom.last_offsets or dom.nearest or dom.last_weekday)


def _dom_words(dom: DayOfMonth, date: str | None = None) -> str:
    """The day-of-month selection: `the 1st and 15th of the month`."""
    if date is not None:
        return date
    items = []
    if dom.days and len(dom.days) != 31:
        span = _step(dom.days, 1, 31)
        if span and span[1] > 1:
            if not _dom_specials(dom):
                return (
                    f"every {ordinal(span[1])} day of the month, starting on the {ordinal(span[0])}"
                )
            items.append(f"every {ordinal(span[1])} day from the {ordinal(span[0])}")
        else:
            items.append("the " + compress(dom.days, ordinal, THROUGH))
    for offset in sorted(dom.last_offsets):
        items.append(
            "the last day"
            if offset == 0
            else "the day before the last day"
            if offset == 1
            else f"the {ordinal(offset)} day before the last day"
        )
    for n in sorted(dom.nearest):
        items.append(f"the weekday nearest the {ordinal(n)}")
    if dom.last_weekday:
        items.append("the last weekday")
    return join_words(items) + " of the month"


def _dow_parts(dow: DayOfWeek) -> tuple[list[str], bool]:
    """Weekday phrases and whether any of them is a monthly form (`the last Friday`)."""
    parts = []
    if dow.days and len(dow.days) != 7:
        parts.extend(_weekday_runs(dow.days))
    specials = [
        f"the {ORDINALS[n]} {WEEKDAYS[wd]}"
        for wd, n in sorted(dow.nth, key=lambda item: (item[1], item[0]))
    ]
    specials += [f"the last {WEEKDAYS[wd]}" for wd in sorted(dow.last)]
    return parts + specials, bool(specials)


def _weekday_runs(days: frozenset[int]) -> list[str]:
    """Weekdays Monday first, runs of three or more as ranges; a run may wrap the week."""
    # Start the week at the first chosen day whose predecessor is not chosen, so a
    # wrapping run (sat-mon) stays one run: Saturday through Monday.
    start = next(d for d in (1, 2, 3, 4, 5, 6, 0) if d in days and (d - 1) % 7 not in days)
    order = [(start + i) % 7 for i in range(7)]
    parts: list[str] = []
    run: list[int] = []
    for d in [*order, None]:
        if d is not None and d in days:
            run.append(d)
            continue
        if len(run) >= 3:
            parts.append(f"{WEEKDAYS[run[0]]}{THROUGH}{WEEKDAYS[run[-1]]}")
        else:
            parts.extend(WEEKDAYS[x] for x in run)
        run = []
    return parts


def _dow_words(dow: DayOfWeek, word: str = "and") -> str:
    parts, monthly = _dow_parts(dow)
    if not parts:
        return "no day of the week"  # only reversed L ranges (L5-1), which match nothing
    return join_words(parts, word) + (" of the month" if monthly else "")


def _day_words(dom: DayOfMonth, dow: DayOfWeek, date: str | None = None) -> str:
    dom_words = _dom_words(dom, date) if dom.restricted or date else ""
    if not dow.restricted:
        return f"on {dom_words}" if dom_words else ""
    if not dom_words:
        return "on " + _dow_words(dow)
    # The AND rule: the day must satisfy both fields (Vixie cron would take either).
    parts, monthly = _dow_parts(dow)
    either = _dow_words(dow, "or")
    if len(parts) == 1 and not monthly and THROUGH not in either:
        either = "a " + either
    return f"on {dom_words}, only when it is {either}"


def explain_fields(parsed: Parsed) -> list[FieldWords]:
    """A per-field breakdown (the fields as written: 5, 6 or 7 of them)."""
    if parsed.reboot:
        return []
    count = parsed.field_count
    fields = parsed.fields
    shown = fields[1:6] if count == 5 else fields[1:7] if count == 6 else fields
    value_sets: dict[str, str] = {
        "second": _values(parsed.seconds),
        "minute": _values(parsed.minutes),
        "hour": _values(parsed.hours),
        "day-of-month": _dom_values(parsed.dom),
        "month": _values(parsed.months, lambda m: MONTHS[m - 1][:3]),
        "day-of-week": _dow_values(parsed.dow),
        "year": _values(parsed.years),
    }
    out = []
    for f in shown:
        out.append(
            FieldWords(
                f.spec.name,
                f.source,
                f.resolved,
                _field_words(parsed, f.spec.name),
                value_sets[f.spec.name],
            )
        )
    return out


def _values(values: Iterable[int], name: Callable[[int], str] = str) -> str:
    """The selected values as a plain list: `9-17`, `14, 29, 44, 59`."""
    return compress(values, name, "-", ", ")


def _field_words(p: Parsed, name: str) -> str:
    if name == "second":
        return _unit_words(p.seconds, 59, "second")
    if name == "minute":
        return _unit_words(p.minutes, 59, "minute")
    if name == "hour":
        return _unit_words(p.hours, 23, "hour")
    if name == "day-of-month":
        return _dom_words(p.dom) if p.dom.restricted else "every day of the month"
    if name == "day-of-week":
        return _dow_words(p.dow) if p.dow.restricted else "every day of the week"
    if name == "month":
        return "every month" if len(p.months) == 12 else compress(p.months, _month_name, THROUGH)
    return "every year" if len(p.years) == ALL_YEARS else compress(p.years, str, THROUGH)


def _dom_values(dom: DayOfMonth) -> str:
    parts = [_values(dom.days)] if dom.days else []
    parts += ["L" if o == 0 else f"L-{o}" for o in sorted(dom.last_offsets)]
    parts += [f"{n}W" for n in sorted(dom.nearest)]
    parts += ["LW"] if dom.last_weekday else []
    return ", ".join(parts)


def _dow_values(dow: DayOfWeek) -> str:
    parts = [_values(dow.days, lambda d: WEEKDAYS[d][:3])] if dow.days else []
    parts += [f"{WEEKDAYS[d][:3]}#{n}" for d, n in sorted(dow.nth)]
    parts += [f"last {WEEKDAYS[d][:3]}" for d in sorted(dow.last)]
    return ", ".join(parts) or "none"
