"""Every command's `--format json` document: one builder per section of docs/json.md.

Each builder returns the whole document, `"version": 1` first (`jsondoc.to_json`);
the commands add nothing to it, and the results it reads hold data only (no
`to_dict`): every key is written here. `diff` has its own module, `diff_json.py`.
`line` and `column` in findings are 1-based; 0 means the position is unknown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from ..load_codes import INVALID_SCHEDULE
from .jsondoc import (
    WrittenLater,
    WrittenMapping,
    compact,
    json_pieces,
    json_string,
    string_writer,
    to_json,
)

if TYPE_CHECKING:
    from ..analysis.duplicates import Duplicates
    from ..analysis.explain import Explanation
    from ..analysis.fires import Fleet
    from ..analysis.inventory import Inventory, InventoryRow
    from ..analysis.jitter_pressure import JitterPressure
    from ..analysis.lint import LintReport, Rule
    from ..analysis.placement import Election, Placement
    from ..analysis.pressure import Cell, Pressure
    from ..analysis.preview import Preview
    from ..analysis.stagger import Gaps, StaggerResult
    from ..analysis.suggest import Slot, Suggestion
    from ..analysis.why import WhyReport
    from ..engine import ScheduleError
    from ..records import Finding, Fix


def lint_json(report: LintReport, cwd: str | None = None) -> str:
    """`lint`: the files, the job count, every finding and the count per level.

    Each finding also carries its `fingerprint`: the one a baseline written in
    `cwd` (default: the current directory) records for it.
    """
    return to_json(_lint_payload(report, cwd))


def lint_json_pieces(report: LintReport, cwd: str | None = None) -> Iterator[str]:
    """`lint_json`'s document a piece at a time (what the command writes)."""
    return json_pieces(_lint_payload(report, cwd))


def _lint_payload(report: LintReport, cwd: str | None) -> dict[str, Any]:
    prints: list[str] = []
    if report.findings:  # a clean run needs no fingerprints (start-up)
        import os

        from ..analysis.lint.baseline import baseline_prints

        prints = baseline_prints(report.findings, cwd or os.getcwd())

    def findings() -> Iterator[str]:
        # Each finding's object is written and dropped: 100,000 of them are never held
        # as text all at once.
        text = string_writer()  # codes, levels, files and schedules repeat
        for f, print_ in zip(report.findings, prints, strict=True):
            yield finding_text(f, text, print_)

    return {
        "files": list(report.files),
        "jobs": report.jobs,
        "findings": WrittenLater(len(report.findings), findings),
        "summary": report.summary,
    }


def rules_json(rules: Iterable[Rule]) -> str:
    """`lint --list-rules`: every code with its level and documentation."""
    return to_json(
        {
            "rules": [
                {
                    "code": r.code,
                    "level": r.level,
                    "fix": r.fix,
                    "summary": r.summary,
                    "explanation": r.explanation,
                    "doc": r.doc.strip(),
                }
                for r in rules
            ]
        }
    )


def jobs_json(inventory: Inventory) -> str:
    """`jobs`: every loaded job as the daemon would load it."""
    return to_json(_jobs_payload(inventory))


def jobs_json_pieces(inventory: Inventory) -> Iterator[str]:
    """`jobs_json`'s document a piece at a time (what the command writes)."""
    return json_pieces(_jobs_payload(inventory))


def _jobs_payload(inventory: Inventory) -> dict[str, Any]:
    rows = inventory.rows
    return {
        "files": list(inventory.files),
        "jobs": WrittenLater(len(rows), lambda: _inventory_rows(rows)),
        "errors": [finding_dict(f) for f in inventory.errors],
    }


def preview_json(preview: Preview) -> str:
    """`preview`: the next fires of one schedule."""
    doc: dict[str, Any] = {
        "expression": preview.expression,
        "resolved": preview.resolved,
        "description": preview.description,
        "timezone": preview.timezone,
        "job": preview.job,
        "from": preview.start.isoformat(),
        "fires": [f.isoformat() for f in preview.fires],
        "never_fires": preview.never_fires,
        "findings": [finding_dict(f) for f in preview.findings],
    }
    if preview.reboot:
        doc["reboot"] = True
    if any(preview.shifted):
        doc["shifted"] = [
            f.isoformat() for f, s in zip(preview.fires, preview.shifted, strict=True) if s
        ]
    if preview.jitter_seconds is not None and preview.fire_after is not None:
        doc["jitter_seconds"] = preview.jitter_seconds
        doc["fire_after"] = [f.isoformat() for f in preview.fire_after]
    return to_json(doc)


