"""runtime-alarm-after-timeout: sla.maxRuntimeSeconds at or above executionTimeout."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .runtime_cases import job, jobs, lint_yaml

CODE = "runtime-alarm-after-timeout"


def found(tmp_path: Path, defaults: str = "", **keys: Any) -> list[Any]:
    return lint_yaml(tmp_path, jobs(job("j", "0 6 * * *", **keys), defaults=defaults), {CODE})


@pytest.mark.parametrize(
    "keys",
    [
        pytest.param({}, id="neither"),
        pytest.param({"executionTimeout": 3600}, id="timeout only"),
        pytest.param({"sla": {"maxRuntimeSeconds": 7200}}, id="alarm only"),
        pytest.param({"executionTimeout": 3600, "sla": {"maxRuntimeSeconds": 3599}}, id="below"),
    ],
)
def test_stays_clean(tmp_path: Path, keys: dict[str, Any]) -> None:
    assert found(tmp_path, **keys) == []


def test_alarm_after_the_kill(tmp_path: Path) -> None:
    (f,) = found(tmp_path, executionTimeout=3600, sla={"maxRuntimeSeconds": 7200})
    assert f.level == "warning" and "killed by 3630 s at the latest" in f.message
    assert f.line == 7  # sla.maxRuntimeSeconds: the key to change


def test_alarm_equal_to_the_timeout(tmp_path: Path) -> None:
    (f,) = found(tmp_path, executionTimeout=3600, sla={"maxRuntimeSeconds": 3600})
    assert "ignores the stop signal for the 30 s killTimeout" in f.message


def test_timeout_from_defaults(tmp_path: Path) -> None:
    (f,) = found(tmp_path, "defaults:\n  executionTimeout: 60", sla={"maxRuntimeSeconds": 60})
    assert f.line == 8  # the job's own sla.maxRuntimeSeconds
