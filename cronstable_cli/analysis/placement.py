"""Which nodes run each job under the cluster's real policy (the daemon's leader gate).

The daemon decides per scheduled job, on every node, whether that node may run it
(its `_cluster_allows`), from the `cluster` section and the job's `clusterPolicy`:

- without `electLeader` every node runs every job, whatever its policy;
- `EveryNode` jobs run on every live node;
- `distribution: single-leader` (the default): `Leader` and `PreferLeader` jobs run on
  the elected leader, the lowest live node name. `Leader` needs a quorum (a strict
  majority of the configured nodes live, `n // 2 + 1`) and stops below it (fails
  closed); `PreferLeader` ignores quorum and keeps running on the lowest live node;
- `distribution: spread`: each job runs on its rendezvous owner among the live nodes
  (see owners.py), `Leader` with the same quorum gate, `PreferLeader` without;
- the lease backends (`kubernetes`, `etcd`, `filesystem`) imply `electLeader` and allow
  only `single-leader`; the leader is whichever node holds the lease, which is decided
  at run time, not by name, so those jobs' node is reported as unknown (None).

This is the converged view: every live node sees every other live node. A partition
can make `PreferLeader` jobs run on each side, which no static answer can show.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from .owners import Balance, HashName, Move, OwnersResult, compute_owners

Policy = Literal["Leader", "PreferLeader", "EveryNode"]
POLICIES: tuple[Policy, ...] = ("Leader", "PreferLeader", "EveryNode")
Distribution = Literal["single-leader", "spread"]
DISTRIBUTIONS: tuple[Distribution, ...] = ("single-leader", "spread")
LEASE_BACKENDS = ("kubernetes", "etcd", "filesystem")


@dataclass(frozen=True, slots=True)
class Election:
    """How the daemon gates scheduled jobs; `source` says where that was read."""

    elect_leader: bool
    distribution: Distribution = "single-leader"
    backend: str = "gossip"
    source: str = ""

    @property
    def lease(self) -> bool:
        """True for a lease backend: one holder, decided at run time."""
        return self.elect_leader and self.backend in LEASE_BACKENDS

    @property
    def notes(self) -> tuple[str, ...]:
        """What the daemon would warn about this election at start-up."""
        if not self.elect_leader and self.distribution != "single-leader":
            return (
                f"distribution: {self.distribution} has no effect without electLeader "
                "(the daemon warns so); every node runs every job",
            )
        return ()


_TRUE = frozenset({"true", "yes", "on", "y", "1"})


def election_from_cluster(section: object, where: str) -> Election:
    """The election a `cluster` section sets up (daemon defaults for missing keys)."""
    if not isinstance(section, dict):
        return Election(False, source=where)
    backend = str(section.get("backend") or "gossip").strip()
    elect = section.get("electLeader", False)
    elect_leader = elect if isinstance(elect, bool) else str(elect).strip().lower() in _TRUE
    # The lease backends always elect (the daemon forces electLeader on for them).
    elect_leader = elect_leader or backend in LEASE_BACKENDS
    distribution = str(section.get("distribution") or "single-leader").strip()
    if distribution not in DISTRIBUTIONS:
        distribution = "single-leader"  # lint reports the bad value; the daemon refuses it
    return Election(elect_leader, distribution, backend, where)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Placement:
    """Each job's policy and the live nodes that run it, over a rendezvous OwnersResult.

    `result.owners[job]` is the one node that runs the job, or None when it runs on
    no node, on several (EveryNode, no election) or on a lease holder not known yet.
    `runs_on[job]` is the list of live nodes that run it (None: one lease holder,
    decided at run time). `stopped` lists the jobs that ran with every node up and
    run nowhere now.
    """

    result: OwnersResult
    election: Election
    policy: dict[str, Policy]
    runs_on: dict[str, tuple[str, ...] | None]
    stopped: tuple[str, ...]


def _runs_on(
    policy: Policy,
    election: Election,
    live: tuple[str, ...],
    quorum_met: bool,
    rendezvous_owner: str | None,
) -> tuple[str, ...] | None:
    """The live nodes that run a job of `policy` (None: the lease holder, not known yet)."""
    if not election.elect_leader or policy == "EveryNode":
        return live
    if not live:
        return ()
    if election.lease:
        return None
    if policy == "Leader" and not quorum_met:
        return ()  # below quorum the Leader gate fails closed on every node
    if election.distribution == "spread":
        return (rendezvous_owner,) if rendezvous_owner is not None else ()
    return (min(live),)


def _ranking(
    policy: Policy, election: Election, live: tuple[str, ...], rendezvous: tuple[str, ...]
) -> tuple[str, ...]:
    """The live nodes in the order they would take the job over, best first."""
    if not election.elect_leader or policy == "EveryNode" or election.lease:
        return live
    if election.distribution == "spread":
        return rendezvous
    return tuple(sorted(live))  # the lowest live name leads


@dataclass(slots=True)
class _Answer:
    """Where the jobs of one policy and one rendezvous order run, and how many there are."""

    runs_on: tuple[str, ...] | None
    ranking: tuple[str, ...]
    owner: str | None  # the one node that runs them, if one does
    single: bool  # their policy has one owner under this election
    jobs: int = 0


def place_jobs(
    jobs: Sequence[tuple[str, Policy]],
    nodes: Sequence[str],
    election: Election,
    *,
    down: Iterable[str] = (),
    hash: HashName = "sha256",
) -> Placement:
    """Where every job runs with `down` nodes down, and what stopped or moved.

    Raises ValueError as compute_owners does (no nodes, a repeated node or job, an
    unknown downed node).
    """
    names = [name for name, _ in jobs]
    policy = dict(jobs)
    down_nodes = tuple(dict.fromkeys(down))
    # Rendezvous rankings (and input checks) for every job, live nodes only.
    hrw = compute_owners(names, nodes, down=down_nodes, hash=hash)
    hrw_first = {m.job: m.from_node for m in hrw.moves}  # owner with every node up
    live, configured = hrw.live, hrw.nodes
    quorum_met = hrw.quorum_met
    owners: dict[str, str | None] = {}
    ranking: dict[str, tuple[str, ...]] = {}
    runs_on: dict[str, tuple[str, ...] | None] = {}
    counts = dict.fromkeys(live, 0)
    moves: list[Move] = []
    stopped: list[str] = []
    # A job's answer depends only on its policy and its rendezvous order, which jobs
    # share (a few nodes come in few orders): each pair's answer is worked out once.
    answers: dict[tuple[Policy, tuple[str, ...]], _Answer] = {}
    for name in names:
        job_policy = policy[name]
        order = hrw.ranking[name]
        answer = answers.get((job_policy, order))
        if answer is None:
            nodes_now = _runs_on(
                job_policy, election, live, quorum_met, order[0] if order else None
            )
            single = election.elect_leader and job_policy != "EveryNode" and not election.lease
            answer = answers[job_policy, order] = _Answer(
                nodes_now,
                _ranking(job_policy, election, live, order),
                nodes_now[0] if single and nodes_now else None,
                single,
            )
        answer.jobs += 1
        nodes_now = runs_on[name] = answer.runs_on
        ranking[name] = answer.ranking
        owners[name] = answer.owner
        if not down_nodes:
            continue
        single = answer.single
        if nodes_now is not None and not nodes_now:
            stopped.append(name)
        if single:
            # With every node up a quorum holds, so each single-owner job had one.
            was = (
                hrw_first.get(name, order[0] if order else None)
                if election.distribution == "spread"
                else min(configured)
            )
            if was != owners[name]:
                moves.append(Move(name, was, owners[name]))  # type: ignore[arg-type]
    for answer in answers.values():
        for node in answer.runs_on or ():
            counts[node] += answer.jobs
    unexpected = tuple(m for m in moves if m.from_node not in down_nodes and m.to_node)
    result = replace(
        hrw,
        quorum=election.elect_leader and not election.lease,
        owners=owners,
        ranking=ranking,
        counts=counts,
        moves=tuple(moves),
        unexpected_moves=unexpected,
        balance=_balance(counts) if live else None,
    )
    return Placement(result, election, policy, runs_on, tuple(stopped))


def _balance(counts: dict[str, int]) -> Balance:
    values = list(counts.values())
    return Balance(min(values), max(values), sum(values) / len(values), statistics.pstdev(values))
