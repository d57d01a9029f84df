"""The engine against the released daemon's `CronTab`: the daemon is the contract.

Every expression of tests/oracle/engine_corpus.py is asked next, prev, test and the
first occurrences from instants around DST transitions in several zones, in one
batch to the daemon driver. Our answers are computed both ways the API allows:
without `tz=` from the datetime in its zone (the frame follows the datetime, as in
the daemon), and with `tz=` pinned to that zone from the same instant in UTC. Both
must name the daemon's instants; the first must also carry its zone (same ISO text).
Parse verdicts and resolved text (H items replaced) must match too.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from cronstable_cli import CronTab, ScheduleError

from .daemon import ask, daemon_or_skip
from .engine_corpus import (
    DST_EXPRESSIONS,
    HASH_KEYS,
    PARSE_EDGES,
    Probe,
    generated,
    h_expressions,
    probes,
)

OCCURRENCES = 4
GENERATED = 240
PROBES_PER_GENERATED = 10  # instants each generated expression is asked about
UTC = ZoneInfo("UTC")


def _cases() -> list[dict[str, Any]]:
    everything = probes()
    cases: list[dict[str, Any]] = []
    for index, expr in enumerate(DST_EXPRESSIONS):
        cases.append(_case(expr, HASH_KEYS[index % len(HASH_KEYS)], everything))
    for index, (expr, key) in enumerate(generated(GENERATED)):
        # a different slice of the instants for each expression, every zone included
        picked = everything[index % 7 :: max(1, len(everything) // PROBES_PER_GENERATED)]
        cases.append(_case(expr, key, picked))
    for index, (expr, key) in enumerate(PARSE_EDGES):
        cases.append(_case(expr, key, everything[index :: len(everything) // 3]))
    return cases


def _case(expr: str, key: str | None, at: list[Probe]) -> dict[str, Any]:
    queries: list[dict[str, Any]] = []
    for probe in at:
        for kind in ("next", "prev", "test", "occurrences"):
            query: dict[str, Any] = {"kind": kind, "at": probe.at, "zone": probe.zone}
            if kind == "occurrences":
                query["count"] = OCCURRENCES
            queries.append(query)
    return {"expr": expr, "hash_key": key, "queries": queries}


@cache
def _answers() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    daemon_or_skip()
    cases = _cases()
    return cases, ask("crontab", cases)


def _ours(tab: CronTab, pinned: CronTab, query: dict[str, Any]) -> tuple[Any, Any]:
    """Our answer from the zoned datetime (frame follows it) and from UTC with tz= pinned."""
    zone = ZoneInfo(query["zone"])
    local = datetime.fromisoformat(query["at"]).astimezone(zone)
    utc = local.astimezone(UTC)
    kind = query["kind"]
    if kind == "test":
        return tab.test(local), pinned.test(utc)
    if kind == "occurrences":
        count = query["count"]
        return (
            [f.isoformat() for f, _ in zip(tab.occurrences(local), range(count), strict=False)],
            [
                f.astimezone(zone).isoformat()
                for f, _ in zip(pinned.occurrences(utc), range(count), strict=False)
            ],
        )
    step = tab.next if kind == "next" else tab.prev
    pinned_step = pinned.next if kind == "next" else pinned.prev
    fire, pinned_fire = step(local), pinned_step(utc)
    return (
        None if fire is None else fire.isoformat(),
        None if pinned_fire is None else pinned_fire.astimezone(zone).isoformat(),
    )


def _disagreements(kinds: tuple[str, ...]) -> tuple[int, list[str]]:
    cases, results = _answers()
    asked, wrong = 0, []
    for case, result in zip(cases, results, strict=True):
        if result["error"] is not None:
            continue
        tab = CronTab(case["expr"], hash_key=case["hash_key"])
        pinned: dict[str, CronTab] = {}
        for query, theirs in zip(case["queries"], result["answers"], strict=True):
            if query["kind"] not in kinds:
                continue
            asked += 1
            zone = query["zone"]
            if zone not in pinned:
                pinned[zone] = CronTab(case["expr"], hash_key=case["hash_key"], tz=zone)
            framed, by_tz = _ours(tab, pinned[zone], query)
            if framed != theirs or by_tz != theirs:
                wrong.append(
                    f"{case['expr']!r} key={case['hash_key']!r} {query['kind']} "
                    f"from {query['at']} in {zone}: daemon {theirs}, ours {framed} "
                    f"(tz= pinned: {by_tz})"
                )
    return asked, wrong


def _report(wrong: list[str]) -> str:
    return f"{len(wrong)} disagreements with the daemon, first 15:\n" + "\n".join(wrong[:15])


def test_parse_verdicts_and_resolved_text_match_the_daemon() -> None:
    cases, results = _answers()
    wrong = []
    for case, result in zip(cases, results, strict=True):
        try:
            resolved: str | None = CronTab(case["expr"], hash_key=case["hash_key"]).resolved
            ours = None
        except ScheduleError as err:
            resolved, ours = None, str(err)
        if (ours is None) != (result["error"] is None) or resolved != result["resolved"]:
            wrong.append(
                f"{case['expr']!r} key={case['hash_key']!r}: daemon "
                f"{result['error'] or result['resolved']!r}, ours {ours or resolved!r}"
            )
    assert not wrong, _report(wrong)
    # The corpus must exercise the engine, not only its error path.
    assert sum(r["error"] is None for r in results) >= 0.8 * len(results)


@pytest.mark.parametrize("kind", ["next", "prev", "test", "occurrences"])
def test_answers_match_the_daemon(kind: str) -> None:
    asked, wrong = _disagreements((kind,))
    assert asked > 1000
    assert not wrong, _report(wrong)


def test_h_text_matches_the_daemon_in_every_field_and_form() -> None:
    """Resolved text byte for byte: the daemon's values, in its order (H(5-7)/2 -> 5,7)."""
    cases = [{"expr": expr, "hash_key": key, "queries": []} for expr, key in h_expressions()]
    results = ask("crontab", cases)
    wrong = []
    for case, result in zip(cases, results, strict=True):
        try:
            ours: str | None = CronTab(case["expr"], hash_key=case["hash_key"]).resolved
        except ScheduleError as err:
            ours = f"error: {err}"
        theirs = result["resolved"] if result["error"] is None else None
        if (theirs is None) != (ours is None or ours.startswith("error")) or (
            theirs is not None and ours != theirs
        ):
            wrong.append(
                f"{case['expr']!r} key={case['hash_key']!r}: daemon "
                f"{result['error'] or theirs!r}, ours {ours!r}"
            )
    assert len(cases) == 800
    assert sum(r["error"] is None for r in results) > 0.95 * len(cases)
    assert not wrong, _report(wrong)
