"""`cronstable owners`: where jobs run, failover, moves and quorum for loaded job files.

Most tests here are about rendezvous placement, so they pass `--distribution spread`
(SPREAD); the election itself is pinned by the tests at the end and in
tests/analysis/test_placement.py.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from cronstable_cli.analysis.cluster import ClusterError, nodes_from_cluster
from cronstable_cli.cli.owners_cmd import split_names

from . import helpers as cli

NODES = ["node-a", "node-b", "node-c"]
SPREAD = ("--distribution", "spread")


# Independent reimplementation of docs/fleet-analyses.md's scores (not the package's code).
def sha_score(job: str, node: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{job}\0{node}".encode()).digest()[:8], "big")


def fnv_score(job: str, node: str) -> int:
    h = 0xCBF29CE484222325
    for byte in f"{job}\0{node}".encode():
        h = ((h ^ byte) * 0x100000001B3) % 2**64
    return h


def ranking(job: str, nodes: list[str], score=sha_score) -> list[str]:
    return sorted(nodes, key=lambda node: score(job, node), reverse=True)


def write_jobs(path: Path, names: list[str], *, extra: str = "") -> Path:
    lines = [extra, "jobs:"] if extra else ["jobs:"]
    for name in names:
        lines += [f"  - name: {name}", "    command: run.sh", '    schedule: "H 2 * * *"']
    lines += [
        "  - name: warm-cache",
        "    command: warm.sh",
        '    schedule: "@reboot"',
        "  - name: retired",
        "    command: old.sh",
        '    schedule: "0 3 * * *"',
        "    enabled: false",
    ]
    path.write_text("\n".join(lines) + "\n")
    return path


JOBS = ["backup", "report", "rotate-logs", "sync-users", "vacuum", "reindex", "billing"]
ENABLED = [*JOBS, "warm-cache"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return cli.run(capsys, "owners", *args)


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    return cli.run_json(capsys, "owners", *args)


@pytest.fixture
def config(tmp_path: Path) -> Path:
    return write_jobs(tmp_path / "cronstable.yaml", JOBS)


def test_json_shape_and_owners(capsys: pytest.CaptureFixture[str], config: Path) -> None:
    doc = run_json(capsys, str(config), "--nodes", ",".join(NODES), *SPREAD)
    assert doc["version"] == 1
    assert {"hash", "nodes", "live", "owners", "ranking", "counts"} <= doc.keys()
    assert "moves" not in doc  # only when nodes are down
    assert doc["hash"] == "sha256"
    assert doc["nodes"] == NODES and doc["live"] == NODES
    # Every enabled job, @reboot included; the disabled one left out.
    assert list(doc["owners"]) == ENABLED
    assert doc["disabled"] == 1
    for job in ENABLED:
        assert doc["ranking"][job] == ranking(job, NODES)
        assert doc["owners"][job] == ranking(job, NODES)[0]
        assert doc["runs_on"][job] == [doc["owners"][job]]
    assert doc["policy"] == dict.fromkeys(ENABLED, "Leader")
    assert doc["election"] == {
        "elect_leader": True,
        "distribution": "spread",
        "backend": "gossip",
        "from": "--distribution",
    }
    assert doc["counts"] == {n: list(doc["owners"].values()).count(n) for n in NODES}
    assert doc["nodes_from"] == "--nodes"


def test_fnv1a64(capsys: pytest.CaptureFixture[str], config: Path) -> None:
    doc = run_json(capsys, str(config), "--nodes", ",".join(NODES), "--hash", "fnv1a64", *SPREAD)
    assert doc["hash"] == "fnv1a64"
    for job in ENABLED:
        assert doc["ranking"][job] == ranking(job, NODES, fnv_score)


def test_down_moves_only_the_downed_nodes_jobs(
    capsys: pytest.CaptureFixture[str], config: Path
) -> None:
    before = run_json(capsys, str(config), "--nodes", ",".join(NODES), *SPREAD)["owners"]
    doc = run_json(capsys, str(config), "--nodes", ",".join(NODES), "--down", "node-b", *SPREAD)
    assert doc["live"] == ["node-a", "node-c"]
    moved = {m["job"] for m in doc["moves"]}
    assert moved == {job for job, node in before.items() if node == "node-b"}
    assert moved  # the fixture gives node-b at least one job
    for move in doc["moves"]:
        assert move["from"] == "node-b"
        assert move["to"] == next(n for n in ranking(move["job"], NODES) if n != "node-b")
    for job, node in doc["owners"].items():
        if job not in moved:
            assert node == before[job]
    assert "node-b" not in doc["counts"]
    assert doc["stopped"] == []


def test_down_is_repeatable_and_comma_separated(
    capsys: pytest.CaptureFixture[str], config: Path
) -> None:
    nodes = "a,b,c,d,e"
    repeated = run_json(capsys, str(config), "--nodes", nodes, "--down", "b", "--down", "d")
    commas = run_json(capsys, str(config), "--nodes", nodes, "--down", "b,d")
    assert repeated == commas
    assert repeated["live"] == ["a", "c", "e"]


def test_text_with_down(capsys: pytest.CaptureFixture[str], config: Path) -> None:
    code, out, _ = run(capsys, str(config), "--nodes", ",".join(NODES), "--down", "node-b", *SPREAD)
    assert code == 0
    assert "down" in out
    assert "only jobs of the downed node moved" in out
    owners = run_json(capsys, str(config), "--nodes", ",".join(NODES), *SPREAD)["owners"]
    moved = next(job for job, node in owners.items() if node == "node-b")
    target = next(n for n in ranking(moved, NODES) if n != "node-b")
    assert f"{moved}: node-b → {target}" in out


def test_below_quorum_leader_jobs_stop(capsys: pytest.CaptureFixture[str], config: Path) -> None:
    args = [str(config), "--nodes", ",".join(NODES), "--down", "node-b,node-c"]
    for distribution in ("spread", "single-leader"):
        doc = run_json(capsys, *args, "--distribution", distribution)
        assert set(doc["owners"].values()) == {None}
        assert doc["runs_on"] == {job: [] for job in ENABLED}
        assert doc["stopped"] == ENABLED
        assert doc["quorum"] == {"required": True, "majority": 2, "met": False}
    code, out, _ = run(capsys, *args, *SPREAD)
    assert code == 0
    assert "QUORUM LOST" in out and "Leader jobs stop on every node" in out
    assert "7 jobs stopped" not in out and "8 jobs stopped" in out

    # Without election there is no gate: the one live node runs every job.
    doc = run_json(capsys, *args)
    assert doc["runs_on"] == {job: ["node-a"] for job in ENABLED}
    assert doc["stopped"] == [] and doc["quorum"]["required"] is False


def test_quorum_met(capsys: pytest.CaptureFixture[str], config: Path) -> None:
    doc = run_json(capsys, str(config), "--nodes", ",".join(NODES), "--down", "node-c", *SPREAD)
    assert doc["quorum"]["met"] is True
    assert None not in doc["owners"].values()


POLICIES = """defaults:
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


