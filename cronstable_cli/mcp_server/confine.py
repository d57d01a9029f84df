"""The server's root: every path a tool names, and every file a load reads, stays inside it.

One function, `refusal`, decides; `Root.path` applies it to a tool's argument (a
refused argument is a tool error) and `Root.guard` is what the loaders consult
for each file and directory they open while a tool runs (a refused file is an
`unreadable-file` finding, as any file that cannot be read).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass

from ..safe_text import shown


class Refused(ValueError):
    """A path outside the root, a link out of it, or something that is not a file."""


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def refusal(root: str, path: str, named: str | None = None) -> str | None:
    """Why `path` (absolute, or relative to `root`) may not be read; None when it may.

    `root` is absolute and resolved; `named` is the same directory as it was
    given (through a link, say), which an absolute path may also start with.
    Refused: a path that leads outside the root as written (`..`, an absolute
    path elsewhere), one that a symbolic link anywhere along it takes outside,
    and an existing node that is neither a regular file nor a directory (a
    device, FIFO or socket could block or never end).
    """
    if "\0" in path:
        return "a path cannot hold a NUL character"
    try:
        os.fsencode(path)
    except UnicodeError:
        return "it cannot be a file name here (not encodable)"
    full = os.path.normpath(os.path.join(root, path))
    if not (_inside(full, root) or (named is not None and _inside(full, named))):
        return "it is outside the server's root"
    if not _inside(os.path.realpath(full), root):
        return "a symbolic link takes it outside the server's root"
    try:
        mode = os.stat(full).st_mode
    except OSError:
        return None  # a path that does not exist: the command says so, as on the CLI
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        return "it is not a regular file or a directory"
    return None


@dataclass(frozen=True)
class Root:
    """The directory the server answers for (resolved once, at start; the server runs in it)."""

    path: str  # resolved
    named: str | None = None  # as given, made absolute

    @classmethod
    def at(cls, directory: str) -> Root:
        real = os.path.realpath(directory)
        if not os.path.isdir(real):
            raise Refused(f"{shown(directory)} is not a directory")
        named = os.path.abspath(directory)
        return cls(real, named if named != real else None)

    def admit(self, given: str, what: str = "path") -> str:
        """`given`, unchanged, when it may be read; Refused (saying why) when not.

        It is handed to the command as written, so the answer names files as
        `cronstable` run in the root names them.
        """
        reason = refusal(self.path, given, self.named)
        if reason is not None:
            raise Refused(f"{what} {shown(repr(given))} is refused: {reason}")
        return given

    def guard(self, path: str) -> str | None:
        """For the loaders: why a file or directory met while loading may not be read."""
        return refusal(self.path, os.path.abspath(path), self.named)
