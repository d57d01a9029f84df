"""What a change does to the whole fleet: pressure, duplicates, owners, lint, before → after.

Each side is analysed by the same functions `pressure`, `duplicates`,
`owners` and `lint` use; this module only compares their answers. Renamed
jobs are compared under their head names, so a rename alone never makes a
duplicate group "new" unless its H slot really moved it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone, tzinfo
from typing import TYPE_CHECKING, Literal, cast

from ..load_codes import REFUSALS
from ..records import LEVELS, Finding, Job
from .diff import JobsDiff, Side, diff_jobs
from .duplicates import DuplicateGroup, duplicate_group
from .fires import FireGroup, FireMemo, Fleet, build_fleet
from .lint import LintSettings, lint
from .pressure import BusiestMinute, Cell, CellMemo, Pressure, compute_pressure

if TYPE_CHECKING:
    from .cluster import NodeSource
    from .jitter import JitterOption
    from .owners import HashName
    from .placement import Distribution, Election, Placement, Policy

# Owners (cluster, owners, placement) are imported where a side has a cluster section
# or --nodes is given: most fleets have neither, and a diff should not pay their start-up.


@dataclass(frozen=True)
class DiffSettings:
    """Everything the command line decides about a diff (no click objects)."""

    start: datetime  # aware: the window's start, and "today" for lint
    hours: int = 168
    zone: tzinfo = timezone.utc  # display zone of the pressure cells
    jitter: JitterOption | None = None
    max_per_minute: int | None = None
    nodes: tuple[str, ...] | None = None  # None: each side's cluster section, if any
    hash: HashName = "sha256"
    distribution: Distribution | None = None  # what-if; None: each side's cluster section
    fail_on: Literal["error", "warning", "note", "never"] = "warning"


@dataclass(frozen=True, slots=True)
class Crowd:
    """A minute of the hour whose job count crossed --max-per-minute."""

    minute: int
    base: int
    head: int


@dataclass(frozen=True, slots=True)
class PressureDelta:
    """The two sides' pressure over the same window, and the minutes that became crowded."""

    base: Pressure
    head: Pressure
    crowded: tuple[Crowd, ...]  # crowded in head, not in base
    relieved: tuple[Crowd, ...]  # crowded in base, not in head

    @staticmethod
    def busiest_cell(result: Pressure) -> Cell | None:
        return result.top_cells[0] if result.top_cells else None

    @staticmethod
    def busiest_minute(result: Pressure) -> BusiestMinute | None:
        return result.busiest_minute


@dataclass(frozen=True, slots=True)
class DuplicateChange:
    """A duplicate group that is new, changed members, or dissolved."""

    kind: Literal["new", "changed", "dissolved"]
    group: DuplicateGroup  # as in head (as in base for a dissolved group)
    joined: tuple[str, ...]  # jobs now in it that were not (head names)
    left: tuple[str, ...]  # jobs no longer in it (head names where renamed)


@dataclass(frozen=True, slots=True)
class OwnerMove:
    """A job whose nodes differ between the sides (None: a lease holder, known at run time)."""

    job: str  # head name
    before: tuple[str, ...] | None
    after: tuple[str, ...] | None


@dataclass(frozen=True)
class OwnersDelta:
    """Where jobs run on both sides (the owners command's placement), and what moved."""

    base_nodes: NodeSource
    head_nodes: NodeSource
    base_election: Election
    head_election: Election
    base_counts: dict[str, int]
    head_counts: dict[str, int]
    moves: tuple[OwnerMove, ...]  # jobs on both sides (renames included)
    added: tuple[OwnerMove, ...]  # new jobs and where they run (before is None)


@dataclass(frozen=True)
class FleetDiff:
    """Everything `cronstable diff` reports."""

    base: Side
    head: Side
    settings: DiffSettings
    jobs: JobsDiff
    pressure: PressureDelta
    duplicates: tuple[DuplicateChange, ...]
    owners: OwnersDelta | None
    owners_note: str | None  # why owners were left out, when a cluster section failed
    new_findings: tuple[Finding, ...]
    fixed_findings: tuple[Finding, ...]

    def exit_code(self) -> int:
        """1 when a file of HEAD fails to load (the daemon refuses it, new or not: a
        refusal already in BASE is no excuse), or a finding new in head is at or above
        --fail-on; else 0. A refusal only in BASE is one the change fixes."""
        if self.settings.fail_on == "never":
            return 0
        if any(f.code in REFUSALS for f in self.head.findings):
            return 1
        rank = LEVELS.index(self.settings.fail_on)
        return int(any(LEVELS.index(f.level) <= rank for f in self.new_findings))


