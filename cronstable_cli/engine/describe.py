"""Plain English from the parsed form (never from the text: no second parser)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .fields import MONTH_NAMES, YEAR_MAX, YEAR_MIN
from .parse import DayOfMonth, DayOfWeek, Parsed

WEEKDAYS = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
MONTHS = tuple(m.capitalize() for m in (
    "january", "february", "march", "april", "may", "june", "july", "august",
    "september", "october", "november", "december",
))
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
assert len(MONTH_NAMES) == len(MONTHS)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def join_words(words: list[str]) -> str:
    """a, b and c."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def compress(values: Iterable[int], name: Callable[[int], str] = str,
             through: str = "-") -> str:
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
            parts.extend(name(v) for v in ordered[i:j + 1])
        i = j + 1
    return join_words(parts)


def _step(values: frozenset[int], lo: int, hi: int) -> tuple[int, int] | None:
    """(start, step) when values are start, start+step, ... up to the field's end."""
    ordered = sorted(values)
    if len(ordered) < 3:
        return None
    step = ordered[1] - ordered[0]
    if any(b - a != step for a, b in itertools.pairwise(ordered)):
        return None
    if ordered[-1] + step <= hi or ordered[0] - lo >= step:
        return None
    return ordered[0], step


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
    day = _day_words(parsed.dom, parsed.dow)
    if day:
        parts.append(day)
    if len(parsed.months) != 12:
        parts.append("in " + compress(parsed.months, lambda m: MONTHS[m - 1], " through "))
    if len(parsed.years) != YEAR_MAX - YEAR_MIN + 1:
        parts.append("in " + compress(parsed.years))
    text = ", ".join(parts)
    return text[0].upper() + text[1:]


def _time_words(p: Parsed) -> str:
    secs, mins, hours = p.seconds, p.minutes, p.hours
    sec_words = ""
    if secs != frozenset((0,)):
        sec_words = _unit_words(secs, 0, 59, "second")
    if len(hours) * len(mins) <= 4 and len(mins) < 60:
        times = sorted(f"{h:02d}:{m:02d}" for h in hours for m in mins)
        base = "at " + join_words(times)
        return f"{sec_words} of the minute, {base}" if sec_words else base
    minute_words = _unit_words(mins, 0, 59, "minute")
    if len(hours) == 24:
        text = minute_words if len(mins) != 1 else f"{minute_words} of every hour"
    else:
        span = _step(hours, 0, 23)
        if span and span[1] > 1:
            hour_words = f"every {ordinal(span[1])} hour from {span[0]:02d}:00"
        elif _contiguous(hours):
            hour_words = f"every hour from {min(hours):02d}:00 through {max(hours):02d}:59"
        else:
            hour_words = "hours " + compress(hours, lambda h: f"{h:02d}")
        text = f"{minute_words} of {hour_words}"
        if len(mins) == 60 and hour_words.startswith("every hour from"):
            text = "every minute" + hour_words[len("every hour"):]
    return f"{sec_words} of {text}" if sec_words else text


def _contiguous(values: frozenset[int]) -> bool:
    return max(values) - min(values) + 1 == len(values)


def _unit_words(values: frozenset[int], lo: int, hi: int, unit: str) -> str:
    if len(values) == hi - lo + 1:
        return f"every {unit}"
    span = _step(values, lo, hi)
    if span:
        start, step = span
        suffix = f" from :{start:02d}" if start else ""
        return f"every {step} {unit}s{suffix}"
    if len(values) == 1:
        return f"at {unit} {next(iter(values))}"
    return f"at {unit}s {compress(values)}"


def _dom_words(dom: DayOfMonth) -> list[str]:
    words = []
    if dom.days and len(dom.days) != 31:
        words.append("day " + compress(dom.days) + " of the month"
                     if len(dom.days) == 1 else "days " + compress(dom.days) + " of the month")
    for offset in sorted(dom.last_offsets):
        words.append("the last day of the month" if offset == 0
                     else f"{offset} day{'s' if offset > 1 else ''} before the month's last day")
    for n in sorted(dom.nearest):
        words.append(f"the weekday nearest the {ordinal(n)}")
    if dom.last_weekday:
        words.append("the last weekday of the month")
    return words


