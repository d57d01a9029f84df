"""Generate ``tests/data/cron_golden.json``: a compatibility corpus from parse-crontab.

parse-crontab (PyPI ``crontab`` 1.x, import name ``crontab``, class ``crontab.CronTab``) is
the engine the cronstable daemon's schedule dialect started from.  This dev-only script asks
it, for ~200 expressions, whether the expression parses and, if so, what ``next()`` returns
from a grid of fixed UTC instants and what ``test()`` says for fixed datetimes.  The replay
test ``tests/engine/test_golden.py`` checks our engine (docs/python-api.md API) against the result.

It is NOT run by the test suite and parse-crontab is NOT a project dependency.  Regenerate
with a throwaway virtualenv, from the repository root::

    python3 -m venv /tmp/gold && /tmp/gold/bin/pip install 'crontab<2'
    /tmp/gold/bin/python tests/gen_cron_golden.py

Where parse-crontab and docs/dialect.md disagree our docs win.  Such expressions are never golden
cases: they go to ``spec_overrides`` (with the documented answer and a reason; the replay test
asserts the documented answer) or to ``excluded`` (our docs do not pin the answer down for the
Python API; the replay test reports them as skipped with the reason).  The script checks that
parse-crontab's verdict is the one each list claims, so a wrong classification fails loudly
instead of silently changing the corpus.

Semantics checked against parse-crontab's source (``crontab/_crontab.py``, 1.0.5):

* every field must match, so day-of-month + day-of-week are ANDed, as docs/dialect.md's AND rule;
* 5 fields get second ``0`` prepended and year ``*`` appended; 6 fields get second ``0``
  prepended (the 6th field is a year, as in the documented dialect); 7 fields are second .. year;
* steps: ``n > 0``, ``n <= field max`` and ``start + n <= field max`` (7 for day-of-week),
  ``a/n`` runs to the field's end (6 for day-of-week), a day-of-week range ending in 0 ends
  at 7 -- all as in the documented dialect;
* ``next(now)`` starts at ``now`` truncated to the second plus one second, so it is strictly
  after ``now``; it returns None once the search passes 2099 -- except when that very first
  candidate already matches (e.g. ``* * * * *`` from 2099-12-31T23:59:59 gives 2100-01-01).
  Those answers become ``horizon`` spec overrides (docs/time-model.md: None), generated.

The generated answers were cross-checked once (not part of this script) by scanning for an
earlier fire between each ``now`` and its answer, and against croniter (``day_or=False``) for
the plain 5-field forms; the only disagreement was a croniter bug on ``31-31``.

The corpus is UTC only: parse-crontab evaluates aware datetimes in their own wall clock with
no DST gap/fold handling, which is not docs/time-model.md's model.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

try:
    import crontab as ref_module
    from crontab import CronTab as RefCronTab
except ImportError:  # pragma: no cover - dev-only script
    sys.exit(
        "parse-crontab is not installed; run:\n"
        "  python3 -m venv /tmp/gold && /tmp/gold/bin/pip install 'crontab<2'\n"
        "  /tmp/gold/bin/python tests/gen_cron_golden.py"
    )

try:
    from importlib.metadata import version as _dist_version

    REF_VERSION = _dist_version("crontab")
except Exception:  # pragma: no cover
    REF_VERSION = getattr(ref_module, "__version__", "unknown")

OUT = Path(__file__).resolve().parent / "data" / "cron_golden.json"
UTC = timezone.utc
US = timedelta(microseconds=1)

# --------------------------------------------------------------------------------------------
# Expressions both parse-crontab and the documented dialect accept, with the same meaning.
# --------------------------------------------------------------------------------------------
VALID: list[str] = [
    # plain values and wildcards
    "* * * * *",
    "0 * * * *",
    "0 0 * * *",
    "30 12 * * *",
    "15 10 * * *",
    "59 23 31 12 *",
    "0 0 1 1 *",
    "0 12 15 6 *",
    "5 4 * * sun",
    "0 0 1 * *",
    "0 0 28 2 *",
    "0 0 29 2 *",
    "0 0 30 * *",
    "0 0 31 * *",
    # dates that never or rarely exist
    "0 0 30 2 *",
    "0 0 31 4 *",
    "0 0 31 4,6 *",
    "0 0 31 1,4 *",
    "0 0 31 2,4,6,9,11 *",
    # lists
    "0,30 * * * *",
    "0,15,30,45 * * * *",
    "1,2,3,5,8,13,21,34,55 * * * *",
    "0 0,12 * * *",
    "0 9 1,15 * *",
    "0 0 1 1,4,7,10 *",
    "0 8 * * 1,3,5",
    "45 23 * * 6,0",
    # ranges
    "0-5 * * * *",
    "0 9-17 * * *",
    "0 9-17 * * 1-5",
    "0 0 1-7 * *",
    "0 0 * 6-8 *",
    "0 0 * * 0-6",
    "0 0 * * 1-7",
    "0 0 * * 0-7",
    "0 0 * * 5-7",
    "59 23 25-31 12 *",
    "10-20,40-50 * * * *",
    "0 0 1-3,28-31 * *",
    "0 22-23 * * *",
    "0 0 31-31 * *",
    # steps
    "*/5 * * * *",
    "*/15 * * * *",
    "*/7 * * * *",
    "*/59 * * * *",
    "*/1 * * * *",
    "*/45 * * * *",
    "0 */2 * * *",
    "0 */5 * * *",
    "0 */7 * * *",
    "0 */23 * * *",
    "0 0 */2 * *",
    "0 0 */10 * *",
    "0 0 */30 * *",
    "0 0 1 */2 *",
    "0 0 1 */3 *",
    "0 0 1 */11 *",
    "0 0 * * */2",
    "0 0 * * */3",
    "0 0 * * */7",
    "0-30/10 * * * *",
    "10-50/20 * * * *",
    "50-55/6 * * * *",
    "1-2/5 * * * *",
    "5/15 * * * *",
    "30/29 * * * *",
    "0/30 * * * *",
    "0 1/6 * * *",
    "0 0 2/10 * *",
    "0 0 1 2/5 *",
    "0 0 * * 1/2",
    "0 0 * * 6/1",
    "0 0 * * 0/7",
    "0 0 * * 5-0/2",
    "0 0 * * 1-5/2",
    "*/20,45 * * * *",
    "0 0-12/3,18 * * *",
    "0 0 1-31/7 * *",
    "0 0 1 1-12/4 *",
    # month and weekday names, case-insensitive
    "0 0 1 jan *",
    "0 0 1 JAN *",
    "0 0 1 Jan,Jul *",
    "0 0 1 jan-mar *",
    "0 0 1 mar-dec/3 *",
    "0 0 1 jan/4 *",
    "0 0 * dec *",
    "0 0 29 feb *",
    "0 0 * * mon",
    "0 0 * * MON-FRI",
    "0 0 * * Mon,Wed,Fri",
    "0 0 * * sat,sun",
    "0 0 * * sat-sun",
    "0 0 * * SAT-SUN",
    "0 0 * * 6-0",
    "0 0 * * fri-sun",
    "0 0 * * mon-sun",
    "0 0 * * sun-sat",
    "0 0 * * SUN",
    "0 0 * * 0",
    "0 0 * * 7",
    "0 0 * * 0,7",
    "0 0 * * mon/2",
    "0 12 * jun-aug sat,sun",
    "30 8 * JUL-SEP Mon-Fri",
    "0 0 * * tue,THU",
    # AND rule: both day fields restricted
    "0 0 13 * 5",
    "0 0 13 * fri",
    "0 0 1 * mon",
    "0 0 29 2 mon",
    "0 0 1-7 * 1",
    "0 0 25-31 * 5",
    "0 0 31 * 0",
    "0 0 * 2 1",
    "0 9 1-7 jan-dec mon",
    "0 0 30 2 1-5",
    "0 0 8-14 * tue",
    # '?' standing alone in a day field means '*'
    "0 0 ? * mon",
    "0 0 1 * ?",
    "0 0 ? * ?",
    # macros
    "@yearly",
    "@annually",
    "@monthly",
    "@weekly",
    "@daily",
    "@hourly",
    # L forms (day-of-month L, day-of-week Ln / La-b)
    "0 0 L * *",
    "0 0 l * *",
    "0 0 L 2 *",
    "0 12 1,L * *",
    "0 0 15,L * *",
    "0 0 L * fri",
    "0 0 * * L5",
    "0 0 * * l5",
    "0 0 * * L0",
    "0 0 * * L7",
    "0 0 * * L1-5",
    "0 0 * * 1,L5",
    "0 0 1 * L1",
    "30 23 L 12 *",
    # 6 fields: trailing year
    "0 0 1 1 * 2025",
    "0 0 1 1 * *",
    "0 */5 * * * *",
    "0 0 * * * 2024-2025",
    "0 0 1 1 * 2024,2030,2099",
    "0 0 1 1 * */10",
    "0 0 1 1 * 2030/10",
    "0 0 * * * 2020",
    "0 0 * * * 1970-2023",
    "0 0 29 2 * 2024-2030",
    "59 23 31 12 * 2099",
    "*/30 * * * * 2099",
    "0 0 13 * fri 2026",
    # 7 fields: leading second, trailing year
    "* * * * * * *",
    "0 * * * * * *",
    "30 0 12 * * * *",
    "*/15 * * * * * *",
    "0/20 * * * * * *",
    "*/59 * * * * * *",
    "59 59 23 31 12 * *",
    "0 0 0 1 1 * 2025",
    "0 0 12 ? * mon-fri *",
    "15,45 30 9 * * 1-5 *",
    "0-10/5 0 0 1 * * *",
    "0 0 0 L * * *",
    "0 0 0 29 2 * 2028",
    "30 59 23 L 12 * 2099",
    "0 0 0 * * * 2020",
    # whitespace between fields
    "0  0 *\t* *",
]

# --------------------------------------------------------------------------------------------
# Expressions both parse-crontab and the documented dialect reject.
# --------------------------------------------------------------------------------------------
INVALID: list[str] = [
    # field count / garbage
    "",
    "   ",
    "0",
    "* * * *",
    "* * * * * * * *",
    "hello world foo bar baz",
    "a b c d e",
    "@midnight",
    "@every 5m",
    "H * * * *",
    # out of range
    "60 * * * *",
    "* 24 * * *",
    "* * 0 * *",
    "* * 32 * *",
    "* * * 0 *",
    "* * * 13 *",
    "* * * * 8",
    "-1 * * * *",
    "1.5 * * * *",
    "0 0 * * * 1969",
    "0 0 * * * 2100",
    "0 0 29 2 * 2100",
    "60 * * * * * *",
    "* * * * * * 1969",
    # backwards ranges
    "5-1 * * * *",
    "0 23-1 * * *",
    "0 0 31-1 * *",
    "0 0 * dec-jan *",
    "0 0 * * fri-mon",
    "0 0 * * 5-1",
    "0 0 * * 7-3",
    "0 0 1 1 * 2024-2023",
    # bad steps
    "*/0 * * * *",
    "*/-1 * * * *",
    "*/60 * * * *",
    "30/30 * * * *",
    "50-55/10 * * * *",
    "0 */24 * * *",
    "0 0 */31 * *",
    "0 0 1 */12 *",
    "0 0 * * 1/7",
    "0 0 * * 7/2",
    "0 0 * * */8",
    "0 0 * * 6-0/2",
    "0 0 * * * */200",
    "*/60 * * * * * *",
    "*/ * * * *",
    "*/x * * * *",
    "1/2/3 * * * *",
    # malformed items
    "1-2-3 * * * *",
    "1,,2 * * * *",
    "1,2, * * * *",
    ",1 * * * *",
    "0 0 * * * 20x4",
    # names in the wrong field / unknown names
    "* * * * mon-funday",
    "* * * foo *",
    "0 0 1 mon *",
    "0 0 * * jan",
    "jan * * * *",
    # '?' outside the day fields
    "? * * * *",
    "0 ? * * *",
    "0 0 * ? *",
    "0 */5 * * * ?",
    "0 0 12 * * ?",
    # L/W/# in the wrong place or out of range
    "0 0 1 L *",
    "0 0 * * L",
    "L * * * *",
    "0 0 * * 5L",
    "0 0 * * L8",
    "0 0 * * L-1",
    "0 0 L-31 * *",
    "0 0 L-0 * *",
    "0 0 32W * *",
    "0 0 * * 1#6",
    "0 0 * * 8#1",
]

# --------------------------------------------------------------------------------------------
# parse-crontab and the documented dialect disagree: the documented answer is recorded and wins.
# ``next``/``test`` pairs are hand-checked against a calendar (all 2023/2024, UTC).
# --------------------------------------------------------------------------------------------
_T = "T00:00:00+00:00"
SPEC_OVERRIDES: list[dict[str, Any]] = [
    {
        "expr": "0 0 z1 * *",
        "valid": False,
        "reason": "parse-crontab's 'Zn' day-of-month extension (n days before the last day) "
        "is not docs/dialect.md dialect (the documented dialect spells it 'L-n')",
    },
    {
        "expr": "0 0 z0-2 * *",
        "valid": False,
        "reason": "parse-crontab's 'Za-b' day-of-month extension is not docs/dialect.md dialect",
    },
    {
        "expr": "0 0 1,? * *",
        "valid": False,
        "reason": "docs/dialect.md: '?' means '*' only alone; parse-crontab accepts it as a "
        "list item (and then matches every day)",
    },
    {
        "expr": "0 0 * * ?,1",
        "valid": False,
        "reason": "docs/dialect.md: '?' means '*' only alone; parse-crontab accepts it as a "
        "list item",
    },
    {
        "expr": "0 0 L-2 * *",
        "valid": True,
        "reason": "docs/dialect.md 'L-n' (n days before the last day); parse-crontab lacks it",
        "next": [
            ["2024-02-01" + _T, "2024-02-27" + _T],
            ["2024-02-27" + _T, "2024-03-29" + _T],
            ["2023-02-01" + _T, "2023-02-26" + _T],
        ],
        "test": [["2024-02-27" + _T, True], ["2024-02-29" + _T, False]],
    },
    {
        "expr": "0 0 15W * *",
        "valid": True,
        "reason": "docs/dialect.md 'nW' (nearest weekday in the month); parse-crontab lacks it",
        "next": [
            ["2024-06-01" + _T, "2024-06-14" + _T],
            ["2024-06-14" + _T, "2024-07-15" + _T],
            ["2024-09-01" + _T, "2024-09-16" + _T],
        ],
        "test": [["2024-06-14" + _T, True], ["2024-06-15" + _T, False]],
    },
    {
        "expr": "0 0 1W * *",
        "valid": True,
        "reason": "docs/dialect.md: a Saturday 1st goes to Monday the 3rd; "
        "parse-crontab lacks 'nW'",
        "next": [
            ["2024-05-31T12:00:00+00:00", "2024-06-03" + _T],
            ["2024-08-15" + _T, "2024-09-02" + _T],
        ],
    },
    {
        "expr": "0 0 31W * *",
        "valid": True,
        "reason": "docs/dialect.md: a Sunday 31st goes to Friday the 29th; no fire in a month "
        "without day 31; parse-crontab lacks 'nW'",
        "next": [
            ["2024-03-01" + _T, "2024-03-29" + _T],
            ["2024-04-01" + _T, "2024-05-31" + _T],
        ],
    },
    {
        "expr": "0 0 LW * *",
        "valid": True,
        "reason": "docs/dialect.md 'LW' (last weekday of the month); parse-crontab lacks it",
        "next": [
            ["2024-06-01" + _T, "2024-06-28" + _T],
            ["2024-03-01" + _T, "2024-03-29" + _T],
        ],
    },
    {
        "expr": "0 0 * * 5#3",
        "valid": True,
        "reason": "docs/dialect.md 'd#n' (n-th weekday of the month); parse-crontab lacks it",
        "next": [["2024-06-01" + _T, "2024-06-21" + _T]],
        "test": [["2024-06-21" + _T, True], ["2024-06-14" + _T, False]],
    },
    {
        "expr": "0 0 * * fri#3",
        "valid": True,
        "reason": "docs/dialect.md 'd#n' with a weekday name; parse-crontab lacks it",
        "next": [["2024-06-01" + _T, "2024-06-21" + _T]],
    },
    {
        "expr": "0 0 * * 1#5",
        "valid": True,
        "reason": "docs/dialect.md 'd#n': no fire in a month without a 5th Monday (June 2024); "
        "parse-crontab lacks it",
        "next": [["2024-06-01" + _T, "2024-07-29" + _T]],
    },
    {
        "expr": "0 0 1,15W,L * *",
        "valid": True,
        "reason": "docs/dialect.md: special forms are list items; parse-crontab lacks 'nW'",
        "next": [
            ["2024-06-02" + _T, "2024-06-14" + _T],
            ["2024-06-14" + _T, "2024-06-30" + _T],
            ["2024-06-30" + _T, "2024-07-01" + _T],
        ],
    },
    {
        "expr": "0 0 * * mon#1,L5",
        "valid": True,
        "reason": "docs/dialect.md: 'mon#1,L5' works as a list; parse-crontab lacks 'd#n'",
        "next": [
            ["2024-06-04" + _T, "2024-06-28" + _T],
            ["2024-06-28" + _T, "2024-07-01" + _T],
        ],
    },
]

# --------------------------------------------------------------------------------------------
# Left out of the golden cases on purpose: our docs do not pin down the Python API's answer.
# ``reference_valid`` (parse-crontab's verdict) is filled in by the script.
# --------------------------------------------------------------------------------------------
EXCLUDED: list[dict[str, str]] = [
    {
        "expr": "@reboot",
        "reason": "docs/dialect.md keeps @reboot as a non-time schedule; "
        "docs/python-api.md does not say whether CronTab('@reboot') raises or yields no fires; "
        "parse-crontab rejects it",
    },
    {
        "expr": "@YEARLY",
        "reason": "the docs are silent on macro case; parse-crontab only knows lower-case macros",
    },
    {
        "expr": " @daily ",
        "reason": "parse-crontab only recognises a macro as the exact whole string; docs "
        "normalises whitespace (str(tab)) but does not say so for macros",
    },
    {
        "expr": "05 * * * *",
        "reason": "leading zeros: docs silent; parse-crontab accepts them",
    },
    {
        "expr": "*,5 * * * *",
        "reason": "'*' inside a list: docs silent; parse-crontab accepts it",
    },
    {
        "expr": "0 0 * * 0-0",
        "reason": "by the documented letter a day-of-week range ending in 0 ends at 7, so this is "
        "every day (parse-crontab agrees), but that is surely not what a writer means",
    },
    {
        "expr": "0 0 * * L6-0",
        "reason": "the daemon is the contract here (tests/oracle/test_engine_vs_daemon.py): "
        "an end of 0 does not wrap inside 'La-b', so it matches nothing, as parse-crontab",
    },
    {
        "expr": "0 0 * * Lfri",
        "reason": "the daemon is the contract here (tests/oracle/test_engine_vs_daemon.py): "
        "'Ln' takes numbers only, so this is an error, as in parse-crontab",
    },
    {
        "expr": "(any expression, non-UTC now)",
        "reason": "parse-crontab evaluates an aware datetime in its own wall clock without "
        "docs/time-model.md's DST gap/fold rules or job frame; the corpus is UTC only",
    },
    {
        "expr": "(test() with sub-second datetimes)",
        "reason": "parse-crontab's test() ignores microseconds; docs only says 'civil "
        "fields', so test() instants are whole seconds",
    },
]

# --------------------------------------------------------------------------------------------
# Instant grids (UTC).
# --------------------------------------------------------------------------------------------


def _utc(y: int, mo: int, d: int, h: int = 0, mi: int = 0, s: int = 0, us: int = 0) -> datetime:
    return datetime(y, mo, d, h, mi, s, us, tzinfo=UTC)


NEXT_GRID: list[datetime] = [
    _utc(1970, 1, 1),
    _utc(2000, 2, 28, 23, 59, 59),  # 2000 is a leap year
    _utc(2023, 2, 28, 23, 59, 59),  # non-leap month end
    _utc(2023, 6, 30, 23, 59, 59, 500000),
    _utc(2023, 12, 31, 23, 59),
    _utc(2023, 12, 31, 23, 59, 59),  # year end
    _utc(2024, 1, 1),  # year start, a Monday
    _utc(2024, 1, 31, 23, 59, 59),  # month end
    _utc(2024, 2, 28, 12),
    _utc(2024, 2, 28, 23, 59, 59),  # leap day next
    _utc(2024, 2, 29),
    _utc(2024, 2, 29, 23, 59, 59),
    _utc(2024, 4, 30, 23, 59, 59),
    _utc(2024, 6, 15, 11, 59, 59, 999999),
    _utc(2024, 6, 15, 12, 0, 0, 500000),  # microsecond instant
    _utc(2024, 7, 4, 12, 34, 56, 123456),
    _utc(2024, 9, 13, 8),  # a Friday the 13th
    _utc(2024, 12, 31, 23, 59, 59, 999999),
    _utc(2025, 3, 9, 2, 30),  # US spring-forward date (irrelevant in UTC)
    _utc(2025, 10, 26, 1, 30),  # EU fall-back date (irrelevant in UTC)
    _utc(2030, 9, 13, 0, 0, 1),
    _utc(2096, 2, 28),  # last leap year before the horizon
    _utc(2097, 3, 1),  # no Feb 29 left before 2100
    _utc(2099, 12, 31, 23),
    _utc(2099, 12, 31, 23, 59, 59),  # nothing left: None
]

TEST_GRID: list[datetime] = [
    _utc(1970, 1, 1),  # Thursday
    _utc(2024, 1, 1),  # Monday
    _utc(2024, 2, 29),  # leap day, Thursday
    _utc(2024, 2, 29, 23, 59),
    _utc(2024, 3, 31),  # Sunday, month end
    _utc(2024, 6, 15, 12),  # Saturday
    _utc(2024, 6, 15, 12, 0, 30),  # non-zero second
    _utc(2024, 6, 28),  # last Friday of June
    _utc(2024, 9, 13),  # Friday the 13th
    _utc(2024, 12, 25, 8, 30),
    _utc(2024, 12, 31, 23, 59),
    _utc(2025, 1, 5),  # Sunday
    _utc(2025, 7, 4, 17, 45),  # Friday
    _utc(2026, 2, 28),  # Saturday, month end
    _utc(2030, 1, 1),
    _utc(2099, 12, 31, 23, 59),
]


def _iso(dt: datetime | None) -> str | None:
    return None if dt is None else dt.isoformat()


def _parse(expr: str) -> tuple[Any | None, str | None]:
    try:
        return RefCronTab(expr), None
    except Exception as exc:  # parse-crontab raises ValueError (and a few others)
        return None, f"{type(exc).__name__}: {str(exc).strip()}"


def _ref_next(tab: Any, now: datetime) -> datetime | None:
    res = tab.next(now, default_utc=True, return_datetime=True)
    if res is None:
        return None
    assert isinstance(res, datetime) and res.tzinfo is not None, res
    assert res > now, (now, res)
    return res


HORIZON_REASON = (
    "docs/time-model.md: never search past 2099, so next() is None here; parse-crontab only checks "
    "its year bound after a failed match and so returns an instant in 2100"
)


def _unique(items: Iterable[datetime]) -> list[datetime]:
    seen: set[datetime] = set()
    out: list[datetime] = []
    for it in items:
        if it not in seen:
            seen.add(it)
            out.append(it)
    return out


def _valid_case(expr: str, tab: Any) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The golden case, plus a spec override for next() answers past the 2099 horizon."""
    results = [(now, _ref_next(tab, now)) for now in NEXT_GRID]
    fires = [r for _, r in results if r is not None and r.year <= 2099]
    extra_now: list[datetime] = []
    extra_test: list[datetime] = []
    if fires:
        # exactly-on-a-fire instants and their neighbours, from a mid-2024 fire if any
        mid = next((f for f in fires if f.year >= 2024), fires[0])
        extra_now = [mid, mid - US, mid + US, mid - timedelta(seconds=1)]
        second = _ref_next(tab, mid)
        if second is not None and second.year <= 2099:
            extra_now.append(second)
        extra_test = [mid, mid + timedelta(seconds=1), mid + timedelta(minutes=1)]
        if second is not None and second.year <= 2099:
            extra_test += [second, second - timedelta(seconds=1)]
    pairs: list[list[str | None]] = []
    horizon: list[list[str | None]] = []
    reference: list[list[str | None]] = []
    for now in _unique([*NEXT_GRID, *extra_now]):
        res = _ref_next(tab, now)
        if res is not None and res.year > 2099:
            horizon.append([_iso(now), None])
            reference.append([_iso(now), _iso(res)])
        else:
            pairs.append([_iso(now), _iso(res)])
    tests = [[_iso(dt), bool(tab.test(dt))] for dt in _unique([*TEST_GRID, *extra_test])]
    case = {"expr": expr, "valid": True, "next": pairs, "test": tests}
    override = None
    if horizon:
        override = {
            "expr": expr,
            "kind": "horizon",
            "valid": True,
            "reason": HORIZON_REASON,
            "reference_valid": True,
            "next": horizon,
            "reference_next": reference,
        }
    return case, override


