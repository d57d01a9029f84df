"""`cronstable diff` on real git repositories and on two directories.

The fixture (tests/data/diff/base → head) holds one of each change; the
values below were worked out by hand from the schedules, with the window
starting Monday 2027-03-08 00:00 UTC (US clocks spring forward on Sunday
2027-03-14):

- rollup → rollup-hourly: a rename (same command and `H * * * *`); the H
  slot is keyed by the name, so it moves (slots checked against the daemon).
- every-quarter: `*/15` → `0,15,30,45`, the same fires (respelled).
- nightly: 03:00 → 02:00 UTC, still 7 fires a week.
- wake-up: `30 2 * * *` from UTC to America/New_York: 02:30 EST, and on
  2027-03-14 02:30 does not exist there (a new dst-skipped-time note).
- paused: disabled. hourly-b (`@hourly`): added, a new duplicate of
  hourly-a (`0 * * * *`). report: added at 09:00. legacy: removed.
- tasks.crontab:1: every day → Mon-Fri at 04:00, 7 → 5 fires a week.
- side-job: other.yaml is broken in HEAD, so side-job is unknown there.

Minute :00 of the hour: base every-quarter, nightly, hourly-a, legacy and
tasks (5 jobs); head every-quarter, nightly, hourly-a, hourly-b, report and
tasks (6 jobs; legacy gone).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import run
from tests.gitrepo import Repo

DATA = Path(__file__).resolve().parents[1] / "data" / "diff"
FROM = "2027-03-08T00:00Z"


def _files(side: str) -> dict[str, str]:
    return {
        f"cronstable.d/{p.name}": p.read_text(encoding="utf-8")
        for p in sorted((DATA / side).iterdir())
    }


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Repo:
    """main holds the base files; the working tree and the branch `change` the head files."""
    repo = Repo(tmp_path)
    repo.commit(_files("base"), "base")
    repo.git("checkout", "-q", "-b", "change")
    repo.commit({**_files("head")}, "head")
    repo.git("checkout", "-q", "main")
    repo.write(_files("head"))
    monkeypatch.chdir(tmp_path)
    return repo


def as_json(capsys: pytest.CaptureFixture[str], *args: str, expect: int) -> Any:
    code, out, err = run(capsys, "diff", *args, "--from", FROM, "--format", "json")
    assert code == expect, err
    return json.loads(out)


def by_name(doc: Any) -> dict[str, Any]:
    return {job["name"]: job for job in doc["jobs"]}


def test_every_kind_of_change_against_the_working_tree(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = as_json(capsys, "main", expect=1)  # the broken file is a new error
    jobs = by_name(doc)
    assert doc["summary"] == {
        "added": 2,
        "removed": 1,
        "renamed": 1,
        "changed": 5,
        "unknown": 1,
        "unchanged": 1,
        "new_findings": 2,
        "fixed_findings": 0,
    }
    assert doc["base"]["label"] == "main" and len(doc["base"]["commit"]) == 40
    assert doc["head"]["label"] == "working tree" and doc["head"]["commit"] is None

    renamed = jobs["rollup-hourly"]
    assert (renamed["kind"], renamed["old_name"]) == ("renamed", "rollup")
    assert renamed["changes"] == ["renamed", "schedule"]
    assert renamed["fires"]["class"] == "moves_fires" and renamed["fires"]["h_moved"]

    quarter = jobs["every-quarter"]
    assert quarter["fires"]["class"] == "respelled" and quarter["changes"] == ["schedule"]

    nightly = jobs["nightly"]["fires"]
    assert nightly["class"] == "moves_fires" and not nightly["h_moved"]
    assert nightly["base"]["next"] == [
        "2027-03-08T03:00:00+00:00",
        "2027-03-09T03:00:00+00:00",
        "2027-03-10T03:00:00+00:00",
    ]
    assert nightly["head"]["next"] == [
        "2027-03-08T02:00:00+00:00",
        "2027-03-09T02:00:00+00:00",
        "2027-03-10T02:00:00+00:00",
    ]
    assert (nightly["base"]["per_week"], nightly["head"]["per_week"]) == (7, 7)

    wake = jobs["wake-up"]
    assert wake["changes"] == ["zone"] and wake["fires"]["class"] == "moves_fires"
    assert wake["head"]["timezone"] == "America/New_York"
    assert wake["fires"]["head"]["next"][0] == "2027-03-08T02:30:00-05:00"

    assert jobs["paused"]["changes"] == ["disabled"] and jobs["paused"]["fires"] is None
    assert jobs["hourly-b"]["kind"] == jobs["report"]["kind"] == "added"
    assert jobs["legacy"]["kind"] == "removed"

    backup = jobs["tasks.crontab:1"]["fires"]
    assert (backup["base"]["per_week"], backup["head"]["per_week"]) == (7, 5)
    assert (backup["base"]["per_day"], backup["head"]["per_day"]) == (1, 0.71)

    side = jobs["side-job"]
    assert (side["kind"], side["unknown_on"]) == ("unknown", "head")
    assert side["error"]["code"] == "invalid-config"
    assert side["error"]["file"] == "cronstable.d/other.yaml"


def test_fleet_duplicates_and_findings(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    doc = as_json(capsys, "main", "--max-per-minute", "5", expect=1)
    fleet = doc["fleet"]
    assert fleet["jobs_at_minute_zero"] == {"base": 5, "head": 6}
    assert fleet["busiest_minute"]["base"]["minute"] == 0
    assert fleet["crowded"] == [{"minute": 0, "base": 5, "head": 6}]
    # 03:00 in base: every-quarter, hourly-a, nightly, 7 days each; 02:00 in head:
    # every-quarter, hourly-a, hourly-b, nightly (wake-up now fires in New York).
    cell = fleet["busiest_cell"]
    assert (cell["base"]["hour"], cell["base"]["fires"]) == (3, 21)
    assert (cell["head"]["hour"], cell["head"]["fires"]) == (2, 28)
    assert [(d["kind"], d["jobs"]) for d in doc["duplicates"]] == [
        ("new", ["hourly-a", "hourly-b"])
    ]
    new = sorted(f["code"] for f in doc["findings"]["new"])
    assert new == ["crowded-minute", "dst-skipped-time", "invalid-config"]
    assert doc["findings"]["fixed"] == []


def test_two_commits_and_paths_limit_what_is_compared(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = as_json(capsys, "main", "change", "cronstable.d/tasks.crontab", expect=0)
    assert doc["head"]["label"] == "change" and len(doc["head"]["commit"]) == 40
    assert [j["name"] for j in doc["jobs"]] == ["tasks.crontab:1"]
    assert doc["base"]["files"] == doc["head"]["files"] == ["cronstable.d/tasks.crontab"]


def test_a_fixed_finding_is_not_new_and_never_fails(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = as_json(capsys, "change", "main", expect=0)  # head → base: the break is fixed
    assert [f["code"] for f in doc["findings"]["fixed"]] == ["dst-skipped-time", "invalid-config"]
    assert doc["findings"]["new"] == []
    assert by_name(doc)["side-job"]["unknown_on"] == "base"


def test_fail_on_error_ignores_new_notes(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    repo.write({"cronstable.d/other.yaml": (DATA / "base" / "other.yaml").read_text()})
    assert as_json(capsys, "main", expect=0)["summary"]["new_findings"] == 1  # the DST note
    assert as_json(capsys, "main", "--fail-on", "note", expect=1)


def test_h_slots_of_a_rename_are_the_daemons(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.oracle.daemon import ask

    job = by_name(as_json(capsys, "main", expect=1))["rollup-hourly"]
    answers = ask(
        "crontab",
        [
            {"expr": "H * * * *", "hash_key": name, "queries": []}
            for name in ("rollup", "rollup-hourly")
        ],
    )
    assert job["base"]["resolved"] == answers[0]["resolved"]
    assert job["head"]["resolved"] == answers[1]["resolved"]
    assert job["base"]["resolved"] != job["head"]["resolved"]


def test_two_directories_compare_like_two_revisions(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    by_rev = as_json(capsys, "main", expect=1)
    by_dir = as_json(capsys, str(DATA / "base"), str(DATA / "head"), expect=1)
    assert by_dir["summary"] == by_rev["summary"]
    assert [(j["name"], j["kind"], j["changes"]) for j in by_dir["jobs"]] == [
        (j["name"], j["kind"], j["changes"]) for j in by_rev["jobs"]
    ]


def test_the_text_report(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Unwrapped: line breaks would depend on where the checkout lives (tests/cli/test_widths.py
    # checks the wrapping).
    monkeypatch.setenv("COLUMNS", "1000")
    code, out, _ = run(
        capsys,
        "diff",
        str(DATA / "base"),
        str(DATA / "head"),
        "--from",
        FROM,
        "--max-per-minute",
        "5",
    )
    assert code == 1
    expected = (DATA / "expected.txt").read_text(encoding="utf-8")
    assert out.replace(str(DATA), "DATA") == expected


def test_a_path_absent_on_one_side_counts_its_jobs_as_added(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    repo.write(
        {"extra.yaml": "jobs:\n  - name: extra\n    command: e\n    schedule: '5 * * * *'\n"}
    )
    code, out, err = run(capsys, "diff", "main", "extra.yaml", "--from", FROM, "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["base"]["absent"] == ["extra.yaml"]
    assert [(j["name"], j["kind"]) for j in doc["jobs"]] == [("extra", "added")]
    assert "extra.yaml does not exist in main" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no-such-rev"], "'no-such-rev' is neither a git revision nor a path"),
        (
            ["main", "nowhere.yaml"],
            "'nowhere.yaml' is neither a git revision nor a path that "
            "exists in main or the working tree",
        ),
        (["main", "main~5"], "'main~5' is neither a git revision nor a path"),
        (
            ["main", "cronstable.d", "gone/"],
            "'gone/' exists neither in main nor in the working tree",
        ),
        (["cronstable.d"], "two paths compare with each other"),
    ],
)
def test_usage_errors_exit_2_with_a_message(
    repo: Repo, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, "diff", *args)
    assert code == 2
    assert message in err and "Traceback" not in err and out == ""


def test_outside_a_repository_a_revision_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "diff", "main")
    assert code == 2 and "not inside a git repository" in err


def test_a_file_broken_in_base_makes_its_jobs_unknown_there(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.rmtree(repo.root / "cronstable.d")
    repo.write(_files("base"))
    repo.git("add", "-A")
    doc = as_json(capsys, "change", expect=0)
    side = by_name(doc)["side-job"]
    assert (side["kind"], side["unknown_on"]) == ("unknown", "base")
    assert doc["base"]["errors"][0]["code"] == "invalid-config"


DAGS = """\
dags:
  - name: {etl}
    schedule: "H 2 * * *"
    timezone: Europe/Berlin
    tasks:
      - id: extract
        command: extract.sh
  - name: sync
    schedule: "{sync}"
    tasks:
      - id: pull
        command: pull.sh
