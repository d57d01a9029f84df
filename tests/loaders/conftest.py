"""Helpers for the loader tests: fixture paths and a guard that nothing is written."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent.parent / "data"
BAD = DATA / "bad"
GOOD = DATA / "loaders" / "good.yaml"
FLEET = DATA / "loaders" / "fleet"


def snapshot(root: Path) -> dict[str, tuple[int, int]]:
    found = {}
    for directory, _dirs, files in os.walk(root):
        for name in files:
            path = os.path.join(directory, name)
            if os.path.islink(path) and not os.path.exists(path):
                continue
            info = os.stat(path)
            found[path] = (info.st_size, info.st_mtime_ns)
    return found


@pytest.fixture
def nothing_written() -> Iterator[None]:
    """Fails the test if loading created or changed any file under tests/data."""
    before = snapshot(DATA)
    yield
    assert snapshot(DATA) == before
