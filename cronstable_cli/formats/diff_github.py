"""`cronstable diff --format github`: annotations at the changed lines of the pull request.

Each changed job is a notice at its line in HEAD (a removed job has no line
there, so its notice names where it was); each finding new in HEAD is an
annotation at its own level; one notice carries the fleet's before → after.
"""

from __future__ import annotations

from ..analysis.diff import JobChange
from ..analysis.diff_fleet import FleetDiff
from ..render.diff_text import fleet_rows, job_headline, job_summary, summary_line
from .github import annotation, escape_data, escape_property
from .paths import display_path

TITLE = "cronstable diff"


def _job(change: JobChange) -> str:
    message = f"job {job_headline(change)}: {job_summary(change)}"
    fires = change.fires
    if fires is not None and fires.kind != "respelled" and change.base and change.head:
        message += (
            f"\nresolved `{change.base.resolved}` → `{change.head.resolved}`"
            f"\nper week {fires.base.per_week} → {fires.head.per_week}"
        )
    props = [f"title={escape_property(TITLE)}"]
    state = change.head
    if state is None and change.base is not None:
        message += f" (was at {change.base.file}:{change.base.line})"
    elif state is not None:
        props.insert(0, f"file={escape_property(display_path(state.file))},line={state.line}")
    return f"::notice {','.join(props)}::{escape_data(message)}"


def diff_github(result: FleetDiff) -> str:
    """Workflow commands: one per changed job, one per new finding, the fleet, a summary."""
    lines = [_job(change) for change in result.jobs.changes]
    lines += [annotation(f) for f in result.new_findings]
    fleet = "\n".join(f"{m}: {b}" + ("" if b == h else f" → {h}") for m, b, h in fleet_rows(result))
    lines.append(f"::notice title={escape_property(TITLE + ' fleet')}::{escape_data(fleet)}")
    lines.append(
        f"cronstable diff: {summary_line(result)}; {len(result.new_findings)} new "
        f"finding(s), {len(result.fixed_findings)} fixed"
    )
    return "\n".join(lines) + "\n"