def diff_fleets(base: Side, head: Side, settings: DiffSettings) -> FleetDiff:
    """Compare two loads: per job, then pressure, duplicates, owners and lint."""
    jobs = diff_jobs(base, head, settings.start)
    base_fleet, head_fleet = build_fleet(base.jobs), build_fleet(head.jobs)
    pressure = _pressure(base_fleet, head_fleet, settings)
    owners, note = _owners(base, head, jobs, settings)
    new, fixed = _findings(base, head, jobs, settings)
    return FleetDiff(
        base,
        head,
        settings,
        jobs,
        pressure,
        _duplicates(base_fleet, head_fleet, jobs.renames),
        owners,
        note,
        new,
        fixed,
    )


def _pressure(base: Fleet, head: Fleet, settings: DiffSettings) -> PressureDelta:
    # Both sides over one window: a group the change left alone is enumerated (and
    # counted into cells) once.
    memo: FireMemo = {}
    cells: CellMemo = {}

    def run(fleet: Fleet) -> Pressure:
        return compute_pressure(
            fleet,
            settings.start,
            settings.hours,
            settings.zone,
            jitter=settings.jitter,
            memo=memo,
            cell_memo=cells,
        )

    before, after = run(base), run(head)
    crowded: list[Crowd] = []
    relieved: list[Crowd] = []
    limit = settings.max_per_minute
    if limit is not None:
        for minute in range(60):
            b, h = before.by_minute_jobs[minute], after.by_minute_jobs[minute]
            if h > limit >= b:
                crowded.append(Crowd(minute, b, h))
            elif b > limit >= h:
                relieved.append(Crowd(minute, b, h))
    return PressureDelta(before, after, tuple(crowded), tuple(relieved))


def _duplicates(base: Fleet, head: Fleet, renames: dict[str, str]) -> tuple[DuplicateChange, ...]:
    """Groups keyed by (meaning, zone): new, with other members, or gone."""
    Groups = dict[tuple[object, str], tuple[frozenset[str], FireGroup]]

    def groups(fleet: Fleet, rename: dict[str, str]) -> Groups:
        out: Groups = {}
        for group in fleet.groups:
            if group.weight > 1:
                names = frozenset(rename.get(n, n) for n in group.names)
                out[(group.parsed[0].meaning, group.zone)] = (names, group)
        return out

    before, after = groups(base, renames), groups(head, {})
    changes: list[DuplicateChange] = []
    for key, (names, group) in after.items():
        old = before.get(key)
        if old is None:
            changes.append(DuplicateChange("new", duplicate_group(group), tuple(sorted(names)), ()))
        elif old[0] != names:
            changes.append(
                DuplicateChange(
                    "changed",
                    duplicate_group(group),
                    tuple(sorted(names - old[0])),
                    tuple(sorted(old[0] - names)),
                )
            )
    for key, (names, group) in before.items():
        if key not in after:
            described = duplicate_group(group)
            described = DuplicateGroup(
                described.expression,
                described.description,
                described.timezone,
                described.count,
                tuple(sorted(names)),
            )
            changes.append(DuplicateChange("dissolved", described, (), tuple(sorted(names))))
    order = {"new": 0, "changed": 1, "dissolved": 2}
    changes.sort(key=lambda c: (order[c.kind], -c.group.count, c.group.expression, c.group.jobs))
    return tuple(changes)


def _node_source(side: Side, settings: DiffSettings) -> NodeSource | None:
    from .cluster import NodeSource, nodes_from_cluster

    if settings.nodes is not None:
        return NodeSource(settings.nodes, "--nodes")
    if side.cluster is None:
        return None
    return nodes_from_cluster(side.cluster, f"{_where(side)} ({side.label})")


def _where(side: Side) -> str:
    return f"the cluster section of {side.cluster_file or 'the loaded files'}"


def _election(side: Side, settings: DiffSettings) -> Election:
    """As `owners` reads it: --distribution, else the side's cluster section."""
    from .placement import Election, election_from_cluster

    if settings.distribution is not None:
        return Election(True, settings.distribution, "gossip", "--distribution")
    if side.cluster is not None:
        return election_from_cluster(side.cluster, _where(side))
    return Election(False, source="no cluster section")


