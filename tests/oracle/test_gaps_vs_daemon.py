"""Gap facts against the released daemon's own CronTab enumeration."""

from __future__ import annotations

import itertools
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from cronstable_cli.analysis.gaps import DAY, schedule_gaps
from cronstable_cli.engine import Schedule, Timeline, parse

from .daemon import ask

START = datetime(2026, 1, 1, tzinfo=timezone.utc)
AT = "2025-12-31T23:59:59+00:00"  # the daemon lists fires after `at`: one second early
# (expression, hash key, zone, window in days): windows cover each schedule's
# interesting days (DST, weekends, month ends) at a size the daemon lists quickly.
CASES = [
    ("30 1 * * *", None, "America/New_York", 365),
    ("0 2 * * *", None, "Europe/Berlin", 365),
    ("0 9 * * 1-5", None, "UTC", 365),
    ("0 9 * * 1-5", None, "America/New_York", 365),
    ("*/7 * * * *", None, "UTC", 3),
    ("*/7 * * * *", None, "America/New_York", 2),
    ("0 0 L * *", None, "UTC", 365),
    ("0 12 15W * *", None, "Europe/Paris", 365),
    ("0 8 * * 1#1", None, "UTC", 365),
    ("*/20 30 1 * * * *", None, "America/New_York", 365),
    ("H H * * *", "nightly", "UTC", 365),
    ("H/7 * * * *", "sync", "UTC", 2),
    ("H 1-3 * * 0", "weekly", "America/New_York", 365),
    ("15 2 * * *", None, "Australia/Lord_Howe", 365),
]


def _ours(expr: str, key: str | None, zone: str, days: int) -> tuple[int, int]:
    tl = Timeline(Schedule(parse(expr, hash_key=key)), ZoneInfo(zone))
    found = schedule_gaps(tl, int(START.timestamp()), days * DAY)
    assert found is not None
    return found.shortest.seconds, found.longest.seconds


def test_gaps_agree_with_the_daemon_enumeration() -> None:
    cases = []
    for expr, key, zone, days in CASES:
        # Enough occurrences to pass the window's end (the gap across it counts).
        count = days * 24 * 60 + 2 if "/7" in expr else days * 3 + 40
        cases.append(
            {
                "expr": expr,
                "hash_key": key,
                "queries": [
                    {
                        "kind": "occurrences",
                        "at": "2025-12-31T23:59:59+00:00",
                        "zone": zone,
                        "count": count,
                    }
                ],
            }
        )
    answers = ask("crontab", cases)
    end = START.timestamp()
    for (expr, key, zone, days), answer in zip(CASES, answers, strict=True):
        assert answer["error"] is None, (expr, answer)
        fires = [datetime.fromisoformat(a).timestamp() for a in answer["answers"][0]]
        limit = end + days * DAY
        pairs = [int(b - a) for a, b in itertools.pairwise(fires) if START.timestamp() <= a < limit]
        assert pairs, expr
        assert _ours(expr, key, zone, days) == (min(pairs), max(pairs)), (expr, zone)


def test_the_fall_back_day_is_25_hours_for_the_daemon_too() -> None:
    query = {"kind": "occurrences", "at": "2026-10-31T12:00:00+00:00", "count": 2}
    query["zone"] = "America/New_York"
    answer = ask("crontab", [{"expr": "30 1 * * *", "queries": [query]}])[0]
    first, second = (datetime.fromisoformat(a) for a in answer["answers"][0])
    assert first.isoformat() == "2026-11-01T01:30:00-04:00"
    assert (second - first).total_seconds() == 25 * 3600
