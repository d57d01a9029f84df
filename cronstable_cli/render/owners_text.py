"""The `owners` report for a terminal: the election, load per node, each job's nodes, moves."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import IO

from ..analysis.owners import Move
from ..analysis.placement import POLICIES, Placement
from ..engine.describe import plural
from .console import print_blocks
from .layout import Block, Column, FitTable, Line, Row, Spans

BAR_WIDTH = 30
DEFAULT_LIMIT = 50
FAILOVER_SHOWN = 8  # next nodes per job; JSON's `ranking` has every one


def render_owners(
    report: OwnersReport, file: IO[str] | None = None, *, width: int | None = None
) -> None:
    """Print the owners report (plain text when piped)."""
    print_blocks(lambda _: report.blocks(), file, width=width)


class OwnersReport:
    """The election, jobs per node with bars, each job's nodes, what --down changed.

    `limit` caps the job and move lists (None lists everything); `nodes_from` says
    where the node set came from; `notes` are caveats about it.
    """

    def __init__(
        self,
        placement: Placement,
        *,
        nodes_from: str,
        notes: Sequence[str] = (),
        disabled: int = 0,
        limit: int | None = DEFAULT_LIMIT,
    ) -> None:
        self.placement = placement
        self.result = placement.result
        self.nodes_from = nodes_from
        self.notes = tuple(notes)
        self.disabled = disabled
        self.limit = limit

    def blocks(self) -> Iterator[Block]:
        """The report's paragraphs and tables (each fits itself to the width)."""
        r = self.result
        excluded = f" ({plural(self.disabled, 'disabled job')} left out)" if self.disabled else ""
        yield Line(
            ("owners", "bold"),
            f": {plural(r.jobs, 'enabled job')} over {plural(len(r.nodes), 'node')}"
            f"{excluded}, hash {r.hash}",
        )
        yield Line((f"nodes from {self.nodes_from}", "dim"))
        yield from self._election()
        for note in self.notes:
            yield Line((f"note: {note}", "yellow"))
        yield Line()
        yield from self._counts()
        yield from self._quorum()
        if r.jobs:
            yield Line()
            yield from self._jobs()
        if r.down:
            yield Line()
            yield from self._changes()

    def _election(self) -> Iterator[Block]:
        p = self.placement
        e = p.election
        if not e.elect_leader:
            yield Line(
                (
                    f"no leader election ({e.source}: electLeader is off): every node runs "
                    "every job, whatever its clusterPolicy; --distribution shows what "
                    "election would do",
                    "yellow",
                )
            )
            return
        if e.lease:
            how = (
                f"the {e.backend} lease: Leader and PreferLeader jobs run on whichever live "
                "node holds it (decided at run time)"
            )
        elif e.distribution == "spread":
            how = (
                "distribution spread: Leader and PreferLeader jobs run on each job's "
                "rendezvous owner"
            )
        else:
            how = (
                "distribution single-leader: Leader and PreferLeader jobs run on the lowest "
                "live node name"
            )
        yield Line(f"leader election from {e.source}, {how}")
        tally = {policy: 0 for policy in POLICIES}
        for policy in p.policy.values():
            tally[policy] += 1
        yield Line(
            ("clusterPolicy: " + ", ".join(f"{n} {policy}" for policy, n in tally.items()), "dim")
        )

    def _counts(self) -> Iterator[Block]:
        r = self.result
        rows: list[Row] = []
        peak = max(r.counts.values(), default=0)
        for node in r.nodes:
            if node not in r.counts:
                rows.append(Row((node, "-", "", (("down", "bold red"),))))
                continue
            count = r.counts[node]
            share = f"{count / r.jobs:.1%}" if r.jobs else "-"
            width = round(count / peak * BAR_WIDTH) if peak else 0
            rows.append(Row((node, str(count), share, (("█" * width, "cyan"),))))
        yield FitTable(
            [
                Column("node"),
                Column("jobs", keep=True, justify="right"),
                Column("share", keep=True, justify="right"),
                Column("", keep=True),
            ],
            rows,
            boxed=False,
        )
        b = r.balance
        if b is not None and r.jobs and any(r.counts.values()):
            yield Line(
                f"balance over {plural(len(r.live), 'live node')}: min {b.min}, max {b.max}, "
                f"ideal {b.ideal:.1f}, stdev {b.stdev:.2f}"
            )
        elif not r.jobs:
            yield Line(("no enabled jobs to place", "yellow"))

    def _quorum(self) -> Iterator[Block]:
        r = self.result
        live, total = len(r.live), len(r.nodes)
        if not r.live:
            yield Line(("no live nodes: no job runs", "bold red"))
        elif r.quorum and not r.quorum_met:
            yield Line(
                (
                    f"QUORUM LOST: {live} of {total} nodes live, a majority needs {r.majority}; "
                    "Leader jobs stop on every node (fail closed), PreferLeader and EveryNode "
                    "jobs keep running",
                    "bold red",
                )
            )
        elif r.quorum:
            yield Line(
                (f"quorum: {live} of {total} nodes live, majority {r.majority}: met", "green")
            )

    def _where(self, job: str) -> Spans:
        nodes = self.placement.runs_on[job]
        if nodes is None:
            return (("the lease holder", "cyan"),)
        if not nodes:
            return (("nowhere (stopped)", "bold red"),)
        if len(nodes) > 1 and nodes == self.result.live:
            return ((f"every live node ({len(nodes)})", "cyan"),)
        return ((", ".join(nodes), "cyan"),)

    def _jobs(self) -> Iterator[Block]:
        r = self.result
        jobs = list(r.owners)
        shown = jobs if self.limit is None else jobs[: self.limit]
        if len(shown) < len(jobs):
            heading = (
                f"jobs (first {len(shown)} of {len(jobs)} in load order; --all lists every job)"
            )
        else:
            heading = "jobs (load order)"
        yield Line((heading, "bold"))
        was = {move.job: move.from_node for move in r.moves}
        rows: list[Row] = []
        for job in shown:
            where = self._where(job)
            if job in was:
                where += ((f" (was {was[job]})", "yellow"),)
            owner = r.owners[job]
            # Every ranking orders all live nodes, the owner among them (shown_rankings
            # may have kept only its start).
            failover = [n for n in r.ranking[job] if n != owner] if owner else []
            more = len(r.live) - 1 - FAILOVER_SHOWN if owner else 0
            rows.append(Row((job, self.placement.policy[job], where, _failover(failover, more))))
        yield FitTable(
            [
                Column("job"),
                Column("policy", keep=True),
                Column("runs on"),
                Column("failover (next first)"),
            ],
            rows,
            boxed=False,
        )

    def _changes(self) -> Iterator[Block]:
        r = self.result
        down = ", ".join(r.down)
        moves = [m for m in r.moves if m.to_node is not None]
        stopped = self.placement.stopped
        yield Line(
            (
                f"with {down} down: {plural(len(moves), 'job')} moved, "
                f"{plural(len(stopped), 'job')} stopped",
                "bold",
            )
        )
        yield from self._listed([f"{m.job}: {m.from_node} → {m.to_node}" for m in moves], "move")
        if stopped:
            yield Line(("stopped (runs on no node):", "bold red"))
            yield from self._listed(list(stopped), "stopped job")
        if r.unexpected_moves:
            yield from self._unexpected(r.unexpected_moves)
        elif moves:
            yield Line(
                (f"only jobs of the downed node{'s' if len(r.down) > 1 else ''} moved", "green")
            )

    def _listed(self, lines: list[str], what: str) -> Iterator[Block]:
        shown = lines if self.limit is None else lines[: self.limit]
        for line in shown:
            yield Line(f"  {line}")
        if len(shown) < len(lines):
            yield Line((f"  ... {len(lines) - len(shown)} more (--all lists every {what})", "dim"))

    def _unexpected(self, moves: Sequence[Move]) -> Iterator[Block]:
        yield Line(
            (
                f"UNEXPECTED: {plural(len(moves), 'job')} moved off a node that is still up "
                "(the daemon never does this; please report it):",
                "bold red",
            )
        )
        for move in moves:
            yield Line((f"  {move.job}: {move.from_node} → {move.to_node}", "red"))


def _failover(nodes: Sequence[str], more: int) -> str:
    """The next nodes in failover order, the first FAILOVER_SHOWN, and how many follow."""
    if not nodes:
        return "-"
    text = " > ".join(nodes[:FAILOVER_SHOWN])
    return f"{text} > … {more:,} more" if more > 0 else text


def shown_rankings(placement: Placement, limit: int | None) -> Placement:
    """A copy whose rankings are only what the report shows, as a plain mapping.

    A placement works its rankings out when they are read; the report shows the
    first `limit` jobs (None: all) and the first FAILOVER_SHOWN next nodes of each.
    Held as a dict of tuples, they reach the escaping every text report goes through.
    """
    result = placement.result
    jobs = list(result.owners)
    if limit is not None:
        jobs = jobs[:limit]
    ranking = {job: result.ranking[job][: FAILOVER_SHOWN + 1] for job in jobs}
    return replace(placement, result=replace(result, ranking=ranking))