def explain_json(explanation: Explanation) -> str:
    """`explain`: the schedule field by field."""
    return to_json(
        {
            "expression": explanation.expression,
            "resolved": explanation.resolved,
            "description": explanation.description,
            "timezone": explanation.timezone,
            "job": explanation.job,
            "fields": [
                {
                    "field": f.name,
                    "source": f.source,
                    "resolved": f.resolved,
                    "words": f.words,
                    "values": f.values,
                }
                for f in explanation.fields
            ],
            "findings": [finding_dict(f) for f in explanation.findings],
        }
    )


def why_json(report: WhyReport) -> str:
    """`why`: whether the schedule fired at an instant, field by field."""
    return to_json(
        {
            "expression": report.expression,
            "resolved": report.resolved,
            "timezone": report.timezone,
            "at": report.at.isoformat(),
            "fired": report.fired,
            "verdict": report.verdict,
            "fields": [
                {"field": f.field, "value": f.value, "matched": f.matched, "reason": f.reason}
                for f in report.fields
            ],
            "dst": report.dst,
            "previous": report.previous.isoformat() if report.previous else None,
            "next": report.next.isoformat() if report.next else None,
        }
    )


def pressure_json(result: Pressure, fleet: Fleet, errors: Sequence[Finding]) -> str:
    """`pressure`: fires per minute and hour over the window, and what was left out."""
    busiest = result.busiest_minute
    gaps = result.gaps
    doc: dict[str, Any] = {
        "start": result.start.isoformat(),
        "hours": result.hours,
        "timezone": result.timezone,
        "jobs": result.jobs,
        "excluded": result.excluded,
        "invalid": result.invalid,
        "total_fires": result.total_fires,
        "busiest_minute": None
        if busiest is None
        else {
            "minute": busiest.minute,
            "jobs": busiest.jobs,
            "fires": busiest.fires,
        },
        "empty_minutes": list(result.empty_minutes),
        "top_cells": [cell_dict(cell) for cell in result.top_cells],
        "by_minute_fires": list(result.by_minute_fires),
        "by_minute_jobs": list(result.by_minute_jobs),
        "by_hour": list(result.by_hour),
        "gaps": None if gaps is None else gaps_dict(gaps),
        "grid": [list(row) for row in result.grid],
    }
    if result.jitter is not None:
        doc["jitter"] = _jitter(result.jitter)
    if result.occupancy is not None:
        from .occupancy_json import occupancy_dict

        doc["occupancy"] = occupancy_dict(result.occupancy)
    return to_json({**doc, **_left_out(fleet, errors)})


def suggest_json(result: Suggestion, fleet: Fleet, errors: Sequence[Finding]) -> str:
    """`suggest`: the least-loaded slot, alternatives and what the count was based on."""
    return to_json(
        {
            "period": result.period,
            "timezone": result.timezone,
            "job": result.job,
            "slot": _slot(result.slot),
            "expression": result.expression,
            "fires_in_window": result.fires_in_window,
            "busiest": {**_slot(result.busiest), "fires": result.busiest.fires},
            "alternatives": [
                {**_slot(s), "expression": s.expression, "fires_in_window": s.fires}
                for s in result.alternatives
            ],
            "based_on": {
                "jobs": result.based_on.jobs,
                "start": result.based_on.start.isoformat(),
                "hours": result.based_on.hours,
            },
            "hash_hint": result.hash_hint,
            "excluded": result.excluded,
            "invalid": result.invalid,
            **({} if result.runtime is None else {"runtime_seconds": result.runtime}),
            **_left_out(fleet, errors),
        }
    )


def duplicates_json(result: Duplicates, fleet: Fleet, errors: Sequence[Finding]) -> str:
    """`duplicates`: groups of jobs with the same schedule in the same zone."""
    return to_json(
        {
            "jobs": result.jobs,
            "excluded": result.excluded,
            "invalid": result.invalid,
            "groups": [
                {
                    "expression": g.expression,
                    "description": g.description,
                    "timezone": g.timezone,
                    "count": g.count,
                    "jobs": list(g.jobs),
                }
                for g in result.groups
            ],
            **_left_out(fleet, errors),
        }
    )


