"""Runs INSIDE the released daemon's own virtual environment (.venv-daemon), never the project's.

It reads one JSON request on stdin and writes one JSON answer on stdout, so a
test can ask the daemon hundreds of questions for the price of one process.
It imports only the daemon and the standard library.

Request: {"op": NAME, "cases": [...]}; answer: {"results": [...]} in case order.
Ops:
- ``schema``: one case ({}); the answer is the daemon's CONFIG_SCHEMA as plain
  data ({"map": {key: [required, type]}}, {"seq": t}, {"or": [...]}, "Int", ...).
- ``load``: each case is {"root": DIR, "entry": PATH (relative to root)}; the
  answer is {"ok": bool, "error": str|None, "jobs": [...], "dags": [...]}.
- ``crontab``: each case is {"expr", "hash_key", "queries": [...]}, each query
  {"kind": "next"|"prev"|"test"|"occurrences", "at": ISO, "zone": NAME|None,
  "count": N (occurrences only)}; the answer holds {"error": str|None,
  "resolved": str|None, "answers": [...]} where next/prev answer an ISO instant
  in the query's zone (or None), test a bool, and occurrences the first N
  instants the daemon's iterator yields (fewer at the 2099 horizon).
  The daemon's next()/prev() return seconds; this driver turns them into
  instants (the query's instant in UTC plus or minus the seconds).
- ``calendar``: each case is {"root": DIR, "entry": PATH, "start": ISO, "days": N,
  "per_job": N, "runtimes": {job: seconds}, "now": ISO}; the answer is {"ok": bool,
  "error": str|None, "ics": str}: ``ical.render_calendar`` over the loaded config's
  enabled cron-scheduled jobs and DAG schedule jobs sorted by name, as the daemon's
  ``GET /calendar.ics`` builds them (``runtimes`` stands in for run history).
- ``describe``: each case is {"expr", "hash_key"}; the answer is {"error": str|None,
  "source": str(tab), "sentence": str}: the plain-English line the daemon's calendar
  feed writes for a job of that schedule and name (``croninfo.describe_cron`` called
  as ``ical.render_calendar`` calls it, with the parsed tab).
- ``placement``: each case is {"jobs": [[name, policy]...], "nodes": [...],
  "live": [...], "elect_leader": bool, "distribution": "single-leader"|"spread"};
  the answer is {"runs_on": {job: [nodes]}}: the live nodes whose own view (every
  other live node a mutually agreeing peer, the declared cluster size the
  configured nodes) lets them run the job, by the daemon's election functions
  (cluster.elect_leader, elect_available_leader, elect_job_owner,
  elect_available_job_owner) as its scheduler's gate combines them.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
from typing import Any
from zoneinfo import ZoneInfo


def _job_view(job: Any) -> dict[str, Any]:
    schedule = job.schedule
    resolved = getattr(schedule, "resolved_source", None)
    tz = getattr(job, "timezone", None)
    return {
        "name": job.name,
        "schedule": str(schedule),
        "resolved": resolved if isinstance(resolved, str) else str(schedule),
        "enabled": bool(job.enabled),
        "utc": bool(getattr(job, "utc", True)),
        "timezone": None if tz is None else str(getattr(tz, "key", tz)),
        "cluster_policy": str(getattr(job, "clusterPolicy", "") or "") or None,
    }


def _load(case: dict[str, Any]) -> dict[str, Any]:
    from cronstable import config

    cwd = os.getcwd()
    os.chdir(case["root"])
    try:
        loaded = config.parse_config(case["entry"])
    except Exception as err:  # the daemon's refusal, whatever its type
        return {"ok": False, "error": f"{type(err).__name__}: {err}", "jobs": [], "dags": []}
    finally:
        os.chdir(cwd)
    dags = []
    for dag in loaded.dags:
        sj = getattr(dag, "schedule_job", None)
        dags.append({"name": dag.name, "schedule_job": None if sj is None else _job_view(sj)})
    return {"ok": True, "error": None, "jobs": [_job_view(j) for j in loaded.jobs], "dags": dags}


def _crontab(case: dict[str, Any]) -> dict[str, Any]:
    from cronstable.cronexpr import CronTab

    try:
        tab = CronTab(case["expr"], hash_key=case.get("hash_key"))
    except Exception as err:
        return {"error": f"{type(err).__name__}: {err}", "resolved": None, "answers": []}
    answers: list[Any] = []
    for query in case.get("queries", []):
        at = dt.datetime.fromisoformat(query["at"])
        zone = query.get("zone")
        if zone:
            at = at.astimezone(ZoneInfo(zone))
        kind = query["kind"]
        if kind == "occurrences":
            fires = tab.occurrences(at)
            first = zip(range(query["count"]), fires, strict=False)
            answers.append([f.isoformat() for _, f in first])
            continue
        if kind == "test":
            answers.append(bool(tab.test(at)))
            continue
        seconds = tab.next(at) if kind == "next" else tab.prev(at)
        if seconds is None:
            answers.append(None)
            continue
        delta = dt.timedelta(seconds=seconds)
        instant = at.astimezone(dt.timezone.utc) + (delta if kind == "next" else -delta)
        answers.append(instant.astimezone(at.tzinfo).isoformat())
    return {"error": None, "resolved": tab.resolved_source, "answers": answers}


def _describe_schedule(case: dict[str, Any]) -> dict[str, Any]:
    from cronstable.cronexpr import CronTab
    from cronstable.croninfo import describe_cron

    try:
        tab = CronTab(case["expr"], hash_key=case["hash_key"])
    except Exception as err:
        return {"error": f"{type(err).__name__}: {err}", "source": None, "sentence": None}
    source = str(tab)
    sentence = describe_cron(source, hash_key=case["hash_key"], tab=tab)
    return {"error": None, "source": source, "sentence": sentence}


def _allows(
    job: str, policy: str, node: str, peers: list[str], size: int, case: dict[str, Any]
) -> bool:
    from cronstable import cluster

    # The order of the daemon's scheduler gate: no election, EveryNode, then by distribution.
    if not case["elect_leader"] or policy == "EveryNode":
        return True
    if case["distribution"] == "spread":
        if policy == "PreferLeader":
            return bool(cluster.elect_available_job_owner(job, node, peers) == node)
        return bool(cluster.elect_job_owner(job, node, peers, size) == node)
    if policy == "PreferLeader":
        return bool(cluster.elect_available_leader(node, peers) == node)
    return bool(cluster.elect_leader(node, peers, size) == node)


def _placement(case: dict[str, Any]) -> dict[str, Any]:
    live, size = case["live"], len(case["nodes"])
    runs_on = {}
    for job, policy in case["jobs"]:
        runs_on[job] = [
            node
            for node in live
            if _allows(job, policy, node, [p for p in live if p != node], size, case)
        ]
    return {"runs_on": runs_on}


def _describe(validator: Any) -> Any:
    """A strictyaml validator as plain data: {"map": {key: [required, type]}}, {"seq": t}, ..."""
    from strictyaml.any_validator import Any as AnyValidator
    from strictyaml.compound import Map, MapPattern, Seq
    from strictyaml.scalar import EmptyDict, Enum
    from strictyaml.validators import OrValidator

    if isinstance(validator, OrValidator):
        options = []
        for part in (validator._validator_a, validator._validator_b):
            described = _describe(part)
            options.extend(
                described["or"]
                if isinstance(described, dict) and "or" in described
                else [described]
            )
        return {"or": options}
    if isinstance(validator, Map):
        return {
            "map": {
                key: [key in validator._required_keys, _describe(value)]
                for key, value in validator._validator_dict.items()
            }
        }
    if isinstance(validator, MapPattern):
        return {"mapof": _describe(validator._value_validator)}
    if isinstance(validator, Seq):
        return {"seq": _describe(validator._validator)}
    if isinstance(validator, Enum):
        return {"enum": [str(v) for v in validator._restricted_to]}
    if isinstance(validator, EmptyDict):
        return "EmptyDict"
    if isinstance(validator, AnyValidator):
        return "Any"
    return type(validator).__name__


def _schema(case: dict[str, Any]) -> Any:
    """The daemon's whole config schema (CONFIG_SCHEMA) as plain data."""
    from cronstable import config

    return _describe(config.CONFIG_SCHEMA)


