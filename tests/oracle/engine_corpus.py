"""The expressions and instants the engine is compared with the daemon's `CronTab` on.

Instants cluster where schedules go wrong: each zone's DST transitions (found
here by scanning the tz database, not typed in), a few seconds either side of
them, and the edges of the gap or repeated hour they open. Expressions are a
hand-picked DST set plus a seeded random corpus over the whole dialect: steps,
ranges, names, L/W/#, seconds, years and H items (both cases) under several
hash keys. Everything is deterministic, so a failure reproduces.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

UTC = timezone.utc

# zone -> the years whose transitions are probed. Sao Paulo's 2018 transitions happen at
# midnight (the day starts at 01:00 in November); Lord Howe moves by 30 minutes; Chatham
# keeps a 45-minute offset through DST.
ZONE_YEARS: dict[str, tuple[int, ...]] = {
    "America/New_York": (2024, 2025),
    "Europe/Berlin": (2024, 2025),
    "Australia/Lord_Howe": (2024, 2025),
    "Pacific/Chatham": (2025,),
    "America/Sao_Paulo": (2018,),
}

# Seconds around each transition: the edges of a 30- or 60-minute gap or repeat, and a
# few seconds either side of the transition itself (one of them a half second).
AROUND = (-3601, -1801, -2, -1, -0.5, 0, 1, 2, 1799, 1800, 3599, 3600, 3601)

# UTC has no transitions: month, leap-day, year and horizon edges instead.
UTC_INSTANTS = (
    "1970-01-01T00:00:00+00:00",
    "1970-01-01T00:00:01+00:00",
    "2024-02-28T23:59:59+00:00",
    "2024-02-29T12:00:00+00:00",
    "2024-03-31T23:59:59.500000+00:00",
    "2024-12-31T23:59:59+00:00",
    "2025-06-15T10:17:31+00:00",
    "2099-12-31T23:58:59+00:00",
    "2099-12-31T23:59:58+00:00",
)

HASH_KEYS = ("backup", "dag:nightly", "legacy.crontab:9", "ünïcødé jöb", "refresh-cache")

# Schedules that meet the transitions head on; each is asked about every instant.
DST_EXPRESSIONS = (
    "30 2 * * *",
    "0,20,40 2 * * *",
    "15,45 1-3 * * *",
    "* 2 * * *",
    "*/7 1-3 * * *",
    "0 0 * * *",
    "30 0 * * *",
    "0 * * * *",
    "59 1 * * *",
    "0 3 * * *",
    "*/15 * * * *",
    "*/30 * 1-3 * * * *",
    "0 30 2 * * * *",
    "H H(1-3) * * *",
    "H/10 2 * * *",
    "0 1 * * sun",
    "30 2 L * *",
    "*/5 0-2 * 3,4,10,11 *",
)

# Parse edges: (expression, hash key), valid or not; the verdict and resolved text must match.
# (`@reboot` is left out: the daemon's loader takes it before its CronTab ever parses.)
PARSE_EDGES: tuple[tuple[str, str | None], ...] = (
    ("h * * * *", "backup"),
    ("H(mon-fri) * * * *", "backup"),
    ("0 0 * * H(mon-fri)", "backup"),
    ("0 0 1 H(jan-mar) *", "backup"),
    ("0 0 * * H(5-7)/2", "dag:nightly"),
    ("0 0 * * H(0-7)", "refresh-cache"),
    ("H * * * *", None),
    ("H/0 * * * *", "backup"),
    ("H(0-59)/60 * * * *", "backup"),
    ("H(0-59)/61 * * * *", "backup"),
    ("H * * * * H", "backup"),
    ("0 0 * * H#2", "backup"),
    ("0 0 * * LH", "backup"),
    ("0 0 H * *", "legacy.crontab:9"),
    ("0 0 H/10 * *", "backup"),
    ("H(5-3) * * * *", "backup"),
    ("0 0 * * 7/1", None),
    ("0 0 * * 6/1", None),
    ("0 0 L-0 * *", None),
    ("0 0 0W * *", None),
    ("0 0 * * 5#6", None),
    ("0 0 * * L6-0", None),
    ("@DAILY", None),
    ("  0   0 * * MON", None),
    ("0 0 * JAN-Mar Mon", None),
    ("0 */5 * * * ?", None),
    ("0 0 1,? * *", None),
    ("0 0 * * 5L", None),
    ("0 0 15W * 1#2", None),
    ("@midnight", None),
    ("*/60 * * * *", None),
    ("30/30 * * * *", None),
    ("50-55/6 * * * *", None),
    ("0 0 31 2 *", None),
    ("0 0 * * * 1969", None),
    ("0 0 * * * 2100", None),
)


@dataclass(frozen=True)
class Probe:
    """One instant in one zone, as ISO text with its UTC offset."""

    zone: str
    at: str


def transitions(zone: str, year: int) -> list[datetime]:
    """Every instant of `year` at which `zone`'s UTC offset changes (to the second)."""
    tz = ZoneInfo(zone)
    found: list[datetime] = []
    t = datetime(year, 1, 1, tzinfo=UTC)
    end = datetime(year + 1, 1, 1, tzinfo=UTC)
    step = timedelta(hours=1)
    while t < end:
        if t.astimezone(tz).utcoffset() != (t + step).astimezone(tz).utcoffset():
            lo, hi = t, t + step  # offset(lo) != offset(hi): bisect to the first new second
            while hi - lo > timedelta(seconds=1):
                mid = lo + (hi - lo) / 2
                mid = mid.replace(microsecond=0)
                if mid.astimezone(tz).utcoffset() == lo.astimezone(tz).utcoffset():
                    lo = mid
                else:
                    hi = mid
            found.append(hi)
        t += step
    return found


