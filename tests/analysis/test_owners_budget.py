"""Placement work is bounded and proportionate: one pass per job, a size budget before it.

The work is counted, not timed: `owners.SCORED` counts every (job, node) score
computed, so each test says exactly how many a placement may cost. The answers
themselves are checked against full sorts by an independent score function.
"""

from __future__ import annotations

import hashlib
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.analysis import owners as owners_module
from cronstable_cli.analysis.owners import (
    HASHES,
    MAX_NAME_BYTES,
    MAX_PAIRS,
    SCORED,
    FleetTooLarge,
    RendezvousCache,
    check_size,
    compute_owners,
)
from cronstable_cli.analysis.placement import POLICIES, Election, Policy, place_jobs

OFF = Election(False)
SINGLE = Election(True, "single-leader")
SPREAD = Election(True, "spread")
LEASE = Election(True, "single-leader", "etcd")


# Independent scores (docs/fleet-analyses.md), not the package's code.
def sha_score(job: str, node: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{job}\0{node}".encode()).digest()[:8], "big")


def fnv_score(job: str, node: str) -> int:
    h = 0xCBF29CE484222325
    for byte in f"{job}\0{node}".encode():
        h = ((h ^ byte) * 0x100000001B3) % 2**64
    return h


SCORE = {"sha256": sha_score, "fnv1a64": fnv_score}


def full_order(job: str, nodes: list[str], hash_name: str) -> list[str]:
    """Best first by a full sort: highest score, ties to the greater name (fnv: lesser)."""
    score = SCORE[hash_name]
    if hash_name == "sha256":
        return sorted(nodes, key=lambda n: (score(job, n), n), reverse=True)
    return sorted(nodes, key=lambda n: (-score(job, n), n))


class Counted:
    """The scores computed inside a `with` block."""

    def __enter__(self) -> Counted:
        self.start = SCORED.scores
        return self

    def __exit__(self, *_: object) -> None:
        self.scores = SCORED.scores - self.start


# --- the budget: every path refuses before any score ----------------------------------


def _names(prefix: str, count: int, width: int = 0) -> list[str]:
    return [f"{prefix}{i:0{width}d}" for i in range(count)]


def _over_pairs(nodes: int) -> tuple[list[str], list[str]]:
    return _names("j", MAX_PAIRS // nodes + 1), _names("n", nodes)


def _over_bytes() -> tuple[list[str], list[str]]:
    nodes = [f"{i:03d}" + "x" * 997 for i in range(10)]  # 10 nodes of 1,000 bytes
    return _names("j", MAX_NAME_BYTES // 10_000 + 1), nodes


CASES = {
    "pairs, many nodes": (*_over_pairs(2001), "sha256", "job-node pairs"),
    "pairs, few nodes": (*_over_pairs(3), "sha256", "job-node pairs"),
    "pairs, fnv1a64": (*_over_pairs(50), "fnv1a64", "job-node pairs"),
    "name bytes": (*_over_bytes(), "sha256", "bytes of node names"),
    "name bytes, fnv1a64": (*_over_bytes(), "fnv1a64", "bytes of node names"),
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("entry", ["compute_owners", "place_jobs"])
def test_past_the_budget_is_refused_before_any_score(case: str, entry: str) -> None:
    jobs, nodes, hash_name, what = CASES[case]
    with Counted() as counted, pytest.raises(FleetTooLarge) as refused:
        if entry == "compute_owners":
            compute_owners(jobs, nodes, hash=hash_name)  # type: ignore[arg-type]
        else:
            placed: list[tuple[str, Policy]] = [(job, "Leader") for job in jobs]
            place_jobs(placed, nodes, SPREAD, hash=hash_name)  # type: ignore[arg-type]
    assert counted.scores == 0
    message = str(refused.value)
    assert what in message
    assert f"{len(jobs):,} jobs × {len(nodes):,} nodes" in message
    assert "over the limit of" in message
    assert isinstance(refused.value, ValueError)  # callers that catch ValueError still do


@pytest.mark.parametrize("nodes", [1, 3, 10, 100, 2001])
def test_the_budget_is_exactly_its_limit(nodes: int) -> None:
    names = _names("n", nodes)
    check_size(MAX_PAIRS // nodes, names)  # at the limit: allowed
    with pytest.raises(FleetTooLarge):
        check_size(MAX_PAIRS // nodes + 1, names)


@pytest.mark.parametrize(
    ("jobs", "nodes", "name"),
    [
        (100_000, 10, "cron-worker-{:02d}.eu-west-1.example.com"),
        (10_000, 100, "cron-worker-{:03d}.eu-west-1.example.com"),
        (300_000, 3, "node-{}"),
    ],
)
def test_large_real_fleets_stay_well_inside(jobs: int, nodes: int, name: str) -> None:
    names = [name.format(i) for i in range(nodes)]
    assert jobs * nodes <= MAX_PAIRS // 2
    assert jobs * sum(len(n) for n in names) <= MAX_NAME_BYTES * 0.6
    check_size(jobs, names)


# --- one pass per job: the counts ---------------------------------------------------------


@pytest.mark.parametrize("hash_name", HASHES)
@pytest.mark.parametrize("down", [(), ("n1",), ("n0", "n1", "n2")])
def test_owners_cost_one_score_per_job_and_node(hash_name, down) -> None:
    jobs, nodes = _names("job-", 400), _names("n", 7)
    with Counted() as counted:
        result = compute_owners(jobs, nodes, down=down, hash=hash_name)
    assert counted.scores == len(jobs) * len(nodes)
    live = [n for n in nodes if n not in down]
    for job in jobs:
        assert result.owners[job] == full_order(job, live, hash_name)[0]
    assert {m.job for m in result.moves} == {
        job for job in jobs if full_order(job, nodes, hash_name)[0] in down
    }
    # A ranking costs its live nodes' scores when it is read, and only then (fnv1a64
    # scores a batch of the jobs after it too, which their reads then take).
    with Counted() as counted:
        order = result.ranking[jobs[0]]
    assert list(order) == full_order(jobs[0], live, hash_name)
    if hash_name == "sha256":
        assert counted.scores == len(live)
    else:
        assert len(live) <= counted.scores <= max(len(live), 65_536)
    fresh = compute_owners(jobs, nodes, down=down, hash=hash_name)
    with Counted() as counted:
        every = dict(fresh.ranking.items())
    assert counted.scores == len(jobs) * len(live)  # every ranking, in order: once each
    assert all(list(every[job]) == full_order(job, live, hash_name) for job in jobs[::37])


@pytest.mark.parametrize(
    "election", [OFF, SINGLE, SPREAD, LEASE], ids=["off", "single", "spread", "lease"]
)
def test_only_spread_jobs_with_one_owner_are_scored(election: Election) -> None:
    jobs: list[tuple[str, Policy]] = [
        (f"{policy}-{i}", policy) for policy in POLICIES for i in range(50)
    ]
    nodes = _names("node-", 5)
    with Counted() as counted:
        placed = place_jobs(jobs, nodes, election, down=("node-1",))
    single = sum(1 for _, policy in jobs if policy != "EveryNode")
    expected = single * len(nodes) if election is SPREAD else 0
    assert counted.scores == expected
    assert len(placed.runs_on) == len(jobs)


@pytest.mark.parametrize("hash_name", HASHES)
def test_diff_sides_share_the_scores_of_the_jobs_they_share(hash_name) -> None:
    nodes = _names("n", 9)
    base: list[tuple[str, Policy]] = [(f"job-{i}", "Leader") for i in range(300)]
    head = base[100:] + [(f"new-{i}", "Leader") for i in range(50)]
    cache = RendezvousCache()
    with Counted() as counted:
        before = place_jobs(base, nodes, SPREAD, hash=hash_name, cache=cache)
        after = place_jobs(head, nodes, SPREAD, hash=hash_name, cache=cache)
    assert counted.scores == (300 + 50) * len(nodes)  # the 200 shared jobs once
    for job, _ in head:
        assert after.runs_on[job] == (full_order(job, nodes, hash_name)[0],)
    assert before.result.counts == place_jobs(base, nodes, SPREAD, hash=hash_name).result.counts
    # Another node set is another setup: nothing is taken from the first.
    with Counted() as counted:
        place_jobs(head, nodes[:-1], SPREAD, hash=hash_name, cache=cache)
    assert counted.scores == len(head) * (len(nodes) - 1)


@pytest.mark.parametrize("hash_name", HASHES)
def test_thousands_of_peers_within_the_budget_cost_jobs_times_nodes(hash_name) -> None:
    jobs: list[tuple[str, Policy]] = [(f"j{i}", "Leader") for i in range(200)]
    nodes = _names("peer-", 3000)  # 600,000 pairs: inside the budget
    with Counted() as counted:
        placed = place_jobs(jobs, nodes, SPREAD, down=("peer-7",), hash=hash_name)
    assert counted.scores == 200 * 3000
    live = [n for n in nodes if n != "peer-7"]
    for job, _ in jobs[::20]:
        assert placed.result.owners[job] == full_order(job, live, hash_name)[0]


# --- the one pass agrees with a full sort, ties and down nodes included ----------------------

names = st.text(min_size=1, max_size=40)


@settings(max_examples=150, deadline=None)
@given(
    jobs=st.lists(st.text(max_size=20), unique=True, max_size=12),
    nodes=st.lists(names, min_size=1, max_size=8, unique=True),
    data=st.data(),
    hash_name=st.sampled_from(HASHES),
)
def test_one_pass_matches_a_full_sort(jobs, nodes, data, hash_name) -> None:
    down = data.draw(st.lists(st.sampled_from(nodes), unique=True))
    result = compute_owners(jobs, nodes, down=down, hash=hash_name)
    live = [n for n in nodes if n not in down]
    for job in jobs:
        expected = full_order(job, live, hash_name)
        assert result.owners[job] == (expected[0] if expected else None)
        assert list(result.ranking[job]) == expected


@pytest.mark.parametrize("hash_name", HASHES)
def test_ties_in_the_one_pass_follow_the_tie_rule(monkeypatch, hash_name) -> None:
    # Constant scores: every node ties, so the tie rule alone picks, live or not.
    def constant_rows(jobs, nodes):
        for _ in jobs:
            yield [0] * len(nodes)

    monkeypatch.setitem(owners_module._ROW_SCORERS, hash_name, constant_rows)
    nodes = ["n2", "n1", "n3", "n4"]
    tie_winner = max if hash_name == "sha256" else min
    for down in itertools.chain.from_iterable(
        itertools.combinations(nodes, k) for k in range(len(nodes))
    ):
        live = [n for n in nodes if n not in down]
        result = compute_owners(["j"], nodes, down=down, hash=hash_name)
        assert result.owners["j"] == tie_winner(live)
        moved = {m.job: m.from_node for m in result.moves}
        assert moved.get("j", result.owners["j"]) == tie_winner(nodes)


@pytest.mark.parametrize("length", [23, 24, 25, 48, 100, 257])
def test_fnv_of_long_node_names_is_exact(length: int) -> None:
    # Names longer than a masking piece, differing at their first byte (no common prefix).
    nodes = [chr(ord("a") + i) + "é" * (length - 1) for i in range(5)]
    jobs = _names("job-", 60)
    result = compute_owners(jobs, nodes, hash="fnv1a64")
    for job in jobs:
        assert list(result.ranking[job]) == full_order(job, nodes, "fnv1a64")
