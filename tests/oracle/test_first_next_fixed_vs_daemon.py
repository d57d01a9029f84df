"""A first `next()` on a fixed offset against the released daemon's `CronTab`.

The daemon gives every job without a timezone `datetime.timezone.utc` and has a
fast path for a `datetime.timezone`; our first `next()` of a CronTab walks the
parsed fields on such a clock without a timeline (`CronTab.next`). Each
question here goes to a CronTab made for it, so every answer of ours is a first
`next()`: the generated corpus of tests/oracle/engine_corpus.py (steps, ranges,
names, L/W/#, seconds, years, H) and hand-picked far-apart shapes, from instants
where a carry runs through every field (a minute's, day's, month's, year's end,
leap days, 1970, the last seconds of 2099) on UTC and on whole and part-hour
offsets, as ISO texts the daemon's driver reads into a `datetime.timezone`.
"""

from __future__ import annotations

import random
from datetime import datetime, timezone
from functools import cache
from typing import Any

from cronstable_cli import CronTab, ScheduleError

from .daemon import ask, daemon_or_skip
from .engine_corpus import HASH_KEYS, generated, h_expressions

GENERATED = 300
PER_EXPRESSION = 12  # instants each expression is asked about
OFFSETS = ("+00:00", "+05:30", "-09:00", "+14:00", "-03:30")
SHAPES = (
    "0 0 29 2 *",
    "0 0 31 * *",
    "0 12 13 * 5",
    "0 0 * * 5#5",
    "0 0 LW 2 *",
    "0 0 L-27 * *",
    "0 0 1W * 0,6",
    "59 59 23 31 12 * 2099",
    "0 0 0 1 1 * 1970",
    "*/7 */13 */5 * * * *",
    "0 8 * * 1#1,L5",
    "* * * * *",
    "0 0 1 1 *",
    "0 0 * * 0",
    "45 23 * * 6",
)


def _instants() -> list[str]:
    """Wall times near every field's end (and plain ones), each on every offset."""
    walls = [
        "1970-01-01T00:00:00",
        "1970-01-01T00:00:01",
        "2024-02-28T23:59:59",
        "2024-02-29T23:59:59.500000",
        "2025-02-28T23:59:59",
        "2025-04-30T23:59:00",
        "2025-12-31T23:59:59",
        "2026-01-05T09:30:17",
        "2026-01-31T23:59:58.999999",
        "2026-06-30T12:59:59",
        "2027-12-31T23:00:00",
        "2098-12-31T23:59:59",
        "2099-12-31T23:58:59",
        "2099-12-31T23:59:58",
        "2099-12-31T23:59:59",
    ]
    rng = random.Random(28)
    for _ in range(40):
        y, mo = rng.randint(1970, 2099), rng.randint(1, 12)
        d = rng.choice([1, 28, 30]) if mo != 2 else rng.choice([1, 28])
        h, mi, s = rng.choice([0, 23, rng.randint(0, 23)]), rng.choice([0, 59]), rng.randint(0, 59)
        walls.append(f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}")
    return [wall + offset for wall in walls for offset in OFFSETS]


def _expressions() -> list[tuple[str, str | None]]:
    exprs = list(generated(GENERATED, seed=28))
    exprs += h_expressions()
    return exprs + [
        (expr, HASH_KEYS[i % 2] if "H" in expr else None) for i, expr in enumerate(SHAPES)
    ]


@cache
def _answers() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    daemon_or_skip()
    instants = _instants()
    cases = []
    for index, (expr, key) in enumerate(_expressions()):
        picked = instants[index % PER_EXPRESSION :: max(1, len(instants) // PER_EXPRESSION)]
        queries = [{"kind": "next", "at": at, "zone": None} for at in picked]
        cases.append({"expr": expr, "hash_key": key, "queries": queries})
    return cases, ask("crontab", cases)


def test_a_first_next_on_a_fixed_offset_is_the_daemons() -> None:
    cases, results = _answers()
    wrong: list[str] = []
    asked = refused = 0
    for case, theirs in zip(cases, results, strict=True):
        if theirs["error"] is not None:
            refused += 1
            continue  # parse verdicts are test_engine_vs_daemon's
        for query, answer in zip(case["queries"], theirs["answers"], strict=True):
            now = datetime.fromisoformat(query["at"])
            assert type(now.tzinfo) is timezone  # the daemon's fixed clock, and ours
            try:
                tab = CronTab(case["expr"], case["hash_key"])  # fresh: its first next()
            except ScheduleError as err:
                wrong.append(f"{case['expr']!r}: we refuse ({err}), the daemon parses")
                break
            fire = tab.next(now)
            ours = None if fire is None else fire.isoformat()
            asked += 1
            if ours != answer:
                wrong.append(f"{case['expr']!r} from {query['at']}: daemon {answer}, ours {ours}")
    assert asked > 3000 and refused < len(cases) // 10
    assert not wrong, f"{len(wrong)} disagreements:\n" + "\n".join(wrong[:20])