"""


def test_dag_schedules_and_a_crontab_refused_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A DAG is the job `dag:<name>`: renaming the DAG moves its H slot like any job's.

    In HEAD the crontab gains a bad second line, so the daemon refuses the file
    whole: its first entry is unknown there, not removed.
    """
    repo = Repo(tmp_path)
    repo.commit(
        {
            "cronstable.yaml": DAGS.format(etl="etl", sync="0 3 * * *"),
            "cronstable.d/ops.crontab": "0 1 * * * ok.sh\n",
        }
    )
    repo.write(
        {
            "cronstable.yaml": DAGS.format(etl="etl-nightly", sync="0 4 * * *"),
            "cronstable.d/ops.crontab": "0 1 * * * ok.sh\n61 1 * * * bad.sh\n",
        }
    )
    monkeypatch.chdir(tmp_path)
    doc = as_json(capsys, "main", expect=1)
    jobs = by_name(doc)
    etl = jobs["dag:etl-nightly"]
    assert (etl["kind"], etl["old_name"]) == ("renamed", "dag:etl")
    # H in the minute field, by hand: sha256("minute\n" + name), first 8 bytes, mod 60.
    old, new = (
        int.from_bytes(hashlib.sha256(f"minute\n{n}".encode()).digest()[:8], "big") % 60
        for n in ("dag:etl", "dag:etl-nightly")
    )
    assert (etl["base"]["resolved"], etl["head"]["resolved"]) == (
        f"{old} 2 * * *",
        f"{new} 2 * * *",
    )
    assert old != new and etl["fires"]["h_moved"] and etl["changes"] == ["renamed", "schedule"]
    sync = jobs["dag:sync"]["fires"]
    assert sync["class"] == "moves_fires"
    assert [t[11:16] for t in sync["head"]["next"]] == ["04:00", "04:00", "04:00"]
    ok = jobs["ops.crontab:1"]
    assert (ok["kind"], ok["unknown_on"]) == ("unknown", "head")
    assert ok["error"]["code"] == "invalid-schedule"
    assert [f["code"] for f in doc["findings"]["new"]] == ["invalid-schedule"]


