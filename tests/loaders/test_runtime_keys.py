"""Job.runtime: the runtime keys merged over defaults, with where each is written."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cronstable_cli.loaders import load_paths
from cronstable_cli.loaders.problems import Problems
from cronstable_cli.loaders.schema import jobs as jobs_module
from cronstable_cli.loaders.schema.daemon_checks import (
    JOB_CHECKED_KEYS,
    job_issues,
    merge,
    uses_push,
)
from cronstable_cli.loaders.schema.jobs import (
    _FINISH_KEYS,
    _OWN_RUNTIME,
    RUNTIME_PATHS,
    Defaults,
    JobBase,
    JobBuilder,
    Where,
    runtime_keys,
)
from cronstable_cli.loaders.yaml.nodes import Mapping, Node, Sequence
from cronstable_cli.loaders.yaml.strict import parse_strict
from cronstable_cli.loaders.yaml_config import load_yaml
from cronstable_cli.records import RuntimeKeys

from ..oracle import configgen


def test_the_shared_record_rule_covers_every_key_read() -> None:
    """A job that sets none of these keys takes its file's record: they must be all of them."""
    tops = {path.split(".")[0] for path in RUNTIME_PATHS.values()}
    assert tops | {"utc", "timezone"} == _OWN_RUNTIME


def test_the_merged_mapping_holds_every_key_the_runtime_record_reads() -> None:
    """JobBase.merged merges only a job's checked keys; `runtime_keys` reads the others
    (onMissed) from the job's own keys, which a job without checked keys keeps whole
    (_FINISH_KEYS), so the record is the same as from the whole job merged."""
    tops = {path.split(".")[0] for path in RUNTIME_PATHS.values()}
    assert tops - JOB_CHECKED_KEYS == {"onMissed"}
    assert _OWN_RUNTIME - JOB_CHECKED_KEYS <= _FINISH_KEYS


def test_values_and_origins(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text(
        "defaults:\n  killTimeout: 5\n  sla:\n    lateAfterSeconds: 60\n"
    )
    (tmp_path / "jobs.yaml").write_text(
        "include:\n  - base.yaml\n"
        "defaults:\n  executionTimeout: 100\n"
        "jobs:\n"
        "  - name: plain\n    command: x\n    schedule: '* * * * *'\n"
        "  - name: own\n    command: x\n    schedule: '* * * * *'\n"
        "    executionTimeout: 7\n    sla:\n      maxRuntimeSeconds: 9\n"
        "  - name: hooks\n    command: x\n    schedule: '* * * * *'\n"
        "    onFailure:\n      report:\n        shell:\n          command: 'true'\n"
    )
    jobs = {j.name: j for j in load_paths([str(tmp_path / "jobs.yaml")]).jobs}
    plain, own, hooks = jobs["plain"].runtime, jobs["own"].runtime, jobs["hooks"].runtime
    assert plain is not None and own is not None and hooks is not None
    assert (plain.execution_timeout, plain.kill_timeout, plain.late_after) == (100.0, 5.0, 60)
    assert plain is hooks  # no runtime key of their own: one record for the file
    assert (own.execution_timeout, own.max_runtime, own.late_after) == (7.0, 9, 60)
    at = own.origin("executionTimeout")
    assert at is not None and at.file.endswith("jobs.yaml") and at.line == 12
    late = own.origin("sla.lateAfterSeconds")  # the included default, under the job's sla
    assert late is not None and late.file.endswith("base.yaml") and late.line == 4
    assert own.origin("concurrencyPolicy") is None  # the daemon's built-in default
    hash(jobs["own"])  # a Job stays hashable


# Runtime keys (and their spellings, some refused) for generated defaults and jobs.
_RUNTIME_LINES = [
    "executionTimeout: 900", "executionTimeout: 60", "executionTimeout: x", "killTimeout: 5",
    "killTimeout: 5.0", "killTimeout: -0.0", "killTimeout: 0.0", "killTimeout: 0", "poolSlots: 1",
    "poolSlots: true", "poolSlots: '1'", "pool: a", "secrets:\n      - A\n      - B",
    "concurrencyPolicy: Forbid", "concurrencyPolicy: Replace", "concurrencyPolicy: Sometimes",
    "concurrencyScope: cluster", "catchupJitterSeconds: 30", "onMissed: run-once",
    "onMissed: run-all",
    "onMissed: skip", "onMissed: maybe", "utc: false", "timezone: Europe/Berlin",
    "sla:\n      lateAfterSeconds: 60",
    "sla:\n      maxRuntimeSeconds: 9\n      lateAfterSeconds: 5",
    "sla:\n      maxTimeSinceSuccessSeconds: 3600", "onMissed:\n      a: b",
]  # fmt: skip


_OTHER_LINES = [line for line in _RUNTIME_LINES if line.startswith(("utc", "timezone", "onMissed"))]
_CHECKED_LINES = [line for line in _RUNTIME_LINES if line not in _OTHER_LINES]


@st.composite
def _runtime_files(draw: st.DrawFn) -> str:
    lines = []
    defaults = draw(st.lists(st.sampled_from(_RUNTIME_LINES), max_size=3, unique=True))
    if defaults:
        lines.append("defaults:")
        lines += ["  " + line.replace("\n    ", "\n  ") for line in defaults]
    lines.append("jobs:")
    # Jobs that share their checked keys (one merged mapping) and differ in the others.
    core = draw(st.lists(st.sampled_from(_CHECKED_LINES), max_size=2, unique=True))
    kinds = [
        core + draw(st.lists(st.sampled_from(_OTHER_LINES), max_size=2, unique=True))
        for _ in range(3)
    ]
    kinds.append(draw(st.lists(st.sampled_from(_RUNTIME_LINES), max_size=3, unique=True)))
    for n, kind in enumerate(draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=6))):
        lines += [f"  - name: job-{n}", "    command: x", "    schedule: '* * * * *'"]
        lines += ["    " + line for line in kind]
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_runtime_files())
def test_shared_runtime_records_are_each_jobs_own(text: str) -> None:
    # JobBase.runtime_for shares the values of jobs that set runtime keys alike; each
    # job's record must be what runtime_keys makes of the job alone.
    def alone(
        self: JobBase,
        merged: dict[str, Any],
        where: Where,
        file: str,
        own: dict[str, Any],
        keys: tuple[str, ...] = (),
    ) -> RuntimeKeys:
        return runtime_keys(merged, where, file, self.origins, own.get("onMissed"), own)

    shared = load_yaml(text, Problems("f.yaml"), lambda target, into: Defaults()).jobs
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(JobBase, "runtime_for", alone)
        single = load_yaml(text, Problems("f.yaml"), lambda target, into: Defaults()).jobs
    assert [job.runtime for job in shared] == [job.runtime for job in single], text
    assert shared == single


