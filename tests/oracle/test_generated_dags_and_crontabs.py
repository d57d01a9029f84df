"""Generated DAGs and crontabs, against the released daemon: same verdict, same jobs.

A seeded generator (the same cases on every run) builds task graphs with
random dependencies (some unknown, some on the task itself, some closing a
cycle, duplicate ids, expand targets, a job key in a task, a duplicate DAG
name, no state section) under random schedule frames, and
crontab files from a pool of good and bad lines. The daemon loads each with
`parse_config`; lint must refuse exactly what it refuses, and for what it
loads the toolkit must list the same jobs: `dag:<name>` with its resolved
schedule, enabled flag, zone and clusterPolicy, and the crontab entries.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from .daemon import ask
from .test_dags_and_crontabs import STATE, daemon_view, ours, view, write

SEED = 20261130
DAG_CASES = 160
CRONTAB_CASES = 120

SCHEDULES = [
    '"H 2 * * *"', '"*/15 * * * *"', '"H H(0-5) * * 1-5"', '"0 0 L * *"', '"@daily"',
    '"@hourly"', '"H/20 * * * *"', '"30 */5 * * * * *"', '"0 12 * * mon#2"',
    '"0 0 31 2 *"', "\n      minute: H\n      hour: \"3\"",
    "\n      second: \"H\"\n      minute: \"*/2\"",
]  # fmt: skip
BAD_SCHEDULES = ['"@reboot"', '"@midnight"', '"61 * * * *"', '"H(50-70) * * * *"']
ZONES = ["Europe/Berlin", "America/New_York", "UTC", "Asia/Kolkata", "Europe/Berlim"]
MISPLACED = ['schedule: "0 1 * * *"', "enabled: no", "concurrencyPolicy: Forbid"]
IDS = ["extract", "load", "report", "a.b", "clean", "x#1", "notify"]


def dag_text(rng: random.Random, name: str) -> str:
    head = f"  - name: {name}\n"
    if rng.random() < 0.85:
        bad = rng.random() < 0.1
        head += f"    schedule: {rng.choice(BAD_SCHEDULES if bad else SCHEDULES)}\n"
    if rng.random() < 0.3:
        head += f"    timezone: {rng.choice(ZONES if rng.random() < 0.2 else ZONES[:-1])}\n"
    if rng.random() < 0.2:
        head += f"    utc: {rng.choice(['no', 'true'])}\n"
    if rng.random() < 0.3:
        head += f"    enabled: {rng.choice(['no', 'yes', 'off'])}\n"
    if rng.random() < 0.3:
        head += f"    clusterPolicy: {rng.choice(['Leader', 'PreferLeader', 'EveryNode'])}\n"
    count = rng.randint(1, 5)
    ids = rng.sample(IDS[:5], count)
    if rng.random() < 0.15:  # a duplicate id, or one with a character ids may not have
        ids[rng.randrange(count)] = rng.choice(IDS)
    tasks = ""
    for index, task_id in enumerate(ids):
        tasks += f'      - id: "{task_id}"\n        command: run-{index}\n'
        if rng.random() < 0.03:  # a job key where a task cannot have it
            tasks += "        " + rng.choice(MISPLACED) + "\n"
        pool = ids[:index] if rng.random() < 0.9 else [*ids, "ghost"]  # mostly acyclic
        deps = sorted(set(rng.sample(pool, k=min(len(pool), rng.randint(0, 2)))))
        if deps:
            tasks += "        dependsOn:\n" + "".join(f'          - "{d}"\n' for d in deps)
        if deps and rng.random() < 0.15:
            source = rng.choice([*deps, rng.choice(ids)])
            tasks += f'        expand:\n          fromTask: "{source}"\n          key: items\n'
    return head + "    tasks:\n" + tasks


def dag_case(rng: random.Random) -> dict[str, str]:
    names = rng.sample(["etl", "sync", "nightly", "etl.b", "reports"], k=rng.randint(1, 3))
    if rng.random() < 0.05:
        names.append(names[0])  # a duplicate DAG name
    state = STATE if rng.random() < 0.95 else ""  # DAGs need a state section
    text = state + "dags:\n" + "".join(dag_text(rng, name) for name in names)
    if rng.random() < 0.2:
        clash = rng.choice([f"dag:{names[0]}", f"{names[0]}.extract", "unrelated"])
        text += f'jobs:\n  - name: "{clash}"\n    command: x\n    schedule: "0 1 * * *"\n'
    return {"c.yaml": text}


GOOD_LINES = [
    "0 2 * * * backup.sh", "H 9 * * 1-5 report.sh", "*/5 * * * * poll", "@midnight rotate",
    "@reboot warm", "30 4 1,15 * * bill \\%d", "CRON_TZ=Asia/Tokyo", "SHELL=/bin/bash",
    "# a comment", "", "0 0 * * sun weekly", "H(0-29) H(1-3) * * * spread",
]  # fmt: skip
BAD_LINES = [
    "61 * * * * late", "@DAILY loud", "0 1 * * broken", "0 1 * * * date +%F", "@every5m x",
    "CRON_TZ=Mars/Base", "0 1 * * * a\x01b", "@daily", "0 0 30 2 * never", "0 0 * * 8 x",
]  # fmt: skip


def crontab_case(rng: random.Random) -> dict[str, str]:
    lines = [rng.choice(GOOD_LINES) for _ in range(rng.randint(1, 6))]
    if rng.random() < 0.5:
        lines.insert(rng.randint(0, len(lines)), rng.choice(BAD_LINES))
    return {"jobs.crontab": "\n".join(lines) + "\n"}


def generated() -> list[tuple[str, dict[str, str], str]]:
    rng = random.Random(SEED)
    cases = [(f"dag-{i}", dag_case(rng), "c.yaml") for i in range(DAG_CASES)]
    cases += [(f"crontab-{i}", crontab_case(rng), "jobs.crontab") for i in range(CRONTAB_CASES)]
    return cases


CASES = generated()


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, dict[str, Any]]]:
    roots = []
    for name, files, _entry in CASES:
        root = tmp_path_factory.mktemp(name)
        write(root, files)
        roots.append(root)
    replies = ask(
        "load",
        [
            {"root": str(root), "entry": entry}
            for root, (_n, _f, entry) in zip(roots, CASES, strict=True)
        ],
    )
    return list(zip(roots, replies, strict=True))


def test_the_generator_covers_both_verdicts(answers: list[tuple[Path, dict[str, Any]]]) -> None:
    """Not a one-sided sample: plenty of loads and refusals of both kinds."""
    dags = [
        reply["ok"]
        for (_root, reply), case in zip(answers, CASES, strict=True)
        if case[0].startswith("dag-")
    ]
    crontabs = [
        reply["ok"]
        for (_root, reply), case in zip(answers, CASES, strict=True)
        if case[0].startswith("crontab-")
    ]
    for verdicts in (dags, crontabs):
        assert 0.25 < sum(verdicts) / len(verdicts) < 0.75


def test_same_verdicts_and_jobs(answers: list[tuple[Path, dict[str, Any]]]) -> None:
    """All cases in one test: the message lists every disagreement with its files."""
    wrong = []
    for (root, reply), (name, files, entry) in zip(answers, CASES, strict=True):
        ok, errors, loaded = ours(root, entry)
        if ok != reply["ok"]:
            wrong.append(
                f"{name}: daemon {'loads' if reply['ok'] else 'refuses'} "
                f"({reply['error']}); lint errors: {errors}\n{files}"
            )
            continue
        if not ok:
            if name.startswith("crontab-"):
                assert [j for j in loaded.jobs if j.kind == "crontab"] == [], name
            continue
        dag_jobs = [view(j) for j in loaded.jobs if j.kind == "dag"]
        expected = [daemon_view(d["schedule_job"]) for d in reply["dags"] if d["schedule_job"]]
        if dag_jobs != expected:
            wrong.append(f"{name}: dag jobs {dag_jobs} != daemon's {expected}")
        plain = [
            (j.name, view(j)["resolved"], view(j)["timezone"])
            for j in loaded.jobs
            if j.kind != "dag"
        ]
        theirs = [(j["name"], j["resolved"], j["timezone"]) for j in reply["jobs"]]
        if plain != theirs:
            wrong.append(f"{name}: jobs {plain} != daemon's {theirs}")
    assert not wrong, "\n\n".join(wrong[:10]) + f"\n({len(wrong)} disagreements)"
