"""Benchmark `calendar --format ics`: a 10,000-job fleet's week against the daemon's own feed.

Run from the repository root: `python benchmarks/calendar_feed.py [--jobs N] [--days N]`.

The fleet is realistic (hourly jobs, H slots, dailies, */5 and */15, some in
New York and Berlin). Ours: parse and group the jobs (`build_fleet`), list the
feed (`calendar_feed`) and write it with icalendar (`feed_ics`), the parse
caches cleared first. The peer: the released daemon's `ical.render_calendar`
(from .venv-daemon, imported into this process, so both run on the same
interpreter) on `CronTab`s it parses from the same jobs; its figure includes
those parses, and its render alone is reported beside it. Both feeds are
then compared: the same events (UID, DTSTART, DURATION, SUMMARY, DESCRIPTION)
and the same truncation markers. Target: at least 2x faster than the daemon.
"""

from __future__ import annotations

import argparse
import gc
import glob
import sys
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, TypeVar

try:
    import cronstable_cli  # noqa: F401
except ImportError:  # run from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from record import record

from cronstable_cli.analysis.calendar import calendar_feed
from cronstable_cli.analysis.fires import build_fleet
from cronstable_cli.formats.calendar_ics import feed_ics
from cronstable_cli.records import Job, SourceLocation

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[1]
START = datetime(2026, 3, 2, 0, 0, 30, tzinfo=timezone.utc)
NOW = datetime(2026, 3, 1, tzinfo=timezone.utc)
HERE = SourceLocation("bench.yaml", 1)
DAILY = ["0 0", "0 2", "30 3", "0 6", "15 4", "0 12", "45 23", "0 1"]
ZONED = [
    ("0 9 * * 1-5", "America/New_York"),
    ("30 2 * * *", "Europe/Berlin"),
    ("0 */4 * * *", "America/New_York"),
    ("*/15 * * * *", "Europe/Berlin"),
]
TARGET = 2.0


def fleet(n: int) -> list[Job]:
    jobs = []
    for i in range(n):
        bucket, zone = i % 10, None
        if bucket < 3:
            schedule = "0 * * * *"
        elif bucket < 6:
            schedule = ("H * * * *", "H H * * *", "H H * * 1-5")[i % 3]
        elif bucket < 8:
            schedule = f"{DAILY[i % len(DAILY)]} * * *"
        elif bucket == 8:
            schedule = "*/5 * * * *" if i % 2 else "*/15 * * * *"
        else:
            schedule, zone = ZONED[i % len(ZONED)]
        jobs.append(Job(f"job-{i:06d}", schedule, HERE, HERE, timezone=zone))
    return jobs


def best_of(repeats: int, func: Callable[[], T], before: Callable[[], None]) -> tuple[float, T]:
    """The fastest of `repeats` runs, and that run's result."""
    best, result = float("inf"), None
    for _ in range(repeats):
        before()
        gc.collect()
        start = time.perf_counter()
        got = func()
        elapsed = time.perf_counter() - start
        if elapsed < best:
            best, result = elapsed, got
    return best, result  # type: ignore[return-value]


def clear_ours() -> None:
    from cronstable_cli.analysis import daemon_sentence
    from cronstable_cli.engine.parser import clear_caches

    clear_caches()
    daemon_sentence._sentence.cache_clear()


def ours(jobs: list[Job], days: int) -> str:
    return feed_ics(calendar_feed(build_fleet(jobs), START, days), NOW)


def load_daemon() -> Any | None:
    site = sorted(glob.glob(str(ROOT / ".venv-daemon" / "lib" / "python*" / "site-packages")))
    if not site:
        return None
    sys.path.append(site[-1])
    try:
        import cronstable.cronexpr
        import cronstable.ical
    except ImportError:
        return None
    return cronstable


def daemon_feed(daemon: Any, jobs: list[Job], days: int) -> tuple[str, float]:
    """The daemon's feed (from one second before START: it starts strictly after) and
    the seconds its render took alone."""
    from zoneinfo import ZoneInfo

    zones: dict[str | None, Any] = {None: timezone.utc}
    entries = []
    for job in sorted(jobs, key=lambda j: j.name):
        zone = zones.get(job.timezone)
        if zone is None:
            zone = zones[job.timezone] = ZoneInfo(job.timezone or "UTC")
        tab = daemon.cronexpr.CronTab(job.schedule, hash_key=job.name)
        entries.append(daemon.ical.CalendarEntry(job.name, tab, zone, None))
    start = time.perf_counter()
    text = daemon.ical.render_calendar(entries, START - timedelta(seconds=1), days, now=NOW)
    return text, time.perf_counter() - start


def clear_daemon(daemon: Any) -> Callable[[], None]:
    def clear() -> None:
        for name in dir(daemon.cronexpr):
            func = getattr(daemon.cronexpr, name)
            if hasattr(func, "cache_clear"):
                func.cache_clear()

    return clear


def events(text: str) -> list[str]:
    keep = ("UID:", "DTSTART:", "DURATION:", "SUMMARY:", "DESCRIPTION:", "X-CRONSTABLE-TRUNCATED")
    lines = text.replace("\r\n ", "").split("\r\n")
    return [line for line in lines if line.startswith(keep)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=10_000)
    parser.add_argument("--days", type=int, default=7)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    jobs = fleet(args.jobs)
    print(f"calendar --format ics: {len(jobs):,} jobs, {args.days} days, cap 100 per job")
    ours_s, text = best_of(args.repeats, lambda: ours(jobs, args.days), clear_ours)
    count = text.count("BEGIN:VEVENT")
    print(f"  ours:   {ours_s:6.2f} s  ({count:,} events, {len(text):,} chars)")
    daemon = load_daemon()
    if daemon is None:
        print("  the daemon (.venv-daemon) is not installed: no comparison")
        record("calendar", f"{len(jobs):,}-job week as ics", f"{ours_s:.2f} s")
        return
    peer_s, (peer_text, render_s) = best_of(
        args.repeats, lambda: daemon_feed(daemon, jobs, args.days), clear_daemon(daemon)
    )
    same = events(text) == events(peer_text)
    ratio = peer_s / ours_s
    print(
        f"  daemon: {peer_s:6.2f} s  (render_calendar alone {render_s:.2f} s; "
        f"{peer_text.count('BEGIN:VEVENT'):,} events)"
    )
    print(
        f"  ratio:  {ratio:.1f}x faster ({render_s / ours_s:.1f}x against the render alone); "
        f"same events: {same}"
    )
    record(
        "calendar",
        f"`calendar --format ics`, a {len(jobs):,}-job week (parse, list, write)",
        f"{ours_s:.2f} s",
        peer=f"daemon render_calendar {peer_s:.2f} s with its parses ({render_s:.2f} s without)",
        ratio=ratio,
        target=f"≥ {TARGET:.0f}× faster, same events",
        passed=ratio >= TARGET and same,
    )
    if not same:
        raise SystemExit("the feeds differ")


if __name__ == "__main__":
    main()
