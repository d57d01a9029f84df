"""One engine's timings in a process of its own, printed as one JSON object.

benchmarks/engine.py starts this script once per engine per round, under the
engine's own interpreter: the project's venv for cronstable-cli, croniter and
cronsim, `.venv-daemon` for the released daemon. Nothing here imports another
engine, so neither engine's caches, imports or allocations touch the other's
figures, and every process starts cold the way a user's does.

    python engine_worker.py ENGINE TASK [ZONE]

ENGINE is ours, daemon, croniter or cronsim. TASK:
- `measures`: for every zone, `next()` from random instants (100 per
  expression, the fastest of three passes over the same schedules, as timeit
  keeps its best: one pass lasts a few milliseconds, which a busy moment of a
  shared machine moves by half), iterating 10,000 fires, cold parse and parse +
  first `next()` (caches cleared before each of 20 rounds, the fastest kept),
  then the never-seen streams: 10,000 texts this process has never parsed,
  parsed one after the other with nothing cleared, as a fleet loads (the
  fastest of three such streams, each new), and another 10,000 parsed and
  stepped once;
- `peers`: `next()` and iterating in UTC on the expressions croniter and cronsim
  read as we do, each library used as its documentation shows;
- `first-next ZONE` / `first-iterate ZONE`: the first `next()` in a zone, or the
  first iteration far ahead (70 yearly fires, to 2095), timed alone in this
  fresh process (the engine imported, the zone object and the schedule built);
- `duplicates`: grouping 20,000 pre-built schedules into duplicate groups.

The corpus and the stream generator live in benchmarks/engine_corpus.py.
"""

from __future__ import annotations

import gc
import itertools
import json
import random
import sys
import time
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta, timezone, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

from engine_corpus import CORPUS, HASH_KEY, stream

# A zone as the benchmark names it: `timezone.utc` is the daemon's own UTC (what
# every job without a timezone gets), "UTC" the tz database's zone.
ZONES = ("timezone.utc", "UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe")
START = datetime(2026, 1, 5, 9, 30, 17)
FIRES = 10_000
PEER_FIRES = 1_000
NEXT_CALLS = 100
NEXT_PASSES = 3  # passes over the prebuilt schedules, the fastest kept
COLD_ROUNDS = 20
STREAM = 10_000
STREAM_ROUNDS = 3  # never-seen streams parsed per zone, the fastest kept
DUPLICATE_JOBS = 20_000


def zone_of(name: str) -> tzinfo:
    return timezone.utc if name == "timezone.utc" else ZoneInfo(name)


class Engine:
    """How one library builds, steps and iterates its schedules."""

    def __init__(
        self,
        build: Callable[[str, str, tzinfo], Any],
        step: Callable[[Any, datetime], Any],
        iterate: Callable[[Any, datetime], Iterable[Any]],
        clear: Callable[[], None],
    ) -> None:
        self.build, self.step, self.iterate, self.clear = build, step, iterate, clear


def ours() -> Engine:
    from cronstable_cli.engine import CronTab, clear_caches

    # The frame pinned to the job's zone, as a job's `timezone` does.
    return Engine(
        lambda expr, key, zone: CronTab(expr, key, tz=zone),
        lambda tab, at: tab.next(at),
        lambda tab, at: tab.occurrences(at),
        clear_caches,
    )


def daemon() -> Engine:
    import cronstable.cronexpr as cronexpr  # the daemon's engine, from .venv-daemon

    def clear() -> None:
        for name in dir(cronexpr):
            value = getattr(cronexpr, name)
            if name.endswith("_CACHE") and isinstance(value, dict):
                value.clear()

    # The daemon reads a job's schedule in the zone of the `now` it passes.
    return Engine(
        lambda expr, key, zone: cronexpr.CronTab(expr, hash_key=key),
        lambda tab, at: tab.next(at),
        lambda tab, at: tab.occurrences(at),
        clear,
    )


