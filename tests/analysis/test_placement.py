"""Where jobs run under the cluster's policy (placement.py), by hand and against the daemon."""

from __future__ import annotations

import hashlib
import itertools
from pathlib import Path

import pytest

from cronstable_cli.analysis.placement import (
    Election,
    Policy,
    election_from_cluster,
    place_jobs,
)

NODES = ["node-a", "node-b", "node-c"]
SINGLE = Election(True, "single-leader")
SPREAD = Election(True, "spread")
OFF = Election(False)
JOBS: list[tuple[str, Policy]] = [
    ("backup", "Leader"),
    ("report", "PreferLeader"),
    ("rotate", "EveryNode"),
]


def hrw_owner(job: str, nodes: list[str]) -> str:
    """The daemon's rendezvous winner, written out here: highest score, ties to the greater name."""
    return max(nodes, key=lambda n: (hashlib.sha256(f"{job}\0{n}".encode()).digest()[:8], n))


def runs(election: Election, down: tuple[str, ...] = ()) -> dict[str, tuple[str, ...] | None]:
    return place_jobs(JOBS, NODES, election, down=down).runs_on


def test_without_election_every_node_runs_every_job() -> None:
    assert runs(OFF) == dict.fromkeys(["backup", "report", "rotate"], tuple(NODES))
    # Below quorum too: without election there is no gate at all.
    assert runs(OFF, ("node-a", "node-b")) == dict.fromkeys(
        ["backup", "report", "rotate"], ("node-c",)
    )


def test_single_leader_runs_leader_jobs_on_the_lowest_live_name() -> None:
    assert runs(SINGLE) == {"backup": ("node-a",), "report": ("node-a",), "rotate": tuple(NODES)}
    assert runs(SINGLE, ("node-a",)) == {
        "backup": ("node-b",),
        "report": ("node-b",),
        "rotate": ("node-b", "node-c"),
    }


def test_below_quorum_leader_jobs_stop_and_prefer_leader_jobs_run_on() -> None:
    placed = place_jobs(JOBS, NODES, SINGLE, down=("node-a", "node-b"))
    assert placed.runs_on == {"backup": (), "report": ("node-c",), "rotate": ("node-c",)}
    assert placed.stopped == ("backup",)
    moves = {(m.job, m.from_node, m.to_node) for m in placed.result.moves}
    assert moves == {("backup", "node-a", None), ("report", "node-a", "node-c")}
    assert not placed.result.quorum_met and placed.result.majority == 2


def test_spread_uses_each_jobs_rendezvous_owner() -> None:
    names = [f"job-{i}" for i in range(40)]
    jobs: list[tuple[str, Policy]] = [(n, "Leader") for n in names]
    placed = place_jobs(jobs, NODES, SPREAD, down=("node-b",))
    for name in names:
        assert placed.runs_on[name] == (hrw_owner(name, ["node-a", "node-c"]),)
    # Only node-b's jobs moved.
    assert {m.job for m in placed.result.moves} == {
        n for n in names if hrw_owner(n, NODES) == "node-b"
    }
    assert not placed.result.unexpected_moves


def test_lease_backends_leave_the_holder_to_run_time() -> None:
    lease = election_from_cluster({"backend": "kubernetes"}, "the cluster section of x.yaml")
    assert lease.elect_leader and lease.lease
    placed = place_jobs(JOBS, NODES, lease)
    assert placed.runs_on == {"backup": None, "report": None, "rotate": tuple(NODES)}
    assert placed.result.owners == dict.fromkeys(["backup", "report", "rotate"])
    assert place_jobs(JOBS, NODES, lease, down=NODES).runs_on["backup"] == ()


@pytest.mark.parametrize(
    ("section", "expected"),
    [
        pytest.param({}, (False, "single-leader", "gossip"), id="defaults"),
        pytest.param({"electLeader": True}, (True, "single-leader", "gossip"), id="elect"),
        pytest.param(
            {"electLeader": "yes", "distribution": "spread"},
            (True, "spread", "gossip"),
            id="strictyaml-bool-text",
        ),
        pytest.param(
            {"distribution": "spread"},
            (False, "spread", "gossip"),
            id="spread-without-election-is-inert",
        ),
        pytest.param(
            {"backend": "etcd"}, (True, "single-leader", "etcd"), id="lease-implies-elect"
        ),
    ],
)
def test_election_from_cluster(section: dict[str, object], expected: tuple[bool, str, str]) -> None:
    e = election_from_cluster(section, "here")
    assert (e.elect_leader, e.distribution, e.backend) == expected


def test_placement_matches_the_daemons_election_functions() -> None:
    """Every down-set of 5 nodes, both distributions and no election, 30 jobs of each policy."""
    from tests.oracle.daemon import ask

    nodes = ["n1", "n2", "n3", "n4", "n5"]
    jobs: list[tuple[str, Policy]] = [
        (f"{policy}-{i}", policy)
        for policy in ("Leader", "PreferLeader", "EveryNode")
        for i in range(30)
    ]
    cases, ours = [], []
    for election in (OFF, SINGLE, SPREAD):
        for count in range(len(nodes) + 1):
            for down in itertools.combinations(nodes, count):
                live = [n for n in nodes if n not in down]
                cases.append(
                    {
                        "jobs": jobs,
                        "nodes": nodes,
                        "live": live,
                        "elect_leader": election.elect_leader,
                        "distribution": election.distribution,
                    }
                )
                placed = place_jobs(jobs, nodes, election, down=down)
                ours.append({job: list(n or ()) for job, n in placed.runs_on.items()})
    theirs = [answer["runs_on"] for answer in ask("placement", cases)]
    wrong = [
        (case["distribution"], case["elect_leader"], case["live"], job, t[job], o[job])
        for case, t, o in zip(cases, theirs, ours, strict=True)
        for job in t
        if t[job] != o[job]
    ]
    assert len(cases) == 96
    assert not wrong, wrong[:10]


POLICY_CONFIG = """\
defaults:
  clusterPolicy: PreferLeader
jobs:
  - name: leader-job
    command: a
    schedule: "0 1 * * *"
    clusterPolicy: Leader
  - name: prefer-job
    command: b
    schedule: "0 2 * * *"
  - name: every-job
    command: c
    schedule: "0 3 * * *"
    clusterPolicy: EveryNode
"""


def test_loaded_cluster_policies_match_the_daemons(tmp_path: Path) -> None:
    from cronstable_cli.loaders import load_paths
    from tests.oracle.daemon import ask

    (tmp_path / "cronstable.yaml").write_text(POLICY_CONFIG)
    (tmp_path / "legacy.crontab").write_text("0 4 * * * run.sh\n")
    ours = {job.name: job.cluster_policy for job in load_paths([str(tmp_path)]).jobs}
    expected = {
        "leader-job": "Leader",
        "prefer-job": "PreferLeader",
        "every-job": "EveryNode",
        "legacy.crontab:1": "Leader",
    }
    assert ours == expected
    [daemon] = ask("load", [{"root": str(tmp_path), "entry": "cronstable.yaml"}])
    assert daemon["ok"], daemon["error"]
    assert {j["name"]: j["cluster_policy"] for j in daemon["jobs"]} == {
        k: v for k, v in expected.items() if not k.startswith("legacy")
    }
