"""The plain-English line of a feed event's DESCRIPTION, worded as the daemon words it.

The daemon's calendar feed describes each job's schedule in a sentence of
its own (`Every 5 minutes`, `At 02:30, on the last day of the month`), and
`calendar --format ics` must equal that feed event for event, so this module
words a schedule the daemon's way. It is used for the feed only: `explain`,
`preview` and the week view keep the toolkit's own sentence
(`engine.describe`), which reads the parsed values rather than the text.

The daemon words the TEXT of a schedule, not its meaning: `*/15` reads
"Every 15 minutes" but `0-59/15` "At minutes 00, 15, 30, 45 past every
hour"; a step the field does not divide is listed, not called an interval;
`0 9 * * *` is "At 09:00" but `0 9,17 * * *` "At minute 00 past hours 09,
17"; weekdays read in number order (`fri-sun` is "Sunday, Friday and
Saturday"). So the sentence
is built from the fields as written (the resolved text for H items) by a
reader of its own, the daemon's tolerant one: it knows `*`, `?`, values,
names, ranges (a range may wrap), steps, and L/W/# day forms. Whatever that
reader cannot word reads `Custom schedule: <text>`, as in the daemon
(a `*` listed beside `L`, for one).

The shapes, and their words:

- `@reboot`, and the macros `@yearly` `@annually` `@monthly` `@weekly`
  `@daily` `@hourly` (any case): a fixed sentence each;
- H items: the sentence of the resolved text, then
  `(H slots hashed from the job name)`;
- the time: `Every minute`; `Every N minutes` (`*/N`, N dividing 60, any
  hour); `Every minute, every N hours`; `Every hour at :MM`; `At :MM every
  N hours`; `At HH:MM`; else `At minute(s) .. past hour(s) ..` (or `every
  minute` / `every hour`);
- the days: `on <weekdays and L/# phrases>`; `on the <ordinals> of the
  month`; `on the 1st and the last day of the month` with L/W phrases; both
  restricted: `<days of month>, and only <weekdays>`;
- `in <months>`, or `every day` when no day or month is restricted; `in
  <years>`;
- seconds (7 fields, other than `0`): `Every second`, `Every N seconds`,
  `At second(s) ..` when nothing else is restricted, else `, every second`
  or `, at second(s) ..` after the rest.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from ..engine import Parsed
from ..engine.describe import MONTHS, WEEKDAYS, join_words, ordinal
from ..engine.fields import MONTH_NAMES, WEEKDAY_NAMES, YEAR_MAX, YEAR_MIN

REBOOT_SENTENCE = "Once, when cronstable starts (@reboot)"
MACRO_SENTENCES = {
    "@yearly": "Once a year, at midnight on 1 January",
    "@annually": "Once a year, at midnight on 1 January",
    "@monthly": "At midnight on the 1st of every month",
    "@weekly": "At midnight every Sunday",
    "@daily": "Every day at midnight",
    "@hourly": "Every hour, on the hour",
}
HASHED_SUFFIX = " (H slots hashed from the job name)"
CUSTOM = "Custom schedule: "

_MONTH_WORDS = {name: i + 1 for i, name in enumerate(MONTH_NAMES)}
_WEEKDAY_WORDS = {name: i for i, name in enumerate(WEEKDAY_NAMES)}
_STEP_OF_ALL = re.compile(r"\*/(\d+)")

Values = list[int] | None  # None: the field is unrestricted (`*` or `?`)


class _Unworded(ValueError):
    """The text is not one the daemon's reader words; the sentence is the Custom line."""


def daemon_sentence(schedule: str, parsed: Parsed) -> str:
    """The daemon's sentence for the job whose schedule reads `schedule` (as the feed
    writes it) and parses to `parsed` (with the job's name as the hash key)."""
    # The sentence depends on the two texts only (the resolved one differs exactly
    # when an H item was resolved), and a fleet repeats few of them: 10,000
    # `H H * * *` jobs hold at most 1,440 resolved texts.
    return _sentence(schedule, parsed.resolved if parsed.uses_hash else None)


@lru_cache(maxsize=4096)
def _sentence(schedule: str, resolved: str | None) -> str:
    low = schedule.strip().lower()
    if low == "@reboot":
        return REBOOT_SENTENCE
    macro = MACRO_SENTENCES.get(low)
    if macro is not None:
        return macro
    if resolved is not None:
        return fields_sentence(resolved) + HASHED_SUFFIX
    return fields_sentence(schedule)


def fields_sentence(text: str) -> str:
    """The sentence of a 5-, 6- or 7-field text without H items (the Custom line if
    the daemon's reader cannot word it)."""
    try:
        return _worded(text.split())
    except ValueError:  # _Unworded, or int() of a digit int refuses (`²`)
        return CUSTOM + text