def _dow_words(dow: DayOfWeek) -> list[str]:
    words = []
    if dow.days and len(dow.days) != 7:
        words.append(compress(dow.days, lambda d: WEEKDAYS[d], " through "))
    for wd in sorted(dow.last):
        words.append(f"the last {WEEKDAYS[wd]} of the month")
    for wd, n in sorted(dow.nth):
        words.append(f"the {ORDINALS[n]} {WEEKDAYS[wd]} of the month")
    return words


def _day_words(dom: DayOfMonth, dow: DayOfWeek) -> str:
    dom_words = _dom_words(dom) if dom.restricted else []
    dow_words = _dow_words(dow) if dow.restricted else []
    if dom_words and dow_words:
        # The AND rule: both fields must hold on the same day.
        return f"on {join_words(dom_words)}, only when that day is {join_words(dow_words)}"
    if dom_words:
        return "on " + join_words(dom_words)
    if dow_words:
        return "on " + join_words(dow_words)
    return ""


def explain_fields(parsed: Parsed) -> list[FieldWords]:
    """A per-field breakdown (the fields as written: 5, 6 or 7 of them)."""
    if parsed.reboot:
        return []
    count = parsed.field_count
    fields = parsed.fields
    shown = fields[1:6] if count == 5 else fields[1:7] if count == 6 else fields
    value_sets: dict[str, str] = {
        "second": compress(parsed.seconds),
        "minute": compress(parsed.minutes),
        "hour": compress(parsed.hours),
        "day-of-month": _dom_values(parsed.dom),
        "month": compress(parsed.months, lambda m: MONTHS[m - 1][:3]),
        "day-of-week": _dow_values(parsed.dow),
        "year": compress(parsed.years) if len(parsed.years) != YEAR_MAX - YEAR_MIN + 1
        else f"{YEAR_MIN}-{YEAR_MAX}",
    }
    out = []
    for f in shown:
        out.append(FieldWords(f.spec.name, f.source, f.resolved,
                              _field_words(parsed, f.spec.name), value_sets[f.spec.name]))
    return out


def _field_words(p: Parsed, name: str) -> str:
    if name == "second":
        return _unit_words(p.seconds, 0, 59, "second")
    if name == "minute":
        return _unit_words(p.minutes, 0, 59, "minute")
    if name == "hour":
        return _unit_words(p.hours, 0, 23, "hour")
    if name == "day-of-month":
        words = _dom_words(p.dom) if p.dom.restricted else []
        return join_words(words) if words else "every day of the month"
    if name == "day-of-week":
        words = _dow_words(p.dow) if p.dow.restricted else []
        return join_words(words) if words else "every day of the week"
    if name == "month":
        return "every month" if len(p.months) == 12 else compress(
            p.months, lambda m: MONTHS[m - 1], " through ")
    return "every year" if len(p.years) == YEAR_MAX - YEAR_MIN + 1 else compress(p.years)


def _dom_values(dom: DayOfMonth) -> str:
    parts = [compress(dom.days)] if dom.days else []
    parts += ["L" if o == 0 else f"L-{o}" for o in sorted(dom.last_offsets)]
    parts += [f"{n}W" for n in sorted(dom.nearest)]
    parts += ["LW"] if dom.last_weekday else []
    return ", ".join(parts)


def _dow_values(dow: DayOfWeek) -> str:
    parts = [compress(dow.days, lambda d: WEEKDAYS[d][:3])] if dow.days else []
    parts += [f"L{WEEKDAYS[d][:3]}" for d in sorted(dow.last)]
    parts += [f"{WEEKDAYS[d][:3]}#{n}" for d, n in sorted(dow.nth)]
    return ", ".join(parts)
