"""Generated configs against the released daemon: lint refuses exactly what it refuses.

A seeded generator (tests/oracle/configgen.py; the same configs on every run)
builds configs from the schema tables: jobs with random keys of every type
(good and wrong values, enum typos, nested maps with missing or unknown
keys), defaults, pools, state, web/mcp/notify/logging sections, DAG and task
keys, duplicate names and includes. The daemon loads each with
`parse_config` in one batch; lint's verdict (any error) must equal the
daemon's (refused), and for every config it loads the toolkit must list the
same jobs with the same resolved schedules, enabled flags and zones. The
configs in examples/ are held to the same verdict.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import configgen
from .daemon import ask
from .test_dags_and_crontabs import daemon_view, ours, view, write

SEED = 9_2026_11_30
CASES = 600
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def environ() -> Iterator[None]:
    """The host lint assumes: none of the variables the `${VAR}` references name is set.

    Lint never reads its environment (a default is checked as the daemon's value on a
    host without the variable; a reference without one is left to the host), so the
    daemon is asked on such a host, and lint runs with the variables set
    (`_ours`): its verdicts must not change with them."""
    with pytest.MonkeyPatch.context() as patch:
        for name in [*configgen.ENVIRON, "CRONSTABLE_ORACLE_NOPE"]:
            patch.delenv(name, raising=False)
        yield


@pytest.fixture(scope="module")
def generated(
    tmp_path_factory: pytest.TempPathFactory, environ: None
) -> list[tuple[Path, dict[str, Any]]]:
    """Every generated config on disk, with the daemon's answer (one batch)."""
    rng = random.Random(SEED)
    roots = []
    for number in range(CASES):
        root = tmp_path_factory.mktemp(f"gen{number}")
        write(root, configgen.config(rng))
        roots.append(root)
    answers = ask("load", [{"root": str(root), "entry": "main.yaml"} for root in roots])
    return list(zip(roots, answers, strict=True))


def _ours(root: Path, entry: str) -> Any:
    """Lint's verdict with the variables set in its own environment (which it never reads)."""
    with pytest.MonkeyPatch.context() as patch:
        for name, value in configgen.ENVIRON.items():
            patch.setenv(name, value)
        return ours(root, entry)


def _disagreements(cases: list[tuple[Path, dict[str, Any]]], entry: str) -> list[str]:
    wrong = []
    for root, daemon in cases:
        ok, errors, loaded = _ours(root, entry)
        if ok and any(f.code == "env-reference" for f in loaded.findings):
            # An unset ${VAR} without a default: the daemon's verdict depends on its
            # host, so lint only notes it; here (where it is unset) the daemon refuses.
            assert not daemon["ok"] and "not set" in daemon["error"], daemon
            continue
        if ok != daemon["ok"]:
            text = "\n".join(p.read_text() for p in sorted(root.glob("*.yaml")))
            why = daemon["error"] if not daemon["ok"] else "; ".join(errors)
            side = "daemon refuses, lint passes" if ok else "lint errors, daemon loads"
            wrong.append(f"{root.name}: {side}: {why}\n{text}")
    return wrong


def test_generated_configs_get_the_daemons_verdict(
    generated: list[tuple[Path, dict[str, Any]]], environ: None
) -> None:
    refused = sum(not answer["ok"] for _, answer in generated)
    # Enough of both kinds for the comparison to mean something.
    assert CASES // 5 < refused < CASES * 4 // 5, refused
    wrong = _disagreements(generated, "main.yaml")
    assert not wrong, f"{len(wrong)} of {CASES} disagree:\n\n" + "\n\n".join(wrong[:5])


def test_loaded_configs_list_the_same_jobs(
    generated: list[tuple[Path, dict[str, Any]]], environ: None
) -> None:
    compared = 0
    for root, daemon in generated:
        if not daemon["ok"]:
            continue
        _, _, loaded = _ours(root, "main.yaml")
        ours_jobs = [view(j) for j in loaded.jobs]
        theirs = [daemon_view(j) for j in daemon["jobs"]]
        theirs += [daemon_view(d["schedule_job"]) for d in daemon["dags"] if d["schedule_job"]]
        # @reboot has no resolved text on either side; compare names and flags.
        for mine, expected in zip(ours_jobs, theirs, strict=False):
            if expected["resolved"] == "@reboot":
                mine["resolved"] = expected["resolved"]
        assert ours_jobs == theirs, root
        compared += len(theirs)
    assert compared > CASES // 4


def test_examples_get_the_daemons_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.cli.helpers import run_json

    examples = sorted((ROOT / "examples").rglob("*.y*ml"))
    assert examples
    cases = []
    for number, path in enumerate(examples):
        root = tmp_path / f"ex{number}"
        shutil.copytree(path.parent, root)
        cases.append((root, path.name))
    answers = ask("load", [{"root": str(root), "entry": entry} for root, entry in cases])
    wrong = []
    for (root, entry), daemon in zip(cases, answers, strict=True):
        wrong += _disagreements([(root, daemon)], entry)
        if daemon["ok"]:  # and `jobs` lists what the daemon loads
            listed = run_json(capsys, "jobs", str(root / entry))["jobs"]
            assert [(j["name"], j["resolved"], j["enabled"]) for j in listed] == [
                (j["name"], j["resolved"], j["enabled"]) for j in daemon["jobs"]
            ]
    assert not wrong, "\n\n".join(wrong)


def test_jobs_json_lists_what_the_daemon_loads(
    generated: list[tuple[Path, dict[str, Any]]],
    environ: None,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`cronstable jobs --format json`: the daemon's names, resolved schedules, enabled flags."""
    from tests.cli.helpers import run_json

    checked = 0
    for root, daemon in generated:
        if not daemon["ok"]:
            continue
        listed = run_json(capsys, "jobs", str(root / "main.yaml"))["jobs"]
        expected = [*daemon["jobs"],
                    *(d["schedule_job"] for d in daemon["dags"] if d["schedule_job"])]  # fmt: skip
        assert [(j["name"], j["resolved"], j["enabled"]) for j in listed] == [
            (j["name"], j["resolved"], j["enabled"]) for j in expected
        ], root
        checked += 1
    assert checked > CASES // 10