def test_policies_with_a_single_leader(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    config = tmp_path / "cronstable.yaml"
    config.write_text(POLICIES)
    args = [str(config), "--nodes", ",".join(NODES), "--distribution", "single-leader"]
    doc = run_json(capsys, *args)
    assert doc["policy"] == {
        "leader-job": "Leader",
        "prefer-job": "PreferLeader",
        "every-job": "EveryNode",
    }
    assert doc["runs_on"] == {
        "leader-job": ["node-a"],
        "prefer-job": ["node-a"],
        "every-job": NODES,
    }
    assert doc["owners"] == {"leader-job": "node-a", "prefer-job": "node-a", "every-job": None}
    assert doc["counts"] == {"node-a": 3, "node-b": 1, "node-c": 1}
    # The leader goes down: both single-node jobs move to the next lowest name.
    doc = run_json(capsys, *args, "--down", "node-a")
    assert doc["moves"] == [
        {"job": "leader-job", "from": "node-a", "to": "node-b"},
        {"job": "prefer-job", "from": "node-a", "to": "node-b"},
    ]
    # Below quorum only the Leader job stops.
    doc = run_json(capsys, *args, "--down", "node-a,node-b")
    assert doc["runs_on"] == {"leader-job": [], "prefer-job": ["node-c"], "every-job": ["node-c"]}
    assert doc["stopped"] == ["leader-job"]
    _, out, _ = run(capsys, *args, "--down", "node-a,node-b")
    assert "1 job moved, 1 job stopped" in out
    assert "prefer-job: node-a → node-c" in out


def test_without_a_cluster_section_every_node_runs_every_job(
    capsys: pytest.CaptureFixture[str], config: Path
) -> None:
    doc = run_json(capsys, str(config), "--nodes", ",".join(NODES))
    assert doc["election"]["elect_leader"] is False
    assert doc["runs_on"] == {job: NODES for job in ENABLED}
    assert doc["owners"] == dict.fromkeys(ENABLED)
    assert doc["counts"] == dict.fromkeys(NODES, len(ENABLED))
    code, out, _ = run(capsys, str(config), "--nodes", ",".join(NODES))
    assert code == 0
    assert "every node runs every job" in out


CLUSTER = """\
cluster:
  listen: 0.0.0.0:7443
  tls:
    ca: /etc/cronstable/ca.pem
    cert: /etc/cronstable/node.pem
    key: /etc/cronstable/node.key
  nodeName: node-a
  electLeader: true
  distribution: spread
  peers:
    - host: node-b:7443
    - host: node-c:7443
"""


def test_nodes_from_cluster_section(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    config = write_jobs(tmp_path / "cronstable.yaml", JOBS, extra=CLUSTER)
    doc = run_json(capsys, str(config))
    assert doc["nodes"] == NODES
    assert "cluster section of" in doc["nodes_from"]
    assert str(config) in doc["nodes_from"]
    for job in ENABLED:
        assert doc["owners"][job] == ranking(job, NODES)[0]

    code, out, _ = run(capsys, str(config), "--down", "node-c")
    assert code == 0
    assert "nodes from the cluster section of" in out
    # --nodes wins over the cluster section.
    assert run_json(capsys, str(config), "--nodes", "x,y")["nodes"] == ["x", "y"]


def test_no_nodes_anywhere_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], config: Path
) -> None:
    code, out, err = run(capsys, str(config))
    assert code == 2
    assert "--nodes" in err
    assert out == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(["--nodes", "a,b", "--down", "c"], "unknown node", id="unknown-down"),
        pytest.param(["--nodes", "a,b,a"], "listed twice", id="duplicate-node"),
        pytest.param(["--nodes", ","], "--nodes", id="empty-nodes"),
        pytest.param(["--nodes", "a", "--hash", "md5"], "--hash", id="bad-hash"),
    ],
)
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], config: Path, args: list[str], message: str
) -> None:
    code, _, err = run(capsys, str(config), *args)
    assert code == 2
    assert message in err


