"""runs-may-overlap: the longest run reaches the schedule's shortest gap."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .runtime_cases import job, jobs, lint_yaml

CODE = "runs-may-overlap"


def found(tmp_path: Path, schedule: str, defaults: str = "", **keys: Any) -> list[Any]:
    return lint_yaml(tmp_path, jobs(job("j", schedule, **keys), defaults=defaults), {CODE})


@pytest.mark.parametrize(
    ("schedule", "keys"),
    [
        pytest.param("*/5 * * * *", {}, id="no bound at all"),
        pytest.param("*/5 * * * *", {"executionTimeout": 240}, id="timeout plus kill < gap"),
        pytest.param("*/5 * * * *", {"sla": {"maxRuntimeSeconds": 299}}, id="sla bound < gap"),
        pytest.param("0 * * * *", {"executionTimeout": 3000, "killTimeout": 0}, id="hourly"),
        pytest.param(
            "30 1 * * *",
            {"executionTimeout": 80000, "timezone": "America/New_York"},
            id="daily, below the 23 h DST day",
        ),
        pytest.param("0 0 L * *", {"executionTimeout": 86400}, id="monthly"),
        pytest.param("0 0 31 2 *", {"executionTimeout": 9e9}, id="never fires: replaced"),
        pytest.param("@reboot", {"executionTimeout": 9e9}, id="reboot"),
    ],
)
def test_stays_clean(tmp_path: Path, schedule: str, keys: dict[str, Any]) -> None:
    assert found(tmp_path, schedule, **keys) == []


def test_five_minutes_with_a_fifteen_minute_timeout(tmp_path: Path) -> None:
    (f,) = found(tmp_path, "*/5 * * * *", executionTimeout=900)
    assert f.level == "warning"
    # 0, 5 and 10 run while 15 starts as 0 is stopped; the kill escalation adds the 4th.
    assert "up to 3 runs (4 while a timed-out run takes its killTimeout to stop)" in f.message
    assert (f.line, f.column) == (5, 5)  # executionTimeout: the key that decides
    assert [(what, at.line) for what, at in f.related] == [("the schedule", 4)]


def test_killtimeout_zero_gives_the_plain_count(tmp_path: Path) -> None:
    (f,) = found(tmp_path, "*/5 * * * *", executionTimeout=900, killTimeout=0)
    assert "up to 3 runs of the job can be in flight" in f.message


def test_the_escalation_alone_overlaps(tmp_path: Path) -> None:
    """A 290 s timeout stops the run before the next fire; the 30 s kill escalation does not."""
    (f,) = found(tmp_path, "*/5 * * * *", executionTimeout=290)
    assert "2 runs while a timed-out run takes its killTimeout to stop" in f.message


def test_uneven_step_wrap_is_named(tmp_path: Path) -> None:
    (f,) = found(tmp_path, "*/7 * * * *", sla={"maxRuntimeSeconds": 300})
    assert "shortest gap of 4 minutes" in f.message
    assert "00:56 and 01:00" in f.message and ":56→:00 wrap" in f.message
    assert f.line == 6  # sla.maxRuntimeSeconds, the bound without a timeout


@pytest.mark.parametrize(
    ("policy", "words"),
    [("Forbid", "is skipped"), ("Replace", "the running one is killed")],
)
def test_forbid_and_replace_are_notes(tmp_path: Path, policy: str, words: str) -> None:
    (f,) = found(tmp_path, "*/5 * * * *", executionTimeout=900, concurrencyPolicy=policy)
    assert f.level == "note" and words in f.message and "in flight" not in f.message


def test_seconds_schedule(tmp_path: Path) -> None:
    (f,) = found(tmp_path, "*/10 * * * * * *", executionTimeout=25, killTimeout=0)
    assert "shortest gap of 10 seconds" in f.message and "up to 3 runs" in f.message


def test_dst_day_is_the_short_gap(tmp_path: Path) -> None:
    """A daily 01:30 in New York is 23 h apart over spring-forward: a 23.5 h run overlaps."""
    (f,) = found(
        tmp_path, "30 1 * * *", timezone="America/New_York", executionTimeout=84600, killTimeout=0
    )
    assert "shortest gap of 23 hours" in f.message and "2026-03-08" in f.message


def test_hashed_schedule(tmp_path: Path) -> None:
    (f,) = found(tmp_path, "H/7 * * * *", executionTimeout=400, killTimeout=0)
    assert "wrap of the hour" in f.message  # the resolved slot's wrap


def test_bound_from_defaults_points_at_the_default(tmp_path: Path) -> None:
    (f,) = found(tmp_path, "*/5 * * * *", defaults="defaults:\n  executionTimeout: 900")
    assert (f.line, f.column) == (2, 3)


def test_included_defaults(tmp_path: Path) -> None:
    text = "include:\n  - base.yaml\n" + jobs(job("j", "*/5 * * * *"))
    (f,) = lint_yaml(
        tmp_path, text, {CODE}, files={"base.yaml": "defaults:\n  executionTimeout: 900\n"}
    )
    assert f.file is not None and f.file.endswith("base.yaml") and f.line == 2


def test_job_key_overrides_defaults(tmp_path: Path) -> None:
    assert (
        found(
            tmp_path,
            "*/5 * * * *",
            defaults="defaults:\n  executionTimeout: 900",
            executionTimeout=60,
        )
        == []
    )


def test_disabled_jobs_are_linted(tmp_path: Path) -> None:
    assert len(found(tmp_path, "*/5 * * * *", executionTimeout=900, enabled=False)) == 1


def test_cluster_scope_with_every_node(tmp_path: Path) -> None:
    text = "state:\n  path: /tmp/state\n" + jobs(
        job(
            "j",
            "*/5 * * * *",
            executionTimeout=900,
            concurrencyPolicy="Forbid",
            concurrencyScope="cluster",
            clusterPolicy="EveryNode",
        )
    )
    (f,) = lint_yaml(tmp_path, text, {CODE})
    assert "EveryNode every node fires the job" in f.message


@pytest.mark.parametrize("key", ["executionTimeout", "killTimeout"])
@pytest.mark.parametrize("value", ["nan", ".nan", "inf", ".inf", "-.inf", "1e300", "1e12"])
def test_extreme_values_never_crash(
    tmp_path: Path, key: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Whatever the loader lets through (NaN and infinity never trip the daemon's deadline:
    no bound from them), lint and pressure --runtime answer without a traceback."""
    from ..cli import helpers as cli

    keys: dict[str, Any] = {key: value, "sla": {"maxRuntimeSeconds": 60}}
    if key == "killTimeout":
        keys["executionTimeout"] = 600
    (tmp_path / "jobs.yaml").write_text(jobs(job("j", "0 3 * * *", **keys)))
    args = [str(tmp_path / "jobs.yaml"), "--from", "2026-01-01T00:00Z"]
    for command in (["lint", *args, "--fail-on", "never"], ["pressure", *args, "--runtime"]):
        code, out, err = cli.run(capsys, *command, "--format", "json")
        assert code in (0, 1) and "Traceback" not in err, err
    code, out, _ = cli.run(capsys, "lint", *args, "--fail-on", "never", "--format", "json")
    codes = {f["code"] for f in json.loads(out)["findings"]}
    if "invalid-config" not in codes and value in ("1e300", "1e12"):
        assert "runs-may-overlap" in codes  # a huge bound overlaps a daily schedule
