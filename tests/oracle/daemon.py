"""Ask the released daemon (installed in .venv-daemon by ``make daemon-venv``) questions in batches.

The daemon's console script is also called ``cronstable``, so it lives in its own
virtual environment and is only ever run as ``.venv-daemon/bin/python``. When that
environment is missing (the registry was unreachable), every oracle test skips
with the reason recorded by the Makefile.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DAEMON_VENV = ROOT / ".venv-daemon"
DAEMON_PYTHON = DAEMON_VENV / "bin" / "python"
DRIVER = Path(__file__).with_name("daemon_driver.py")
DAEMON_VERSION = "1.2.72"


def daemon_or_skip() -> Path:
    """The daemon venv's interpreter, or skip the calling test with the reason."""
    if not DAEMON_PYTHON.exists():
        why = DAEMON_VENV.with_suffix(".skip")
        reason = why.read_text().strip() if why.exists() else "run `make daemon-venv` first"
        pytest.skip(f"released daemon {DAEMON_VERSION} not installed: {reason}")
    return DAEMON_PYTHON


def ask(op: str, cases: list[dict[str, Any]], timeout: float = 600) -> list[dict[str, Any]]:
    """Send one batch of cases to the daemon driver and return its answers in order."""
    python = daemon_or_skip()
    done = subprocess.run(
        [str(python), "-I", str(DRIVER)],
        input=json.dumps({"op": op, "cases": cases}),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if done.returncode != 0:
        raise AssertionError(f"daemon driver failed:\n{done.stderr[-4000:]}")
    results: list[dict[str, Any]] = json.loads(done.stdout)["results"]
    return results
