"""The pre-commit hooks end to end, with the real `pre-commit run`.

The hooks are taken from a committed snapshot of the working tree (package,
pyproject, README, .pre-commit-hooks.yaml) in a temporary repository, so the
test checks what is on disk, committed or not. The user's repository gets a
written `.pre-commit-config.yaml` pointing at that snapshot, and every run
is `pre-commit run HOOK --files ...` against ONE store (PRE_COMMIT_HOME):
the hook environment is built once for the session (pip, from the package
index) and each run after that takes about a second.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml", "cronstable_cli")

pytestmark = [
    pytest.mark.skipif(
        shutil.which("git") is None, reason="git is not installed; pre-commit needs it"
    ),
    pytest.mark.slow,
]

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

# Clean on its own; its job name is also used in good.yaml.
SAME_NAME = """\
jobs:
  - name: nightly
    command: ./other-nightly.sh
    schedule: "0 3 * * *"
"""


def _git(cwd: Path, *args: str) -> str:
    done = subprocess.run(
        [
            "git",
            "-c",
            "user.name=cronstable-tests",
            "-c",
            "user.email=tests@cronstable.invalid",
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
            *args,
        ],
        cwd=cwd,
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip()


@pytest.fixture(scope="session")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A committed copy of the working tree's package and hook definitions, and its commit."""
    repo = tmp_path_factory.mktemp("hook-repo")
    for name in SNAPSHOT:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(
                source, repo / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
            )
        elif source.exists():
            shutil.copy2(source, repo / name)
    if not (repo / "README.md").exists():  # pyproject names it as the readme
        (repo / "README.md").write_text("cronstable\n")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "snapshot")
    return repo, _git(repo, "rev-parse", "HEAD")


@pytest.fixture(scope="session")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """One pre-commit store for every run of the session."""
    home = tmp_path_factory.mktemp("pre-commit-home")
    environ = dict(os.environ, PRE_COMMIT_HOME=str(home), PRE_COMMIT_COLOR="never", NO_COLOR="1")
    environ.pop("VIRTUAL_ENV", None)
    return environ


@pytest.fixture(scope="session")
def project(tmp_path_factory: pytest.TempPathFactory, hook_repo: tuple[Path, str]) -> Path:
    """A user's repository: job files, a CI workflow, and a config naming both hooks."""
    repo = tmp_path_factory.mktemp("user-repo")
    (repo / "cronstable.d").mkdir()
    (repo / "cronstable.d" / "good.yaml").write_text(GOOD)
    (repo / "cronstable.d" / "bad.yaml").write_text(BAD)
    (repo / "notes.txt").write_text("not a job file\n")
    # Not a job file: a CI workflow must not be fed to the hook.
    (repo / "workflow.yml").write_text("on: push\njobs:\n  build:\n    runs-on: x\n")
    (repo / "fleet").mkdir()
    (repo / "fleet" / "cronstable.d").mkdir()
    (repo / "fleet" / "cronstable.d" / "a.yaml").write_text(GOOD)
    (repo / "fleet" / "cronstable.d" / "b.yaml").write_text(SAME_NAME)
    # Per-host crontabs: every job is named `crontab:<line>`, and each file is its own
    # daemon's config.
    for host in ("web1", "web2"):
        (repo / "hosts" / host).mkdir(parents=True)
        (repo / "hosts" / host / "crontab").write_text(f"*/10 * * * * /srv/{host}/drain\n")
    path, rev = hook_repo
    (repo / ".pre-commit-config.yaml").write_text(f"""\
repos:
  - repo: {path}
    rev: {rev}
    hooks:
      - id: cronstable-lint
      - id: cronstable-lint-fleet
        args: [fleet/cronstable.d]
""")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    return repo


def pre_commit(
    project: Path, env: dict[str, str], hook: str, *files: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", hook, "--files", *files],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )


def test_clean_file_passes(project: Path, env: dict[str, str]) -> None:
    done = pre_commit(
        project, env, "cronstable-lint", "cronstable.d/good.yaml", "notes.txt", "workflow.yml"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "cronstable lint" in done.stdout and "Passed" in done.stdout


def test_bad_file_fails_with_its_finding(project: Path, env: dict[str, str]) -> None:
    done = pre_commit(
        project, env, "cronstable-lint", "cronstable.d/good.yaml", "cronstable.d/bad.yaml"
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Failed" in done.stdout
    assert "cronstable.d/bad.yaml:4:16 warning [uneven-step]" in done.stdout


def test_files_pattern_skips_other_files(project: Path, env: dict[str, str]) -> None:
    done = pre_commit(project, env, "cronstable-lint", "notes.txt", "workflow.yml")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no files to check" in done.stdout.lower()


def test_fleet_hook_fails_on_a_name_duplicated_across_files(
    project: Path, env: dict[str, str]
) -> None:
    # Linting only the changed file cannot see the other file's job...
    alone = pre_commit(project, env, "cronstable-lint", "fleet/cronstable.d/b.yaml")
    assert alone.returncode == 0, alone.stdout + alone.stderr
    # ...the fleet hook lints every job file when one of them changes.
    fleet = pre_commit(project, env, "cronstable-lint-fleet", "fleet/cronstable.d/b.yaml")
    assert fleet.returncode == 1, fleet.stdout + fleet.stderr
    assert "fleet/cronstable.d/b.yaml:2:5 error [duplicate-job-name]" in fleet.stdout


def test_fleet_hook_stays_quiet_without_job_files(project: Path, env: dict[str, str]) -> None:
    done = pre_commit(project, env, "cronstable-lint-fleet", "notes.txt")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no files to check" in done.stdout.lower()


def test_per_host_crontabs_pass_together(project: Path, env: dict[str, str]) -> None:
    done = pre_commit(project, env, "cronstable-lint", "hosts/web1/crontab", "hosts/web2/crontab")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "duplicate-job-name" not in done.stdout