def _owners(
    base: Side, head: Side, jobs: JobsDiff, settings: DiffSettings
) -> tuple[OwnersDelta | None, str | None]:
    if settings.nodes is None and base.cluster is None and head.cluster is None:
        return None, None  # no nodes on either side: no owners to compare
    from .cluster import ClusterError
    from .owners import FleetTooLarge, RendezvousCache
    from .placement import place_jobs

    try:
        base_nodes, head_nodes = _node_source(base, settings), _node_source(head, settings)
    except ClusterError as err:
        return None, str(err)
    if base_nodes is None and head_nodes is None:
        return None, None
    base_nodes = base_nodes or head_nodes
    head_nodes = head_nodes or base_nodes
    assert base_nodes is not None and head_nodes is not None
    base_election, head_election = _election(base, settings), _election(head, settings)

    # A job both sides have, over the same nodes, is scored once for both.
    cache = RendezvousCache()

    def place(side: Side, nodes: NodeSource, election: Election) -> Placement:
        policies: dict[str, Policy] = {}
        for job in side.jobs:
            if job.enabled and job.name not in policies:
                policies[job.name] = cast("Policy", job.cluster_policy)
        try:
            return place_jobs(
                list(policies.items()), nodes.nodes, election, hash=settings.hash, cache=cache
            )
        except FleetTooLarge as err:  # the rest of the diff still stands
            raise FleetTooLarge(f"{side.label}: {err}") from None

    try:
        before = place(base, base_nodes, base_election)
        after = place(head, head_nodes, head_election)
    except ValueError as err:
        return None, str(err)
    head_name = {**{n: n for n in before.runs_on}, **jobs.renames}
    old_of = {head_name[n]: n for n in before.runs_on}
    moves, added = [], []
    for name, nodes in after.runs_on.items():
        old = old_of.get(name)
        if old is None:
            added.append(OwnerMove(name, None, nodes))
        elif before.runs_on[old] != nodes:
            moves.append(OwnerMove(name, before.runs_on[old], nodes))
    return OwnersDelta(
        base_nodes,
        head_nodes,
        base_election,
        head_election,
        before.result.counts,
        after.result.counts,
        tuple(moves),
        tuple(added),
    ), None


def _identity(job: Job, side: Side) -> tuple[object, ...]:
    """Everything of a job its own lint findings can depend on (not its lines)."""
    return (
        job.name,
        job.schedule,
        job.command,
        job.timezone,
        job.utc,
        job.enabled,
        job.kind,
        job.suppressed,
        job.keys,
        job.user,
        job.cluster_policy,
        side.rel(job.location.file),
    )


def _differing(
    side: Side, identities: list[tuple[object, ...]], other: set[tuple[object, ...]]
) -> Callable[[Job], bool]:
    """Whether a job of `side` (its identities parallel to its jobs) is not on the other
    side; a job lint meets that is not in `side.jobs` (a withheld crontab entry) is
    looked up by its own identity."""
    # The side holds its jobs (and so their ids) for as long as lint runs.
    differs = {id(j): k not in other for j, k in zip(side.jobs, identities, strict=True)}

    def focus(job: Job) -> bool:
        known = differs.get(id(job))
        return known if known is not None else _identity(job, side) not in other

    return focus


def _findings(
    base: Side, head: Side, jobs: JobsDiff, settings: DiffSettings
) -> tuple[tuple[Finding, ...], tuple[Finding, ...]]:
    """Findings in head and not in base (new), and the other way round (fixed)."""
    lint_settings = LintSettings(max_per_minute=settings.max_per_minute, now=settings.start)
    # A job's own findings depend only on the job, so unchanged jobs (wherever
    # their lines moved) would find the same on both sides: lint what differs.
    # Each job's identity is made once, for the sets and for the focus.
    base_ids = [_identity(j, base) for j in base.jobs]
    head_ids = [_identity(j, head) for j in head.jobs]
    base_keys, head_keys = set(base_ids), set(head_ids)
    before = lint(base, lint_settings, focus=_differing(base, base_ids, head_keys)).findings
    after = lint(head, lint_settings, focus=_differing(head, head_ids, base_keys)).findings

    def key(side: Side, finding: Finding, names: dict[str, str]) -> tuple[object, ...]:
        # Lines move when anything above a job changes, and a file's path differs
        # between two directories: a finding is the same when its code, job and
        # file are. Findings about no job (a file's YAML error) keep their message.
        job = names.get(finding.job, finding.job) if finding.job else None
        message = None if job else finding.message.replace(side.root or "\0", "")
        return finding.code, job, side.rel(finding.file), message

    def subtract(
        ours: tuple[Finding, ...],
        side: Side,
        names: dict[str, str],
        theirs: Counter[tuple[object, ...]],
    ) -> tuple[Finding, ...]:
        left = []
        for finding in ours:
            k = key(side, finding, names)
            if theirs[k] > 0:
                theirs[k] -= 1
            else:
                left.append(finding)
        return tuple(left)

    new = subtract(after, head, {}, Counter(key(base, f, jobs.renames) for f in before))
    fixed = subtract(before, base, jobs.renames, Counter(key(head, f, {}) for f in after))
    return new, fixed