def probes() -> list[Probe]:
    """Every instant asked about, zone by zone, in a fixed order."""
    out = [Probe("UTC", at) for at in UTC_INSTANTS]
    for zone, years in ZONE_YEARS.items():
        tz = ZoneInfo(zone)
        for year in years:
            for change in transitions(zone, year):
                for seconds in AROUND:
                    instant = (change + timedelta(seconds=seconds)).astimezone(tz)
                    out.append(Probe(zone, instant.isoformat()))
    return out


# -- the generated corpus -------------------------------------------------------------------


def _item(rng: random.Random, lo: int, hi: int, names: tuple[str, ...] = ()) -> str:
    """One plain list item of a field ranging lo..hi."""
    a = rng.randint(lo, hi)
    b = rng.randint(a, hi)
    step = rng.randint(1, max(1, (hi - lo) // 2))
    kind = rng.randrange(7)
    if kind == 0:
        return "*"
    if kind == 1:
        return str(a)
    if kind == 2:
        return f"{a}-{b}"
    if kind == 3:
        return f"*/{step}"
    if kind == 4:
        return f"{a}-{b}/{step}"
    if kind == 5 and names:
        return rng.choice(names)
    return f"{a}/{step}" if a + step <= hi else str(a)


def _hashed(rng: random.Random, lo: int, hi: int) -> str:
    """One H item: H, H/n, H(a-b), H(a-b)/n, sometimes in lower case."""
    a = rng.randint(lo, hi)
    b = rng.randint(a, hi)
    forms = [
        "H",
        f"H/{rng.randint(1, max(1, (hi - lo) // 3))}",
        f"H({a}-{b})",
        f"H({a}-{b})/{rng.randint(1, b - a + 1)}",
    ]
    text = rng.choice(forms)
    return text.lower() if rng.random() < 0.15 else text


def _field(
    rng: random.Random, lo: int, hi: int, names: tuple[str, ...] = (), hashed: float = 0.15
) -> str:
    if rng.random() < hashed:
        return _hashed(rng, lo, hi)
    count = 1 if rng.random() < 0.7 else rng.randint(2, 3)
    items = [_item(rng, lo, hi, names) for _ in range(count)]
    return "*" if "*" in items else ",".join(items)


_MONTHS = ("jan", "Mar", "APR", "oct", "nov", "dec")
_DAYS = ("sun", "Mon", "fri", "SAT")


def _dom(rng: random.Random) -> str:
    kind = rng.randrange(10)
    if kind < 5:
        return "*"
    special = [
        "L",
        f"L-{rng.randint(1, 6)}",
        f"{rng.randint(1, 31)}W",
        "LW",
        "?",
        "1,15W,L",
        "H",
        "H(1-31)",
        f"{rng.randint(1, 28)}",
    ]
    return rng.choice(special) if kind < 8 else _field(rng, 1, 31)


def _dow(rng: random.Random) -> str:
    kind = rng.randrange(10)
    if kind < 5:
        return "*"
    d = rng.randint(0, 7)
    special = [
        f"L{rng.randint(0, 7)}",
        f"{d}#{rng.randint(1, 5)}",
        "mon#1,L5",
        "sat-sun",
        "6-0",
        "?",
        "H",
        "H(5-7)/2",
        "H(0-7)",
        "mon-fri",
        f"L{rng.randint(1, 3)}-5",
    ]
    return rng.choice(special) if kind < 8 else _field(rng, 0, 7, _DAYS)


def generated(count: int, seed: int = 9) -> Iterator[tuple[str, str | None]]:
    """`count` (expression, hash key) pairs; hours lean towards the DST hours (0-3)."""
    rng = random.Random(seed)
    for index in range(count):
        minute = _field(rng, 0, 59)
        hour = _field(rng, 0, 3) if rng.random() < 0.6 else _field(rng, 0, 23)
        calendar = rng.random() < 0.4
        dom = _dom(rng) if calendar else "*"
        month = _field(rng, 1, 12, _MONTHS, hashed=0.05) if calendar else "*"
        dow = _dow(rng) if calendar else "*"
        fields = [minute, hour, dom, month, dow]
        shape = rng.random()
        if shape < 0.2:  # seconds: 7 fields
            fields = [
                _field(rng, 0, 59, hashed=0.2),
                *fields,
                rng.choice(["*", "2018-2026", "2025", "2024,2026,2099"]),
            ]
        elif shape < 0.3:  # a year: 6 fields
            fields.append(rng.choice(["*", "2018", "2024-2025", "2025/2", "2030-2099/10"]))
        expr = " ".join(fields)
        key = HASH_KEYS[index % len(HASH_KEYS)] if ("H" in expr or "h" in expr) else None
        yield expr, key


# H forms per 7-field position (second, minute, hour, day-of-month, month, day-of-week),
# field edges included (a day-of-week range may end at 7, Sunday again).
H_FORMS: dict[int, tuple[str, ...]] = {
    0: ("H", "h", "H/7", "H/60", "H(0-59)", "H(50-59)/4", "H(0-0)", "H,30"),
    1: ("H", "H/15", "h/13", "H(0-29)", "H(30-59)/10", "H(0-10),H(30-40)/5", "5,H"),
    2: ("H", "H/6", "H(9-17)", "H(1-3)", "H(0-23)/5", "h(22-23)"),
    3: ("H", "H/10", "H(1-31)", "H(1-31)/10", "H(28-31)", "h/28", "H(15-16),L"),
    4: ("H", "H/5", "H(1-12)/5", "H(3-4)", "h", "H(11-12)/2"),
    5: (
        "H",
        "H/2",
        "H/7",
        "H(0-7)",
        "H(5-7)/2",
        "H(1-7)/3",
        "H(0-6)/4",
        "h(6-7)",
        "H(1-5),L5",
        "H(6-7),0#2",
    ),
}
H_KEYS = (*HASH_KEYS, "a", "b", "report", "job-42", "dag:etl")


def h_expressions() -> list[tuple[str, str]]:
    """(expression, key): every H form in every field, 7-field and 5-field layouts."""
    out: list[tuple[str, str]] = []
    for position, forms in H_FORMS.items():
        for form in forms:
            fields = ["0", "0", "0", "*", "*", "*", "*"]
            fields[position] = form
            for key in H_KEYS:
                out.append((" ".join(fields), key))
                if position:
                    out.append((" ".join(fields[1:6]), key))
    return out