def croniter_engine() -> Engine:
    from croniter import croniter

    # Its README: build one iterator, call get_next; set_current moves it.
    def step(it: Any, at: datetime) -> Any:
        it.set_current(at, force=True)
        return it.get_next(datetime)

    def iterate(it: Any, at: datetime) -> Iterable[Any]:
        it.set_current(at, force=True)
        return iter(lambda: it.get_next(datetime), None)

    return Engine(
        lambda expr, key, zone: croniter(expr, START.replace(tzinfo=zone), ret_type=datetime),
        step,
        iterate,
        lambda: None,
    )


def cronsim_engine() -> Engine:
    from cronsim import CronSim

    # Its README: CronSim(expr, start) is an iterator of the fires after start.
    return Engine(
        lambda expr, key, zone: expr,
        lambda expr, at: next(CronSim(expr, at)),
        lambda expr, at: CronSim(expr, at),
        lambda: None,
    )


ENGINES = {
    "ours": ours,
    "daemon": daemon,
    "croniter": croniter_engine,
    "cronsim": cronsim_engine,
}


def instants(zone: tzinfo, count: int, seed: int) -> list[datetime]:
    """Seeded random instants over 2026-2027 (DST edges included by density), in `zone`."""
    rng = random.Random(seed)
    base = datetime(2026, 1, 1, tzinfo=timezone.utc)
    return [
        (base + timedelta(seconds=rng.randrange(2 * 365 * 86400))).astimezone(zone)
        for _ in range(count)
    ]


def coldest(engine: Engine, run: Callable[[], object]) -> float:
    """The fastest of COLD_ROUNDS runs, each after clearing the engine's caches."""
    fastest = float("inf")
    for _ in range(COLD_ROUNDS):
        engine.clear()
        t0 = time.perf_counter()
        run()
        fastest = min(fastest, time.perf_counter() - t0)
    return fastest


def zone_measures(engine: Engine, name: str, streams: Iterable[list[str]]) -> dict[str, float]:
    zone = zone_of(name)
    start = START.replace(tzinfo=zone)
    exprs = [e for e, _ in CORPUS]
    build, step = engine.build, engine.step
    tabs = [build(e, HASH_KEY, zone) for e in exprs]
    ats = instants(zone, NEXT_CALLS, 7)
    out: dict[str, float] = {"next": float("inf")}
    for _ in range(NEXT_PASSES):  # the first pass builds each engine's search tables
        t0 = time.perf_counter()
        for tab in tabs:
            for at in ats:
                step(tab, at)
        out["next"] = min(out["next"], time.perf_counter() - t0)
    t0 = time.perf_counter()
    for tab in tabs:
        for _ in itertools.islice(engine.iterate(tab, start), FIRES):
            pass
    out["iterate"] = time.perf_counter() - t0
    out["cold parse"] = coldest(engine, lambda: [build(e, HASH_KEY, zone) for e in exprs])
    out["parse + next"] = coldest(
        engine, lambda: [step(build(e, HASH_KEY, zone), start) for e in exprs]
    )
    *parse_only, parse_next = streams
    keys = [f"job-{i:05d}" for i in range(STREAM)]
    fastest = float("inf")
    for texts in parse_only:  # each stream never seen before: nothing to clear
        t0 = time.perf_counter()
        for text, key in zip(texts, keys, strict=True):
            build(text, key, zone)
        fastest = min(fastest, time.perf_counter() - t0)
    out["stream parse"] = fastest
    t0 = time.perf_counter()
    for text, key in zip(parse_next, keys, strict=True):
        step(build(text, key, zone), start)
    out["stream parse + next"] = time.perf_counter() - t0
    return out


