"""What a change to job files does: job by job (docs/cli.md `diff`).

Jobs are matched by name. A job that disappeared and one that appeared with
the same command and schedule text are one job renamed — and since the name
is the H key, its H slots may have moved. A schedule change is *respelled*
when the fire set is the same (equal `Parsed.meaning` in the same zone, the
engine's semantic equality) and *moves fires* otherwise. A job absent on one
side from a file that failed to load there is *unknown* on that side, never
added or removed. The fleet-wide deltas live in `diff_fleet.py`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from itertools import islice
from typing import Literal

from ..engine import Parsed, ScheduleError, ZoneError
from ..engine.describe import describe
from ..engine.timeline import floor_epoch
from ..records import Finding, Job
from .fires import build_fleet, window_bounds
from .frames import job_timeline, parse_job

ChangeKind = Literal["added", "removed", "renamed", "changed", "unknown"]
FireClass = Literal["respelled", "moves_fires", "invalid"]
NEXT_FIRES = 3
WEEK_HOURS = 168


@dataclass(frozen=True)
class Side:
    """One side of a diff: its label, what loaded, and how its file names compare."""

    label: str  # a revision as given, "working tree", or a path
    jobs: tuple[Job, ...]
    findings: tuple[Finding, ...]  # load problems
    files: tuple[str, ...]
    root: str | None = None  # two-paths mode: the path whose files compare by relative name
    cluster: dict[str, object] | None = None
    cluster_file: str | None = None
    commit: str | None = None  # the commit a revision names; None for files on disk
    absent: tuple[str, ...] = ()  # PATHS that do not exist on this side
    withheld: tuple[Job, ...] = ()  # entries of crontabs refused whole (lint checks them)

    def rel(self, file: str | None) -> str:
        """A file's name as both sides compare it (relative to `root` in two-paths mode)."""
        if not file:
            return ""
        if self.root is None:
            return file
        if file == self.root:
            return "."
        prefix = self.root.rstrip("/") + "/"
        return file[len(prefix) :] if file.startswith(prefix) else file

    def failed_files(self) -> dict[str, Finding]:
        """Relative file name -> its first load error (its jobs may be missing)."""
        out: dict[str, Finding] = {}
        refused = {job.location.file for job in self.withheld}  # crontabs refused whole
        for finding in self.findings:
            if (
                finding.level == "error"
                and finding.file
                and (finding.job is None or finding.file in refused)
            ):
                out.setdefault(self.rel(finding.file), finding)
        return out


@dataclass(frozen=True, slots=True)
class JobState:
    """A job as one side has it."""

    name: str
    file: str
    line: int
    schedule: str
    resolved: str | None  # None when the schedule is invalid
    description: str | None
    timezone: str
    enabled: bool
    command: str


@dataclass(frozen=True, slots=True)
class Fires:
    """A schedule's fires on one side: the next few and how many per week."""

    next: tuple[datetime, ...]
    per_week: int | None  # None for @reboot or an invalid schedule or zone

    @property
    def per_day(self) -> float | None:
        return None if self.per_week is None else round(self.per_week / 7, 2)


@dataclass(frozen=True, slots=True)
class FireChange:
    """How a schedule's fires changed: respelled (same fires) or moved, with both sides."""

    kind: FireClass
    h_moved: bool  # the H slots resolve differently (a rename, or a new H spelling)
    base: Fires
    head: Fires


@dataclass(frozen=True, slots=True)
class JobChange:
    """One job that differs between the sides."""

    kind: ChangeKind
    name: str  # the head name; the base name for a removed job
    base: JobState | None
    head: JobState | None
    changes: tuple[str, ...] = ()  # renamed, enabled, disabled, zone, schedule, command, ...
    fires: FireChange | None = None
    unknown_on: Literal["base", "head"] | None = None
    error: Finding | None = None  # the load error that made the job unknown

    @property
    def old_name(self) -> str | None:
        return self.base.name if self.kind == "renamed" and self.base else None


@dataclass(frozen=True)
class JobsDiff:
    """Every job change, in head load order (removed jobs after, in base order)."""

    changes: tuple[JobChange, ...]
    renames: dict[str, str]  # base name -> head name
    unchanged: int

    def count(self, kind: ChangeKind) -> int:
        return sum(1 for c in self.changes if c.kind == kind)


