"""Where a load reads its files from: the disk, or any other tree of files.

The session asks a `FileSource` every question it has about paths (is it a
directory, what does it hold, its text), so one loading path serves the
working tree and, say, a git revision read into memory (`git_tree.py`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol

from ..problems import Problems

# Why a path on disk may not be read (None: it may), for a front-end that answers
# for one directory only (`cronstable mcp`): set for the length of one command.
ReadGuard = Callable[[str], "str | None"]
_GUARD: ContextVar[ReadGuard | None] = ContextVar("cronstable_read_guard", default=None)


@contextmanager
def guarded_reads(guard: ReadGuard) -> Iterator[None]:
    """While inside, the disk refuses every file and directory `guard` names a reason for."""
    token = _GUARD.set(guard)
    try:
        yield
    finally:
        _GUARD.reset(token)


class FileSource(Protocol):
    """The questions a load asks about paths."""

    def is_dir(self, path: str) -> bool: ...

    def exists(self, path: str) -> bool: ...

    def list_dir(self, path: str) -> list[str]:
        """The names in a directory (raises OSError)."""
        ...

    def identity(self, path: str) -> str:
        """One key per file however it is named (symbolic links, `..`)."""
        ...

    def read_text(self, path: str, out: Problems) -> str | None:
        """The file's text, or None with an unreadable-file finding in `out`."""
        ...


class DiskFiles:
    """The file system, as every command but `diff BASE` reads it."""

    def is_dir(self, path: str) -> bool:
        return os.path.isdir(path)

    def exists(self, path: str) -> bool:
        return os.path.lexists(path)

    def list_dir(self, path: str) -> list[str]:
        guard = _GUARD.get()
        reason = guard(path) if guard is not None else None
        if reason is not None:
            raise PermissionError(f"refused: {reason}")
        return os.listdir(path)

    def identity(self, path: str) -> str:
        return os.path.realpath(path)

    def read_text(self, path: str, out: Problems) -> str | None:
        from .reading import read_text

        guard = _GUARD.get()
        reason = guard(path) if guard is not None else None
        if reason is not None:
            from ...load_codes import UNREADABLE_FILE

            out.add(UNREADABLE_FILE, f"cannot read: refused, {reason}")
            return None
        return read_text(path, out)


DISK = DiskFiles()


class OneFileOver:
    """One file given as bytes (standard input) laid over another source, under `path`."""

    def __init__(self, path: str, data: bytes, under: FileSource = DISK) -> None:
        self.path = path
        self.data = data
        self.under = under

    def is_dir(self, path: str) -> bool:
        return path != self.path and self.under.is_dir(path)

    def exists(self, path: str) -> bool:
        return path == self.path or self.under.exists(path)

    def list_dir(self, path: str) -> list[str]:
        return self.under.list_dir(path)

    def identity(self, path: str) -> str:
        return f"\0given:{path}" if path == self.path else self.under.identity(path)

    def read_text(self, path: str, out: Problems) -> str | None:
        if path != self.path:
            return self.under.read_text(path, out)
        from .reading import decode_text

        return decode_text(self.data, out)


class Remembering:
    """Another source, keeping the text of every file it read (for `lint --fix`)."""

    def __init__(self, under: FileSource = DISK) -> None:
        self.under = under
        self.texts: dict[str, str] = {}

    def is_dir(self, path: str) -> bool:
        return self.under.is_dir(path)

    def exists(self, path: str) -> bool:
        return self.under.exists(path)

    def list_dir(self, path: str) -> list[str]:
        return self.under.list_dir(path)

    def identity(self, path: str) -> str:
        return self.under.identity(path)

    def read_text(self, path: str, out: Problems) -> str | None:
        text = self.under.read_text(path, out)
        if text is not None:
            self.texts[path] = text
        return text


def unchanged_since(path: str, text: str) -> bool:
    """True when the file on disk still holds exactly `text` (checked before a fix is written)."""
    try:
        with open(path, "rb") as handle:
            return handle.read() == text.encode("utf-8")
    except OSError:
        return False


class TextsOver:
    """Files an editor holds open, by path, laid over another source (the language server).

    Their text is read as a file's bytes would be (`decode_text`), so a load
    of an open document finds what `lint` finds in the same text on disk.
    """

    def __init__(self, texts: dict[str, str], under: FileSource = DISK) -> None:
        self.texts = texts  # by absolute, normalised path
        self.under = under

    def _text(self, path: str) -> str | None:
        return self.texts.get(os.path.abspath(path))

    def is_dir(self, path: str) -> bool:
        return self._text(path) is None and self.under.is_dir(path)

    def exists(self, path: str) -> bool:
        return self._text(path) is not None or self.under.exists(path)

    def list_dir(self, path: str) -> list[str]:
        return self.under.list_dir(path)

    def identity(self, path: str) -> str:
        return os.path.realpath(path)

    def read_text(self, path: str, out: Problems) -> str | None:
        text = self._text(path)
        if text is None:
            return self.under.read_text(path, out)
        from .reading import decode_text

        return decode_text(text.encode("utf-8", "surrogatepass"), out)