def _verdicts_alone(text: str) -> tuple[list[Any], list[Any]]:
    """The file's jobs and findings with each job's verdict found for it alone."""

    def alone(self: JobBase, draft: Any) -> tuple[dict[str, Any], list[Any], bool]:
        if JOB_CHECKED_KEYS.isdisjoint(draft.data):
            return self.data, self.issues, self.push
        merged = merge(self.data, {k: v for k, v in draft.data.items() if k in JOB_CHECKED_KEYS})
        return merged, job_issues(merged), uses_push(merged)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(JobBase, "merged", alone)
        out = Problems("f.yaml")
        jobs = load_yaml(text, out, lambda target, into: Defaults()).jobs
    return list(jobs), list(out.found)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_runtime_files())
def test_shared_verdicts_are_each_jobs_own(text: str) -> None:
    # JobBase.merged shares one merged mapping and verdict among jobs whose checked
    # keys read alike (1, 1.0, true and '1' do not; nor 0.0 and -0.0).
    out = Problems("f.yaml")
    jobs = load_yaml(text, out, lambda target, into: Defaults()).jobs
    assert (list(jobs), list(out.found)) == _verdicts_alone(text), text


@pytest.mark.parametrize("seed", range(6))
def test_shared_verdicts_on_generated_configs(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        text = configgen.config(rng)["main.yaml"]
        out = Problems("f.yaml")
        jobs = load_yaml(text, out, lambda target, into: Defaults()).jobs
        assert (list(jobs), list(out.found)) == _verdicts_alone(text), text


def test_shared_verdicts_when_the_kept_reprs_are_let_go(monkeypatch: pytest.MonkeyPatch) -> None:
    # A file whose jobs' values are made anew for each job lets the kept reprs go as
    # it reads (their number is bounded); the verdicts are each job's all the same.
    monkeypatch.setattr(jobs_module, "_REPRS_KEPT", 1)
    rng = random.Random(7)
    for _ in range(40):
        text = configgen.config(rng)["main.yaml"]
        out = Problems("f.yaml")
        jobs = load_yaml(text, out, lambda target, into: Defaults()).jobs
        assert (list(jobs), list(out.found)) == _verdicts_alone(text), text
    base = JobBase(Defaults())
    for n in range(5):
        head = "jobs:\n  - name: a\n    command: x\n    schedule: '* * * * *'\n"
        text = head + f"    secrets:\n      - s{n}\n"
        draft = JobBuilder(Problems("f.yaml"), text.split("\n"), text).build(_job_node(text))
        assert draft is not None
        base.merged(draft)
        assert len(base._reprs) <= 1


def _job_node(text: str) -> Node:
    """The first item of the text's `jobs` list, as strictyaml reads it."""
    tree = parse_strict(text)
    assert isinstance(tree, Mapping)
    jobs = tree.get("jobs")
    assert isinstance(jobs, Sequence)
    return jobs.items[0]
