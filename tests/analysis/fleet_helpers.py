"""Small builders shared by the fleet-analysis tests."""

from __future__ import annotations

import hashlib
from datetime import datetime, timezone

from cronstable_cli.records import Job, SourceLocation

UTC = timezone.utc
HERE = SourceLocation("fleet.yaml", 1)


def job(name: str, schedule: str, **keys: object) -> Job:
    """A YAML job; keys as Job fields (timezone, utc, enabled, kind)."""
    return Job(name, schedule, HERE, HERE, **keys)  # type: ignore[arg-type]


def h_value(label: str, name: str) -> int:
    """docs/hashing.md's hash, written out independently of the package."""
    return int.from_bytes(hashlib.sha256(f"{label}\n{name}".encode()).digest()[:8], "big")


def utc(
    year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0
) -> datetime:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC)
