"""Shell completion: the committed scripts are current, and completion really answers."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cronstable_cli.cli.completions import SHELLS, completion_source, main

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "completions"
CRONSTABLE = Path(sys.executable).parent / "cronstable"


@pytest.mark.parametrize("shell", list(SHELLS))
def test_committed_script_is_current(shell: str) -> None:
    committed = (COMMITTED / f"cronstable.{shell}").read_text(encoding="utf-8")
    assert committed == completion_source(shell), (
        f"completions/cronstable.{shell} is stale: run `make completions`"
    )


@pytest.mark.parametrize(
    ("shell", "marker"),
    [
        ("bash", "_CRONSTABLE_COMPLETE=bash_complete"),
        ("zsh", "_CRONSTABLE_COMPLETE=zsh_complete"),
        ("fish", "_CRONSTABLE_COMPLETE=fish_complete"),
    ],
)
def test_script_calls_back_into_cronstable(shell: str, marker: str) -> None:
    assert marker in completion_source(shell)


def test_generation_is_deterministic(tmp_path: Path) -> None:
    assert main([str(tmp_path / "a")]) == 0
    assert main([str(tmp_path / "b")]) == 0
    for shell in SHELLS:
        name = f"cronstable.{shell}"
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
        assert (tmp_path / "a" / name).read_bytes() == (COMMITTED / name).read_bytes()


def test_module_entry_point_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage:" in capsys.readouterr().err


def complete(words: str, cword: int, shell: str = "bash") -> list[str]:
    env = {
        **os.environ,
        "_CRONSTABLE_COMPLETE": f"{shell}_complete",
        "COMP_WORDS": words,
        "COMP_CWORD": str(cword),
    }
    done = subprocess.run(
        [str(CRONSTABLE)], env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.mark.skipif(not CRONSTABLE.exists(), reason="the cronstable script is not installed")
def test_completion_offers_commands() -> None:
    offered = complete("cronstable pre", 1)
    assert "plain,preview" in offered
    assert all(line.startswith("plain,pre") for line in offered)


@pytest.mark.skipif(not CRONSTABLE.exists(), reason="the cronstable script is not installed")
def test_completion_offers_every_command_and_option_values() -> None:
    assert "plain,why" in complete("cronstable ", 1)
    assert "plain,--format" in complete("cronstable preview --fo", 2)
    assert complete("cronstable preview --format ", 3) == ["plain,text", "plain,json"]


@pytest.mark.skipif(
    not CRONSTABLE.exists() or shutil.which("bash") is None,
    reason="needs bash and the installed cronstable script",
)
def test_bash_script_completes_in_bash() -> None:
    script = (
        f"source {COMMITTED / 'cronstable.bash'}; "
        "COMP_WORDS=(cronstable expl); COMP_CWORD=1; "
        "_cronstable_completion cronstable; printf '%s\\n' \"${COMPREPLY[@]}\""
    )
    env = {**os.environ, "PATH": f"{CRONSTABLE.parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(
        ["bash", "-c", script], env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["explain"]
