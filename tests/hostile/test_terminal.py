"""A terminal that is not UTF-8 gets ASCII drawing, not a UnicodeEncodeError."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from . import corpus

AT = "2026-01-05T00:00Z"


@pytest.mark.parametrize(
    "args",
    [
        ["jobs", "{f}", "--from", AT],
        ["pressure", "{f}", "--from", AT],
        ["owners", "{f}", "--nodes", "a,b"],
        ["stagger", "a", "b", "--window", "02:00/50"],
        ["duplicates", "{f}"],
        ["preview", "0 * * * *", "--from", AT],
        ["lint", "--list-rules"],
        ["lint", "{f}", "--from", AT],
        ["explain", "*/7 * * * *"],
        ["why", "0 * * * *", "--at", AT],
        ["suggest", "{f}", "--from", AT],
    ],
)
@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "latin-1"}])
def test_non_utf8_terminal(args: list[str], env: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / "fleet.yaml"
    # Non-ASCII names too: they must come out escaped, not crash the encoder.
    path.write_text(
        corpus.job_yaml(("café-€", "0 * * * *"), ("naïve", "0 * * * *"), ("other", "*/7 * * * *")),
        encoding="utf-8",
    )
    argv = [a.replace("{f}", str(path)) for a in args]
    done = subprocess.run(
        [sys.executable, "-m", "cronstable_cli.cli.main", *argv],
        capture_output=True,
        timeout=120,
        env={**os.environ, **env, "COLUMNS": "100"},
    )
    assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")
    assert done.returncode in (0, 1), done.stderr
    done.stdout.decode(env["PYTHONIOENCODING"])  # what the terminal can show
    assert done.stdout.strip()