def build() -> dict[str, Any]:
    problems: list[str] = []
    if len(set(VALID + INVALID)) != len(VALID) + len(INVALID):
        problems.append("duplicate expressions in VALID/INVALID")

    cases: list[dict[str, Any]] = []
    horizon_overrides: list[dict[str, Any]] = []
    for expr in VALID:
        tab, err = _parse(expr)
        if tab is None:
            problems.append(f"VALID {expr!r} rejected by parse-crontab: {err}")
            continue
        case, horizon = _valid_case(expr, tab)
        cases.append(case)
        if horizon is not None:
            horizon_overrides.append(horizon)
    for expr in INVALID:
        tab, err = _parse(expr)
        if tab is not None:
            problems.append(f"INVALID {expr!r} accepted by parse-crontab")
            continue
        cases.append({"expr": expr, "valid": False, "reference_error": err})

    overrides: list[dict[str, Any]] = []
    for ov in SPEC_OVERRIDES:
        tab, err = _parse(ov["expr"])
        ref_valid = tab is not None
        if ref_valid == ov["valid"]:
            problems.append(f"override {ov['expr']!r}: parse-crontab agrees with our docs")
        item = {"expr": ov["expr"], "kind": "dialect", **ov}
        item["reference_valid"] = ref_valid
        if err is not None:
            item["reference_error"] = err
        for now_s, exp_s in ov.get("next", []):
            now = datetime.fromisoformat(now_s)
            exp = datetime.fromisoformat(exp_s)
            if not now < exp:
                problems.append(f"override {ov['expr']!r}: {exp_s} is not after {now_s}")
        overrides.append(item)
    overrides += horizon_overrides

    excluded: list[dict[str, Any]] = []
    for ex in EXCLUDED:
        item = dict(ex)
        if not ex["expr"].startswith("("):
            tab, err = _parse(ex["expr"])
            item["reference_valid"] = tab is not None
        excluded.append(item)

    if problems:
        raise SystemExit("corpus classification is wrong:\n  " + "\n  ".join(problems))

    return {
        "description": "cronstable compatibility corpus generated from parse-crontab; "
        "replayed by tests/engine/test_golden.py. Regenerate with tests/gen_cron_golden.py.",
        "reference": {"package": "crontab", "version": REF_VERSION},
        "timezone": "UTC",
        "cases": cases,
        "spec_overrides": overrides,
        "excluded": excluded,
    }


def main() -> None:
    data = build()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    OUT.write_text(text + "\n", encoding="utf-8")
    cases = data["cases"]
    n_valid = sum(1 for c in cases if c["valid"])
    n_next = sum(len(c.get("next", [])) for c in cases)
    n_test = sum(len(c.get("test", [])) for c in cases)
    print(
        f"wrote {OUT} ({len(text) // 1024} KiB): {len(cases)} expressions "
        f"({n_valid} valid, {len(cases) - n_valid} invalid), {n_next} next() cases, "
        f"{n_test} test() cases, {len(data['spec_overrides'])} spec overrides, "
        f"{len(data['excluded'])} excluded"
    )


if __name__ == "__main__":
    main()
