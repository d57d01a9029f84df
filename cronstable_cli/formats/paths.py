"""File paths as CI tools want them: repository-relative, forward slashes."""

from __future__ import annotations

import os
from pathlib import Path


def relative_path(path: str, cwd: str | None = None) -> str | None:
    """`path` relative to `cwd` (default: the working directory) with `/`, or None outside it."""
    absolute = os.path.abspath(path)
    base = os.path.abspath(cwd or os.getcwd())
    try:
        rel = os.path.relpath(absolute, base)
    except ValueError:  # another drive (Windows)
        return None
    if rel == os.pardir or rel.startswith(os.pardir + os.sep):
        return None
    return Path(rel).as_posix()


def display_path(path: str, cwd: str | None = None) -> str:
    """Relative to `cwd` when inside it, else absolute; always with forward slashes."""
    rel = relative_path(path, cwd)
    return rel if rel is not None else Path(os.path.abspath(path)).as_posix()
