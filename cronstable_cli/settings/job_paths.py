"""The job files a command reads when given no PATHS: the config file's `paths`, else the defaults.

`cronstable lint` (and every command with PATHS) and the language server
resolve them here, so an editor lints the files the command would.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .config_file import ProjectConfig

DEFAULT_PATHS = ("cronstable.yaml", "cronstable.d")


@dataclass(frozen=True)
class JobPaths:
    """What no PATHS means here: the paths that exist, and what is wrong with the rest."""

    paths: tuple[str, ...]
    problem: str | None = None  # a configured path that does not exist (the command refuses)


def job_paths(config: ProjectConfig, exists: Callable[[str], bool] = os.path.exists) -> JobPaths:
    """The config file's `paths` (each must exist), else those of DEFAULT_PATHS that exist."""
    if not config.paths:
        return JobPaths(tuple(p for p in DEFAULT_PATHS if exists(p)))
    present = tuple(p for p in config.paths if exists(p))
    missing = [p for p in config.paths if p not in present]
    if not missing:
        return JobPaths(present)
    return JobPaths(present, f"`paths` in {config.source} names {missing[0]}, which does not exist")
