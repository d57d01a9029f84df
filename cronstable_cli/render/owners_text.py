"""The `owners` report for a terminal: load per node, each job's owner, what moved."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..analysis.owners import Move, OwnersResult
from .layout import Column, FitTable, Row

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType

BAR_WIDTH = 30
DEFAULT_LIMIT = 50


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


class OwnersReport:
    """Renderable: per-node counts with bars, balance, owners and failover, moves.

    `limit` caps the owners and moves lists (None lists everything); `nodes_from`
    says where the node set came from; `notes` are caveats about it.
    """

    def __init__(
        self,
        result: OwnersResult,
        *,
        nodes_from: str,
        notes: Sequence[str] = (),
        disabled: int = 0,
        limit: int | None = DEFAULT_LIMIT,
    ) -> None:
        self.result = result
        self.nodes_from = nodes_from
        self.notes = tuple(notes)
        self.disabled = disabled
        self.limit = limit

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> Iterator[RenderableType]:
        from rich.text import Text

        r = self.result
        excluded = f" ({_plural(self.disabled, 'disabled job')} left out)" if self.disabled else ""
        yield Text.assemble(
            ("owners", "bold"),
            f": {_plural(r.jobs, 'enabled job')} over {_plural(len(r.nodes), 'node')}"
            f"{excluded}, hash {r.hash}",
        )
        yield Text(f"nodes from {self.nodes_from}", style="dim")
        for note in self.notes:
            yield Text(f"note: {note}", style="yellow")
        yield Text("")
        yield from self._counts()
        yield from self._quorum()
        if r.jobs and self._owned:
            yield Text("")
            yield from self._owners()
        if r.down:
            yield Text("")
            yield from self._moves()

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
        yield FitTable([Column("node"), Column("jobs", keep=True, justify="right"),
                        Column("share", keep=True, justify="right"), Column("", keep=True)],
                       rows, boxed=False)
        b = r.balance
        if b is not None and r.jobs and self._owned:
            yield Text(
                f"balance over {_plural(len(r.live), 'live node')}: min {b.min}, max {b.max}, "
                f"ideal {b.ideal:.1f}, stdev {b.stdev:.2f}"
            )
        elif not r.jobs:
            yield Text("no enabled jobs to assign", style="yellow")

    @property
    def _owned(self) -> bool:
        """False when no job can have an owner (no live node, or quorum lost)."""
        r = self.result
        return bool(r.live) and (r.quorum_met or not r.quorum)

    def _quorum(self) -> Iterator[RenderableType]:
        from rich.text import Text

        r = self.result
        live, total = len(r.live), len(r.nodes)
        if not r.live:
            yield Text("no live nodes: no job has an owner", style="bold red")
        elif r.quorum and not r.quorum_met:
            yield Text(
                f"QUORUM LOST: {live} of {total} nodes live, a majority needs {r.majority}; "
                "no job has an owner (every node stands down)",
                style="bold red",
            )
        elif r.quorum:
            yield Text(f"quorum: {live} of {total} nodes live, majority {r.majority}: met",
                       style="green")

    def _owners(self) -> Iterator[RenderableType]:
        from rich.text import Text

        r = self.result
        jobs = list(r.owners)
        shown = jobs if self.limit is None else jobs[: self.limit]
        if len(shown) < len(jobs):
            heading = (f"owners (first {len(shown)} of {len(jobs)} jobs in load order; "
                       "--all lists every job)")
        else:
            heading = "owners (load order)"
        yield Text(heading, style="bold")
        was = {move.job: move.from_node for move in r.moves}
        rows: list[Row] = []
        for job in shown:
            owner = Text(r.owners[job] or "none", style="cyan")
            if job in was:
                owner.append(f" (was {was[job]})", style="yellow")
            rows.append(Row((job, owner, " > ".join(r.ranking[job][1:]) or "-")))
        yield FitTable([Column("job"), Column("owner"), Column("failover (next first)")], rows,
                       boxed=False)

    def _moves(self) -> Iterator[RenderableType]:
        from rich.text import Text

        r = self.result
        down = ", ".join(r.down)
        if not self._owned:
            yield Text(f"down: {down}; with no owner left, nothing runs anywhere",
                       style="bold red")
            return
        moves = list(r.moves)
        yield Text(
            f"moves with {down} down: {_plural(len(moves), 'job')} changed owner",
            style="bold",
        )
        shown = moves if self.limit is None else moves[: self.limit]
        for move in shown:
            yield Text(f"  {move.job}: {move.from_node} → {move.to_node}")
        if len(shown) < len(moves):
            yield Text(f"  ... {len(moves) - len(shown)} more (--all lists every move)",
                       style="dim")
        if r.unexpected_moves:
            yield from self._unexpected(r.unexpected_moves)
        else:
            kept = r.jobs - len(moves)
            yield Text(
                f"only jobs owned by the downed node{'s' if len(r.down) > 1 else ''} moved; "
                f"the other {_plural(kept, 'job')} kept their owner",
                style="green",
            )

    def _unexpected(self, moves: Sequence[Move]) -> Iterator[RenderableType]:
        from rich.text import Text

        yield Text(
            f"UNEXPECTED: {_plural(len(moves), 'job')} moved off a node that is still up "
            "(rendezvous hashing never does this; please report it):",
            style="bold red",
        )
        for move in moves:
            yield Text(f"  {move.job}: {move.from_node} → {move.to_node}", style="red")