def diff_jobs(base: Side, head: Side, start: datetime) -> JobsDiff:
    """Match jobs by name (then renames) and classify what changed for each."""
    shifted = _crontab_lines(base, head)
    base_by_name = _by_name(base.jobs)
    before = {n: j for n, j in base_by_name.items() if n not in shifted}
    taken = set(shifted.values())
    after_all = _by_name(head.jobs)
    after = {n: j for n, j in after_all.items() if n not in taken}
    gone = [j for name, j in before.items() if name not in after]
    new = [j for name, j in after.items() if name not in before]
    renames = _renames(gone, new)
    renamed_heads = set(renames.values())
    failed_base, failed_head = base.failed_files(), head.failed_files()
    pairs: list[tuple[Job | None, Job | None]] = []
    for name, job in after.items():
        if name in before:
            pairs.append((before[name], job))
        elif name not in renamed_heads:
            pairs.append((None, job))
    by_head = {new_name: before[old] for old, new_name in renames.items()}
    for name, old in by_head.items():
        pairs.append((old, after[name]))
    pairs.extend((job, None) for job in gone if job.name not in renames)
    old_by_name = base_by_name
    pairs.extend((old_by_name[old], after_all[new_name]) for old, new_name in shifted.items())
    renames.update({old: new_name for old, new_name in shifted.items() if old != new_name})

    moved = [(b, h) for b, h in pairs if b is not None and h is not None and _fires_may_move(b, h)]
    fires = _fire_changes(moved, start)
    changes: list[JobChange] = []
    unchanged = 0
    for b, h in pairs:
        change = _classify(b, h, base, head, failed_base, failed_head, fires)
        if change is None:
            unchanged += 1
        else:
            changes.append(change)
    order = {name: i for i, name in enumerate(after_all)}
    changes.sort(key=lambda c: (c.head is None, order.get(c.name, 0)))
    return JobsDiff(tuple(changes), renames, unchanged)


def _crontab_lines(base: Side, head: Side) -> dict[str, str]:
    """Base name -> head name for crontab entries that kept their command and schedule.

    A crontab entry is named `file:line`, so a line added above it renames it (and
    moves its H slots); it is matched by file, command and schedule first, in order.
    """
    waiting: dict[tuple[str, str, str], list[Job]] = {}
    for job in head.jobs:
        if job.kind == "crontab":
            key = (head.rel(job.location.file), job.command, job.schedule)
            waiting.setdefault(key, []).append(job)
    out: dict[str, str] = {}
    for job in base.jobs:
        if job.kind == "crontab":
            candidates = waiting.get((base.rel(job.location.file), job.command, job.schedule))
            if candidates:
                out[job.name] = candidates.pop(0).name
    return out


def _by_name(jobs: Iterable[Job]) -> dict[str, Job]:
    out: dict[str, Job] = {}
    for job in jobs:
        out.setdefault(job.name, job)  # a repeated name is the loader's error; the first counts
    return out


def _renames(gone: Sequence[Job], new: Sequence[Job]) -> dict[str, str]:
    """Base name -> head name for jobs whose name changed but command and schedule did not."""
    waiting: dict[tuple[str, str, str], list[Job]] = {}
    for job in new:
        waiting.setdefault((job.kind, job.command, job.schedule), []).append(job)
    out: dict[str, str] = {}
    for job in gone:
        candidates = waiting.get((job.kind, job.command, job.schedule))
        if candidates:
            out[job.name] = candidates.pop(0).name
    return out