def owners_json(
    placement: Placement,
    *,
    nodes_from: str,
    notes: Sequence[str],
    disabled: int,
    errors: Sequence[Finding],
) -> str:
    """`owners`: which node runs each job, where the nodes came from, and notes."""
    result = placement.result
    # Most jobs share one node list (the live nodes, or their names sorted): each is
    # written once. A spread job's ranking is its own, worked out as it is written.
    shared = {nodes: _nodes_text(nodes) for nodes in (result.live, tuple(sorted(result.live)))}
    doc: dict[str, Any] = {
        "hash": result.hash,
        "nodes": list(result.nodes),
        "live": list(result.live),
        "owners": dict(result.owners),
        "ranking": _node_lists(result.ranking, shared),
        "counts": dict(result.counts),
    }
    if result.down:
        doc["down"] = list(result.down)
        doc["moves"] = [{"job": m.job, "from": m.from_node, "to": m.to_node} for m in result.moves]
    doc["quorum"] = {
        "required": result.quorum,
        "majority": result.majority,
        "met": result.quorum_met,
    }
    if result.balance is not None:
        b = result.balance
        doc["balance"] = {"min": b.min, "max": b.max, "ideal": b.ideal, "stdev": b.stdev}
    doc["election"] = election_dict(placement.election)
    doc["policy"] = dict(placement.policy)
    doc["runs_on"] = _node_lists(placement.runs_on, shared)
    if result.down:
        doc["stopped"] = list(placement.stopped)
    doc["nodes_from"] = nodes_from
    doc["notes"] = list(notes)
    doc["disabled"] = disabled
    doc["errors"] = [finding_dict(f) for f in errors]
    return to_json(doc)


def _nodes_text(nodes: Sequence[str]) -> str:
    return "[" + ", ".join(json_string(node) for node in nodes) + "]"


def _node_lists(
    by_job: Mapping[str, tuple[str, ...] | None], shared: dict[tuple[str, ...], str]
) -> WrittenMapping:
    """Job -> its node list as JSON text, one job at a time (None as null)."""
    out = WrittenMapping()
    # Over a few nodes, jobs share a few orders (3 nodes: 6): each short one is
    # written once, in a memo that stays small.
    seen = dict(shared)
    for job, nodes in by_job.items():
        if nodes is None:
            out[job] = "null"
            continue
        text = seen.get(nodes) if len(nodes) <= 8 or nodes in shared else None
        if text is None:
            text = _nodes_text(nodes)
            if len(nodes) <= 8 and len(seen) < 4096:
                seen[nodes] = text
        out[job] = text
    return out


def stagger_json(result: StaggerResult) -> str:
    """`stagger`: a start offset per source within the window."""
    gaps = result.gaps
    return to_json(
        {
            "window_start": result.window_start,
            "window_minutes": result.window_minutes,
            "offsets": dict(result.offsets),
            "starts": dict(result.starts),
            "gaps": None if gaps is None else gaps_dict(gaps),
            "buckets": list(result.buckets),
            "bucket_minutes": result.bucket_minutes,
            "wraps_midnight": result.wraps_midnight,
        }
    )


def error_json(
    err: ScheduleError, expression: str, message: str, *, job: str | None, location: str | None
) -> str:
    """`error`: what `preview`, `explain` and `why` write for an invalid schedule."""
    return to_json(
        {
            "expression": expression,
            "job": job,
            "error": {
                "code": INVALID_SCHEDULE,
                "message": message,
                "location": location,
                "field": err.field,
                "item": err.item,
                "column": err.column,
                "hint": err.hint,
            },
        }
    )


def finding_dict(finding: Finding) -> dict[str, Any]:
    """One finding, the same object in every document (docs/json.md)."""
    return {
        "code": finding.code,
        "level": finding.level,
        "message": finding.message,
        "job": finding.job,
        "file": finding.file,
        "line": finding.line,
        "column": finding.column,
        "schedule": finding.schedule,
        "resolved": finding.resolved,
        "fix": None if finding.fix is None else fix_dict(finding.fix),
    }


