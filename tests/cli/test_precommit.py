"""The pre-commit hook end to end, with the real `pre-commit try-repo`.

`try-repo` on a local path only picks up uncommitted changes to files git
already tracks, so the hook is tried from a committed snapshot of the
working tree (package, pyproject, README, .pre-commit-hooks.yaml) in a
temporary repository: the test checks what is on disk, committed or not.
pre-commit builds the hook's environment with pip (from the package index),
so this test takes a while; both runs share one PRE_COMMIT_HOME.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml", "cronstable_cli")

pytestmark = pytest.mark.skipif(shutil.which("git") is None,
                                reason="git is not installed; pre-commit needs it")

GOOD = """\
jobs:
  - name: nightly
    command: ./nightly.sh
    schedule: "0 2 * * *"
"""

BAD = """\
jobs:
  - name: poll
    command: ./poll.sh
    schedule: "*/7 * * * *"
"""


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=cronstable-tests",
                    "-c", "user.email=tests@cronstable.invalid", "-c", "commit.gpgsign=false",
                    "-c", "init.defaultBranch=main", *args],
                   cwd=cwd, check=True, capture_output=True)


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A committed copy of the working tree's package and hook definition."""
    repo = tmp_path_factory.mktemp("hook-repo")
    for name in SNAPSHOT:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, repo / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        elif source.exists():
            shutil.copy2(source, repo / name)
    if not (repo / "README.md").exists():  # pyproject names it as the readme
        (repo / "README.md").write_text("cronstable\n")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "snapshot")
    return repo


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A user's repository with one clean and one bad job file."""
    repo = tmp_path_factory.mktemp("user-repo")
    (repo / "cronstable.d").mkdir()
    (repo / "cronstable.d" / "good.yaml").write_text(GOOD)
    (repo / "cronstable.d" / "bad.yaml").write_text(BAD)
    (repo / "notes.txt").write_text("not a job file\n")
    # Not a job file: a CI workflow must not be fed to the hook.
    (repo / "workflow.yml").write_text("on: push\njobs:\n  build:\n    runs-on: x\n")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    return repo


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    home = tmp_path_factory.mktemp("pre-commit-home")
    environ = dict(os.environ, PRE_COMMIT_HOME=str(home), PRE_COMMIT_COLOR="never",
                   NO_COLOR="1")
    environ.pop("VIRTUAL_ENV", None)
    yield environ


def try_repo(hook_repo: Path, project: Path, env: dict[str, str],
             *files: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo), "cronstable-lint",
         "--files", *files],
        cwd=project, env=env, capture_output=True, text=True, timeout=900, check=False)


def test_clean_file_passes(hook_repo: Path, project: Path, env: dict[str, str]) -> None:
    done = try_repo(hook_repo, project, env, "cronstable.d/good.yaml", "notes.txt",
                    "workflow.yml")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "cronstable lint" in done.stdout and "Passed" in done.stdout


def test_bad_file_fails_with_its_finding(hook_repo: Path, project: Path,
                                         env: dict[str, str]) -> None:
    done = try_repo(hook_repo, project, env, "cronstable.d/good.yaml", "cronstable.d/bad.yaml")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Failed" in done.stdout
    assert "cronstable.d/bad.yaml:4:16 warning [uneven-step]" in done.stdout


def test_files_pattern_skips_other_files(hook_repo: Path, project: Path,
                                         env: dict[str, str]) -> None:
    done = try_repo(hook_repo, project, env, "notes.txt", "workflow.yml")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no files to check" in done.stdout.lower()
