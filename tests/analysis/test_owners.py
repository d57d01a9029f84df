"""Rendezvous hashing: score functions, rankings, failover, quorum and balance."""

from __future__ import annotations

import hashlib
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.analysis import owners as owners_module
from cronstable_cli.analysis.owners import (
    HASHES,
    compute_owners,
    fnv1a64,
    order_by_score,
    rank,
    score_fnv1a64,
    score_sha256,
)


def reference_fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for byte in data:
        h ^= byte
        h = (h * 0x100000001B3) % 2**64
    return h


# --- score functions -------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param(b"", 0xCBF29CE484222325, id="empty"),
        pytest.param(b"a", 0xAF63DC4C8601EC8C, id="a"),
        pytest.param(b"foobar", 0x85944171F73967E8, id="foobar"),
    ],
)
def test_fnv1a64_published_vectors(data: bytes, expected: int) -> None:
    assert fnv1a64(data) == expected


@pytest.mark.parametrize(
    ("job", "node"),
    [("backup", "node-1"), ("", ""), ("nightly-report", "10.0.0.7"), ("café", "nœud-ß")],
)
def test_score_fnv1a64_hashes_job_nul_node(job: str, node: str) -> None:
    data = job.encode("utf-8") + b"\0" + node.encode("utf-8")
    assert score_fnv1a64(job, node) == reference_fnv1a64(data)


@pytest.mark.parametrize(
    ("job", "node"),
    [("backup", "node-1"), ("", ""), ("nightly-report", "10.0.0.7"), ("café", "nœud-ß")],
)
def test_score_sha256_is_first_8_bytes_big_endian(job: str, node: str) -> None:
    digest = hashlib.sha256(job.encode("utf-8") + b"\0" + node.encode("utf-8")).digest()
    assert score_sha256(job, node) == int.from_bytes(digest[:8], "big")


def test_rank_orders_by_score_highest_first() -> None:
    nodes = ["a", "b", "c", "d"]
    for hash_name, score in (("sha256", score_sha256), ("fnv1a64", score_fnv1a64)):
        expected = sorted(nodes, key=lambda n, s=score: s("job", n), reverse=True)
        assert rank("job", nodes, hash_name) == expected


# --- ties --------------------------------------------------------------------------


def test_sha256_ties_go_to_the_greater_name() -> None:
    assert order_by_score([(7, "b"), (7, "c"), (7, "a"), (9, "z0")], "sha256") == [
        "z0",
        "c",
        "b",
        "a",
    ]


def test_fnv1a64_ties_go_to_the_lesser_name() -> None:
    assert order_by_score([(7, "b"), (7, "c"), (7, "a"), (9, "z0")], "fnv1a64") == [
        "z0",
        "a",
        "b",
        "c",
    ]


@pytest.mark.parametrize(("hash_name", "winner"), [("sha256", "n3"), ("fnv1a64", "n1")])
def test_rank_applies_tie_rule(monkeypatch, hash_name: str, winner: str) -> None:
    monkeypatch.setitem(owners_module.SCORERS, hash_name, lambda job, node: 42)
    assert rank("job", ["n2", "n1", "n3"], hash_name)[0] == winner


@pytest.mark.parametrize(
    ("hash_name", "expected"),
    [("sha256", ("n3", "n2", "n1")), ("fnv1a64", ("n1", "n2", "n3"))],
)
def test_compute_owners_applies_tie_rule(monkeypatch, hash_name: str, expected: tuple) -> None:
    def constant_rows(jobs, nodes):
        for _ in jobs:
            yield [0] * len(nodes)

    monkeypatch.setitem(owners_module._ROW_SCORERS, hash_name, constant_rows)
    result = compute_owners(["j1", "j2"], ["n2", "n1", "n3"], hash=hash_name)
    assert result.ranking == {"j1": expected, "j2": expected}
    assert result.owners == {"j1": expected[0], "j2": expected[0]}


# --- the batch path agrees with rank() ----------------------------------------------

names = st.text(min_size=1, max_size=12)


