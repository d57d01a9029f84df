"""Running `cronstable` in-process and reading what it printed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cronstable_cli.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of `cronstable ARGS...`."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str, expect: int = 0) -> Any:
    """The JSON document `cronstable ARGS... --format json` printed (exit code checked)."""
    code, out, err = run(capsys, *args, "--format", "json")
    assert code == expect, err
    return json.loads(out)