def _worded(fields: list[str]) -> str:
    seconds_text, year_text = "0", "*"
    if len(fields) == 5:
        core = fields
    elif len(fields) == 6:
        core, year_text = fields[:5], fields[5]
    elif len(fields) == 7:
        seconds_text, core, year_text = fields[0], fields[1:6], fields[6]
    else:
        raise _Unworded(f"{len(fields)} fields")
    minute_text, hour_text, dom_text, month_text, dow_text = core
    dom_plain, dom_phrases = _month_day_items(dom_text)
    dow_plain, dow_phrases = _weekday_items(dow_text)
    minutes = _values(minute_text, 0, 59)
    hours = _values(hour_text, 0, 23)
    # A day field of special forms only is restricted, with no plain days.
    doms: Values = _values(dom_plain, 1, 31) if dom_plain else []
    months = _values(month_text, 1, 12, _MONTH_WORDS)
    dows: Values = _values(dow_plain, 0, 6, _WEEKDAY_WORDS) if dow_plain else []
    seconds = _values(seconds_text, 0, 59)
    years = _values(year_text, YEAR_MIN, YEAR_MAX) if year_text != "*" else None

    clauses = _day_clauses(doms, dom_phrases, dows, dow_phrases)
    has_days = bool(clauses)
    if months is not None:
        clauses.append("in " + join_words([MONTHS[m - 1] for m in months]))
    elif not has_days:
        clauses.append("every day")
    if years is not None:
        clauses.append("in " + join_words([str(y) for y in years]))
    sentence = ", ".join([_time(minute_text, hour_text, minutes, hours), *clauses])
    if len(fields) == 7 and seconds != [0]:
        alone = all(v is None for v in (minutes, hours, doms, months, dows, years))
        return _with_seconds(seconds_text, seconds, sentence, alone)
    return sentence


def _day_clauses(
    doms: Values, dom_phrases: list[str], dows: Values, dow_phrases: list[str]
) -> list[str]:
    """`on ...` for the weekdays and the days of the month; both: `<days>, and only <weekdays>`
    (the daemon's day fields must BOTH match)."""
    weekday: str | None = None
    if dows or dow_phrases:
        weekday = "on " + join_words([WEEKDAYS[d] for d in dows or []] + dow_phrases)
    month_day: str | None = None
    if doms or dom_phrases:
        if dom_phrases:
            month_day = "on " + join_words(["the " + ordinal(d) for d in doms or []] + dom_phrases)
        else:
            month_day = "on the " + join_words([ordinal(d) for d in doms or []])
            if weekday is None:
                month_day += " of the month"
    if weekday and month_day:
        return [f"{month_day}, and only {weekday}"]
    return [c for c in (weekday, month_day) if c]


def _dividing_step(text: str, span: int) -> str | None:
    """N of a `*/N` field whose N divides the field's span (a true interval), else None."""
    match = _STEP_OF_ALL.fullmatch(text)
    if match is None or span % int(match.group(1)):
        return None
    return match.group(1)


def _time(minute_text: str, hour_text: str, minutes: Values, hours: Values) -> str:
    """The sentence's opening: how often, or at what time of day."""
    every_minutes = _dividing_step(minute_text, 60)
    every_hours = _dividing_step(hour_text, 24)
    if minutes is None and hours is None:
        return "Every minute"
    if every_minutes and hours is None:
        return f"Every {every_minutes} minutes"
    if minutes is None and every_hours:
        return f"Every minute, every {every_hours} hours"
    if minutes is not None and hours is None and minute_text.isdigit():
        return f"Every hour at :{int(minute_text):02d}"
    if every_hours and minute_text.isdigit():
        return f"At :{int(minute_text):02d} every {every_hours} hours"
    if minute_text.isdigit() and hour_text.isdigit():
        return f"At {int(hour_text):02d}:{int(minute_text):02d}"
    return f"At {_listed('minute', minutes)} past {_listed('hour', hours)}"


def _listed(unit: str, values: Values) -> str:
    """`every minute`, `minute 05`, `minutes 00, 30`."""
    if values is None:
        return f"every {unit}"
    return f"{unit}{'s' if len(values) > 1 else ''} {', '.join(f'{v:02d}' for v in values)}"


def _with_seconds(seconds_text: str, seconds: Values, sentence: str, alone: bool) -> str:
    """A 7-field schedule's seconds: a cadence of its own when nothing else is
    restricted, else a clause after the rest (they pick seconds within its minutes)."""
    if alone:
        if seconds is None:
            return "Every second"
        step = _dividing_step(seconds_text, 60)
        if step:
            return f"Every {step} seconds"
        return "At " + _listed("second", seconds)
    if seconds is None:
        return sentence + ", every second"
    return sentence + ", at " + _listed("second", seconds)