@settings(max_examples=200, deadline=None)
@given(
    jobs=st.lists(st.text(max_size=20), unique=True, max_size=20),
    nodes=st.lists(names, min_size=1, max_size=8, unique=True),
    hash_name=st.sampled_from(HASHES),
)
def test_compute_owners_ranking_matches_rank(jobs, nodes, hash_name) -> None:
    result = compute_owners(jobs, nodes, hash=hash_name)
    for job in jobs:
        expected = rank(job, nodes, hash_name)
        assert list(result.ranking[job]) == expected
        assert result.owners[job] == expected[0]


# --- minimal remapping -----------------------------------------------------------------

JOBS = [f"job-{i:04d}" for i in range(300)]


@settings(max_examples=60, deadline=None)
@given(
    nodes=st.lists(names, min_size=2, max_size=7, unique=True),
    data=st.data(),
    hash_name=st.sampled_from(HASHES),
)
def test_removing_a_node_moves_only_its_jobs(nodes, data, hash_name) -> None:
    gone = data.draw(st.sampled_from(nodes))
    before = compute_owners(JOBS, nodes, hash=hash_name).owners
    after = compute_owners(JOBS, [n for n in nodes if n != gone], hash=hash_name).owners
    for job in JOBS:
        if before[job] != gone:
            assert after[job] == before[job]
        else:
            assert after[job] != gone


@settings(max_examples=60, deadline=None)
@given(
    nodes=st.lists(names, min_size=1, max_size=7, unique=True),
    extra=names,
    hash_name=st.sampled_from(HASHES),
)
def test_adding_a_node_moves_jobs_only_to_it(nodes, extra, hash_name) -> None:
    if extra in nodes:
        return
    before = compute_owners(JOBS, nodes, hash=hash_name).owners
    after = compute_owners(JOBS, [*nodes, extra], hash=hash_name).owners
    for job in JOBS:
        assert after[job] in (before[job], extra)


@settings(max_examples=60, deadline=None)
@given(
    nodes=st.lists(names, min_size=2, max_size=7, unique=True),
    data=st.data(),
    hash_name=st.sampled_from(HASHES),
)
def test_down_nodes_move_only_their_jobs_to_the_next_live_node(nodes, data, hash_name) -> None:
    down = data.draw(st.lists(st.sampled_from(nodes), min_size=1, max_size=len(nodes) - 1))
    up = compute_owners(JOBS, nodes, hash=hash_name)
    result = compute_owners(JOBS, nodes, down=down, hash=hash_name)

    moved = {m.job for m in result.moves}
    assert moved == {job for job, owner in up.owners.items() if owner in down}
    for move in result.moves:
        assert move.from_node == up.owners[move.job]
        next_live = next(n for n in up.ranking[move.job] if n not in down)
        assert move.to_node == next_live == result.owners[move.job]
    for job in JOBS:
        if job not in moved:
            assert result.owners[job] == up.owners[job]
    assert result.unexpected_moves == ()
    # Taking nodes down is the same as not configuring them, as far as owners go.
    live = [n for n in nodes if n not in down]
    assert result.owners == compute_owners(JOBS, live, hash=hash_name).owners


def test_down_result_fields() -> None:
    nodes = ["n1", "n2", "n3", "n4"]
    result = compute_owners(JOBS, nodes, down=["n2", "n2"])
    assert result.nodes == ("n1", "n2", "n3", "n4")
    assert result.live == ("n1", "n3", "n4")
    assert result.down == ("n2",)
    assert set(result.counts) == {"n1", "n3", "n4"}
    assert sum(result.counts.values()) == len(JOBS)
    assert all("n2" not in order and len(order) == 3 for order in result.ranking.values())
    assert all(m.from_node == "n2" for m in result.moves)


def test_no_moves_without_down_nodes() -> None:
    result = compute_owners(JOBS, ["a", "b", "c"])
    assert result.moves == ()
    assert result.down == ()


# --- quorum ------------------------------------------------------------------------


def test_quorum_holds_at_a_majority() -> None:
    result = compute_owners(JOBS, ["a", "b", "c", "d", "e"], down=["a", "b"], quorum=True)
    assert result.majority == 3
    assert result.quorum_met
    assert all(owner in ("c", "d", "e") for owner in result.owners.values())


