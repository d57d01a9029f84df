"""Piped text output of every command is written without importing rich (issue 13).

Each command runs in a fresh interpreter, so no earlier import hides one, and
writes to a StringIO: not a terminal, so nothing would be styled.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FROM = ("--from", "2026-12-01T00:00")

# (command line, columns): 30 columns makes pressure wrap its chart rows, 60 diff its lines.
CASES = {
    "jobs": (["jobs", "examples", *FROM], 80),
    "preview": (["preview", "H/15 9-17 * * mon-fri", "--seed", "x", "-n", "3", *FROM], 80),
    "explain": (["explain", "0 12 13 * 5"], 80),
    "why": (["why", "0 12 13 * 5", "--at", "2026-11-13T12:00"], 80),
    "suggest": (["suggest", "examples", *FROM], 80),
    "duplicates": (["duplicates", "examples"], 80),
    "stagger": (["stagger", "a", "b", "c", "--window", "23:50/30"], 80),
    "owners": (["owners", "examples", "--nodes", "a,b,c", "--down", "b"], 80),
    "pressure": (["pressure", "examples", "--jitter", "auto", *FROM], 80),
    "pressure-narrow": (["pressure", "examples", *FROM], 30),
    "lint": (["lint", "examples", *FROM], 80),
    "lint-rules": (["lint", "--list-rules"], 80),
    "diff": (["diff", "tests/data/diff/base", "tests/data/diff/head", "--from", "2027-03-08"], 60),
}


def run_piped(args: list[str], columns: int = 80) -> tuple[str, bool]:
    """(what the command wrote, whether rich was imported) in a fresh interpreter."""
    code = (
        "import io, sys\n"
        "from cronstable_cli.cli.main import main\n"
        "sys.stdout = out = io.StringIO()\n"
        "main(sys.argv[1:])\n"
        "sys.stdout = sys.__stdout__\n"
        "print(out.getvalue(), end='')\n"
        "print('RICH', 'rich' in sys.modules, file=sys.stderr)\n"
    )
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": str(columns)}
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert "RICH" in done.stderr, done.stderr
    return done.stdout, "RICH True" in done.stderr


@pytest.mark.parametrize("case", sorted(CASES))
def test_piped_text_is_written_without_rich(case: str) -> None:
    args, columns = CASES[case]
    out, rich = run_piped(args, columns)
    assert out.strip()
    assert not rich


@pytest.mark.parametrize("case", ["suggest", "stagger", "owners", "pressure", "lint"])
def test_forced_colour_is_still_styled_by_rich(case: str) -> None:
    args, columns = CASES[case]
    out, rich = run_piped([*args, "--color", "always"], columns)
    assert rich and "\x1b[1m" in out  # bold headings, drawn by rich