def _calendar(case: dict[str, Any]) -> dict[str, Any]:
    from cronstable import config, ical
    from cronstable.cronexpr import CronTab

    cwd = os.getcwd()
    os.chdir(case["root"])
    try:
        loaded = config.parse_config(case["entry"])
    except Exception as err:
        return {"ok": False, "error": f"{type(err).__name__}: {err}", "ics": ""}
    finally:
        os.chdir(cwd)
    jobs = list(loaded.jobs)
    for dag in loaded.dags:
        sj = getattr(dag, "schedule_job", None)
        if sj is not None:
            jobs.append(sj)
    runtimes = case.get("runtimes") or {}
    entries = [
        ical.CalendarEntry(job.name, job.schedule, job.timezone, runtimes.get(job.name))
        for job in sorted(jobs, key=lambda job: job.name)
        if job.enabled and isinstance(job.schedule, CronTab)
    ]
    text = ical.render_calendar(
        entries,
        start=dt.datetime.fromisoformat(case["start"]),
        days=case["days"],
        per_job_cap=case.get("per_job", 100),
        now=dt.datetime.fromisoformat(case["now"]),
    )
    return {"ok": True, "error": None, "ics": text}


_OPS = {
    "calendar": _calendar,
    "load": _load,
    "crontab": _crontab,
    "describe": _describe_schedule,
    "placement": _placement,
    "schema": _schema,
}


def main() -> int:
    request = json.load(sys.stdin)
    run = _OPS[request["op"]]
    json.dump({"results": [run(case) for case in request["cases"]]}, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
