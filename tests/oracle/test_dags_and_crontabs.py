"""DAG schedule jobs and whole-file crontab refusal, against the released daemon.

Each case is a small config tree written to disk; the daemon (in its own
venv, through `tests/oracle/daemon.py`) loads it with `parse_config`, and
the toolkit loads and lints the same tree. They must agree on:
- the verdict: the daemon refuses the config exactly when lint reports an error;
- for a config the daemon loads: every `dag:<name>` job (name, resolved
  schedule, enabled, zone, clusterPolicy) and the names of the other jobs, in order.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from cronstable_cli.analysis.frames import job_crontab
from cronstable_cli.analysis.lint import LintSettings, lint
from cronstable_cli.loaders import load_paths

from .daemon import ask

NOW = datetime(2026, 12, 1, tzinfo=timezone.utc)
STATE = "state:\n  path: /tmp/cronstable-oracle-state\n"


def dag(
    name: str = "etl",
    head: str = '    schedule: "H 2 * * *"\n',
    tasks: str = "      - id: a\n        command: run-a\n",
) -> str:
    """One `dags:` item (the `- name:` line, its keys, then its tasks)."""
    return f"  - name: {name}\n{head}    tasks:\n{tasks}"


def config(*dags: str, jobs: str = "", state: str = STATE, top: str = "") -> str:
    text = top + state + (f"jobs:\n{jobs}" if jobs else "")
    return text + ("dags:\n" + "".join(dags) if dags else "")


TASKS_AB = (
    "      - id: a\n        command: run-a\n"
    "      - id: b\n        command: run-b\n        dependsOn:\n          - a\n"
)
JOB_ETL = '  - name: nightly\n    command: x\n    schedule: "0 3 * * *"\n'

# name -> {file: text}, the entry the daemon loads (a file or a directory).
CASES: dict[str, tuple[dict[str, str], str]] = {
    # -- DAGs the daemon loads: the schedule job as it builds it --------------------
    "hashed": ({"c.yaml": config(dag())}, "c.yaml"),
    "plain-and-job": (
        {"c.yaml": config(dag(head='    schedule: "*/10 * * * *"\n'), jobs=JOB_ETL)},
        "c.yaml",
    ),
    "map-schedule": (
        {"c.yaml": config(dag(head="    schedule:\n      minute: H\n      hour: H(1-4)\n"))},
        "c.yaml",
    ),
    "map-seconds": (
        {"c.yaml": config(dag(head='    schedule:\n      second: "30"\n      minute: "*/5"\n'))},
        "c.yaml",
    ),
    "frame-from-dag": (
        {
            "c.yaml": config(
                dag(
                    head='    schedule: "H 2 * * *"\n'
                    "    timezone: Europe/Berlin\n"
                    "    enabled: no\n"
                    "    clusterPolicy: EveryNode\n"
                )
            )
        },
        "c.yaml",
    ),
    "utc-false": (
        {"c.yaml": config(dag(head='    schedule: "0 4 * * *"\n    utc: false\n'))},
        "c.yaml",
    ),
    # `defaults:` applies to tasks and jobs, never to the schedule job.
    "defaults-ignored": (
        {
            "c.yaml": "defaults:\n  timezone: Asia/Tokyo\n  enabled: false\n"
            "  clusterPolicy: PreferLeader\n  utc: false\n" + config(dag(), jobs=JOB_ETL)
        },
        "c.yaml",
    ),
    "manual-only": ({"c.yaml": config(dag(head=""))}, "c.yaml"),
    "two-dags": (
        {"c.yaml": config(dag("a"), dag("b", head='    schedule: "H H * * *"\n'))},
        "c.yaml",
    ),
    "graph-ok": ({"c.yaml": config(dag(tasks=TASKS_AB))}, "c.yaml"),
    "diamond": (
        {
            "c.yaml": config(
                dag(
                    tasks=(
                        "      - id: a\n        command: x\n"
                        "      - id: b\n        command: x\n        dependsOn:\n          - a\n"
                        "      - id: c\n        command: x\n        dependsOn:\n          - a\n          - a\n"
                        "      - id: d\n        command: x\n        dependsOn:\n          - b\n          - c\n"
                    )
                )
            )
        },
        "c.yaml",
    ),
    "expand-ok": (
        {
            "c.yaml": config(
                dag(
                    tasks=(
                        "      - id: list\n        command: x\n"
                        "      - id: each\n        command: x\n        dependsOn:\n          - list\n"
                        "        expand:\n          fromTask: list\n          key: items\n"
                    )
                )
            )
        },
        "c.yaml",
    ),
    "approval-no-command": (
        {"c.yaml": config(dag(tasks=("      - id: gate\n        type: approval\n")))},
        "c.yaml",
    ),
    "task-id-with-dot": (
        {"c.yaml": config(dag(tasks="      - id: a.b\n        command: x\n"))},
        "c.yaml",
    ),
    "job-named-like-dag": (
        {"c.yaml": config(dag(), jobs=JOB_ETL.replace("nightly", "etl"))},
        "c.yaml",
    ),
    "included-dag": (
        {
            "c.yaml": STATE + "include:\n  - more.yaml\n" + "dags:\n" + dag("own"),
            "more.yaml": "dags:\n" + dag("inc"),
        },
        "c.yaml",
    ),
    "directory": (
        {
            "d/a.yaml": config(dag("first")),
            "d/b.yaml": config(
                dag("second", head='    schedule: "@hourly"\n'), state="", jobs=JOB_ETL
            ),
        },
        "d",
    ),
    "quoted-macro": ({"c.yaml": config(dag(head='    schedule: "@weekly"\n'))}, "c.yaml"),
    # -- DAGs the daemon refuses ---------------------------------------------------
    "schedule-in-task": (
        {
            "c.yaml": config(
                dag(tasks=('      - id: a\n        command: x\n        schedule: "0 3 * * *"\n'))
            )
        },
        "c.yaml",
    ),
    "job-key-in-task": (
        {
            "c.yaml": config(
                dag(
                    tasks=("      - id: a\n        command: x\n        concurrencyPolicy: Forbid\n")
                )
            )
        },
        "c.yaml",
    ),
    "retry-in-task": (
        {
            "c.yaml": config(
                dag(
                    tasks=(
                        "      - id: a\n        command: x\n        onFailure:\n          retry:\n"
                        "            maximumRetries: 1\n"
                    )
                )
            )
        },
        "c.yaml",
    ),
    "command-on-dag": (
        {"c.yaml": config(dag(head='    schedule: "0 1 * * *"\n    command: x\n'))},
        "c.yaml",
    ),
    "no-state": ({"c.yaml": config(dag(), state="")}, "c.yaml"),
    "no-tasks-key": ({"c.yaml": config(dag().split("    tasks:")[0])}, "c.yaml"),
    "empty-tasks": ({"c.yaml": config(dag(tasks=""))}, "c.yaml"),
    "duplicate-dag-name": ({"c.yaml": config(dag(), dag())}, "c.yaml"),
    "reboot": ({"c.yaml": config(dag(head='    schedule: "@reboot"\n'))}, "c.yaml"),
    "midnight": ({"c.yaml": config(dag(head='    schedule: "@midnight"\n'))}, "c.yaml"),
    "bad-schedule": ({"c.yaml": config(dag(head='    schedule: "61 * * * *"\n'))}, "c.yaml"),
    "bad-zone": (
        {"c.yaml": config(dag(head='    schedule: "0 1 * * *"\n    timezone: Europe/Berlim\n'))},
        "c.yaml",
    ),
    "duplicate-task-id": (
        {
            "c.yaml": config(
                dag(
                    tasks=("      - id: a\n        command: x\n      - id: a\n        command: y\n")
                )
            )
        },
        "c.yaml",
    ),
    "unknown-dependency": (
        {
            "c.yaml": config(
                dag(
                    tasks=(
                        "      - id: a\n        command: x\n        dependsOn:\n          - nope\n"
                    )
                )
            )
        },
        "c.yaml",
    ),
    "self-dependency": (
        {
            "c.yaml": config(
                dag(
                    tasks=("      - id: a\n        command: x\n        dependsOn:\n          - a\n")
                )
            )
        },
        "c.yaml",
    ),
    "cycle-2": (
        {
            "c.yaml": config(
                dag(
                    tasks=(
                        "      - id: a\n        command: x\n        dependsOn:\n          - b\n"
                        "      - id: b\n        command: x\n        dependsOn:\n          - a\n"
                    )
                )
            )
        },
        "c.yaml",
    ),
    "cycle-3-with-tail": (
        {
            "c.yaml": config(
                dag(
                    tasks=(
                        "      - id: start\n        command: x\n"
                        "      - id: a\n        command: x\n        dependsOn:\n          - start\n          - c\n"
                        "      - id: b\n        command: x\n        dependsOn:\n          - a\n"
                        "      - id: c\n        command: x\n        dependsOn:\n          - b\n"
                        "      - id: after\n        command: x\n        dependsOn:\n          - c\n"
                    )
                )
            )
        },
        "c.yaml",
    ),
    "empty-task-id": (
        {"c.yaml": config(dag(tasks='      - id: ""\n        command: x\n'))},
        "c.yaml",
    ),
    "slash-task-id": (
        {"c.yaml": config(dag(tasks="      - id: a/b\n        command: x\n"))},
        "c.yaml",
    ),
    "hash-task-id": (
        {"c.yaml": config(dag(tasks='      - id: "a#1"\n        command: x\n'))},
        "c.yaml",
    ),
    "expand-not-a-dependency": (
        {
            "c.yaml": config(
                dag(
                    tasks=(
                        "      - id: list\n        command: x\n"
                        "      - id: each\n        command: x\n"
                        "        expand:\n          fromTask: list\n          key: items\n"
                    )
                )
            )
        },
        "c.yaml",
    ),
    "expand-unknown": (
        {
            "c.yaml": config(
                dag(
                    tasks=(
                        "      - id: each\n        command: x\n"
                        "        expand:\n          fromTask: list\n          key: items\n"
                    )
                )
            )
        },
        "c.yaml",
    ),
    "expand-sensor": (
        {
            "c.yaml": config(
                dag(
                    tasks=(
                        "      - id: list\n        command: x\n"
                        "      - id: each\n        type: sensor\n        command: x\n"
                        "        dependsOn:\n          - list\n"
                        "        expand:\n          fromTask: list\n          key: items\n"
                    )
                )
            )
        },
        "c.yaml",
    ),
    "expand-chained": (
        {
            "c.yaml": config(
                dag(
                    tasks=(
                        "      - id: list\n        command: x\n"
                        "      - id: each\n        command: x\n        dependsOn:\n          - list\n"
                        "        expand:\n          fromTask: list\n          key: items\n"
                        "      - id: again\n        command: x\n        dependsOn:\n          - each\n"
                        "        expand:\n          fromTask: each\n          key: items\n"
                    )
                )
            )
        },
        "c.yaml",
    ),
    "job-collides-with-schedule": (
        {"c.yaml": config(dag(), jobs=JOB_ETL.replace("nightly", '"dag:etl"'))},
        "c.yaml",
    ),
    "collision-across-files": (
        {
            "d/a.yaml": config(dag()),
            "d/b.yaml": "jobs:\n" + JOB_ETL.replace("nightly", '"dag:etl"'),
        },
        "d",
    ),
    "job-collides-with-task": (
        {"c.yaml": config(dag(), jobs=JOB_ETL.replace("nightly", "etl.a"))},
        "c.yaml",
    ),
    "tasks-collide": (
        {
            "c.yaml": config(
                dag("a", tasks="      - id: b.c\n        command: x\n"),
                dag("a.b", tasks="      - id: c\n        command: x\n"),
            )
        },
        "c.yaml",
    ),
    # A crontab job is named '<file>:<line>': the file 'dag:x.crontab' makes 'dag:x.crontab:1'.
    "dag-named-like-crontab-job": (
        {"d/x.yaml": config(dag("x.crontab:1")), "d/dag:x.crontab": "0 1 * * * true\n"},
        "d",
    ),
}

GOOD_CRONTAB = (
    "# nightly\nMAILTO=ops\n0 2 * * * backup.sh\nCRON_TZ=Asia/Tokyo\n"
    "H 9 * * 1-5 report.sh\n@midnight rotate.sh\n@reboot warm.sh\n"
)
CRONTAB_CASES: dict[str, str] = {
    "good": GOOD_CRONTAB,
    "bad-schedule": GOOD_CRONTAB + "61 * * * * late.sh\n",
    "bad-nickname": GOOD_CRONTAB + "@every5m x\n",
    "upper-nickname": "@DAILY x\n0 1 * * * y\n",
    "no-command": "0 1 * * * y\n@daily\n",
    "four-fields": "0 1 * * * y\n0 1 * * z\n",
    "bare-percent": "0 1 * * * date +%F\n0 2 * * * date +\\%F\n",
    "bad-cron-tz": "CRON_TZ=Mars/Base\n0 1 * * * y\n",
    "control-char": "0 1 * * * y\x01z\n5 1 * * * ok\n",
    "trailing-formfeed": "0 1 * * * y\x0c\n",
    "hashed-bad": "H(70-80) * * * * y\n",
    "only-comments": "# nothing here\n\n",
    "bad-first-good-rest": "61 1 * * * y\n0 1 * * * a\n0 2 * * * b\n",
    # The daemon reads with universal newlines and keeps a byte-order mark.
    "crlf": "0 1 * * * y\r\n5 1 * * * z\r\n",
    "lone-cr-ends-a-line": "0 1 * * * y\r5 1 * * * z\n",
    "lone-cr-splits-an-entry": "0 1 * * * y\rz\n",
    "bom": "\ufeff0 1 * * * y\n",
    "bom-before-comment": "\ufeff# jobs\n0 1 * * * y\n",
    "empty-cron-tz": "CRON_TZ=\n0 1 * * * y\n",
    "quoted-cron-tz": "CRON_TZ = 'Europe/Berlin'\n0 1 * * * y\n",
    "next-line-char": "0 1 * * * y\u0085z\n",
    "no-break-space": "0 1 * * * y\u00a0z\n",
}
for key, text in CRONTAB_CASES.items():
    CASES[f"crontab-{key}"] = ({"legacy.crontab": text}, "legacy.crontab")
# A refused crontab next to a good YAML file: the directory is refused, the YAML still lints.
CASES["crontab-in-directory"] = (
    {"d/jobs.yaml": "jobs:\n" + JOB_ETL, "d/old.crontab": CRONTAB_CASES["bad-schedule"]},
    "d",
)
# A file whose name says nothing is a crontab only if its first entry parses (else YAML).
CASES["sniffed-crontab"] = ({"tasks": "# legacy\n0 1 ? * * a\n*/5 * * * * b\n"}, "tasks")
CASES["sniffed-not-crontab"] = ({"tasks": "61 1 * * * a\n"}, "tasks")
CASES["crontab-good-in-directory"] = (
    {"d/jobs.yaml": "jobs:\n" + JOB_ETL, "d/old.crontab": GOOD_CRONTAB},
    "d",
)


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, dict[str, Any]]]:
    """Every case written to disk and loaded once by the daemon (one batch)."""
    roots = {}
    for name, (files, _entry) in CASES.items():
        root = tmp_path_factory.mktemp(name)
        write(root, files)
        roots[name] = root
    answers = ask(
        "load",
        [{"root": str(roots[name]), "entry": entry} for name, (_files, entry) in CASES.items()],
    )
    return {name: (roots[name], answer) for name, answer in zip(CASES, answers, strict=True)}


def ours(root: Path, entry: str) -> tuple[bool, list[str], Any]:
    loaded = load_paths([str(root / entry)])
    report = lint(loaded, LintSettings(now=NOW))
    errors = [
        f"{f.location}: [{f.code}] {f.message}" for f in report.findings if f.level == "error"
    ]
    return not errors, errors, loaded


def view(job: Any) -> dict[str, Any]:
    return {
        "name": job.name,
        "resolved": job_crontab(job).resolved,
        "enabled": job.enabled,
        "timezone": None if job.zone == "local" else job.zone,
        "cluster_policy": job.cluster_policy,
    }


def daemon_view(job: dict[str, Any]) -> dict[str, Any]:
    return {key: job[key] for key in ("name", "resolved", "enabled", "timezone", "cluster_policy")}


@pytest.mark.parametrize("case", list(CASES))
def test_same_verdict(case: str, verdicts: dict[str, tuple[Path, dict[str, Any]]]) -> None:
    root, daemon = verdicts[case]
    ok, errors, _ = ours(root, CASES[case][1])
    assert ok == daemon["ok"], (
        f"daemon: {daemon['error']}"
        if not daemon["ok"]
        else f"lint errors the daemon does not have: {errors}"
    )


@pytest.mark.parametrize("case", [c for c in CASES if "reboot" not in c])
def test_same_jobs_when_loaded(case: str, verdicts: dict[str, tuple[Path, dict[str, Any]]]) -> None:
    root, daemon = verdicts[case]
    if not daemon["ok"]:
        pytest.skip("the daemon refuses this config; the verdict test covers it")
    _, _, loaded = ours(root, CASES[case][1])
    dag_jobs = [view(j) for j in loaded.jobs if j.kind == "dag"]
    expected = [daemon_view(d["schedule_job"]) for d in daemon["dags"] if d["schedule_job"]]
    assert dag_jobs == expected
    assert [j.name for j in loaded.jobs if j.kind != "dag"] == [j["name"] for j in daemon["jobs"]]


@pytest.mark.parametrize("case", [c for c in CASES if c.startswith("crontab-")])
def test_refused_crontab_loads_nothing(
    case: str, verdicts: dict[str, tuple[Path, dict[str, Any]]]
) -> None:
    """A crontab the daemon refuses gives no job to any command; lint still checks its lines."""
    root, daemon = verdicts[case]
    _, errors, loaded = ours(root, CASES[case][1])
    if daemon["ok"]:
        assert loaded.withheld == ()
        return
    assert [j for j in loaded.jobs if j.kind == "crontab"] == []
    assert errors
    files = {name for name in CASES[case][0] if name.endswith(".crontab")}
    assert len(files) == 1
    text = CASES[case][0][files.pop()]
    entries = sum(
        1
        for line in text.split("\n")
        if line.strip() and not line.startswith("#") and "=" not in line.split()[0]
    )
    # Entries that read as one are withheld (lint still checks them), never loaded.
    assert len(loaded.withheld) <= entries


# Refused for one reason each: lint must say it once (not once per checker).
ONE_ERROR = [
    c
    for c in CASES
    if c
    in (
        "schedule-in-task",
        "job-key-in-task",
        "retry-in-task",
        "command-on-dag",
        "no-state",
        "duplicate-dag-name",
        "no-tasks-key",
        "empty-tasks",
        "reboot",
        "midnight",
        "bad-schedule",
        "bad-zone",
        "duplicate-task-id",
        "unknown-dependency",
        "self-dependency",
        "cycle-2",
        "cycle-3-with-tail",
        "empty-task-id",
        "slash-task-id",
        "hash-task-id",
        "expand-not-a-dependency",
        "expand-unknown",
        "expand-sensor",
        "expand-chained",
        "job-collides-with-schedule",
        "collision-across-files",
        "job-collides-with-task",
        "tasks-collide",
        "dag-named-like-crontab-job",
        "crontab-upper-nickname",
        "crontab-no-command",
        "crontab-four-fields",
        "crontab-bare-percent",
        "crontab-control-char",
        "crontab-hashed-bad",
        "crontab-bad-first-good-rest",
        "crontab-lone-cr-splits-an-entry",
        "crontab-bom",
        "crontab-empty-cron-tz",
    )
]


@pytest.mark.parametrize("case", ONE_ERROR)
def test_one_error_per_problem(case: str, verdicts: dict[str, tuple[Path, dict[str, Any]]]) -> None:
    root, daemon = verdicts[case]
    assert not daemon["ok"]
    _, errors, _ = ours(root, CASES[case][1])
    assert len(errors) == 1, errors