@pytest.mark.parametrize(
    ("nodes", "down"),
    [
        (["a", "b", "c", "d", "e"], ["a", "b", "c"]),
        (["a", "b", "c", "d"], ["a", "b"]),  # 2 of 4 is not a majority
        (["a", "b"], ["a"]),
    ],
)
def test_no_owner_below_quorum(nodes, down) -> None:
    result = compute_owners(JOBS, nodes, down=down, quorum=True)
    assert not result.quorum_met
    assert set(result.owners.values()) == {None}
    assert all(count == 0 for count in result.counts.values())
    assert set(result.counts) == set(result.live)
    # Every job stops, and the ranking still shows the live failover order.
    assert {m.job for m in result.moves} == set(JOBS)
    assert all(m.to_node is None for m in result.moves)
    assert result.unexpected_moves == ()
    assert all(len(order) == len(result.live) for order in result.ranking.values())


def test_without_quorum_flag_a_minority_still_owns() -> None:
    result = compute_owners(JOBS, ["a", "b", "c", "d"], down=["a", "b"])
    assert not result.quorum_met
    assert set(result.owners.values()) <= {"c", "d"}


def test_every_node_down() -> None:
    result = compute_owners(["j"], ["a", "b"], down=["a", "b"])
    assert result.live == ()
    assert result.owners == {"j": None}
    assert result.counts == {}
    assert result.balance is None
    assert result.ranking == {"j": ()}


# --- counts and balance ---------------------------------------------------------------


def test_every_live_node_is_counted_even_at_zero() -> None:
    result = compute_owners(["only-job"], ["a", "b", "c", "d", "e"])
    assert set(result.counts) == {"a", "b", "c", "d", "e"}
    assert sorted(result.counts.values()) == [0, 0, 0, 0, 1]
    assert result.balance is not None
    assert (result.balance.min, result.balance.max, result.balance.ideal) == (0, 1, 0.2)


@pytest.mark.parametrize(
    "nodes",
    [
        ["alpha", "bravo", "charlie", "delta", "echo"],
        ["node-1", "node-2", "node-3", "node-4", "node-5"],
        ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5"],
    ],
)
def test_sha256_balances_within_five_sigma(nodes) -> None:
    jobs = [f"team-{i % 13}/job-{i}" for i in range(10_000)]
    result = compute_owners(jobs, nodes)
    expected = len(jobs) / len(nodes)
    sigma = math.sqrt(len(jobs) * (1 / len(nodes)) * (1 - 1 / len(nodes)))  # binomial
    for count in result.counts.values():
        assert abs(count - expected) <= 5 * sigma
    assert result.balance is not None
    assert result.balance.ideal == expected
    assert result.balance.stdev <= 5 * sigma


def test_fnv1a64_skews_nodes_that_differ_only_in_the_last_byte() -> None:
    # A fact about FNV-1a, not a bug here: the last byte barely reaches the high bits
    # that decide the comparison, so `node-1..node-5` split 2:1:1:2:2. This is why
    # sha256 is the default; the numbers are pinned so a change is noticed.
    jobs = [f"job-{i}" for i in range(10_000)]
    result = compute_owners(
        jobs, ["node-1", "node-2", "node-3", "node-4", "node-5"], hash="fnv1a64"
    )
    assert result.counts == {
        "node-1": 2501,
        "node-2": 1251,
        "node-3": 1249,
        "node-4": 2499,
        "node-5": 2500,
    }


# --- validation and output shape ----------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"nodes": []}, "at least one node"),
        ({"nodes": ["a", "b"], "down": ["c"]}, "unknown node 'c'"),
        ({"nodes": ["a", "b"], "down": ["x", "y"]}, "unknown nodes 'x', 'y'"),
        ({"nodes": ["a", "a"]}, "'a' is listed twice"),
        ({"nodes": ["a", ""]}, "must not be empty"),
        ({"nodes": ["a"], "hash": "md5"}, "unknown hash 'md5'"),
        ({"nodes": ["a"], "job_names": ["j", "j"]}, "job 'j' is listed twice"),
    ],
)
def test_invalid_input_is_a_clear_value_error(kwargs, message) -> None:
    kwargs.setdefault("job_names", ["j"])
    with pytest.raises(ValueError, match=message):
        compute_owners(**kwargs)


def test_unknown_down_node_names_the_configured_ones() -> None:
    with pytest.raises(ValueError, match=r"configured: a, b"):
        compute_owners(["j"], ["a", "b"], down=["c"])
