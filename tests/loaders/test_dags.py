"""The `dags:` section: schedule jobs as the daemon builds them, graph errors at file:line:col.

Positions are counted by hand in the texts below (line 1 is `dags:`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cronstable_cli.loaders import LoadResult, load_paths


def load(tmp_path: Path, text: str, name: str = "c.yaml") -> LoadResult:
    path = tmp_path / name
    # DAGs need a state section; at the end, it moves no line of the text.
    path.write_text(text + "state:\n  path: /var/lib/cronstable\n", encoding="utf-8")
    return load_paths([str(path)])


def errors(result: LoadResult) -> list[tuple[int, int, str]]:
    return [(f.line, f.column, f.message) for f in result.findings if f.level == "error"]


HEAD = 'dags:\n  - name: etl\n    schedule: "0 2 * * *"\n    tasks:\n'  # tasks from line 5


# (tasks text from line 5, line, column, words of the one error)
GRAPH = [
    pytest.param(
        "      - id: a\n        command: x\n      - id: a\n        command: y\n",
        7,
        13,
        "duplicate task id 'a' (first at line 5)",
        id="duplicate-id",
    ),
    pytest.param(
        "      - id: load\n        command: x\n        dependsOn:\n          - extrct\n"
        "      - id: extract\n        command: x\n",
        8,
        13,
        "dependsOn unknown task 'extrct'; did you mean 'extract'?",
        id="unknown-dependency",
    ),
    pytest.param(
        "      - id: a\n        command: x\n        dependsOn:\n          - a\n",
        8,
        13,
        "task 'a' dependsOn itself",
        id="self",
    ),
    pytest.param(
        "      - id: a\n        command: x\n        dependsOn:\n          - b\n"
        "      - id: b\n        command: x\n        dependsOn:\n          - a\n",
        7,
        9,
        "cycle ('a' -> 'b' -> 'a'",
        id="cycle",
    ),
    pytest.param('      - id: ""\n        command: x\n', 5, 13, "must not be empty", id="empty-id"),
    pytest.param(
        "      - id: x/y\n        command: x\n", 5, 13, "may not contain '#' or '/'", id="slash"
    ),
    pytest.param(
        "      - id: list\n        command: x\n      - id: each\n        command: x\n"
        "        expand:\n          fromTask: list\n          key: items\n",
        10,
        21,
        "expand.fromTask 'list' must also be one of its dependsOn",
        id="expand-not-upstream",
    ),
]


@pytest.mark.parametrize(("tasks", "line", "col", "words"), GRAPH)
def test_graph_error_at_its_place(
    tmp_path: Path, tasks: str, line: int, col: int, words: str
) -> None:
    found = errors(load(tmp_path, HEAD + tasks))
    assert len(found) == 1, found
    assert found[0][:2] == (line, col)
    assert words in found[0][2]
    assert found[0][2].startswith("dag 'etl': ")


def test_a_cycle_is_named_along_its_edges(tmp_path: Path) -> None:
    # c needs b, b needs a, a needs c; `start` and `after` hang off the cycle.
    tasks = (
        "      - id: start\n        command: x\n"
        "      - id: a\n        command: x\n        dependsOn:\n          - start\n"
        "          - c\n"
        "      - id: b\n        command: x\n        dependsOn:\n          - a\n"
        "      - id: c\n        command: x\n        dependsOn:\n          - b\n"
        "      - id: after\n        command: x\n        dependsOn:\n          - c\n"
    )
    [(line, col, message)] = errors(load(tmp_path, HEAD + tasks))
    assert (line, col) == (9, 9)  # a's dependsOn
    assert "('a' -> 'c' -> 'b' -> 'a'; each dependsOn the next)" in message


def test_no_tasks(tmp_path: Path) -> None:
    [(line, col, message)] = errors(load(tmp_path, HEAD))
    assert (line, col) == (4, 5)
    assert "dag 'etl' has no tasks" in message


def test_reboot_is_refused_and_makes_no_job(tmp_path: Path) -> None:
    result = load(
        tmp_path, HEAD.replace("0 2 * * *", "@reboot") + "      - id: a\n        command: x\n"
    )
    [(line, col, message)] = errors(result)
    assert (line, col) == (3, 16)
    assert "@reboot is not supported for DAGs" in message
    assert result.jobs == ()


def test_schedule_job_frame_comes_from_the_dag(tmp_path: Path) -> None:
    text = (
        "defaults:\n  timezone: Asia/Tokyo\n  enabled: false\n  utc: false\n"
        "  clusterPolicy: EveryNode\n"
        'dags:\n  - name: etl\n    schedule:\n      minute: "15"\n      hour: "*/2"\n'
        "    clusterPolicy: PreferLeader\n    tasks:\n      - id: a\n        command: x\n"
        '  - name: local\n    schedule: "0 1 * * *"\n    utc: no\n    enabled: off\n'
        "    tasks:\n      - id: a\n        command: x\n"
    )
    result = load(tmp_path, text)
    assert errors(result) == []
    etl, local = result.jobs
    assert (etl.name, etl.schedule, etl.kind, etl.zone, etl.enabled, etl.cluster_policy) == (
        "dag:etl",
        "15 */2 * * *",
        "dag",
        "UTC",
        True,
        "PreferLeader",
    )
    assert (etl.location.line, etl.schedule_location.line) == (7, 9)
    assert (local.name, local.zone, local.enabled, local.cluster_policy) == (
        "dag:local",
        "local",
        False,
        "Leader",
    )


def test_unknown_zone_of_a_dag(tmp_path: Path) -> None:
    text = HEAD.replace("    tasks:", "    timezone: Europe/Berlim\n    tasks:")
    result = load(tmp_path, text + "      - id: a\n        command: x\n")
    [finding] = [f for f in result.findings if f.level == "error"]
    assert (finding.code, finding.line, finding.column, finding.job) == (
        "unknown-timezone",
        4,
        15,
        "dag:etl",
    )
    assert "Europe/Berlin" in finding.message


def test_names_shared_with_jobs(tmp_path: Path) -> None:
    text = (
        'jobs:\n  - name: "dag:etl"\n    command: x\n    schedule: "* * * * *"\n'
        '  - name: etl.a\n    command: x\n    schedule: "* * * * *"\n'
        'dags:\n  - name: etl\n    schedule: "0 2 * * *"\n    tasks:\n'
        "      - id: a\n        command: x\n"
    )
    found = sorted((f.line, f.column, f.code, f.message) for f in load(tmp_path, text).findings)
    assert [(line, col, code) for line, col, code, _ in found] == [
        (9, 5, "duplicate-job-name"),
        (12, 13, "invalid-config"),
    ]
    assert "collides with the schedule of dag 'etl'" in found[0][3]
    assert "job 'etl.a' collides with dag 'etl' task 'a'" in found[1][3]


def test_manual_dag_is_no_job(tmp_path: Path) -> None:
    result = load(tmp_path, "dags:\n  - name: etl\n    tasks:\n      - id: a\n        command: x\n")
    assert (result.jobs, errors(result)) == ((), [])


def test_ignore_comment_above_the_dag(tmp_path: Path) -> None:
    text = (
        "dags:\n  # cronstable: ignore[hashed-slot]\n  - name: etl\n"
        '    schedule: "H 2 * * *"\n    tasks:\n      - id: a\n        command: x\n'
    )
    [job] = load(tmp_path, text).jobs
    assert job.is_suppressed("hashed-slot") and not job.is_suppressed("never-fires")


# A job key in a task (or a task key on the DAG): one unknown-key error at the key, with advice.
MISPLACED = [
    pytest.param(
        '      - id: a\n        command: x\n        schedule: "0 3 * * *"\n',
        7,
        9,
        "'schedule' is set on the DAG, not on a task",
        id="schedule",
    ),
    pytest.param(
        "      - id: a\n        command: x\n        concurrencyPolicy: Forbid\n",
        7,
        9,
        "a job key that a DAG task does not have",
        id="job-only",
    ),
    pytest.param(
        "      - id: a\n        command: x\n        name: a\n",
        7,
        9,
        "a task is named by its 'id'",
        id="name",
    ),
    pytest.param(
        "      - id: a\n        command: x\n        onFailure:\n          retry:\n"
        "            maximumRetries: 2\n",
        8,
        11,
        "its own 'retries' and 'retryDelaySeconds'",
        id="retry",
    ),
]


@pytest.mark.parametrize(("tasks", "line", "col", "words"), MISPLACED)
def test_job_keys_in_tasks(tmp_path: Path, tasks: str, line: int, col: int, words: str) -> None:
    found = [f for f in load(tmp_path, HEAD + tasks).findings if f.level == "error"]
    assert [(f.code, f.line, f.column) for f in found] == [("unknown-key", line, col)]
    assert words in found[0].message


def test_task_keys_on_the_dag(tmp_path: Path) -> None:
    text = HEAD.replace("    tasks:", "    dependsOn:\n      - a\n    tasks:")
    found = [
        f
        for f in load(tmp_path, text + "      - id: a\n        command: x\n").findings
        if f.level == "error"
    ]
    assert [(f.code, f.line, f.column) for f in found] == [("unknown-key", 4, 5)]
    assert "'dependsOn' belongs to a task (under 'tasks:'), not to the DAG" in found[0].message