def test_missing_path_is_a_load_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, str(tmp_path / "nope.yaml"), "--nodes", "a")
    assert code == 1 and "unreadable-file" in err


def test_load_errors_are_reported_and_the_rest_answered(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    write_jobs(tmp_path / "good.yaml", JOBS)
    (tmp_path / "broken.yaml").write_text("jobs:\n  - name: [oops\n")
    code, out, err = run(capsys, str(tmp_path), "--nodes", "a,b", "--format", "json")
    assert code == 1  # the answer is printed, but it does not cover broken.yaml
    assert "broken.yaml" in err
    doc = json.loads(out)
    assert list(doc["owners"]) == ENABLED
    assert doc["errors"] and doc["errors"][0]["file"].endswith("broken.yaml")


def test_nothing_loaded_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("jobs:\n  - name: [oops\n")
    code, out, err = run(capsys, str(broken), "--nodes", "a,b")
    assert code == 1
    assert "broken.yaml" in err
    assert out == ""


def test_text_is_truncated_unless_all(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    names = [f"job-{i:03d}" for i in range(60)]
    config = write_jobs(tmp_path / "many.yaml", names)
    code, out, _ = run(capsys, str(config), "--nodes", ",".join(NODES))
    assert code == 0
    assert "first 50 of 61 in load order" in out and "--all" in out
    assert "job-049" in out and "job-050" not in out
    code, out, _ = run(capsys, str(config), "--nodes", ",".join(NODES), "--all")
    assert "job-059" in out and "warm-cache" in out
    assert "balance over 3 live nodes: min" in out


def test_no_color_text_has_no_escape_codes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, config: Path
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    code, out, _ = run(capsys, str(config), "--nodes", ",".join(NODES), "--down", "node-a")
    assert code == 0
    assert "\x1b" not in out
    assert "node-a" in out


def test_help_has_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "Examples:" in out
    assert "cronstable owners jobs/ --nodes" in out


@pytest.mark.parametrize(
    ("section", "nodes"),
    [
        pytest.param(
            {"nodeName": "a", "peers": [{"host": "b:7443"}, {"host": "c:7443"}]},
            ("a", "b", "c"),
            id="daemon-shape",
        ),
        pytest.param({"nodeName": "a", "peers": ["b", "c"]}, ("a", "b", "c"), id="names"),
        pytest.param(
            {"nodeName": "a", "peers": [{"name": "b"}, {"nodeName": "c"}, {"id": "d"}]},
            ("a", "b", "c", "d"),
            id="maps-with-names",
        ),
        pytest.param({"nodes": ["x", {"name": "y"}]}, ("x", "y"), id="nodes-list"),
        pytest.param(
            {"nodeName": "a", "peers": [{"host": "[fd00::2]:7443"}, {"host": "a:1"}]},
            ("a", "fd00::2"),
            id="ipv6-and-self-listing",
        ),
        pytest.param({"nodeName": "solo"}, ("solo",), id="one-node"),
    ],
)
def test_nodes_from_cluster_shapes(section: dict, nodes: tuple[str, ...]) -> None:
    assert nodes_from_cluster(section, "the cluster section").nodes == nodes


def test_nodes_from_cluster_notes() -> None:
    source = nodes_from_cluster({"nodeName": "a", "peers": [{"host": "b:1"}]}, "here")
    assert [note for note in source.notes if "host addresses" in note] == list(source.notes)
    spread = {"nodeName": "a", "peers": ["b"], "electLeader": "true", "distribution": "spread"}
    assert nodes_from_cluster(spread, "here").notes == ()


@pytest.mark.parametrize(
    "section",
    [
        pytest.param({"peers": [{"host": "b:1"}]}, id="peers-without-nodeName"),
        pytest.param({"backend": "kubernetes"}, id="no-nodes"),
        pytest.param("node-a", id="not-a-mapping"),
    ],
)
def test_nodes_from_cluster_refusals(section: object) -> None:
    with pytest.raises(ClusterError, match="--nodes"):
        nodes_from_cluster(section, "the cluster section")


def test_split_names() -> None:
    assert split_names(["a,b", " c ", "d,,", ""]) == ["a", "b", "c", "d"]


def test_spread_without_election_is_inert_and_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    inert = CLUSTER.replace("  electLeader: true\n", "")
    config = write_jobs(tmp_path / "cronstable.yaml", JOBS, extra=inert)
    doc = run_json(capsys, str(config))
    assert doc["election"]["elect_leader"] is False
    assert doc["runs_on"] == {job: NODES for job in ENABLED}
    assert any("no effect without electLeader" in note for note in doc["notes"])


def test_a_lease_backend_leaves_the_node_to_run_time(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = write_jobs(
        tmp_path / "cronstable.yaml", JOBS, extra="cluster:\n  backend: kubernetes\n"
    )
    doc = run_json(capsys, str(config), "--nodes", ",".join(NODES))
    assert doc["election"]["backend"] == "kubernetes" and doc["election"]["elect_leader"]
    assert doc["runs_on"] == dict.fromkeys(ENABLED)
    assert doc["quorum"]["required"] is False
    code, out, _ = run(capsys, str(config), "--nodes", ",".join(NODES))
    assert code == 0
    # The sentence names the config's path, so where it wraps depends on the path's length.
    prose = " ".join(out.split())
    assert "holds it (decided at run time)" in prose and "the lease holder" in out
