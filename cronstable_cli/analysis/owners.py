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
import sys
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

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
    # computed once per job and only each node's remaining bytes run per pair. A byte
    # by byte loop in Python costs a few hundred ns a byte, so a batch of jobs runs
    # together: their states packed into one integer, a 128-bit lane each, one XOR,
    # multiply and mask per byte for the whole batch (in C). Lanes cannot spill: a
    # state below 2**64 times the prime (below 2**41) stays below 2**105, and the
    # mask keeps each lane's low 64 bits, which is all FNV-1a keeps.
    node_bytes = [as_bytes(node) for node in nodes]
    common = _common_prefix(node_bytes)
    rests = [b[len(common) :] for b in node_bytes]
    prime = FNV64_PRIME
    lane = _MASK64.to_bytes(8, "little") + bytes(8)
    # A batch's columns (one per node) are held at once: keep them to ~65,536 scores.
    size = max(1, min(_FNV_BATCH, 65_536 // max(len(nodes), 1)))
    for start in range(0, len(jobs), size):
        batch = jobs[start : start + size]
        width = 16 * len(batch)
        mask = int.from_bytes(lane * len(batch), "little")
        states = int.from_bytes(
            b"".join(
                fnv1a64(as_bytes(job) + b"\0" + common).to_bytes(16, "little") for job in batch
            ),
            "little",
        )
        spread: dict[int, int] = {}  # a byte in every lane
        columns: list[list[int]] = []
        for rest in rests:
            g = states
            for byte in rest:
                b = spread.get(byte)
                if b is None:
                    b = spread[byte] = int.from_bytes(
                        bytes((byte,)).ljust(16, b"\0") * len(batch), "little"
                    )
                g = ((g ^ b) * prime) & mask
            columns.append(_lanes(g, width))
        for row in zip(*columns, strict=True):
            yield list(row)
        if not columns:
            yield from ([] for _ in batch)


_FNV_BATCH = 256  # jobs hashed together (measured: 3-12x the speed of one at a time)


def _lanes(packed: int, width: int) -> list[int]:
    """The low 64 bits of each 128-bit lane of `packed`, first lane first (read in C)."""
    words = memoryview(packed.to_bytes(width, sys.byteorder)).cast("Q")
    if sys.byteorder == "little":
        return words[::2].tolist()
    return words[1::2].tolist()[::-1]  # big-endian: the last lane comes first


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
    it is a self-check and is always empty. `ranking` works each job's order out when
    it is read (see Rankings): nothing holds every job's ranking at once.
    """

    hash: HashName
    nodes: tuple[str, ...]
    live: tuple[str, ...]
    down: tuple[str, ...]
    quorum: bool
    majority: int
    quorum_met: bool
    owners: dict[str, str | None]
    ranking: Mapping[str, tuple[str, ...]]
    counts: dict[str, int]
    moves: tuple[Move, ...]
    unexpected_moves: tuple[Move, ...]
    balance: Balance | None

    @property
    def jobs(self) -> int:
        return len(self.owners)


# --- the size budget -------------------------------------------------------------------
#
# Placing jobs over nodes is jobs x nodes work, and a full answer (a ranking of every
# node for every job) is that big too, so a file with thousands of jobs and thousands
# of peers would take minutes and gigabytes. Every placement checks its size here
# first and refuses past the budget (docs/fleet-analyses.md, "Limits"). The largest
# real fleets (100,000 jobs x 10 nodes, 10,000 x 100) stay at half of it or less.

MAX_PAIRS = 2_000_000  # jobs x configured nodes
MAX_NAME_BYTES = 64_000_000  # jobs x the UTF-8 bytes of every node name together


class FleetTooLarge(ValueError):
    """Jobs x nodes past the budget: the placement is refused before any work."""


def check_size(jobs: int, nodes: Sequence[str]) -> None:
    """Raise FleetTooLarge when placing `jobs` jobs over `nodes` is past the budget."""
    pairs = jobs * len(nodes)
    what = f"{jobs:,} {'job' if jobs == 1 else 'jobs'} × {len(nodes):,} nodes"
    if pairs > MAX_PAIRS:
        raise FleetTooLarge(
            f"{what} is {pairs:,} job-node pairs, over the limit of {MAX_PAIRS:,}; "
            "check the node list (peers), or place fewer jobs at a time"
        )
    name_bytes = sum(len(as_bytes(node)) for node in nodes)
    if jobs * name_bytes > MAX_NAME_BYTES:
        raise FleetTooLarge(
            f"{what} with {name_bytes:,} bytes of node names is {jobs * name_bytes:,} "
            f"bytes to hash, over the limit of {MAX_NAME_BYTES:,}; check the node names, "
            "or place fewer jobs at a time"
        )


class ScoreTally:
    """How many (job, node) scores were computed: the budget's own count, for tests."""

    __slots__ = ("scores",)

    def __init__(self) -> None:
        self.scores = 0


SCORED = ScoreTally()


def _scored_rows(hash: HashName, jobs: Sequence[str], nodes: Sequence[str]) -> Iterator[list[Any]]:
    """Each job's sort keys in `nodes` order, one row at a time, counted in SCORED.

    A row holds keys of one kind (bytes for sha256, ints for fnv1a64), so they compare.
    """
    tally = SCORED
    width = len(nodes)
    for row in _ROW_SCORERS[hash](jobs, nodes):
        tally.scores += width
        yield row


# --- owners in one pass ----------------------------------------------------------------


class RendezvousCache:
    """Each job's owners under one node set, down set and hash, kept to be asked again.

    `diff` places both sides with one cache: a job both sides have, over the same
    nodes, is scored once. It holds two names per job and setup, never a ranking.
    """

    def __init__(self) -> None:
        self._setups: dict[tuple[object, ...], dict[str, tuple[str, str | None]]] = {}

    def setup(
        self, hash: HashName, nodes: tuple[str, ...], down: frozenset[str]
    ) -> dict[str, tuple[str, str | None]]:
        return self._setups.setdefault((hash, nodes, down), {})


def owner_pass(
    job_names: Sequence[str],
    nodes: Sequence[str],
    *,
    down: Collection[str] = (),
    hash: HashName = "sha256",
    cache: RendezvousCache | None = None,
) -> Iterator[tuple[str, str, str | None]]:
    """(job, its owner with every node up, its owner among the live nodes) per job.

    One row of scores per job, kept only while its best node and best live node are
    picked: memory stays O(nodes) whatever the number of jobs. The owner with every
    node up is the live owner unless it is down, so the second search runs only
    then. `nodes` are assumed valid (compute_owners and place_jobs check them).
    """
    tie = tuple(tie_order(nodes, hash))
    live_positions = [i for i, node in enumerate(tie) if node not in down]
    is_live = [node not in down for node in tie]
    known = cache.setup(hash, tie, frozenset(down)) if cache is not None else None
    todo = job_names if known is None else [job for job in job_names if job not in known]
    fresh = _scored_rows(hash, todo, tie)
    for job in job_names:
        answer = None if known is None else known.get(job)
        if answer is None:
            row = next(fresh)
            # Nodes are in tie order, so the first of the highest keys wins its ties.
            first = row.index(max(row))
            if is_live[first]:
                best: int | None = first
            elif live_positions:
                best = max(live_positions, key=row.__getitem__)
            else:
                best = None
            answer = (tie[first], None if best is None else tie[best])
            if known is not None:
                known[job] = answer
        yield job, *answer


class Rankings(Mapping[str, tuple[str, ...]]):
    """Each job's live nodes best first, worked out when read and not kept.

    Reading one costs one row of scores; reading all of them (JSON's `ranking`) costs
    what computing the owners did, but only one ranking exists at a time. Reading
    them in order under fnv1a64 scores the jobs ahead in a batch (it hashes a batch
    together, see _fnv1a64_rows), up to ~65,536 scores; their reads take rows from it.
    """

    def __init__(self, jobs: Collection[str], live: Sequence[str], hash: HashName) -> None:
        self._jobs = jobs
        self._tie = tuple(tie_order(live, hash))
        self._hash = hash
        self._order: list[str] | None = None  # jobs in order, for batches
        self._position: dict[str, int] = {}
        self._batch: dict[str, list[Any]] = {}
        self._last: str | None = None  # the job read last (batches start on a second read)

    def __getitem__(self, job: str) -> tuple[str, ...]:
        if job not in self._jobs:
            raise KeyError(job)
        tie = self._tie
        row = self._batch.pop(job, None)
        if row is None:
            batch = self._batch_from(job)
            self._batch = dict(zip(batch, _scored_rows(self._hash, batch, tie), strict=True))
            row = self._batch.pop(job)
        best_first = sorted(range(len(tie)), key=row.__getitem__, reverse=True)
        return tuple(tie[i] for i in best_first)

    def _batch_from(self, job: str) -> list[str]:
        """The jobs to score now: `job`, and the jobs after it when reads go in order."""
        if self._hash != "fnv1a64":  # sha256 costs the same one row at a time
            return [job]
        last, self._last = self._last, job
        if self._order is None:
            if last is None:  # one read need not cost a list of every job
                return [job]
            self._order = list(self._jobs)
            self._position = {name: i for i, name in enumerate(self._order)}
        start = self._position[job]
        if last is None or self._position.get(last) != start - 1:
            return [job]
        size = max(1, min(_FNV_BATCH, 65_536 // max(len(self._tie), 1)))
        return self._order[start : start + size]

    def __iter__(self) -> Iterator[str]:
        return iter(self._jobs)

    def __len__(self) -> int:
        return len(self._jobs)


def validate(
    job_names: Sequence[str], nodes: Sequence[str], down: Iterable[str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The configured nodes and the downed ones (repeats dropped), or ValueError."""
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
    node or job, an empty node name, an unknown hash, or a downed node not configured;
    FleetTooLarge (a ValueError) past the size budget.
    """
    hash = _check_hash(hash)
    job_names = list(job_names)
    configured, down_nodes = validate(job_names, nodes, down)
    check_size(len(job_names), configured)
    down_set = set(down_nodes)
    live = tuple(node for node in configured if node not in down_set)
    majority = len(configured) // 2 + 1
    quorum_met = len(live) >= majority
    may_own = bool(live) and (quorum_met or not quorum)

    owners: dict[str, str | None] = {}
    counts = dict.fromkeys(live, 0)
    moves: list[Move] = []
    for job, first, best_live in owner_pass(job_names, configured, down=down_set, hash=hash):
        owner = best_live if may_own else None
        owners[job] = owner
        if owner is not None:
            counts[owner] += 1
        if owner != first:
            moves.append(Move(job, first, owner))

    # Rendezvous hashing never moves a live node's job while it can own jobs; a
    # violation here would mean the ranking and the owners disagree.
    unexpected = tuple(m for m in moves if m.from_node not in down_set and may_own)
    return OwnersResult(
        hash=hash,
        nodes=configured,
        live=live,
        down=down_nodes,
        quorum=quorum,
        majority=majority,
        quorum_met=quorum_met,
        owners=owners,
        ranking=Rankings(owners.keys(), live, hash),
        counts=counts,
        moves=tuple(moves),
        unexpected_moves=unexpected,
        balance=balance(counts) if live else None,
    )


def balance(counts: dict[str, int]) -> Balance:
    """The spread of `counts` (jobs per live node; at least one node)."""
    values = list(counts.values())
    return Balance(
        min=min(values),
        max=max(values),
        ideal=sum(values) / len(values),
        stdev=statistics.pstdev(values),
    )
