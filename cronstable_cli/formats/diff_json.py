"""`cronstable diff --format json`: the document docs/json.md describes under `diff`."""

from __future__ import annotations

from typing import Any

from ..analysis.diff import Fires, JobChange, JobState, Side
from ..analysis.diff_fleet import FleetDiff, PressureDelta
from .json_out import cell_dict, election_dict, finding_dict
from .jsondoc import to_json


def side_dict(side: Side) -> dict[str, Any]:
    return {
        "label": side.label,
        "commit": side.commit,
        "absent": list(side.absent),
        "files": list(side.files),
        "jobs": len(side.jobs),
        "errors": [finding_dict(f) for f in side.findings if f.level == "error"],
    }


def state_dict(state: JobState | None) -> dict[str, Any] | None:
    if state is None:
        return None
    return {
        "name": state.name,
        "file": state.file,
        "line": state.line,
        "schedule": state.schedule,
        "resolved": state.resolved,
        "description": state.description,
        "timezone": state.timezone,
        "enabled": state.enabled,
        "command": state.command,
    }


def fires_dict(fires: Fires) -> dict[str, Any]:
    return {
        "next": [f.isoformat() for f in fires.next],
        "per_day": fires.per_day,
        "per_week": fires.per_week,
    }


def change_dict(change: JobChange) -> dict[str, Any]:
    fires = change.fires
    return {
        "kind": change.kind,
        "name": change.name,
        "old_name": change.old_name,
        "changes": list(change.changes),
        "fires": None
        if fires is None
        else {
            "class": fires.kind,
            "h_moved": fires.h_moved,
            "base": fires_dict(fires.base),
            "head": fires_dict(fires.head),
        },
        "unknown_on": change.unknown_on,
        "error": None if change.error is None else finding_dict(change.error),
        "base": state_dict(change.base),
        "head": state_dict(change.head),
    }


def _nodes(nodes: tuple[str, ...] | None) -> list[str] | None:
    return None if nodes is None else list(nodes)


def _pair(before: Any, after: Any) -> dict[str, Any]:
    return {"base": before, "head": after}


def fleet_dict(delta: PressureDelta, max_per_minute: int | None) -> dict[str, Any]:
    b, h = delta.base, delta.head

    def busiest(result: Any) -> Any:
        m = result.busiest_minute
        return None if m is None else {"minute": m.minute, "jobs": m.jobs, "fires": m.fires}

    def cell(result: Any) -> Any:
        c = PressureDelta.busiest_cell(result)
        return None if c is None else cell_dict(c)

    peak = None
    if b.jitter is not None and h.jitter is not None:
        peak = {
            "scheduled": _pair(b.jitter.peak_scheduled, h.jitter.peak_scheduled),
            "fire_after": _pair(b.jitter.peak_fire_after, h.jitter.peak_fire_after),
        }
    return {
        "jobs": _pair(b.jobs, h.jobs),
        "total_fires": _pair(b.total_fires, h.total_fires),
        "busiest_minute": _pair(busiest(b), busiest(h)),
        "busiest_cell": _pair(cell(b), cell(h)),
        "jobs_at_minute_zero": _pair(b.by_minute_jobs[0], h.by_minute_jobs[0]),
        "peak_per_second": peak,
        "max_per_minute": max_per_minute,
        "crowded": [{"minute": c.minute, "base": c.base, "head": c.head} for c in delta.crowded],
        "relieved": [{"minute": c.minute, "base": c.base, "head": c.head} for c in delta.relieved],
    }


def diff_dict(result: FleetDiff) -> dict[str, Any]:
    """The `diff` JSON body (without `version`)."""
    settings = result.settings
    owners = result.owners
    start = result.pressure.base.start
    return {
        "base": side_dict(result.base),
        "head": side_dict(result.head),
        "window": {
            "from": start.isoformat(),
            "hours": settings.hours,
            "timezone": result.pressure.base.timezone,
        },
        "summary": {
            "added": result.jobs.count("added"),
            "removed": result.jobs.count("removed"),
            "renamed": result.jobs.count("renamed"),
            "changed": result.jobs.count("changed"),
            "unknown": result.jobs.count("unknown"),
            "unchanged": result.jobs.unchanged,
            "new_findings": len(result.new_findings),
            "fixed_findings": len(result.fixed_findings),
        },
        "jobs": [change_dict(c) for c in result.jobs.changes],
        "fleet": fleet_dict(result.pressure, settings.max_per_minute),
        "duplicates": [
            {
                "kind": d.kind,
                "expression": d.group.expression,
                "description": d.group.description,
                "timezone": d.group.timezone,
                "jobs": list(d.group.jobs),
                "joined": list(d.joined),
                "left": list(d.left),
            }
            for d in result.duplicates
        ],
        "owners": None
        if owners is None
        else {
            "nodes": _pair(list(owners.base_nodes.nodes), list(owners.head_nodes.nodes)),
            "nodes_from": _pair(owners.base_nodes.label, owners.head_nodes.label),
            "counts": _pair(owners.base_counts, owners.head_counts),
            "election": _pair(
                election_dict(owners.base_election), election_dict(owners.head_election)
            ),
            "moves": [
                {"job": m.job, "from": _nodes(m.before), "to": _nodes(m.after)}
                for m in owners.moves
            ],
            "added": [{"job": m.job, "to": _nodes(m.after)} for m in owners.added],
        },
        "owners_note": result.owners_note,
        "findings": {
            "new": [finding_dict(f) for f in result.new_findings],
            "fixed": [finding_dict(f) for f in result.fixed_findings],
        },
    }


def diff_json(result: FleetDiff) -> str:
    """The `diff --format json` document, `"version": 1` first."""
    return to_json(diff_dict(result))
