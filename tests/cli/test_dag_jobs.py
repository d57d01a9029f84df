"""A scheduled DAG is the job `dag:<name>` in every command; a refused crontab is in none.

The fleet: one job, and DAGs with a hashed schedule in Berlin, a schedule
equal to the job's, a disabled one and a manual-only one (no schedule, so
no job). Beside it, a crontab file whose second line is bad: the daemon
refuses that file whole, so neither of its entries runs.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from .helpers import run, run_json

START = "2026-12-01T00:00:00Z"

FLEET = """\
state:
  path: /var/lib/cronstable
defaults:
  timezone: Asia/Tokyo
  enabled: false
jobs:
  - name: backup
    command: backup.sh
    schedule: "0 3 * * *"
    timezone: UTC
    enabled: true
dags:
  - name: etl
    schedule: "H 2 * * *"
    timezone: Europe/Berlin
    tasks:
      - id: extract
        command: extract.sh
  - name: sync
    schedule: "0 3 * * *"
    clusterPolicy: EveryNode
    tasks:
      - id: pull
        command: pull.sh
  - name: paused
    schedule: "*/5 * * * *"
    enabled: false
    tasks:
      - id: wait
        command: wait.sh
  - name: manual
    tasks:
      - id: by-hand
        command: by-hand.sh
"""
OLD_CRONTAB = "0 1 * * * ok.sh\n61 1 * * * bad.sh\n"


def etl_minute() -> int:
    """H in the minute field, hashed with the name `dag:etl` (docs/hashing.md, by hand)."""
    digest = hashlib.sha256(b"minute\ndag:etl").digest()
    return int.from_bytes(digest[:8], "big") % 60


ETL = etl_minute()  # 46; the released daemon 1.2.72 resolves `dag:etl` to `46 2 * * *` too


@pytest.fixture
def fleet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "fleet.yaml").write_text(FLEET, encoding="utf-8")
    (tmp_path / "old.crontab").write_text(OLD_CRONTAB, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_hand_computed_slot() -> None:
    assert ETL == 46


def test_jobs_lists_dag_schedule_jobs_with_their_kind(
    capsys: pytest.CaptureFixture[str], fleet: Path
) -> None:
    doc = run_json(capsys, "jobs", "fleet.yaml", "--from", START)
    rows = {job["name"]: job for job in doc["jobs"]}
    assert list(rows) == ["backup", "dag:etl", "dag:sync", "dag:paused"]
    assert rows["backup"]["kind"] == "job"
    # The DAG's own frame, not `defaults:` (Tokyo, disabled).
    assert rows["dag:etl"] == {
        "name": "dag:etl",
        "kind": "dag",
        "file": "fleet.yaml",
        "line": 13,
        "schedule": "H 2 * * *",
        "resolved": f"{ETL} 2 * * *",
        "timezone": "Europe/Berlin",
        "enabled": True,
        "next": f"2026-12-01T01:{ETL}:00+00:00",
    }  # 02:46 CET
    assert (rows["dag:sync"]["timezone"], rows["dag:sync"]["enabled"]) == ("UTC", True)
    assert rows["dag:paused"]["enabled"] is False


def test_jobs_text_has_a_kind_column(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    code, out, _ = run(capsys, "jobs", "fleet.yaml", "--from", START)
    assert code == 0
    cells = [[c.strip() for c in line.replace("┃", "│").split("│")] for line in out.splitlines()]
    kinds = {row[0]: row[1] for row in cells if len(row) > 1 and row[1]}
    assert kinds == {
        "job / where": "kind",
        "backup": "job",
        "dag:etl": "dag",
        "dag:sync": "dag",
        "dag:paused": "dag",
    }


def test_refused_crontab_gives_no_job(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    doc = run_json(capsys, "jobs", ".", "--from", START, expect=1)
    assert [job["name"] for job in doc["jobs"]] == ["backup", "dag:etl", "dag:sync", "dag:paused"]
    [error] = doc["errors"]
    assert (error["file"], error["line"], error["code"]) == ("./old.crontab", 2, "invalid-schedule")
    assert "refuses the whole file" in error["message"]


def test_lint_reports_every_bad_crontab_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "old.crontab").write_text(
        "0 1 * * * ok.sh\n61 1 * * * a\n0 2 * * * date +%F\n@DAILY b\n* 2 * * * c\n",
        encoding="utf-8",
    )
    doc = run_json(capsys, "lint", "old.crontab", "--from", START, expect=1)
    found = [(f["line"], f["code"], f["level"]) for f in doc["findings"]]
    assert found == [
        (2, "invalid-schedule", "error"),
        (3, "invalid-config", "error"),
        (4, "invalid-schedule", "error"),
        # the entries still get their schedule checks
        (5, "every-minute", "warning"),
    ]
    assert "refuses the whole file" in doc["findings"][0]["message"]
    assert doc["jobs"] == 0


def test_pressure_counts_dag_jobs(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    # The refused crontab is a load error (exit 1); the analysis still covers the rest.
    doc = run_json(capsys, "pressure", ".", "--from", START, expect=1)
    assert (doc["jobs"], doc["excluded"], doc["total_fires"]) == (3, 1, 3)
    cells = {(c["hour"], c["minute"]): c["names"] for c in doc["top_cells"]}
    assert cells == {(3, 0): ["backup", "dag:sync"], (1, ETL): ["dag:etl"]}


def test_duplicates_groups_a_dag_with_a_job(
    capsys: pytest.CaptureFixture[str], fleet: Path
) -> None:
    doc = run_json(capsys, "duplicates", "fleet.yaml")
    assert [g["jobs"] for g in doc["groups"]] == [["backup", "dag:sync"]]


def test_suggest_counts_dag_jobs(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    doc = run_json(capsys, "suggest", "fleet.yaml", "--from", START)
    assert doc["based_on"]["jobs"] == 3
    assert doc["busiest"] == {"minute": 0, "fires": 2}


def test_owners_cover_enabled_dag_jobs(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    doc = run_json(capsys, "owners", "fleet.yaml", "--nodes", "a,b,c")
    assert set(doc["owners"]) == {"backup", "dag:etl", "dag:sync"}


def test_preview_a_dag_job(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    doc = run_json(capsys, "preview", "--job", "dag:etl", "fleet.yaml", "--from", START, "-n", "2")
    assert (doc["resolved"], doc["timezone"]) == (f"{ETL} 2 * * *", "Europe/Berlin")
    assert doc["fires"] == [f"2026-12-01T02:{ETL}:00+01:00", f"2026-12-02T02:{ETL}:00+01:00"]


def test_lint_checks_dag_schedules(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    doc = run_json(capsys, "lint", "fleet.yaml", "--from", START, "--select", "hashed-slot")
    [note] = doc["findings"]
    assert (note["job"], note["line"], note["column"]) == ("dag:etl", 14, 16)
    assert "renaming the DAG moves it" in note["message"]
