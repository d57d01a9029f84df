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

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from .owners import (
    HashName,
    Move,
    OwnersResult,
    Rankings,
    RendezvousCache,
    balance,
    check_size,
    owner_pass,
    validate,
)

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


def _scored(policy: Policy, election: Election) -> bool:
    """True when the job's node comes from rendezvous hashing (spread, one owner)."""
    return (
        election.elect_leader
        and not election.lease
        and election.distribution == "spread"
        and policy != "EveryNode"
    )


class _Rankings(Mapping[str, tuple[str, ...]]):
    """The live nodes in the order they would take each job over, best first.

    Only a spread job's order is its own (its rendezvous ranking, worked out when
    read); every other job shares one order: the live nodes (no election, EveryNode,
    a lease) or their names sorted (single-leader: the lowest live name leads).
    """

    def __init__(
        self, policy: dict[str, Policy], election: Election, live: tuple[str, ...], hash: HashName
    ) -> None:
        self._policy = policy
        self._election = election
        self._rendezvous = Rankings(policy.keys(), live, hash)
        self._live = live
        self._leader_order = tuple(sorted(live))

    def __getitem__(self, job: str) -> tuple[str, ...]:
        policy = self._policy[job]
        election = self._election
        if _scored(policy, election):
            return self._rendezvous[job]
        if not election.elect_leader or policy == "EveryNode" or election.lease:
            return self._live
        return self._leader_order  # single-leader: the lowest live name leads

    def __iter__(self) -> Iterator[str]:
        return iter(self._policy)

    def __len__(self) -> int:
        return len(self._policy)


@dataclass(slots=True)
class _Answer:
    """Where the jobs of one policy and one rendezvous owner run, and how many there are."""

    runs_on: tuple[str, ...] | None
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
    cache: RendezvousCache | None = None,
) -> Placement:
    """Where every job runs with `down` nodes down, and what stopped or moved.

    Only spread jobs with one owner are scored, once each, keeping their owner and
    nothing else; rankings are worked out when read. `cache` shares those scores
    between calls over the same nodes (diff's two sides). Raises ValueError as
    compute_owners does (no nodes, a repeated node or job, an unknown downed node),
    FleetTooLarge past the size budget.
    """
    names = [name for name, _ in jobs]
    policy = dict(jobs)
    configured, down_nodes = validate(names, nodes, down)
    scored = [name for name in names if _scored(policy[name], election)]
    check_size(len(names), configured)
    down_set = frozenset(down_nodes)
    live = tuple(node for node in configured if node not in down_set)
    majority = len(configured) // 2 + 1
    quorum_met = len(live) >= majority
    # Each scored job's owner with every node up and among the live nodes.
    passed = owner_pass(scored, configured, down=down_set, hash=hash, cache=cache)
    rendezvous = {job: (first, best) for job, first, best in passed}
    owners: dict[str, str | None] = {}
    runs_on: dict[str, tuple[str, ...] | None] = {}
    counts = dict.fromkeys(live, 0)
    moves: list[Move] = []
    stopped: list[str] = []
    leader = min(configured)  # single-leader with every node up
    # A job's answer depends only on its policy and its rendezvous owner, which jobs
    # share (there are few nodes to own them): each pair's answer is worked out once.
    answers: dict[tuple[Policy, str | None], _Answer] = {}
    for name in names:
        job_policy = policy[name]
        first, best = rendezvous.get(name, (None, None))
        answer = answers.get((job_policy, best))
        if answer is None:
            nodes_now = _runs_on(job_policy, election, live, quorum_met, best)
            single = election.elect_leader and job_policy != "EveryNode" and not election.lease
            answer = answers[job_policy, best] = _Answer(
                nodes_now, nodes_now[0] if single and nodes_now else None, single
            )
        answer.jobs += 1
        nodes_now = runs_on[name] = answer.runs_on
        owner = owners[name] = answer.owner
        if not down_nodes:
            continue
        if nodes_now is not None and not nodes_now:
            stopped.append(name)
        if answer.single:
            # With every node up a quorum holds, so each single-owner job had one.
            was = first if election.distribution == "spread" else leader
            if was != owner:
                moves.append(Move(name, was, owner))  # type: ignore[arg-type]
    for answer in answers.values():
        for node in answer.runs_on or ():
            counts[node] += answer.jobs
    unexpected = tuple(m for m in moves if m.from_node not in down_nodes and m.to_node)
    result = OwnersResult(
        hash=hash,
        nodes=configured,
        live=live,
        down=down_nodes,
        quorum=election.elect_leader and not election.lease,
        majority=majority,
        quorum_met=quorum_met,
        owners=owners,
        ranking=_Rankings(policy, election, live, hash),
        counts=counts,
        moves=tuple(moves),
        unexpected_moves=unexpected,
        balance=balance(counts) if live else None,
    )
    return Placement(result, election, policy, runs_on, tuple(stopped))