def measures(engine: Engine) -> dict[str, dict[str, float]]:
    # STREAM_ROUNDS + 1 never-seen streams per zone, disjoint from each other and
    # the corpus: the parse is the fastest of the first STREAM_ROUNDS (one stream
    # of 10,000 parses lasts a few tens of milliseconds, which one busy moment of
    # the machine moves by 5-10%), parse + next (ten times longer) one pass.
    per_zone = STREAM_ROUNDS + 1
    texts = stream(per_zone * STREAM * len(ZONES))
    chunks = [texts[i : i + STREAM] for i in range(0, len(texts), STREAM)]
    # The streams are the harness's, made before any engine object: a collection
    # an engine's allocations trigger would traverse their lists too while they
    # are young (several milliseconds, billed to whichever region came first),
    # as no long-running scheduler's would. Frozen, the collector skips them;
    # it stays on for every object an engine makes.
    gc.collect()
    gc.freeze()
    return {
        z: zone_measures(engine, z, chunks[per_zone * k : per_zone * (k + 1)])
        for k, z in enumerate(ZONES)
    }


def peers(engine: Engine) -> dict[str, float]:
    zone = timezone.utc
    start = START.replace(tzinfo=zone)
    plain = [e for e, ok in CORPUS if ok]
    ats = instants(zone, NEXT_CALLS, 7)
    tabs = [engine.build(e, HASH_KEY, zone) for e in plain]
    t0 = time.perf_counter()
    for tab in tabs:
        for at in ats:
            engine.step(tab, at)
    out = {"next": time.perf_counter() - t0}
    t0 = time.perf_counter()
    for tab in tabs:
        for _ in itertools.islice(engine.iterate(tab, start), PEER_FIRES):
            pass
    out["iterate"] = time.perf_counter() - t0
    return out


def first_use(engine: Engine, name: str, far: bool) -> dict[str, float]:
    zone = zone_of(name)
    start = START.replace(tzinfo=zone)
    if far:
        tab = engine.build("0 12 1 1 *", HASH_KEY, zone)
        t0 = time.perf_counter()
        fires = list(itertools.islice(engine.iterate(tab, start), 70))
        seconds = time.perf_counter() - t0
        assert len(fires) == 70
        return {"first-iterate": seconds}
    tab = engine.build("30 2 * * *", HASH_KEY, zone)
    t0 = time.perf_counter()
    engine.step(tab, start)
    return {"first-next": time.perf_counter() - t0}


def duplicates(which: str) -> dict[str, float]:
    """Group DUPLICATE_JOBS pre-built schedules (a realistic mix) by meaning and zone."""
    from engine_corpus import fleet_schedules

    jobs = fleet_schedules(DUPLICATE_JOBS)
    if which == "ours":
        from cronstable_cli.analysis.duplicates import find_duplicates
        from cronstable_cli.analysis.fires import build_fleet
        from cronstable_cli.analysis.frames import parse_jobs
        from cronstable_cli.records import Job, SourceLocation

        here = SourceLocation("bench.yaml", 1)
        records = [Job(n, s, here, here, timezone=z) for n, s, z in jobs]
        parsed = parse_jobs(records)
        t0 = time.perf_counter()
        found = find_duplicates(build_fleet(records, parsed))  # type: ignore[arg-type]
        seconds = time.perf_counter() - t0
        count = len(found.groups)
    else:
        from cronstable.cronexpr import CronTab
        from cronstable.croninfo import ScheduleEntry, duplicate_schedules

        entries = [
            ScheduleEntry(n, CronTab(s, hash_key=n), timezone.utc if z is None else ZoneInfo(z))
            for n, s, z in jobs
        ]
        t0 = time.perf_counter()
        count = len(duplicate_schedules(entries))
        seconds = time.perf_counter() - t0
    return {"duplicates": seconds, "groups": float(count)}


def main(argv: list[str]) -> int:
    which, task, *rest = argv
    if task == "duplicates":
        result: Any = duplicates(which)
    else:
        engine = ENGINES[which]()
        if task == "measures":
            result = measures(engine)
        elif task == "peers":
            result = peers(engine)
        elif task in ("first-next", "first-iterate"):
            result = first_use(engine, rest[0], task == "first-iterate")
        else:
            raise SystemExit(f"unknown task {task!r}")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
