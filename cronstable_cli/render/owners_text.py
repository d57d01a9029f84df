"""The `owners` report for a terminal: the election, load per node, each job's nodes, moves."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..analysis.owners import Move
from ..analysis.placement import POLICIES, Placement
from ..engine.describe import plural
from .layout import Column, FitTable, Row

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType
    from rich.text import Text

BAR_WIDTH = 30
DEFAULT_LIMIT = 50


class OwnersReport:
    """Renderable: the election, jobs per node with bars, each job's nodes, what --down changed.

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

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> Iterator[RenderableType]:
        from rich.text import Text

        r = self.result
        excluded = f" ({plural(self.disabled, 'disabled job')} left out)" if self.disabled else ""
        yield Text.assemble(
            ("owners", "bold"),
            f": {plural(r.jobs, 'enabled job')} over {plural(len(r.nodes), 'node')}"
            f"{excluded}, hash {r.hash}",
        )
        yield Text(f"nodes from {self.nodes_from}", style="dim")
        yield from self._election()
        for note in self.notes:
            yield Text(f"note: {note}", style="yellow")
        yield Text("")
        yield from self._counts()
        yield from self._quorum()
        if r.jobs:
            yield Text("")
            yield from self._jobs()
        if r.down:
            yield Text("")
            yield from self._changes()

    def _election(self) -> Iterator[RenderableType]:
        from rich.text import Text

        p = self.placement
        e = p.election
        if not e.elect_leader:
            yield Text(
                f"no leader election ({e.source}: electLeader is off): every node runs "
                "every job, whatever its clusterPolicy; --distribution shows what "
                "election would do",
                style="yellow",
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
        yield Text(f"leader election from {e.source}, {how}")
        tally = {policy: 0 for policy in POLICIES}
        for policy in p.policy.values():
            tally[policy] += 1
        yield Text(
            "clusterPolicy: " + ", ".join(f"{n} {policy}" for policy, n in tally.items()),
            style="dim",
        )

    def _counts(self) -> Iterator[RenderableType]:
        from rich.text import Text

        r = self.result
        rows: list[Row] = []
        peak = max(r.counts.values(), default=0)
        for node in r.nodes:
            if node not in r.counts:
                rows.append(Row((node, "-", "", Text("down", style="bold red"))))
                continue
            count = r.counts[node]
            share = f"{count / r.jobs:.1%}" if r.jobs else "-"
            width = round(count / peak * BAR_WIDTH) if peak else 0
            rows.append(Row((node, str(count), share, Text("█" * width, style="cyan"))))
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
            yield Text(
                f"balance over {plural(len(r.live), 'live node')}: min {b.min}, max {b.max}, "
                f"ideal {b.ideal:.1f}, stdev {b.stdev:.2f}"
            )
        elif not r.jobs:
            yield Text("no enabled jobs to place", style="yellow")

    def _quorum(self) -> Iterator[RenderableType]:
        from rich.text import Text

        r = self.result
        live, total = len(r.live), len(r.nodes)
        if not r.live:
            yield Text("no live nodes: no job runs", style="bold red")
        elif r.quorum and not r.quorum_met:
            yield Text(
                f"QUORUM LOST: {live} of {total} nodes live, a majority needs {r.majority}; "
                "Leader jobs stop on every node (fail closed), PreferLeader and EveryNode "
                "jobs keep running",
                style="bold red",
            )
        elif r.quorum:
            yield Text(
                f"quorum: {live} of {total} nodes live, majority {r.majority}: met", style="green"
            )

    def _where(self, job: str) -> Text:
        from rich.text import Text

        nodes = self.placement.runs_on[job]
        if nodes is None:
            return Text("the lease holder", style="cyan")
        if not nodes:
            return Text("nowhere (stopped)", style="bold red")
        if len(nodes) > 1 and nodes == self.result.live:
            return Text(f"every live node ({len(nodes)})", style="cyan")
        return Text(", ".join(nodes), style="cyan")

    def _jobs(self) -> Iterator[RenderableType]:
        from rich.text import Text

        r = self.result
        jobs = list(r.owners)
        shown = jobs if self.limit is None else jobs[: self.limit]
        if len(shown) < len(jobs):
            heading = (
                f"jobs (first {len(shown)} of {len(jobs)} in load order; --all lists every job)"
            )
        else:
            heading = "jobs (load order)"
        yield Text(heading, style="bold")
        was = {move.job: move.from_node for move in r.moves}
        rows: list[Row] = []
        for job in shown:
            where = self._where(job)
            if job in was:
                where.append(f" (was {was[job]})", style="yellow")
            owner = r.owners[job]
            failover = [n for n in r.ranking[job] if n != owner] if owner else []
            rows.append(Row((job, self.placement.policy[job], where, " > ".join(failover) or "-")))
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

    def _changes(self) -> Iterator[RenderableType]:
        from rich.text import Text

        r = self.result
        down = ", ".join(r.down)
        moves = [m for m in r.moves if m.to_node is not None]
        stopped = self.placement.stopped
        yield Text(
            f"with {down} down: {plural(len(moves), 'job')} moved, "
            f"{plural(len(stopped), 'job')} stopped",
            style="bold",
        )
        yield from self._listed([f"{m.job}: {m.from_node} → {m.to_node}" for m in moves], "move")
        if stopped:
            yield Text("stopped (runs on no node):", style="bold red")
            yield from self._listed(list(stopped), "stopped job")
        if r.unexpected_moves:
            yield from self._unexpected(r.unexpected_moves)
        elif moves:
            yield Text(
                f"only jobs of the downed node{'s' if len(r.down) > 1 else ''} moved",
                style="green",
            )

    def _listed(self, lines: list[str], what: str) -> Iterator[RenderableType]:
        from rich.text import Text

        shown = lines if self.limit is None else lines[: self.limit]
        for line in shown:
            yield Text(f"  {line}")
        if len(shown) < len(lines):
            yield Text(
                f"  ... {len(lines) - len(shown)} more (--all lists every {what})", style="dim"
            )

    def _unexpected(self, moves: Sequence[Move]) -> Iterator[RenderableType]:
        from rich.text import Text

        yield Text(
            f"UNEXPECTED: {plural(len(moves), 'job')} moved off a node that is still up "
            "(the daemon never does this; please report it):",
            style="bold red",
        )
        for move in moves:
            yield Text(f"  {move.job}: {move.from_node} → {move.to_node}", style="red")
