"""The daemon's hash: H slots and jitter offsets come from the same 64 bits."""

from __future__ import annotations

from hashlib import sha256


def hash_value(label: str, key: str) -> int:
    """First 8 bytes, big-endian, of sha256 of `label + "\\n" + key` (SPEC §1.1)."""
    return int.from_bytes(sha256(f"{label}\n{key}".encode()).digest()[:8], "big")
