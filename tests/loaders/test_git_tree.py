"""A revision's files load exactly as the same files on disk do."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cronstable_cli.loaders import load_paths
from cronstable_cli.loaders.sources.git_tree import GitTree, open_repository
from tests.gitrepo import Repo

MAIN = """\
include: _shared.yaml
jobs:
  - name: a
    command: run-a
    schedule: "H * * * *"
"""
SHARED = """\
defaults:
  timezone: Europe/Berlin
jobs:
  - name: shared
    command: s
    schedule: "0 3 * * *"
"""


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Repo:
    monkeypatch.chdir(tmp_path)
    return Repo(tmp_path)


def tree(rev: str) -> GitTree:
    found = open_repository()
    assert found is not None
    commit = found.commit(rev)
    assert commit is not None
    return GitTree(found, commit)


def test_a_revision_loads_like_the_disk(repo: Repo) -> None:
    repo.commit(
        {
            "jobs/main.yaml": MAIN,
            "jobs/_shared.yaml": SHARED,
            "jobs/old.crontab": "5 4 * * * /bin/old\n",
            "README": "not a job file\n",
        }
    )
    from_git = load_paths(["jobs"], files=tree("HEAD"))
    from_disk = load_paths(["jobs"])
    assert from_git.jobs == from_disk.jobs
    assert (
        from_git.files
        == from_disk.files
        == ("jobs/main.yaml", "jobs/_shared.yaml", "jobs/old.crontab")
    )
    assert [j.zone for j in from_git.jobs] == ["Europe/Berlin", "Europe/Berlin", "UTC"]


def test_an_older_revision_is_read_without_checking_it_out(repo: Repo) -> None:
    first = repo.commit({"jobs.yaml": MAIN.replace("include: _shared.yaml\n", "")})
    repo.commit({"jobs.yaml": "jobs: []\n"})
    jobs = load_paths(["jobs.yaml"], files=tree(first)).jobs
    assert [j.name for j in jobs] == ["a"]
    assert (repo.root / "jobs.yaml").read_text() == "jobs: []\n"  # working tree untouched


def test_paths_are_named_from_the_current_directory(repo: Repo) -> None:
    repo.commit({"ops/jobs/x.yaml": MAIN.replace("include: _shared.yaml\n", "")})
    os.chdir(repo.root / "ops")
    loaded = load_paths(["jobs"], files=tree("HEAD"))
    assert loaded.files == ("jobs/x.yaml",)
    assert str(loaded.jobs[0].location) == "jobs/x.yaml:2:5"


def test_a_missing_file_and_a_bad_file_are_findings(repo: Repo) -> None:
    repo.commit({"bad.yaml": "jobs:\n  - name: a\n   command: x\n"})
    loaded = load_paths(["bad.yaml", "gone.yaml"], files=tree("HEAD"))
    assert [(f.file, f.code) for f in loaded.findings] == [
        ("bad.yaml", "invalid-config"),
        ("gone.yaml", "unreadable-file"),
    ]


def test_a_symbolic_link_inside_the_tree_is_followed(repo: Repo) -> None:
    repo.write({"real/jobs.yaml": MAIN.replace("include: _shared.yaml\n", "")})
    os.symlink("real", repo.root / "linked")
    repo.commit({})
    assert [j.name for j in load_paths(["linked"], files=tree("HEAD")).jobs] == ["a"]


def test_a_revision_that_does_not_exist_names_no_commit(repo: Repo) -> None:
    repo.commit({"a.yaml": "jobs: []\n"})
    found = open_repository()
    assert found is not None
    assert found.commit("no-such-branch") is None
    assert found.commit("--output=x") is None