def test_github_annotations_sit_at_the_changed_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "diff", str(DATA / "base"), str(DATA / "head"), "--from", FROM, "--format", "github"
    )
    assert code == 1
    lines = out.splitlines()
    head_jobs = "data/diff/head/jobs.yaml"  # relative to the working directory
    # nightly's `- name:` is line 8 of head/jobs.yaml, report's line 25
    nightly = next(line for line in lines if "job nightly:" in line)
    assert nightly.startswith("::notice file=") and f"{head_jobs},line=8," in nightly
    assert "%0Aresolved `0 3 * * *` → `0 2 * * *`%0Aper week 7 → 7" in nightly
    assert any(f"{head_jobs},line=25," in line and "job report: added" in line for line in lines)
    removed = next(line for line in lines if "job legacy:" in line)
    assert "file=" not in removed and "(was at " in removed
    # the new findings at their own levels: the YAML error and the DST note
    assert sum(line.startswith("::error ") for line in lines) == 1
    assert any(line.startswith("::notice ") and "dst-skipped-time" in line for line in lines)
    assert lines[-1].startswith("cronstable diff: 2 added, 1 removed")


def test_a_name_cannot_forge_an_annotation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old, new = tmp_path / "old.yaml", tmp_path / "new.yaml"
    old.write_text("jobs: []\n")
    new.write_text(
        'jobs:\n  - name: "x\\n::error file=a::forged"\n    command: c\n    schedule: "0 1 * * *"\n'
    )
    _, out, _ = run(capsys, "diff", str(old), str(new), "--format", "github")
    assert not any(line.startswith("::error") for line in out.splitlines())
    _, text, _ = run(capsys, "diff", str(old), str(new))
    assert "x\\n::error file=a::forged" in text


