"""A cluster of thousands of peers: `owners` and `diff` stay within the placement budget.

A config file a pull request controls can name thousands of peers next to
thousands of jobs. Past the budget `owners` stops at once (exit 1, the sizes
named, no traceback) and `diff` leaves its owners section out with the reason;
within it the work is jobs x nodes scores, counted, never timed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cronstable_cli.analysis.owners import MAX_PAIRS, SCORED

from ..cli.helpers import run

CLUSTER_HEAD = """\
cluster:
  listen: 0.0.0.0:7443
  tls:
    ca: /etc/cronstable/ca.pem
    cert: /etc/cronstable/node.pem
    key: /etc/cronstable/node.key
  nodeName: n0
  electLeader: true
  distribution: spread
  peers:
"""


def hostile_cluster(path: Path, jobs: int, peers: int) -> Path:
    """A config with `peers` peers (plus nodeName) and `jobs` jobs: the shape that hung."""
    lines = [CLUSTER_HEAD.rstrip("\n")]
    lines += [f"    - host: n{i}:7443" for i in range(1, peers + 1)]
    lines.append("jobs:")
    for i in range(jobs):
        lines += [f"  - name: j{i}", '    schedule: "0 * * * *"', "    command: x"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def too_big(tmp_path: Path) -> Path:
    return hostile_cluster(tmp_path / "cronstable.yaml", 2000, 2000)  # 2,000 x 2,001


@pytest.mark.parametrize(
    "extra",
    [(), ("--format", "json"), ("--down", "n5"), ("--all",), ("--hash", "fnv1a64")],
    ids=["text", "json", "down", "all", "fnv1a64"],
)
def test_owners_past_the_budget_stops_with_the_sizes(
    capsys: pytest.CaptureFixture[str], too_big: Path, extra: tuple[str, ...]
) -> None:
    before = SCORED.scores
    code, out, err = run(capsys, "owners", str(too_big), *extra)
    assert code == 1
    assert out == ""
    assert "2,000 jobs × 2,001 nodes" in err
    assert "4,002,000 job-node pairs" in err
    assert f"{MAX_PAIRS:,}" in err
    assert "Traceback" not in err
    assert SCORED.scores == before  # refused before any work


@pytest.mark.parametrize("distribution", ["spread", "single-leader"])
def test_owners_past_the_budget_is_refused_under_every_election(
    capsys: pytest.CaptureFixture[str], too_big: Path, distribution: str
) -> None:
    # Without hashing the answer still lists every node per job: the same budget.
    code, _, err = run(capsys, "owners", str(too_big), "--distribution", distribution)
    assert code == 1 and "job-node pairs" in err


@pytest.mark.parametrize("fmt", ["text", "json", "markdown", "github"])
def test_diff_past_the_budget_leaves_owners_out_with_a_note(
    capsys: pytest.CaptureFixture[str], too_big: Path, tmp_path: Path, fmt: str
) -> None:
    head = hostile_cluster(tmp_path / "head.yaml", 2000, 2000)
    before = SCORED.scores
    code, out, err = run(capsys, "diff", str(too_big), str(head), "--format", fmt)
    assert "Traceback" not in err
    assert SCORED.scores == before
    assert code == 0  # the rest of the diff stands; the owners section is left out
    if fmt == "json":
        doc = json.loads(out)
        assert doc["owners"] is None
        assert "job-node pairs" in doc["owners_note"]
        assert "2,000 jobs × 2,001 nodes" in doc["owners_note"]
    elif fmt == "text":
        assert "Owners: left out:" in out
        assert "job-node pairs" in " ".join(out.split())


@pytest.mark.parametrize(
    ("fmt", "rankings"),
    [("text", 50), ("json", 300)],  # text lists the first 50 jobs; JSON ranks every job
)
def test_thousands_of_peers_within_the_budget_cost_jobs_times_nodes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str, rankings: int
) -> None:
    config = hostile_cluster(tmp_path / "cronstable.yaml", 300, 3000)  # 900,300 pairs
    nodes = 3001
    before = SCORED.scores
    code, out, err = run(capsys, "owners", str(config), "--format", fmt)
    assert code == 0, err
    # One pass for the owners, then one row per ranking shown.
    assert SCORED.scores - before == 300 * nodes + rankings * nodes
    if fmt == "json":
        doc = json.loads(out)
        assert len(doc["ranking"]) == 300
        assert all(len(order) == nodes for order in doc["ranking"].values())
        assert all(doc["ranking"][job][0] == doc["owners"][job] for job in doc["owners"])
    else:
        assert "… 2,992 more" in out  # 8 failover nodes shown of 3,000


def test_diff_scores_a_job_both_sides_share_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    base = hostile_cluster(tmp_path / "base.yaml", 300, 1000)
    text = base.read_text(encoding="utf-8")
    head = tmp_path / "head.yaml"
    head.write_text(text.replace("  - name: j0\n", "  - name: renamed\n"), encoding="utf-8")
    before = SCORED.scores
    code, out, err = run(capsys, "diff", str(base), str(head), "--format", "json")
    assert code == 0, err
    assert SCORED.scores - before == 301 * 1001  # 299 shared jobs, j0 and `renamed`
    assert json.loads(out)["owners"] is not None
