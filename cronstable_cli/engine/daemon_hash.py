"""The daemon's hash: H slots and jitter offsets come from the same 64 bits."""

from __future__ import annotations

from collections.abc import Callable
from struct import Struct
from typing import Any

from ..safe_text import as_bytes

_sha256: Callable[[bytes], Any] | None = None  # loaded on first use: most runs need none
_FIRST_8_BYTES = Struct(">Q").unpack_from  # the digest's first 8 bytes, big-endian


def _load_sha256() -> Callable[[bytes], Any]:
    """SHA-256 for short texts: CPython's own implementation when it has one, else hashlib's.

    Both compute the same digest; the interpreter's built-in one (`_sha256`, `_sha2`
    from 3.12) costs a fraction of OpenSSL's set-up for a key of a few bytes, and
    a fleet's parse hashes one key per H item.
    """
    try:
        from _sha256 import sha256  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        try:
            from _sha2 import sha256  # type: ignore[import-not-found, no-redef, unused-ignore]
        except ImportError:
            from hashlib import sha256  # type: ignore[assignment, unused-ignore]
    return sha256  # type: ignore[no-any-return, unused-ignore]


def hash_value(label: str, key: str) -> int:
    """First 8 bytes, big-endian, of sha256 of `label + "\\n" + key` (docs/hashing.md)."""
    global _sha256
    if _sha256 is None:
        _sha256 = _load_sha256()
    text = f"{label}\n{key}"
    data = text.encode() if text.isascii() else as_bytes(text)
    first: int = _FIRST_8_BYTES(_sha256(data).digest())[0]
    return first