def test_owners_follow_renames_and_each_sides_cluster_section(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cronstable_cli.analysis.owners import rank

    def config(peers: list[str], names: list[str]) -> str:
        text = "cluster:\n  nodeName: n1\n  electLeader: true\n  distribution: spread\n"
        text += "  peers:\n"
        text += "".join(f"    - host: {peer}:7000\n" for peer in peers)
        return (
            text
            + "jobs:\n"
            + "".join(
                f"  - name: {name}\n    command: run-{i}\n    schedule: '0 1 * * *'\n"
                for i, name in enumerate(names)
            )
        )

    repo = Repo(tmp_path)
    repo.commit({"cronstable.yaml": config(["n2"], ["alpha", "bravo", "charlie"])})
    repo.write({"cronstable.yaml": config(["n2", "n3"], ["alpha", "bravo", "charlie-2"])})
    monkeypatch.chdir(tmp_path)
    # Without cluster.listen and cluster.tls the daemon refuses HEAD (invalid-config),
    # so diff fails; the owners are compared all the same.
    doc = as_json(capsys, "main", expect=1)
    owners = doc["owners"]
    assert owners["nodes"] == {"base": ["n1", "n2"], "head": ["n1", "n2", "n3"]}
    expected = []
    for old, new in (("alpha", "alpha"), ("bravo", "bravo"), ("charlie", "charlie-2")):
        before, after = rank(old, ["n1", "n2"])[0], rank(new, ["n1", "n2", "n3"])[0]
        if before != after:
            expected.append({"job": new, "from": [before], "to": [after]})
    # spread: each job runs on its rendezvous owner; adding n3 moves some jobs onto it
    assert (
        owners["moves"]
        == expected
        == [
            {"job": "bravo", "from": ["n1"], "to": ["n3"]},
            {"job": "charlie-2", "from": ["n2"], "to": ["n3"]},
        ]
    )
    assert sum(owners["counts"]["head"].values()) == 3
    # the same nodes on both sides with --nodes: only the rename could move
    fixed = as_json(capsys, "main", "--nodes", "n1,n2", expect=1)["owners"]
    assert [m["job"] for m in fixed["moves"]] == (
        ["charlie-2"]
        if rank("charlie", ["n1", "n2"])[0] != rank("charlie-2", ["n1", "n2"])[0]
        else []
    )
    # single-leader (what if): every job runs on the lowest live name, n1, on both sides
    leader = as_json(capsys, "main", "--distribution", "single-leader", expect=1)["owners"]
    assert leader["moves"] == [] and leader["counts"]["head"] == {"n1": 3, "n2": 0, "n3": 0}


def test_jitter_peaks_before_and_after(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "diff",
        str(DATA / "base"),
        str(DATA / "head"),
        "--from",
        FROM,
        "--jitter",
        "0",
        "--format",
        "json",
    )
    assert code == 1  # the broken file
    peak = json.loads(out)["fleet"]["peak_per_second"]
    # With no jitter both peaks are the busiest instant: base Mon 03:00 (every-quarter,
    # hourly-a, nightly), head Mon 02:00 (every-quarter, hourly-a, hourly-b, nightly).
    assert peak == {"scheduled": {"base": 3, "head": 4}, "fire_after": {"base": 3, "head": 4}}


def test_a_line_added_above_a_crontab_entry_renames_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Crontab entries are named file:line: a new first line renames the old entries."""
    repo = Repo(tmp_path)
    repo.commit({"cronstable.d/ops.crontab": "H 3 * * * sweep.sh\n0 4 * * * backup.sh\n"})
    repo.write(
        {"cronstable.d/ops.crontab": "30 1 * * * new.sh\nH 3 * * * sweep.sh\n0 4 * * * backup.sh\n"}
    )
    monkeypatch.chdir(tmp_path)
    doc = as_json(capsys, "main", expect=0)
    kinds = [(j["kind"], j["old_name"], j["name"]) for j in doc["jobs"]]
    assert kinds == [
        ("added", None, "ops.crontab:1"),
        ("renamed", "ops.crontab:1", "ops.crontab:2"),
        ("renamed", "ops.crontab:2", "ops.crontab:3"),
    ]
    sweep, backup = doc["jobs"][1], doc["jobs"][2]
    # H in the minute field, by hand: sha256("minute\n" + name), first 8 bytes, mod 60.
    old, new = (
        int.from_bytes(hashlib.sha256(f"minute\n{n}".encode()).digest()[:8], "big") % 60
        for n in ("ops.crontab:1", "ops.crontab:2")
    )
    assert (sweep["base"]["resolved"], sweep["head"]["resolved"]) == (
        f"{old} 3 * * *",
        f"{new} 3 * * *",
    )
    assert sweep["fires"]["h_moved"] and backup["fires"] is None
    assert backup["changes"] == ["renamed"]


def test_every_key_of_a_job_entry_is_documented(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    docs = (DATA.parents[2] / "docs" / "json.md").read_text(encoding="utf-8")
    section = docs.split("\n## diff\n", 1)[1].split("\n## ", 1)[0]
    doc = as_json(capsys, "main", expect=1)
    keys = {key for job in doc["jobs"] for key in job}
    keys |= {key for job in doc["jobs"] if job["fires"] for key in job["fires"]}
    keys |= {
        key for job in doc["jobs"] for side in ("base", "head") if job[side] for key in job[side]
    }
    keys |= set(doc["fleet"]) | set(doc["base"]) | set(doc["summary"]) | set(doc["window"])
    # documented as `key` or inside a `{key, ...}` shape
    named = {
        word for span in re.findall(r"`([^`]*)`", section) for word in re.findall(r"\w+", span)
    }
    assert sorted(keys - named) == []


def test_no_change_says_so_and_exits_0(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "diff", "main", "main", "--from", FROM)
    assert code == 0
    assert "Jobs: no job changed (9 unchanged)"  # the 9 jobs of base in out
    assert "Findings: 0 new, 0 fixed" in out


def test_without_paths_the_config_files_paths_are_compared(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    # Only the crontab is named in the project's config file: nothing else is compared.
    (repo.root / ".cronstable.toml").write_text(
        'paths = ["cronstable.d/tasks.crontab"]\n', encoding="utf-8"
    )
    doc = as_json(capsys, "main", "change", expect=0)
    assert [j["name"] for j in doc["jobs"]] == ["tasks.crontab:1"]
    assert doc["base"]["files"] == ["cronstable.d/tasks.crontab"]
    # --isolated ignores the file: the whole default cronstable.d/ is compared again.
    doc = as_json(capsys, "main", "change", "--isolated", expect=1)
    assert len(doc["jobs"]) > 1