# --- the reader ------------------------------------------------------------------------


def _values(text: str, lo: int, hi: int, words: Mapping[str, int] | None = None) -> Values:
    """The values a plain field's text names, by the daemon's tolerant reading.

    `*` and `?` alone are unrestricted (None). Items are values, names, `*`,
    ranges (wrapping past `hi` when they run backwards) and `/N` steps (a
    stepped value runs to `hi`). `hi == 6` is the day-of-week: a range ending
    in 0 ends on Sunday-as-7, and 7 is Sunday.
    """
    text = text.strip().lower()
    if text in ("*", "?"):
        return None
    weekday = hi == 6
    found: set[int] = set()
    for item in text.split(","):
        body, slash, step_text = item.partition("/")
        step = 1
        if slash:
            if not step_text.isdigit() or int(step_text) < 1:
                raise _Unworded(item)
            step = int(step_text)
        if body == "*":
            first, last = lo, hi
        elif "-" in body:
            a_text, _, b_text = body.partition("-")
            first, last = _number(a_text, words), _number(b_text, words)
            if weekday and last == 0:
                last = 7
        else:
            first = _number(body, words)
            last = hi if slash else first
        run: Iterable[int] = (
            range(first, last + 1, step)
            if first <= last
            else itertools.chain(range(first, hi + 1, step), range(lo, last + 1, step))
        )
        for v in run:  # lazily: an over-range end fails at its first value
            if weekday and v == 7:
                v = 0
            if not lo <= v <= hi:
                raise _Unworded(item)
            found.add(v)
    return sorted(found)


def _number(token: str, words: Mapping[str, int] | None) -> int:
    token = token.strip().lower()
    if words and token in words:
        return words[token]
    if not token.isdigit():
        raise _Unworded(token)
    return int(token)


def _month_day_items(text: str) -> tuple[str, list[str]]:
    """The day-of-month's plain items (comma-joined) and a phrase per L, L-n, nW, LW."""
    plain: list[str] = []
    phrases: list[str] = []
    for item in text.strip().lower().split(","):
        if item == "l":
            phrases.append("the last day of the month")
        elif item == "lw":
            phrases.append("the last weekday of the month")
        elif item.startswith("l-"):
            back = item[2:]
            if not back.isdigit() or not 1 <= int(back) <= 30:
                raise _Unworded(item)
            phrases.append(
                "the day before the last day of the month"
                if int(back) == 1
                else f"{int(back)} days before the last day of the month"
            )
        elif len(item) > 1 and item.endswith("w") and item[:-1].isdigit():
            day = int(item[:-1])
            if not 1 <= day <= 31:
                raise _Unworded(item)
            phrases.append(f"the weekday nearest the {ordinal(day)}")
        else:
            plain.append(item)
    return _settled(plain, phrases)


def _weekday_items(text: str) -> tuple[str, list[str]]:
    """The day-of-week's plain items (comma-joined) and a phrase per Ln (Ln-m: each day)
    and d#n."""
    plain: list[str] = []
    phrases: list[str] = []
    for item in text.strip().lower().split(","):
        if item.startswith("l") and len(item) > 1:
            a_text, dash, b_text = item[1:].partition("-")
            if not a_text.isdigit() or (dash and not b_text.isdigit()):
                raise _Unworded(item)
            first = int(a_text)
            last = int(b_text) if dash else first
            if not (0 <= first <= 7 and 0 <= last <= 7):
                raise _Unworded(item)
            phrases += [f"the last {WEEKDAYS[d % 7]} of the month" for d in range(first, last + 1)]
        elif "#" in item:
            day_text, _, n_text = item.partition("#")
            if day_text in _WEEKDAY_WORDS:
                day = _WEEKDAY_WORDS[day_text]
            elif day_text.isdigit() and 0 <= int(day_text) <= 7:
                day = int(day_text) % 7
            else:
                raise _Unworded(item)
            if not n_text.isdigit() or not 1 <= int(n_text) <= 5:
                raise _Unworded(item)
            phrases.append(f"the {ordinal(int(n_text))} {WEEKDAYS[day]} of the month")
        else:
            plain.append(item)
    return _settled(plain, phrases)


def _settled(plain: Sequence[str], phrases: list[str]) -> tuple[str, list[str]]:
    """The plain items joined and the phrases once each, in order; a `*` or `?` listed
    beside a special form (which it would overstate) is not worded."""
    if phrases and any(item in ("*", "?") for item in plain):
        raise _Unworded("a star beside a special form")
    if not phrases and not plain:
        raise _Unworded("no items")
    return ",".join(plain), list(dict.fromkeys(phrases))
