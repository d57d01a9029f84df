"""next() in UTC against croniter and cronsim, where the three dialects agree.

Only plain 5-field expressions qualify: no H, no L/W/# forms, and never both day fields
restricted (croniter and cronsim use Vixie's OR there; cronstable uses AND). In UTC there is
no DST, where they also differ (they fire gap times at the start of the new hour).
Skipped when the bench extras are not installed.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from cronstable_cli import CronTab

UTC = timezone.utc

CORPUS = [
    "* * * * *",
    "*/5 * * * *",
    "*/7 * * * *",
    "0 * * * *",
    "15 3 * * *",
    "30 8 * * 1-5",
    "0 9-17 * * mon-fri",
    "*/10 8-18/2 * * *",
    "5,35 */3 * * *",
    "20-40/7 * * * *",
    "0 0 1 * *",
    "0 0 1 1 *",
    "0 0 15 * *",
    "0 0 31 * *",
    "0 12 29 2 *",
    "59 23 31 12 *",
    "0 4 8-14 * *",
    "0 0 * * 0",
    "0 0 * * 7",
    "0 0 * * 6,0",
    "0 0 * jan,jul *",
    "0 6 * feb-apr *",
    "0 0 * * */2",
    "0 22 * * 1-5",
    "23 0-20/2 * * *",
    "0 0 1 */3 *",
]
STARTS = [
    datetime(2024, 2, 28, 23, 59, tzinfo=UTC),
    datetime(2023, 12, 31, 23, 59, 30, tzinfo=UTC),
    datetime(2024, 6, 15, 12, 34, 56, tzinfo=UTC),
    datetime(2027, 3, 1, 0, 0, tzinfo=UTC),
]
STEPS = 40


HORIZON = datetime(2100, 1, 1, tzinfo=UTC)  # cronstable never searches past 2099


def ours(expr: str, start: datetime) -> list[datetime]:
    tab = CronTab(expr)
    out: list[datetime] = []
    current = start
    for _ in range(STEPS):
        following = tab.next(current)
        if following is None:
            break
        current = following
        out.append(current)
    return out


def before_horizon(fires: list[datetime]) -> list[datetime]:
    return [f for f in fires if f < HORIZON]


@pytest.mark.parametrize("start", STARTS, ids=lambda d: d.strftime("%Y%m%dT%H%M%S"))
@pytest.mark.parametrize("expr", CORPUS)
def test_next_agrees_with_croniter(expr: str, start: datetime) -> None:
    croniter = pytest.importorskip("croniter").croniter
    it = croniter(expr, start)
    theirs = [it.get_next(datetime) for _ in range(STEPS)]
    assert ours(expr, start) == before_horizon(theirs)


@pytest.mark.parametrize("start", STARTS, ids=lambda d: d.strftime("%Y%m%dT%H%M%S"))
@pytest.mark.parametrize("expr", CORPUS)
def test_next_agrees_with_cronsim(expr: str, start: datetime) -> None:
    cron_sim = pytest.importorskip("cronsim").CronSim
    it = cron_sim(expr, start)
    theirs = [next(it) for _ in range(STEPS)]
    assert ours(expr, start) == before_horizon(theirs)
