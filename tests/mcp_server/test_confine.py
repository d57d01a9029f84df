"""The one confinement check, on every form of path a caller can write."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from cronstable_cli.mcp_server.confine import Refused, Root, refusal


@pytest.fixture
def root(tmp_path: Path) -> Root:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.yaml").write_text("x")
    inside = tmp_path / "root"
    (inside / "sub").mkdir(parents=True)
    (inside / "sub" / "jobs.yaml").write_text("jobs:\n")
    (inside / "out-file").symlink_to(outside / "secret.yaml")
    (inside / "out-dir").symlink_to(outside)
    (inside / "in-link").symlink_to(inside / "sub" / "jobs.yaml")
    (inside / "dangling-out").symlink_to(tmp_path / "nowhere")
    (inside / "chain").symlink_to(inside / "out-dir")
    (inside / "null").symlink_to(os.devnull)
    os.mkfifo(inside / "fifo")
    return Root.at(str(inside))


ALLOWED = [
    "sub/jobs.yaml",
    "./sub/jobs.yaml",
    "sub/../sub/jobs.yaml",
    "sub",
    "sub/",
    ".",
    "",
    "in-link",  # a link that stays inside
    "missing.yaml",  # the command says it does not exist
    "sub/new/deeper.yaml",
]

OUTSIDE = "it is outside the server's root"
LINK = "a symbolic link takes it outside the server's root"
NODE = "it is not a regular file or a directory"
REFUSED = [
    ("..", OUTSIDE),
    ("../outside/secret.yaml", OUTSIDE),
    ("sub/../../outside", OUTSIDE),
    ("/etc/passwd", OUTSIDE),
    ("/dev/zero", OUTSIDE),
    ("{root}/../outside", OUTSIDE),
    ("out-file", LINK),
    ("out-dir", LINK),
    ("out-dir/secret.yaml", LINK),
    ("out-dir/new.yaml", LINK),
    ("chain/secret.yaml", LINK),
    ("dangling-out", LINK),
    ("null", LINK),
    ("fifo", NODE),
    ("sub/\0x", "a path cannot hold a NUL character"),
    ("sub/\ud800.yaml", "it cannot be a file name here (not encodable)"),
]


@pytest.mark.parametrize("given", ALLOWED)
def test_paths_inside_are_handed_on_as_written(root: Root, given: str) -> None:
    assert root.admit(given) == given
    inside = os.path.join(root.path, given)  # absolute, inside
    assert root.admit(inside) == inside
    assert root.guard(inside) is None


@pytest.mark.parametrize("given", ALLOWED)
def test_a_root_named_through_a_link_admits_paths_under_either_name(
    root: Root, given: str, tmp_path: Path
) -> None:
    alias = tmp_path / "alias"
    alias.symlink_to(root.path)
    named = Root.at(str(alias))
    assert named.path == root.path
    assert named.admit(os.path.join(alias, given)) == os.path.join(alias, given)
    assert named.admit(os.path.join(root.path, given)) == os.path.join(root.path, given)
    with pytest.raises(Refused):
        named.admit(os.path.join(alias, "out-file"))


@pytest.mark.parametrize(("given", "reason"), REFUSED)
def test_each_way_out_is_refused_with_its_reason(root: Root, given: str, reason: str) -> None:
    given = given.format(root=root.path)
    assert refusal(root.path, given) == reason
    with pytest.raises(Refused, match=re.escape("is refused: " + reason)):
        root.admit(given, "path")


def test_the_loaders_guard_reads_relative_to_the_current_directory(
    root: Root, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(os.path.join(root.path, "sub"))
    assert root.guard("jobs.yaml") is None
    assert root.guard("../out-file") == LINK
    assert root.guard("../../outside/secret.yaml") == OUTSIDE


def test_a_root_must_be_a_directory(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("")
    with pytest.raises(Refused, match="is not a directory"):
        Root.at(str(tmp_path / "f"))