def finding_text(
    finding: Finding, text: Callable[[str | None], str], fingerprint: str | None = None
) -> str:
    """`finding_dict` (with its `fingerprint` when given) as compact JSON, written directly
    (no dict per finding); `text` writes the strings that repeat across findings."""
    f = finding
    job = "null" if f.job is None else json_string(f.job)
    fix = "null" if f.fix is None else compact(fix_dict(f.fix))
    tail = "}" if fingerprint is None else f', "fingerprint": {json_string(fingerprint)}}}'
    return (
        f'{{"code": {text(f.code)}, "level": {text(f.level)}, '
        f'"message": {json_string(f.message)}, "job": {job}, "file": {text(f.file)}, '
        f'"line": {int(f.line)!r}, "column": {int(f.column)!r}, '
        f'"schedule": {text(f.schedule)}, "resolved": {text(f.resolved)}, "fix": {fix}{tail}'
    )


def fix_dict(fix: Fix) -> dict[str, Any]:
    """The edit a finding proposes: `lint --fix` applies it when `safe`."""
    return {
        "description": fix.description,
        "safe": fix.safe,
        "edits": [
            {"line": e.line, "column": e.column, "old": e.old, "new": e.new} for e in fix.edits
        ],
    }


def election_dict(election: Election) -> dict[str, Any]:
    """How the cluster elects a leader (`owners` and `diff`)."""
    return {
        "elect_leader": election.elect_leader,
        "distribution": election.distribution,
        "backend": election.backend,
        "from": election.source,
    }


def gaps_dict(gaps: Gaps) -> dict[str, Any]:
    """The gaps between consecutive starts: min, quartiles, max (`pressure`, `stagger`)."""
    return {"min": gaps.min, "q1": gaps.q1, "median": gaps.median, "q3": gaps.q3, "max": gaps.max}


def cell_dict(cell: Cell) -> dict[str, Any]:
    """One (hour, minute) cell of the pressure grid (`pressure` and `diff`)."""
    return {
        "hour": cell.hour,
        "minute": cell.minute,
        "fires": cell.fires,
        "jobs": cell.jobs,
        "names": list(cell.names),
    }


def _left_out(fleet: Fleet, errors: Sequence[Finding]) -> dict[str, Any]:
    """`skipped` (jobs with an invalid schedule or zone) and `errors` (load errors)."""
    return {
        "skipped": [
            {
                "job": s.job.name,
                "reason": s.reason,
                "file": s.job.location.file,
                "line": s.job.location.line,
            }
            for s in fleet.skipped
        ],
        "errors": [finding_dict(f) for f in errors],
    }


def _inventory_rows(rows: Sequence[InventoryRow]) -> Iterator[str]:
    """Each job as its JSON object, written directly (a dict per row costs three times
    as much at 100,000 jobs): name, kind, file, line, schedule, resolved, timezone,
    enabled and next, as json would write that dict."""
    text = string_writer()  # files, schedules, zones and kinds repeat across rows
    instants: dict[tuple[datetime, timedelta | None], str] = {}
    for row in rows:
        job = row.job
        at = job.location
        nxt = row.next
        if nxt is None:
            when = "null"
        else:
            # Keyed with the offset too: equal instants in other zones read differently.
            key = (nxt, nxt.utcoffset())
            when = instants.get(key) or instants.setdefault(key, json_string(nxt.isoformat()))
        yield (
            f'{{"name": {json_string(job.name)}, "kind": {text(row.kind)}, '
            f'"file": {text(at.file)}, "line": {int(at.line)!r}, '
            f'"schedule": {text(row.shown_schedule)}, "resolved": {text(row.resolved)}, '
            f'"timezone": {text(job.zone)}, "enabled": {"true" if job.enabled else "false"}, '
            f'"next": {when}}}'
        )


def _jitter(result: JitterPressure) -> dict[str, Any]:
    """The `jitter` object of `pressure --jitter`."""
    return {
        "option": result.option,
        "jittered_jobs": result.jittered_jobs,
        "widths": [{"seconds": width, "jobs": jobs} for width, jobs in result.widths],
        "busiest_minute": result.busiest_minute,
        "seconds": {
            "scheduled": list(result.scheduled),
            "fire_after": list(result.fire_after),
            "spill": result.spill,
        },
        "peak_per_second": {
            "scheduled": result.peak_scheduled,
            "fire_after": result.peak_fire_after,
        },
        "jobs": [
            {"name": job.name, "width": job.width, "offset": job.offset}
            for job in result.jobs
            if job.width
        ],
    }


def _slot(slot: Slot) -> dict[str, Any]:
    out: dict[str, Any] = {} if slot.hour is None else {"hour": slot.hour}
    out["minute"] = slot.minute
    return out
