"""What the engine benchmark feeds every engine: a corpus, never-seen streams, a fleet mix.

Imports nothing but the standard library, so the daemon's interpreter
(`.venv-daemon`) reads it as well as the project's.

- CORPUS: 50 realistic expressions (steps, ranges, names, L/W/#, seconds,
  years, H), each marked plain when croniter and cronsim read it as we do;
- `stream(n)`: n distinct expressions, none in CORPUS, drawn from the shapes
  people write (mostly plain five-field texts, some H, L/W/#, seconds and
  years), the same list on every run and in every interpreter;
- `fleet_schedules(n)`: (name, schedule, zone) of a fleet with many
  duplicates, as `duplicates` sees one.
"""

from __future__ import annotations

import random

HASH_KEY = "bench-job"
# (expression, plain: croniter and cronsim read it the same way as we do)
CORPUS: list[tuple[str, bool]] = [
    ("* * * * *", True),
    ("*/5 * * * *", True),
    ("*/15 * * * *", True),
    ("0 * * * *", True),
    ("30 * * * *", True),
    ("0 0 * * *", True),
    ("15 3 * * *", True),
    ("0 9 * * 1-5", True),
    ("30 8 * * mon-fri", True),
    ("0 9-17 * * 1-5", True),
    ("*/10 8-18 * * *", True),
    ("5,35 */3 * * *", True),
    ("0 0 1 * *", True),
    ("0 0 1 1 *", True),
    ("0 12 15 * *", True),
    ("0 0 * * 0", True),
    ("45 23 * * 6", True),
    ("0 6 * jan,jul *", True),
    ("0 4 8-14 * *", True),
    ("59 23 31 12 *", True),
    ("30 2 * * *", True),
    ("0 1-3 * * *", True),
    ("*/20 2 * * *", True),
    ("0 0 */2 * *", True),
    ("10-50/20 * * * *", True),
    ("0 22 * * sun-thu", True),
    ("0 0 1,15 * *", True),
    ("0 12 * mar-oct *", True),
    ("0 */6 * * *", True),
    ("0 0 29 2 *", True),
    ("0 0 L * *", False),
    ("0 18 L-3 * *", False),
    ("0 9 15W * *", False),
    ("0 17 LW * *", False),
    ("0 10 * * L5", False),
    ("0 8 * * mon#1", False),
    ("0 8 * * 2#3,4#3", False),
    ("0 0 1W,L * *", False),
    ("*/30 * * * * * *", False),
    ("15 */5 * * * * *", False),
    ("0 30 2 * * * *", False),
    ("0 0 12 1 1 * 2027-2030", False),
    ("0 0 * * * 2026", False),
    ("30 9 * * 1-5 2026-2099", False),
    ("H * * * *", False),
    ("H/15 * * * *", False),
    ("H H * * *", False),
    ("H(0-29) H(1-4) * * mon-fri", False),
    ("H H(2-3) * * *", False),
    ("0 12 13 * 5", False),
]


_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def _field(rng: random.Random, lo: int, hi: int, star: float) -> str:
    """One plain field: *, a value, a list, a range, a step, a stepped range."""
    roll = rng.random()
    if roll < star:
        return "*"
    if roll < star + 0.35:
        return str(rng.randint(lo, hi))
    if roll < star + 0.5:
        picks = sorted(rng.sample(range(lo, hi + 1), rng.randint(2, 4)))
        return ",".join(map(str, picks))
    a = rng.randint(lo, hi - 1)
    b = rng.randint(a + 1, hi)
    if roll < star + 0.65 or b - a < 2:
        return f"{a}-{b}"
    if roll < star + 0.8:
        return f"*/{rng.randint(2, max(2, (hi - lo) // 2))}"
    return f"{a}-{b}/{rng.randint(2, b - a)}"


def _dom(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.9:
        return _field(rng, 1, 28, 0.75)
    return rng.choice(("L", f"L-{rng.randint(1, 5)}", f"{rng.randint(1, 28)}W", "LW"))


def _dow(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.8:
        return _field(rng, 0, 6, 0.7)
    if roll < 0.9:
        a, b = sorted(rng.sample(range(7), 2))
        return f"{_DAYS[a]}-{_DAYS[b]}" if rng.random() < 0.5 else _DAYS[a]
    if roll < 0.95:
        return f"{rng.choice(_DAYS)}#{rng.randint(1, 4)}"
    return f"L{rng.randint(0, 6)}"


def _month(rng: random.Random) -> str:
    if rng.random() < 0.1:
        return ",".join(rng.sample(_MONTHS, 2))
    return _field(rng, 1, 12, 0.8)


def _one(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.1:
        minute = rng.choice(("H", f"H/{rng.choice((5, 10, 15, 20, 30))}", "H(0-29)"))
        hour = rng.choice(("H", "*", f"H({rng.randint(0, 5)}-{rng.randint(6, 23)})"))
        return f"{minute} {hour} {_dom(rng)} {_month(rng)} {_dow(rng)}"
    minute, hour = _field(rng, 0, 59, 0.1), _field(rng, 0, 23, 0.3)
    five = f"{minute} {hour} {_dom(rng)} {_month(rng)} {_dow(rng)}"
    if roll < 0.15:
        return f"{_field(rng, 0, 59, 0.3)} {five} *"
    if roll < 0.2:
        first = rng.randint(2026, 2040)
        return f"{_field(rng, 0, 59, 0.3)} {five} {first}-{rng.randint(first, 2099)}"
    return five


def stream(n: int, seed: int = 2026) -> list[str]:
    """n distinct expressions, none in CORPUS, the same on every run."""
    rng = random.Random(seed)
    seen = {e for e, _ in CORPUS}
    out: list[str] = []
    while len(out) < n:
        text = _one(rng)
        if text not in seen:
            seen.add(text)
            out.append(text)
    return out


_FLEET_FORMS = (
    ("0 * * * *", None),
    ("*/5 * * * *", None),
    ("0-59/5 * * * *", None),
    ("H * * * *", None),
    ("H H * * *", None),
    ("30 2 * * *", "Europe/Berlin"),
    ("0 9 * * mon-fri", "America/New_York"),
    ("0 0 * * *", None),
    ("15 4 * * *", None),
    ("0 6 1 * *", None),
)


def fleet_schedules(n: int) -> list[tuple[str, str, str | None]]:
    """(name, schedule, zone) of n jobs: plain texts shared widely, H slots per name."""
    return [(f"job-{i:06d}", *_FLEET_FORMS[i % len(_FLEET_FORMS)]) for i in range(n)]
