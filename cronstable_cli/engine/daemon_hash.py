"""The daemon's hash: H slots and jitter offsets come from the same 64 bits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..safe_text import as_bytes

_sha256: Callable[[bytes], Any] | None = None  # hashlib loads on first use: most runs need none


def hash_value(label: str, key: str) -> int:
    """First 8 bytes, big-endian, of sha256 of `label + "\\n" + key` (docs/hashing.md)."""
    global _sha256
    if _sha256 is None:
        from hashlib import sha256

        _sha256 = sha256
    text = f"{label}\n{key}"
    data = text.encode() if text.isascii() else as_bytes(text)
    return int.from_bytes(_sha256(data).digest()[:8], "big")
