"""The JSON envelope every command shares: `{"version": 1, ...}`, stable keys."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from ..safe_text import valid_unicode

JSON_VERSION = 1


def _default(value: object) -> object:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (set, frozenset, tuple)):
        return sorted(value) if isinstance(value, (set, frozenset)) else list(value)
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def to_json(payload: dict[str, Any]) -> str:
    """The payload as a JSON document with `"version": 1` first."""
    document = json.dumps({"version": JSON_VERSION, **payload}, indent=2, ensure_ascii=False,
                          default=_default)
    return valid_unicode(document) + "\n"
