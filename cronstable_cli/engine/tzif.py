"""Where a tz database zone may change its offset, read from its TZif file.

zoneinfo keeps a zone's transitions private, and probing for them (a sample
a day, then bisection) costs hundreds of offset look-ups per year: a zone's
first use paid for that. The zone's own file lists them: the explicit
transitions, then a POSIX TZ rule (the footer) for every year after the
last one. `candidates(zone, start, end)` gives the instants in (start, end]
where the offset may change; transitions.py asks the zone itself for the
offsets on either side of each one, so what is answered is always the
zone's own behaviour, and any doubt (no file, a file zoneinfo did not read,
a rule this reader does not know, a candidate where nothing changes while
the rule said it would) returns None and the caller probes as before.

A zone object is read only when it is a `zoneinfo.ZoneInfo` with a key: its
file is found as zoneinfo finds it (`zoneinfo.TZPATH`, then the tzdata
package). Files are zone data, like zoneinfo's own cache: kept per key for
the process (up to 512 zones), never cleared with the parse caches.
"""

from __future__ import annotations

import os
import struct
from bisect import bisect_right
from datetime import tzinfo
from typing import NamedTuple

from .civil import civil_from_days, days_from_civil

_DAY = 86400


class Rule(NamedTuple):
    """A POSIX TZ footer with daylight saving time: when it starts and ends each year."""

    std: int  # UTC offset, seconds (east positive)
    dst: int
    start: tuple[str, int, int, int, int]  # (kind, a, b, c, seconds after local midnight)
    end: tuple[str, int, int, int, int]


class Rules(NamedTuple):
    """A zone's explicit transition instants, and the rule after the last one (or None)."""

    times: tuple[int, ...]
    rule: Rule | None  # None: the offset after the last transition holds for ever


_CACHE: dict[str, Rules | None] = {}


def candidates(zone: tzinfo, start: int, end: int) -> list[int] | None:
    """Sorted instants in (start, end] where the zone's offset may change; None: unknown."""
    rules = _rules(zone)
    if rules is None:
        return None
    times = rules.times
    out = list(times[bisect_right(times, start) : bisect_right(times, end)])
    last = times[-1] if times else None
    if rules.rule is not None and (last is None or end > last):
        first_year = _year_of(max(start, last if last is not None else start)) - 1
        for year in range(first_year, _year_of(end) + 2):
            for t in _rule_year(rules.rule, year):
                if start < t <= end and (last is None or t > last):
                    out.append(t)
        out.sort()
    return out


def _rules(zone: tzinfo) -> Rules | None:
    kind = type(zone)
    # zoneinfo.ZoneInfo (checked by name: UTC-only runs never import zoneinfo).
    if kind.__name__ != "ZoneInfo" or kind.__module__ != "zoneinfo":
        return None
    key = getattr(zone, "key", None)
    if not isinstance(key, str):
        return None
    if key in _CACHE:
        return _CACHE[key]
    rules = None
    data = _read(key)
    if data is not None:
        try:
            rules = _parse(data)
        except (ValueError, struct.error, IndexError):
            rules = None
    if len(_CACHE) >= 512:
        _CACHE.clear()
    _CACHE[key] = rules
    return rules


def _read(key: str) -> bytes | None:
    """The zone's file, found as zoneinfo finds it: TZPATH first, then the tzdata package."""
    import zoneinfo

    if not key or key.startswith(("/", ".")) or ".." in key or "\0" in key:
        return None
    for root in zoneinfo.TZPATH:
        path = os.path.join(root, key)
        if os.path.isfile(path):
            try:
                with open(path, "rb") as handle:
                    return handle.read()
            except OSError:
                return None
    try:
        from importlib.resources import files

        resource = files("tzdata").joinpath("zoneinfo", *key.split("/"))
        return resource.read_bytes() if resource.is_file() else None
    except (ImportError, OSError, ValueError):
        return None


def _parse(data: bytes) -> Rules:
    """The transition instants and footer rule of a TZif file (versions 1 to 4)."""
    if data[:4] != b"TZif":
        raise ValueError("not a TZif file")
    version = data[4:5]
    isut, isstd, leap, timecnt, typecnt, charcnt = struct.unpack(">6l", data[20:44])
    if version == b"\0":  # version 1: 32-bit times, no footer
        times = struct.unpack(f">{timecnt}l", data[44 : 44 + 4 * timecnt])
        return Rules(tuple(times), None)
    # Skip the 32-bit block to the 64-bit one.
    skip = 44 + timecnt * 5 + typecnt * 6 + charcnt + leap * 8 + isstd + isut
    head = data[skip : skip + 44]
    if head[:4] != b"TZif":
        raise ValueError("no 64-bit block")
    isut, isstd, leap, timecnt, typecnt, charcnt = struct.unpack(">6l", head[20:44])
    body = skip + 44
    times = struct.unpack(f">{timecnt}q", data[body : body + 8 * timecnt])
    if leap:
        raise ValueError("leap seconds")  # the right/ zones: never what zoneinfo reads
    footer_at = body + timecnt * 9 + typecnt * 6 + charcnt + isstd + isut
    footer = data[footer_at:].split(b"\n")
    text = footer[1].decode("ascii") if len(footer) > 2 else ""
    return Rules(tuple(times), _footer(text))


