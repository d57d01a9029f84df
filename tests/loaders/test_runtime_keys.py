"""Job.runtime: the runtime keys merged over defaults, with where each is written."""

from __future__ import annotations

from pathlib import Path

from cronstable_cli.loaders import load_paths
from cronstable_cli.loaders.schema.daemon_checks import JOB_CHECKED_KEYS
from cronstable_cli.loaders.schema.jobs import _FINISH_KEYS, _OWN_RUNTIME, RUNTIME_PATHS


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
