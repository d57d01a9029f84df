"""`cronstable diff` for the terminal: jobs first, then the fleet, findings last.

Plain lines that fit 80 columns where the names allow; every text a config
supplies goes through `safe_text.shown` (the GitHub and Markdown formats use
these helpers too, so a control character never reaches any of them raw).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

from ..analysis.diff import FireChange, Fires, JobChange, JobState
from ..analysis.diff_fleet import FleetDiff, PressureDelta
from ..analysis.placement import Election
from ..analysis.pressure import Pressure
from ..engine.describe import plural
from ..records import Finding
from ..safe_text import shown

MARKS = {"added": "+", "removed": "-", "renamed": "~", "changed": "~", "unknown": "?"}


def when(moment: datetime) -> str:
    """A fire in its zone: `Tue 12-01 03:00 CET` (seconds only when not zero; the year is
    in the window line), so three fires fit an 80-column line."""
    clock = "%H:%M:%S" if moment.second else "%H:%M"
    return moment.strftime(f"%a %m-%d {clock} %Z").strip()


def per_day(fires: Fires) -> str:
    if fires.per_week is None:
        return "-"
    value = fires.per_day
    assert value is not None
    return f"{value:g}"


def side_label(side_label: str, commit: str | None) -> str:
    return f"{shown(side_label)} ({commit[:7]})" if commit else shown(side_label)


def summary_line(result: FleetDiff) -> str:
    jobs = result.jobs
    parts = [
        f"{jobs.count(k)} {k}"
        for k in ("added", "removed", "renamed", "changed", "unknown")
        if jobs.count(k)
    ]
    body = ", ".join(parts) if parts else "no job changed"
    return f"{body} ({jobs.unchanged:,} unchanged)"


def job_headline(change: JobChange) -> str:
    """`report → report-v2: renamed, schedule` and the like, without the marker."""
    if change.kind == "renamed" and change.base is not None:
        name = f"{shown(change.base.name)} → {shown(change.name)}"
    else:
        name = shown(change.name)
    return name


def job_summary(change: JobChange) -> str:
    """What changed, in a few words."""
    state = change.head or change.base
    assert state is not None
    if change.kind in ("added", "removed"):
        zone = "" if state.timezone == "UTC" else f" ({shown(state.timezone)})"
        off = "" if state.enabled else ", disabled"
        return f"{change.kind}: `{shown(state.schedule)}`{zone}{off}"
    if change.kind == "unknown":
        where = "BASE" if change.unknown_on == "base" else "HEAD"
        return f"unknown in {where}: its file failed to load there"
    words = []
    for what in change.changes:
        if what == "schedule" and change.fires is not None:
            words.append(fire_words(change.fires))
        elif what == "zone" and change.base and change.head:
            words.append(f"zone {shown(change.base.timezone)} → {shown(change.head.timezone)}")
        else:
            words.append(what)
    if (
        change.fires is not None
        and "schedule" not in change.changes
        and change.fires.kind == "moves_fires"
    ):
        words.append("moves fires")
    return ", ".join(words)


def fire_words(fires: FireChange) -> str:
    if fires.kind == "respelled":
        return "schedule respelled (same fires)"
    if fires.kind == "invalid":
        return "schedule changed (invalid on one side)"
    return "H slots moved" if fires.h_moved else "schedule moves fires"


def _job_lines(change: JobChange) -> Iterator[str]:
    yield f"  {MARKS[change.kind]} {job_headline(change)}: {job_summary(change)}"
    b, h = change.base, change.head
    if change.kind == "unknown" and change.error is not None:
        yield f"      {shown(str(change.error.location or ''))}: {shown(change.error.message)}"
        return
    if b is None or h is None:
        state = b or h
        assert state is not None
        yield f"      at {shown(state.file)}:{state.line}"
        return
    if b.schedule != h.schedule:
        yield f"      schedule  `{shown(b.schedule)}` → `{shown(h.schedule)}`"
    fires = change.fires
    if fires is None or fires.kind == "respelled":
        return
    yield f"      resolved  {_resolved(b)} → {_resolved(h)}"
    yield f"      next      {_next(fires.base)}"
    yield f"             →  {_next(fires.head)}"
    yield (
        f"      per day   {per_day(fires.base)} → {per_day(fires.head)}; "
        f"per week {_count(fires.base.per_week)} → {_count(fires.head.per_week)}"
    )


def _resolved(state: JobState) -> str:
    text = state.resolved if state.resolved is not None else "(invalid)"
    zone = "" if state.timezone == "UTC" else f" {state.timezone}"
    return f"`{shown(text)}`{shown(zone)}"


def _next(fires: Fires) -> str:
    return ", ".join(when(f) for f in fires.next) or "(no fire)"


def _count(n: int | None) -> str:
    return "-" if n is None else f"{n:,}"


def minute_of(result: Pressure) -> str:
    m = result.busiest_minute
    return "-" if m is None else f":{m.minute:02d} ({plural(m.jobs, 'job')})"


def cell_of(result: Pressure) -> str:
    c = PressureDelta.busiest_cell(result)
    return "-" if c is None else f"{c.hour:02d}:{c.minute:02d} ({plural(c.fires, 'fire')})"


def fleet_rows(result: FleetDiff) -> list[tuple[str, str, str]]:
    """(measure, base, head) rows of the fleet table, shared by text and markdown."""
    b, h = result.pressure.base, result.pressure.head
    rows = [
        ("jobs analysed", f"{b.jobs:,}", f"{h.jobs:,}"),
        ("fires in the window", f"{b.total_fires:,}", f"{h.total_fires:,}"),
        ("busiest minute", minute_of(b), minute_of(h)),
        ("busiest cell", cell_of(b), cell_of(h)),
        ("jobs at :00", f"{b.by_minute_jobs[0]:,}", f"{h.by_minute_jobs[0]:,}"),
    ]
    if b.jitter is not None and h.jitter is not None:
        rows.append(
            ("peak starts/second", f"{b.jitter.peak_scheduled:,}", f"{h.jitter.peak_scheduled:,}")
        )
        rows.append(
            ("  with jitter", f"{b.jitter.peak_fire_after:,}", f"{h.jitter.peak_fire_after:,}")
        )
    return rows


def finding_line(finding: Finding) -> str:
    where = f"{shown(str(finding.location))}: " if finding.location else ""
    return f"{where}{finding.level}: {shown(finding.message)} [{finding.code}]"


def window_line(result: FleetDiff) -> str:
    p = result.pressure.base
    return f"{p.hours} h from {p.start.isoformat()}, cells in {p.timezone}"


def diff_text(result: FleetDiff) -> str:
    """The whole report as plain text."""
    base, head = result.base, result.head
    lines = [
        f"cronstable diff: {side_label(base.label, base.commit)} → "
        f"{side_label(head.label, head.commit)}"
    ]
    for side in (base, head):
        for path in side.absent:
            lines.append(f"  {shown(path)} does not exist in {shown(side.label)}")
    lines += ["", f"Jobs: {summary_line(result)}"]
    for change in result.jobs.changes:
        lines.extend(_job_lines(change))
    lines += ["", f"Fleet ({window_line(result)}):"]
    width = max(len(r[0]) for r in fleet_rows(result))
    for measure, before, after in fleet_rows(result):
        marker = "" if before == after else f"{before} → "
        lines.append(f"  {measure.ljust(width)}  {marker}{after}")
    limit = result.settings.max_per_minute
    for crowd in result.pressure.crowded:
        lines.append(
            f"  newly crowded :{crowd.minute:02d}: {crowd.base} → {crowd.head} jobs "
            f"(more than --max-per-minute {limit})"
        )
    for crowd in result.pressure.relieved:
        lines.append(f"  no longer crowded :{crowd.minute:02d}: {crowd.base} → {crowd.head} jobs")
    lines += ["", f"Duplicate groups: {_dup_summary(result)}"]
    for dup in result.duplicates:
        g = dup.group
        zone = "" if g.timezone == "UTC" else f" ({shown(g.timezone)})"
        names = ", ".join(shown(n) for n in g.jobs)
        lines.append(f"  {dup.kind:<9}  `{shown(g.expression)}`{zone}: {names}")
        if dup.kind == "changed":
            if dup.joined:
                lines.append(f"             joined: {', '.join(shown(n) for n in dup.joined)}")
            if dup.left:
                lines.append(f"             left: {', '.join(shown(n) for n in dup.left)}")
    lines.extend(_owner_lines(result))
    lines += ["", f"Findings: {len(result.new_findings)} new, {len(result.fixed_findings)} fixed"]
    lines += [f"  new    {finding_line(f)}" for f in result.new_findings]
    lines += [f"  fixed  {finding_line(f)}" for f in result.fixed_findings]
    for side in (base, head):
        errors = [f for f in side.findings if f.level == "error"]
        if errors:
            lines += ["", f"Load errors in {shown(side.label)}:"]
            lines += [f"  {finding_line(f)}" for f in errors]
    return "\n".join(lines) + "\n"


def _dup_summary(result: FleetDiff) -> str:
    counts = {
        k: sum(1 for d in result.duplicates if d.kind == k) for k in ("new", "changed", "dissolved")
    }
    parts = [f"{n} {k}" for k, n in counts.items() if n]
    return ", ".join(parts) if parts else "no change"


def nodes_text(nodes: tuple[str, ...] | None) -> str:
    """Where a job runs: its nodes, `nowhere`, or the lease holder (decided at run time)."""
    if nodes is None:
        return "the lease holder"
    return ", ".join(shown(n) for n in nodes) if nodes else "nowhere"


def election_text(election: Election) -> str:
    if not election.elect_leader:
        return "no election: every node runs every job"
    if election.lease:
        return f"{shown(election.backend)} lease"
    return election.distribution


def _owner_lines(result: FleetDiff) -> Iterator[str]:
    owners = result.owners
    if owners is None:
        if result.owners_note:
            yield ""
            yield f"Owners: left out: {shown(result.owners_note)}"
        return
    yield ""
    yield (
        f"Owners ({shown(owners.head_nodes.label)}; {election_text(owners.head_election)}): "
        f"{plural(len(owners.moves), 'job')} moved, {len(owners.added)} new"
    )
    if owners.base_election != owners.head_election:
        yield (
            f"  election  {election_text(owners.base_election)} → "
            f"{election_text(owners.head_election)}"
        )
    if owners.base_nodes.nodes != owners.head_nodes.nodes:
        yield (
            f"  nodes  {', '.join(map(shown, owners.base_nodes.nodes))} → "
            f"{', '.join(map(shown, owners.head_nodes.nodes))}"
        )
    for move in owners.moves:
        yield f"  moved  {shown(move.job)}: {nodes_text(move.before)} → {nodes_text(move.after)}"
    for move in owners.added:
        yield f"  new    {shown(move.job)}: {nodes_text(move.after)}"
    nodes = list(dict.fromkeys([*owners.base_counts, *owners.head_counts]))
    counts = ", ".join(
        f"{shown(n)} {owners.base_counts.get(n, 0)} → {owners.head_counts.get(n, 0)}" for n in nodes
    )
    yield f"  jobs per node  {counts}"