def _footer(text: str) -> Rule | None:
    """The footer's daylight saving rule; None when the zone keeps one offset after its
    last transition (a footer without DST, or none at all)."""
    if not text:
        return None
    std_at = _skip_name(text, 0)
    std_end = _skip_offset(text, std_at)
    std = -_seconds(text[std_at:std_end])
    if std_end == len(text):
        return None  # no daylight saving time
    dst_at = _skip_name(text, std_end)
    dst_end = _skip_offset(text, dst_at)
    dst = -_seconds(text[dst_at:dst_end]) if dst_end > dst_at else std + 3600
    rest = text[dst_end:]
    if not rest.startswith(",") or rest.count(",") != 2:
        raise ValueError(f"unread TZ rule {text!r}")
    _, start, end = rest.split(",")
    return Rule(std, dst, _date(start), _date(end))


def _skip_name(text: str, at: int) -> int:
    """Where a zone abbreviation (`EST`, `<+0330>`) that starts at `at` ends."""
    if text.startswith("<", at):
        close = text.find(">", at)
        if close < 0:
            raise ValueError(f"unread TZ rule {text!r}")
        return close + 1
    end = at
    while end < len(text) and text[end].isalpha():
        end += 1
    if end - at < 3:
        raise ValueError(f"unread TZ rule {text!r}")
    return end


def _skip_offset(text: str, at: int) -> int:
    """Where an offset (`5`, `-3:30`, `+10:30:15`) that starts at `at` ends."""
    end = at + (text[at : at + 1] in ("+", "-"))
    while end < len(text) and (text[end].isdigit() or text[end] == ":"):
        end += 1
    return end if end > at + (text[at : at + 1] in ("+", "-")) else at


def _seconds(text: str) -> int:
    sign = -1 if text.startswith("-") else 1
    parts = [int(p) for p in text.lstrip("+-").split(":")]
    if not 1 <= len(parts) <= 3:
        raise ValueError(f"bad offset {text!r}")
    parts += [0] * (3 - len(parts))
    return sign * (parts[0] * 3600 + parts[1] * 60 + parts[2])


def _date(text: str) -> tuple[str, int, int, int, int]:
    day, _, at = text.partition("/")
    seconds = _seconds(at) if at else 7200
    if day.startswith("M"):
        m, w, d = (int(p) for p in day[1:].split("."))
        if not (1 <= m <= 12 and 1 <= w <= 5 and 0 <= d <= 6):
            raise ValueError(f"bad rule date {text!r}")
        return ("M", m, w, d, seconds)
    if day.startswith("J"):
        n = int(day[1:])
        if not 1 <= n <= 365:
            raise ValueError(f"bad rule date {text!r}")
        return ("J", n, 0, 0, seconds)
    n = int(day)
    if not 0 <= n <= 365:
        raise ValueError(f"bad rule date {text!r}")
    return ("N", n, 0, 0, seconds)


def _rule_year(rule: Rule, year: int) -> tuple[int, int]:
    """The instants DST starts and ends in a year (each read on the clock then in force)."""
    start = _day_of(rule.start, year) * _DAY + rule.start[4] - rule.std
    end = _day_of(rule.end, year) * _DAY + rule.end[4] - rule.dst
    return start, end


def _day_of(date: tuple[str, int, int, int, int], year: int) -> int:
    """Days since 1970-01-01 of a rule's date in a year."""
    kind, a, b, c, _ = date
    jan1 = days_from_civil(year, 1, 1)
    if kind == "J":  # 1-365, February 29 never counted
        leap = _is_leap(year) and a >= 60
        return jan1 + a - 1 + leap
    if kind == "N":  # 0-365, February 29 counted
        return jan1 + a
    month, week, weekday = a, b, c
    first = days_from_civil(year, month, 1)
    # 1970-01-01 was a Thursday (weekday 4, Sunday 0).
    day = first + (weekday - (first + 4)) % 7 + (week - 1) * 7
    if week == 5:
        last = first + _month_days(year, month)
        while day >= last:
            day -= 7
    return day


def _is_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _month_days(year: int, month: int) -> int:
    nxt = (year + 1, 1) if month == 12 else (year, month + 1)
    return days_from_civil(*nxt, 1) - days_from_civil(year, month, 1)


def _year_of(epoch: int) -> int:
    return civil_from_days(epoch // _DAY)[0]
