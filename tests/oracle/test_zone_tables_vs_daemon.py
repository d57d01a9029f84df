"""Fires far ahead in DST zones, from offset tables grown a year at a time, against the daemon.

A zone's tables are built lazily (engine/zone_clock.py): a search past them appends
the years it reaches. Here every zone starts fresh with no direct searches (its
tables grow from the first search on) and schedules are iterated from 2026 to 2099,
so each year is appended while fires are being yielded; the released daemon's
`occurrences` from the same instant must name the same fires, zone and offset
included. The same iteration from a zone answering its first searches itself (the
default) must agree too.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from itertools import islice
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from cronstable_cli import CronTab

from ..engine.test_zone_files import fresh_clocks
from .daemon import ask, daemon_or_skip

ZONES = [
    "America/New_York",
    "Europe/Berlin",
    "Australia/Lord_Howe",
    "Europe/Dublin",
    "America/Santiago",
    "Pacific/Chatham",
]
# Sparse schedules (a fire every few weeks to a year) reach 2099 in a few hundred fires,
# and those that fire in or next to the DST hours meet every year's changes.
EXPRESSIONS = [
    "0 12 1 1 *",
    "30 2 * * 0",
    "0 0 29 2 *",
    "*/30 1-3 L * *",
    "45 1 * 3,10 *",
    "0 2 8-14 3 0",
    "15 3 1W * *",
    "0 1 * 4,9,10 6#1",
]
COUNT = 1200


def _starts() -> list[tuple[str, str]]:
    rng = random.Random(28)
    out = []
    for zone in ZONES:
        for _ in range(2):
            at = datetime(2026, 1, 1, tzinfo=ZoneInfo(zone)) + timedelta(
                seconds=rng.randrange(2 * 365 * 86400)
            )
            out.append((zone, at.isoformat()))
    return out


def _cases() -> list[dict[str, Any]]:
    return [
        {
            "expr": expr,
            "hash_key": None,
            "queries": [
                {"kind": "occurrences", "at": at, "zone": zone, "count": COUNT}
                for zone, at in _starts()
            ],
        }
        for expr in EXPRESSIONS
    ]


@pytest.mark.parametrize("budget", [0, 10**9])
def test_fires_to_2099_from_lazily_grown_tables_are_the_daemon_s(budget: int) -> None:
    daemon_or_skip()
    cases = _cases()
    results = ask("crontab", cases)
    wrong, reached = [], 0
    for case, result in zip(cases, results, strict=True):
        assert result["error"] is None
        for query, theirs in zip(case["queries"], result["answers"], strict=True):
            zone = ZoneInfo(query["zone"])
            start = datetime.fromisoformat(query["at"]).astimezone(zone)
            with fresh_clocks(budget):
                ours = [
                    f.isoformat()
                    for f in islice(CronTab(case["expr"], tz=zone).occurrences(start), COUNT)
                ]
            reached += bool(ours) and ours[-1] >= "2095"
            if ours != theirs:
                first = next(
                    (i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b),
                    min(len(ours), len(theirs)),
                )
                wrong.append(
                    f"{case['expr']!r} from {query['at']} in {query['zone']}: fire {first}: "
                    f"ours {ours[first : first + 2]}, daemon {theirs[first : first + 2]}"
                )
    assert not wrong, "\n".join(wrong[:10])
    assert reached > len(EXPRESSIONS) * len(ZONES)  # most iterations ran to the 2090s
