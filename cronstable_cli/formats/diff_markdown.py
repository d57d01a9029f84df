"""`cronstable diff --format markdown`: a pull-request comment.

A heading and one short summary table come first; the details (jobs, fleet,
duplicates, owners, findings) are folded into `<details>` blocks, each with
blank lines around its Markdown so GitHub renders it. Text from the configs
is escaped for Markdown and for HTML, so a job name cannot add a link, a
table column or a tag to the comment.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis.diff import FireChange, Fires, JobChange, JobState
from ..analysis.diff_fleet import FleetDiff
from ..escaping import markdown
from ..records import Finding
from ..render.diff_text import (
    election_text,
    fleet_rows,
    job_summary,
    nodes_text,
    per_day,
    summary_line,
    when,
    window_line,
)
from ..safe_text import shown


def md(text: str) -> str:
    """Config text as inert Markdown: nothing raw, every special backslashed, no @mention."""
    return markdown(text)


def code(text: str) -> str:
    """Text in a code span; a table-safe `|`; plain escaped text if it holds a backtick."""
    visible = shown(text)
    if "`" in visible or "<" in visible:
        return md(text)
    cell_safe = visible.replace("|", "\\|")
    return f"`{cell_safe}`" if visible else "` `"


def details(summary: str, body: list[str]) -> list[str]:
    return ["<details>", f"<summary>{summary}</summary>", "", *body, "", "</details>", ""]


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(cell or " " for cell in row) + " |" for row in rows]
    return out


def diff_markdown(result: FleetDiff) -> str:
    """The whole report as a pull-request comment."""
    base, head = result.base, result.head
    lines = [
        f"### cronstable diff: {_side(base.label, base.commit)} → {_side(head.label, head.commit)}",
        "",
    ]
    lines += _summary_table(result)
    lines.append("")
    for side in (base, head):
        for path in side.absent:
            lines.append(f"- {code(path)} does not exist in {md(side.label)}")
    if base.absent or head.absent:
        lines.append("")
    if result.jobs.changes:
        lines += details(f"Jobs: {summary_line(result)}", list(_job_table(result)))
    lines += details(f"Fleet: {window_line(result)}", list(_fleet(result)))
    if result.duplicates:
        lines += details(f"Duplicate groups ({len(result.duplicates)})", list(_dups(result)))
    if result.owners is not None:
        lines += details(f"Owners ({len(result.owners.moves)} moved)", list(_owners(result)))
    if result.new_findings or result.fixed_findings:
        lines += details(
            f"Findings: {len(result.new_findings)} new, {len(result.fixed_findings)} fixed",
            list(_findings(result)),
        )
    errors = [(side, f) for side in (base, head) for f in side.findings if f.level == "error"]
    if errors:
        lines += details(
            f"Load errors ({len(errors)})",
            [f"- {md(side.label)}: {_finding(f)}" for side, f in errors],
        )
    return "\n".join(lines).rstrip("\n") + "\n"


def _side(label: str, commit: str | None) -> str:
    return f"{code(label)} ({commit[:7]})" if commit else md(label)


def _summary_table(result: FleetDiff) -> list[str]:
    jobs = result.jobs
    b, h = result.pressure.base, result.pressure.head
    rows = [
        ["jobs changed", _changes(result)],
        ["busiest minute", _arrow(*[_minute(p) for p in (b, h)])],
        ["jobs at :00", _arrow(str(b.by_minute_jobs[0]), str(h.by_minute_jobs[0]))],
    ]
    if result.pressure.crowded:
        rows.append(
            [
                "newly crowded minutes",
                ", ".join(f":{c.minute:02d}" for c in result.pressure.crowded),
            ]
        )
    dup_new = sum(1 for d in result.duplicates if d.kind == "new")
    dup_gone = sum(1 for d in result.duplicates if d.kind == "dissolved")
    if dup_new or dup_gone:
        rows.append(["duplicate groups", f"{dup_new} new, {dup_gone} dissolved"])
    if result.owners is not None:
        rows.append(["owner moves", str(len(result.owners.moves))])
    rows.append(
        ["lint findings", f"{len(result.new_findings)} new, {len(result.fixed_findings)} fixed"]
    )
    if jobs.count("unknown"):
        rows.append(["unknown (load errors)", str(jobs.count("unknown"))])
    return table(["", "this change"], [[f"**{k}**", v] for k, v in rows])


def _changes(result: FleetDiff) -> str:
    return summary_line(result)


def _arrow(before: str, after: str) -> str:
    return after if before == after else f"{before} → {after}"


def _minute(p: object) -> str:
    m = getattr(p, "busiest_minute", None)
    return "–" if m is None else f":{m.minute:02d} ({m.jobs} jobs)"


def _job_table(result: FleetDiff) -> Iterator[str]:
    rows = [[_kind(c), _name(c), _what(c), _before(c), _after(c)] for c in result.jobs.changes]
    yield from table(["", "job", "change", "before", "after"], rows)


def _kind(change: JobChange) -> str:
    return {"added": "➕", "removed": "➖", "renamed": "✏️", "changed": "✏️", "unknown": "❓"}[
        change.kind
    ]


def _name(change: JobChange) -> str:
    if change.kind == "renamed" and change.base is not None:
        return f"{code(change.base.name)} → {code(change.name)}"
    return code(change.name)


def _what(change: JobChange) -> str:
    if change.kind in ("added", "removed"):
        return change.kind
    if change.kind == "unknown":
        side = "BASE" if change.unknown_on == "base" else "HEAD"
        error = change.error
        reason = f": {md(error.message)}" if error is not None else ""
        return f"unknown in {side} (failed to load{reason})"
    return md(job_summary(change))


def _state(state: JobState | None, fires: Fires | None, change: FireChange | None) -> str:
    if state is None:
        return " "
    parts = [code(state.schedule)]
    if state.resolved is not None and state.resolved != state.schedule:
        parts.append(f"resolved {code(state.resolved)}")
    if state.timezone != "UTC":
        parts.append(md(state.timezone))
    if not state.enabled:
        parts.append("disabled")
    if fires is not None and change is not None and change.kind != "respelled":
        if fires.next:
            parts.append("next " + ", ".join(when(f) for f in fires.next))
        if fires.per_week is not None:
            parts.append(f"{per_day(fires)}/day, {fires.per_week}/week")
    return "<br>".join(parts)


def _before(change: JobChange) -> str:
    fires = change.fires
    return _state(change.base, fires.base if fires else None, fires)


def _after(change: JobChange) -> str:
    fires = change.fires
    return _state(change.head, fires.head if fires else None, fires)


def _fleet(result: FleetDiff) -> Iterator[str]:
    rows = [[m, b, h] for m, b, h in fleet_rows(result)]
    limit = result.settings.max_per_minute
    for crowd in result.pressure.crowded:
        rows.append([f"crowded :{crowd.minute:02d} (> {limit})", str(crowd.base), str(crowd.head)])
    for crowd in result.pressure.relieved:
        rows.append([f"no longer crowded :{crowd.minute:02d}", str(crowd.base), str(crowd.head)])
    yield from table(["measure", "before", "after"], rows)


def _dups(result: FleetDiff) -> Iterator[str]:
    rows = []
    for dup in result.duplicates:
        g = dup.group
        moved = []
        if dup.joined and dup.kind == "changed":
            moved.append("joined " + ", ".join(code(n) for n in dup.joined))
        if dup.left and dup.kind == "changed":
            moved.append("left " + ", ".join(code(n) for n in dup.left))
        rows.append(
            [
                dup.kind,
                code(g.expression),
                md(g.timezone),
                ", ".join(code(n) for n in g.jobs),
                "; ".join(moved),
            ]
        )
    yield from table(["", "schedule", "zone", "jobs", "moved"], rows)


def _owners(result: FleetDiff) -> Iterator[str]:
    owners = result.owners
    assert owners is not None
    yield (f"Nodes from {md(owners.head_nodes.label)}; {md(election_text(owners.head_election))}.")
    yield ""
    rows = [[code(m.job), md(nodes_text(m.before)), md(nodes_text(m.after))] for m in owners.moves]
    rows += [[code(m.job) + " (new)", "–", md(nodes_text(m.after))] for m in owners.added]
    if rows:
        yield from table(["job", "runs on before", "runs on after"], rows)
        yield ""
    nodes = list(dict.fromkeys([*owners.base_counts, *owners.head_counts]))
    yield from table(
        ["node", "jobs before", "jobs after"],
        [
            [md(n), str(owners.base_counts.get(n, 0)), str(owners.head_counts.get(n, 0))]
            for n in nodes
        ],
    )


def _finding(finding: Finding) -> str:
    where = f"{code(str(finding.location))} " if finding.location else ""
    return f"{where}**{finding.level}** {md(finding.message)} ({code(finding.code)})"


def _findings(result: FleetDiff) -> Iterator[str]:
    for finding in result.new_findings:
        yield f"- new: {_finding(finding)}"
    for finding in result.fixed_findings:
        yield f"- fixed: {_finding(finding)}"