def _classify(
    b: Job | None,
    h: Job | None,
    base: Side,
    head: Side,
    failed_base: dict[str, Finding],
    failed_head: dict[str, Finding],
    fires: dict[tuple[str, str], FireChange],
) -> JobChange | None:
    if b is None:
        assert h is not None
        error = failed_base.get(head.rel(h.location.file))
        if error is not None:
            return JobChange("unknown", h.name, None, _state(h), unknown_on="base", error=error)
        return JobChange("added", h.name, None, _state(h))
    if h is None:
        error = failed_head.get(base.rel(b.location.file))
        if error is not None:
            return JobChange("unknown", b.name, _state(b), None, unknown_on="head", error=error)
        return JobChange("removed", b.name, _state(b), None)
    if (
        b.name == h.name
        and b.schedule == h.schedule
        and b.command == h.command
        and b.enabled == h.enabled
        and b.timezone == h.timezone
        and b.utc == h.utc
        and b.cluster_policy == h.cluster_policy
    ):
        return None  # most pairs: nothing the report compares differs (nor the fires)
    what: list[str] = []
    if b.name != h.name:
        what.append("renamed")
    if b.enabled != h.enabled:
        what.append("enabled" if h.enabled else "disabled")
    if b.zone != h.zone:
        what.append("zone")
    if b.schedule != h.schedule:
        what.append("schedule")
    if b.command != h.command:
        what.append("command")
    if b.cluster_policy != h.cluster_policy:
        what.append("cluster_policy")
    fire_change = fires.get((b.name, h.name))
    if fire_change is not None and fire_change.h_moved and "schedule" not in what:
        what.append("schedule")  # same text, other slots: the H key (the name) changed
    if not what:
        return None
    kind: ChangeKind = "renamed" if b.name != h.name else "changed"
    return JobChange(kind, h.name, _state(b), _state(h), tuple(what), fire_change)


def _fires_may_move(b: Job, h: Job) -> bool:
    return b.schedule != h.schedule or b.zone != h.zone or b.name != h.name


def _parse(job: Job) -> Parsed | None:
    try:
        return parse_job(job)
    except ScheduleError:
        return None


def _state(job: Job) -> JobState:
    parsed = _parse(job)
    return JobState(
        name=job.name,
        file=job.location.file,
        line=job.location.line,
        schedule=job.schedule,
        resolved=None if parsed is None else parsed.resolved,
        description=None if parsed is None else describe(parsed),
        timezone=job.zone,
        enabled=job.enabled,
        command=job.command,
    )


def _fire_changes(
    pairs: Sequence[tuple[Job, Job]], start: datetime
) -> dict[tuple[str, str], FireChange]:
    """(base name, head name) -> how the fires changed, for pairs whose fires may move."""
    if not pairs:
        return {}
    before = _fires([b for b, _ in pairs], start)
    after = _fires([h for _, h in pairs], start)
    out: dict[tuple[str, str], FireChange] = {}
    for b, h in pairs:
        pb, ph = _parse(b), _parse(h)
        if pb is None or ph is None:
            kind: FireClass = "invalid"
            h_moved = False
        else:
            same = pb.meaning == ph.meaning and b.zone == h.zone
            kind = "respelled" if same else "moves_fires"
            h_moved = (pb.uses_hash or ph.uses_hash) and _slots(pb) != _slots(ph)
        if kind == "respelled" and b.schedule == h.schedule:
            continue  # a rename whose H slots (if any) stayed put: nothing moved
        out[(b.name, h.name)] = FireChange(kind, h_moved, before[b.name], after[h.name])
    return out


def _slots(parsed: Parsed) -> tuple[str, ...]:
    """The resolved text of the fields that used H."""
    return tuple(f.resolved for f in parsed.fields if f.hashed)


def _fires(jobs: Sequence[Job], start: datetime) -> dict[str, Fires]:
    """Each job's next fires and fires per week from `start`, on the one enumeration."""
    # Disabled jobs still have a schedule worth comparing: count it as if enabled.
    enabled = [job if job.enabled else replace(job, enabled=True) for job in jobs]
    first, end = window_bounds(start, WEEK_HOURS)
    per_week = {
        job.name: len(fires) for job, fires in build_fleet(enabled).window(first, end).per_job()
    }
    out: dict[str, Fires] = {}
    for job in jobs:
        out[job.name] = Fires(_next_fires(job, start), per_week.get(job.name))
    return out


def _next_fires(job: Job, start: datetime) -> tuple[datetime, ...]:
    try:
        line = job_timeline(job)
    except (ScheduleError, ZoneError):
        return ()
    if line.schedule.parsed.reboot:
        return ()
    # The fires after `start`, in the job's zone (what CronTab.occurrences yields).
    return tuple(islice(line.fires_after(floor_epoch(start), line.zone), NEXT_FIRES))
