"""host-local-zone: utc: false without a timezone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .runtime_cases import job, jobs, lint_yaml

CODE = "host-local-zone"


def found(tmp_path: Path, defaults: str = "", **keys: Any) -> list[Any]:
    return lint_yaml(tmp_path, jobs(job("j", "0 6 * * *", **keys), defaults=defaults), {CODE})


@pytest.mark.parametrize(
    "keys",
    [
        pytest.param({}, id="utc by default"),
        pytest.param({"utc": True}, id="utc true"),
        pytest.param({"utc": False, "timezone": "Europe/Berlin"}, id="named zone"),
    ],
)
def test_stays_clean(tmp_path: Path, keys: dict[str, Any]) -> None:
    assert found(tmp_path, **keys) == []


def test_utc_false(tmp_path: Path) -> None:
    (f,) = found(tmp_path, utc=False)
    assert f.level == "note" and "host's local clock" in f.message


def test_utc_false_from_defaults_points_at_the_default(tmp_path: Path) -> None:
    (f,) = found(tmp_path, "defaults:\n  utc: false")
    assert (f.line, f.column) == (2, 3)


def test_defaults_timezone_names_the_zone(tmp_path: Path) -> None:
    assert found(tmp_path, "defaults:\n  timezone: Europe/Paris", utc=False) == []
