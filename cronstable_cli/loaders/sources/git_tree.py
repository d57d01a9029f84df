"""Job files as they are in a git revision, read with `git ls-tree` and `git cat-file`.

Nothing is checked out: the revision's tree is listed once, and the blobs a
load asks for are read in one batch. Paths are named as they would be from
the current directory, so a finding in `main:jobs/a.yaml` reads `jobs/a.yaml`
exactly as it would in the working tree.
"""

from __future__ import annotations

import os
import posixpath
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ... import load_codes as codes
from ..problems import Problems
from .reading import decode_text

_SYMLINK = "120000"
_MAX_LINKS = 8


class GitError(Exception):
    """A repository or revision problem, said plainly (no git, no repository, no such revision)."""


def _git(args: Sequence[str], cwd: str | None, data: bytes | None = None) -> bytes:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, input=data, capture_output=True, check=False)
    except FileNotFoundError:
        raise GitError("git is not installed (it is needed to read revisions)") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitError(message[-1] if message else f"git {args[0]} failed")
    return done.stdout


@dataclass(frozen=True)
class Repository:
    """Where the repository is, and where the current directory sits in it."""

    toplevel: str
    prefix: str  # the current directory relative to the top level, '' at the top
    cwd: str | None = None

    def commit(self, revision: str) -> str | None:
        """The commit a revision names, or None when it names none."""
        if revision.startswith("-"):
            return None  # never let a revision pass for an option of git's
        try:
            out = _git(
                ["rev-parse", "--verify", "--quiet", "--end-of-options", f"{revision}^{{commit}}"],
                self.cwd,
            )
        except GitError:
            return None
        return out.decode().strip() or None


def open_repository(cwd: str | None = None) -> Repository | None:
    """The repository around `cwd` (the current directory); None outside any repository."""
    try:
        out = _git(["rev-parse", "--show-toplevel", "--show-prefix"], cwd)
    except GitError:
        return None
    lines = out.decode("utf-8", "surrogateescape").split("\n")
    return Repository(lines[0], lines[1] if len(lines) > 1 else "", cwd)


class GitTree:
    """One revision's files, answering a load's questions (see `files.FileSource`)."""

    def __init__(self, repo: Repository, commit: str) -> None:
        self.repo = repo
        self.commit = commit
        self.blobs: dict[str, tuple[str, str]] = {}  # repo path -> (mode, object id)
        self.dirs: set[str] = {""}
        out = _git(["ls-tree", "-r", "-z", "--full-tree", commit], repo.cwd)
        for entry in out.split(b"\0"):
            if not entry:
                continue
            meta, _, name = entry.partition(b"\t")
            mode, kind, oid = meta.decode().split()
            if kind != "blob":
                continue  # submodules are not part of this tree's files
            path = name.decode("utf-8", "surrogateescape")
            self.blobs[path] = (mode, oid)
            parent = posixpath.dirname(path)
            while parent not in self.dirs:
                self.dirs.add(parent)
                parent = posixpath.dirname(parent)
        self._data: dict[str, bytes] = {}

    # -- names ------------------------------------------------------------------

    def repo_path(self, path: str) -> str | None:
        """The path inside the repository, links followed; None when it leaves the repository."""
        if os.path.isabs(path):
            inside = os.path.relpath(path, self.repo.toplevel).replace(os.sep, "/")
        else:
            inside = posixpath.join(self.repo.prefix, path.replace(os.sep, "/"))
        inside = posixpath.normpath(inside)
        if inside == ".":
            return ""
        if inside == ".." or inside.startswith("../"):
            return None
        return self._follow(inside)

    def _follow(self, inside: str) -> str | None:
        """Resolve symbolic links in every component, as the disk would."""
        done = ""
        todo = inside.split("/")
        hops = 0
        while todo:
            part = todo.pop(0)
            here = posixpath.join(done, part) if done else part
            entry = self.blobs.get(here)
            if entry is None or entry[0] != _SYMLINK:
                done = here
                continue
            hops += 1
            target = self._blob(entry[1]).decode("utf-8", "surrogateescape")
            if hops > _MAX_LINKS or target.startswith("/"):
                return None
            joined = posixpath.normpath(posixpath.join(done, target))
            if joined == ".." or joined.startswith("../"):
                return None
            todo = ([] if joined == "." else joined.split("/")) + todo
            done = ""
        return done

    # -- FileSource -------------------------------------------------------------

    def is_dir(self, path: str) -> bool:
        inside = self.repo_path(path)
        return inside is not None and inside in self.dirs

    def exists(self, path: str) -> bool:
        inside = self.repo_path(path)
        return inside is not None and (inside in self.dirs or inside in self.blobs)

    def list_dir(self, path: str) -> list[str]:
        inside = self.repo_path(path)
        if inside is None or inside not in self.dirs:
            raise NotADirectoryError(path)
        prefix = f"{inside}/" if inside else ""
        names = {
            p[len(prefix) :].split("/", 1)[0]
            for p in (*self.blobs, *self.dirs)
            if p.startswith(prefix) and p != inside
        }
        return sorted(names)

    def identity(self, path: str) -> str:
        inside = self.repo_path(path)
        return f"{self.commit}:{inside if inside is not None else path}"

    def read_text(self, path: str, out: Problems) -> str | None:
        inside = self.repo_path(path)
        entry = None if inside is None else self.blobs.get(inside)
        if entry is None:
            if inside is not None and inside in self.dirs:
                out.add(codes.UNREADABLE_FILE, "cannot read: it is a directory, not a job file")
            else:
                out.add(codes.UNREADABLE_FILE, "cannot read: no such file in this revision")
            return None
        return decode_text(self._blob(entry[1]), out)

    # -- blobs ------------------------------------------------------------------

    def prefetch(self, paths: Iterable[str]) -> None:
        """Read every blob under these paths in one `git cat-file --batch`."""
        wanted: set[str] = set()
        for path in paths:
            inside = self.repo_path(path)
            if inside is None:
                continue
            if inside in self.blobs:
                wanted.add(self.blobs[inside][1])
            elif inside in self.dirs:
                prefix = f"{inside}/" if inside else ""
                wanted.update(oid for p, (_, oid) in self.blobs.items() if p.startswith(prefix))
        wanted -= set(self._data)
        if wanted:
            self._data.update(_read_blobs(sorted(wanted), self.repo.cwd))

    def _blob(self, oid: str) -> bytes:
        data = self._data.get(oid)
        if data is None:
            data = self._data[oid] = _git(["cat-file", "blob", oid], self.repo.cwd)
        return data


def _read_blobs(oids: Sequence[str], cwd: str | None) -> dict[str, bytes]:
    """Object id -> content for many blobs, from one `git cat-file --batch`."""
    out = _git(["cat-file", "--batch"], cwd, "".join(f"{oid}\n" for oid in oids).encode())
    found: dict[str, bytes] = {}
    at = 0
    while at < len(out):
        header_end = out.index(b"\n", at)
        oid, _kind, size = out[at:header_end].decode().split()
        start = header_end + 1
        found[oid] = out[start : start + int(size)]
        at = start + int(size) + 1  # content, then a newline
    return found
