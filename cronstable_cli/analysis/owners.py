"""Which replica owns each job: rendezvous (highest-random-weight) hashing (docs/fleet-analyses.md).

Every node gets a score for every job; the highest score owns the job and the full
descending order is the failover order. A node's scores do not depend on which other
nodes exist, so taking a node down moves only that node's jobs, and adding one moves
jobs only onto it. The two score functions are the daemon's, bit for bit:

- ``sha256`` (default): first 8 bytes, big-endian, of sha256(job + "\\0" + node);
  equal scores go to the greater node name.
- ``fnv1a64``: 64-bit FNV-1a of job + "\\0" + node (UTF-8); equal scores go to the
  lesser node name.

Node names compare as Python strings (code point order), as the daemon's do.
"""

from __future__ import annotations

import hashlib
import statistics
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from ..names import did_you_mean
from ..safe_text import as_bytes

HashName = Literal["sha256", "fnv1a64"]
HASHES: tuple[HashName, ...] = ("sha256", "fnv1a64")

FNV64_OFFSET_BASIS = 0xCBF29CE484222325
FNV64_PRIME = 0x100000001B3
_MASK64 = (1 << 64) - 1


def fnv1a64(data: bytes, state: int = FNV64_OFFSET_BASIS) -> int:
    """64-bit FNV-1a of `data`, continuing from `state` (the offset basis by default)."""
    h = state
    for byte in data:
        h = ((h ^ byte) * FNV64_PRIME) & _MASK64
    return h


def score_sha256(job: str, node: str) -> int:
    """The daemon's default score: first 8 bytes big-endian of sha256(job + NUL + node)."""
    digest = hashlib.sha256(as_bytes(f"{job}\0{node}")).digest()
    return int.from_bytes(digest[:8], "big")


def score_fnv1a64(job: str, node: str) -> int:
    """The alternative score: 64-bit FNV-1a of the UTF-8 bytes of job + NUL + node."""
    return fnv1a64(as_bytes(f"{job}\0{node}"))


SCORERS: dict[HashName, Callable[[str, str], int]] = {
    "sha256": score_sha256,
    "fnv1a64": score_fnv1a64,
}


def _check_hash(hash: str) -> HashName:
    if hash not in SCORERS:
        choices = " or ".join(HASHES)
        raise ValueError(f"unknown hash {hash!r} (choose {choices})")
    return hash


def tie_order(nodes: Iterable[str], hash: HashName) -> list[str]:
    """Nodes in the order equal scores are won: sha256 greater name first, fnv1a64 lesser.

    Ranking sorts by score with a stable descending sort over this order, so equal
    scores keep it.
    """
    return sorted(nodes, reverse=_check_hash(hash) == "sha256")


def order_by_score(scores: Iterable[tuple[int, str]], hash: HashName) -> list[str]:
    """Distinct nodes best first from (score, node) pairs: highest score, ties by hash rule."""
    by_node = {node: score for score, node in scores}
    return sorted(tie_order(by_node, hash), key=by_node.__getitem__, reverse=True)


def rank(job: str, nodes: Sequence[str], hash: HashName = "sha256") -> list[str]:
    """The failover order of `job` over `nodes`, best first (the owner is the first)."""
    score = SCORERS[_check_hash(hash)]
    return order_by_score(((score(job, node), node) for node in nodes), hash)


# Batch scoring for compute_owners. Each row holds one job's sort keys in node order;
# a key only has to order like the score, so sha256 keeps the 8 digest bytes (bytes
# compare big-endian, like the integer) and skips int conversion.


def _sha256_rows(jobs: Sequence[str], nodes: Sequence[str]) -> Iterator[list[bytes]]:
    # Hashing the job prefix once and copying the state beats hashing job + node
    # from scratch (5-20% faster on 100,000 x 10 in repeated runs here).
    node_bytes = [as_bytes(node) for node in nodes]
    sha256 = hashlib.sha256
    for job in jobs:
        prefix = sha256(as_bytes(job) + b"\0")
        row = []
        for suffix in node_bytes:
            h = prefix.copy()
            h.update(suffix)
            row.append(h.digest()[:8])
        yield row


def _common_prefix(items: Sequence[bytes]) -> bytes:
    if not items:
        return b""
    low, high = min(items), max(items)  # the common prefix of all is that of these two
    size = 0
    while size < len(low) and low[size] == high[size]:
        size += 1
    return low[:size]


def _fnv1a64_rows(jobs: Sequence[str], nodes: Sequence[str]) -> Iterator[list[int]]:
    # FNV-1a is byte-serial, so the state after job + NUL + the nodes' common prefix is
    # computed once per job and only each node's remaining bytes run per pair. Masking
    # once after a node's bytes is exact: the low 64 bits of a product depend only on
    # the low 64 bits of its factors, and XOR with a byte touches only the low bits.
    node_bytes = [as_bytes(node) for node in nodes]
    common = _common_prefix(node_bytes)
    rests = [b[len(common) :] for b in node_bytes]
    prime, mask = FNV64_PRIME, _MASK64
    for job in jobs:
        h = fnv1a64(as_bytes(job) + b"\0" + common)
        row = []
        for rest in rests:
            g = h
            for byte in rest:
                g = (g ^ byte) * prime
            row.append(g & mask)
        yield row


_RowScorer = Callable[[Sequence[str], Sequence[str]], Iterator[list[bytes] | list[int]]]
_ROW_SCORERS: dict[HashName, _RowScorer] = {
    "sha256": _sha256_rows,
    "fnv1a64": _fnv1a64_rows,
}


@dataclass(frozen=True, slots=True)
class Move:
    """A job whose owner changes when nodes go down (`to` None: nobody runs it)."""

    job: str
    from_node: str
    to_node: str | None


@dataclass(frozen=True, slots=True)
class Balance:
    """Spread of jobs over the live nodes; `stdev` is the population stdev of counts."""

    min: int
    max: int
    ideal: float
    stdev: float


@dataclass(frozen=True, slots=True)
class OwnersResult:
    """Owners, failover rankings and per-node load for one set of jobs and nodes.

    `moves` compares each job's owner with every configured node up against its owner
    now; with quorum lost every job "moves" to None. `unexpected_moves` lists moves
    rendezvous hashing forbids (a live node's job going elsewhere while quorum holds);
    it is a self-check and is always empty.
    """

    hash: HashName
    nodes: tuple[str, ...]
    live: tuple[str, ...]
    down: tuple[str, ...]
    quorum: bool
    majority: int
    quorum_met: bool
    owners: dict[str, str | None]
    ranking: dict[str, tuple[str, ...]]
    counts: dict[str, int]
    moves: tuple[Move, ...]
    unexpected_moves: tuple[Move, ...]
    balance: Balance | None

    @property
    def jobs(self) -> int:
        return len(self.owners)


def _validate(
    job_names: Sequence[str], nodes: Sequence[str], down: Iterable[str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if not nodes:
        raise ValueError("owners needs at least one node")
    seen: set[str] = set()
    for node in nodes:
        if not node:
            raise ValueError("node names must not be empty")
        if node in seen:
            raise ValueError(f"node {node!r} is listed twice")
        seen.add(node)
    down_nodes = tuple(dict.fromkeys(down))  # keep order, drop repeats
    unknown = [node for node in down_nodes if node not in seen]
    if unknown:
        names = ", ".join(repr(n) for n in unknown)
        configured = ", ".join(nodes)
        plural = "s" if len(unknown) > 1 else ""
        hint = did_you_mean(unknown[0], nodes) if len(unknown) == 1 else ""
        raise ValueError(
            f"cannot mark unknown node{plural} {names} as down (configured: {configured}){hint}"
        )
    if len(set(job_names)) < len(job_names):  # one pass in C; name the repeat only then
        jobs_seen: set[str] = set()
        for job in job_names:
            if job in jobs_seen:
                raise ValueError(f"job {job!r} is listed twice")
            jobs_seen.add(job)
    return tuple(nodes), down_nodes


def compute_owners(
    job_names: Sequence[str],
    nodes: Sequence[str],
    *,
    down: Iterable[str] = (),
    hash: HashName = "sha256",
    quorum: bool = False,
) -> OwnersResult:
    """Assign every job to a live node by rendezvous hashing and report what moved.

    `quorum=True` withholds every owner when fewer than a majority of the configured
    nodes (len(nodes) // 2 + 1) are live. Raises ValueError for no nodes, a repeated
    node or job, an empty node name, an unknown hash, or a downed node not configured.
    """
    hash = _check_hash(hash)
    job_names = list(job_names)
    configured, down_nodes = _validate(job_names, nodes, down)
    down_set = set(down_nodes)
    live = tuple(node for node in configured if node not in down_set)
    majority = len(configured) // 2 + 1
    quorum_met = len(live) >= majority
    may_own = bool(live) and (quorum_met or not quorum)

    # Score nodes in tie order so a stable descending sort by score settles ties.
    nodes_in_tie_order = tie_order(configured, hash)
    positions = range(len(nodes_in_tie_order))
    owners: dict[str, str | None] = {}
    ranking: dict[str, tuple[str, ...]] = {}
    counts = dict.fromkeys(live, 0)
    moves: list[Move] = []
    rows = _ROW_SCORERS[hash](job_names, nodes_in_tie_order)
    # Jobs share the few orders a handful of nodes can come in: each order's node
    # tuples (all nodes, live nodes) are made once and shared by its jobs.
    orders: dict[tuple[int, ...], tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for job, row in zip(job_names, rows, strict=True):
        best_first = tuple(sorted(positions, key=row.__getitem__, reverse=True))
        known = orders.get(best_first)
        if known is None:
            every = tuple(nodes_in_tie_order[i] for i in best_first)
            alive = tuple(node for node in every if node not in down_set)
            known = orders[best_first] = (every, alive)
        full, order = known
        ranking[job] = order
        owner = order[0] if may_own else None
        owners[job] = owner
        if owner is not None:
            counts[owner] += 1
        if owner != full[0]:
            moves.append(Move(job, full[0], owner))

    # Rendezvous hashing never moves a live node's job while it can own jobs; a
    # violation here would mean the ranking and the owners disagree.
    unexpected = tuple(m for m in moves if m.from_node not in down_set and may_own)
    balance = None
    if live:
        values = list(counts.values())
        balance = Balance(
            min=min(values),
            max=max(values),
            ideal=sum(values) / len(live),
            stdev=statistics.pstdev(values),
        )
    return OwnersResult(
        hash=hash,
        nodes=configured,
        live=live,
        down=down_nodes,
        quorum=quorum,
        majority=majority,
        quorum_met=quorum_met,
        owners=owners,
        ranking=ranking,
        counts=counts,
        moves=tuple(moves),
        unexpected_moves=unexpected,
        balance=balance,
    )
