"""The JSON envelope every command shares: `{"version": 1, ...}`, stable keys."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
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


def _compact_encoder() -> Callable[[object], str]:
    """One value as compact JSON, by json's C encoder (it only serves `indent=None`).

    `JSONEncoder.encode` builds a C encoder on every call; for the 100,000 items
    of a big document that costs more than the encoding, so one is built here
    and reused (without the circular-reference check: payloads are plain trees).
    """
    plain = json.JSONEncoder(ensure_ascii=False, default=_default, separators=(", ", ": "))
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # no C accelerator: the plain encoder does the same, slower
        return plain.encode
    text = json.encoder.encode_basestring
    encode = make(None, _default, text, None, ": ", ", ", False, False, True)

    def compact(value: object) -> str:
        if isinstance(value, str):
            return text(value)
        return "".join(encode(value, 0))

    return compact


# A 100,000-job document is written about four times faster than with indent=2.
_compact = _compact_encoder()
# One value as compact JSON, as a document writes each item of a top-level list.
compact: Callable[[object], str] = _compact

# A string as compact JSON: the function the C encoder above writes strings with.
json_string: Callable[[str], str] = json.encoder.encode_basestring


class Written(list[str]):
    """A top-level list whose items are already compact JSON, one string each.

    A builder of a big list (100,000 jobs) writes its rows itself, with
    `json_string` and `string_writer`, instead of making a dict per row for the
    encoder: the same text at a third of the cost.
    """


class WrittenMapping(dict[str, str]):
    """A top-level mapping whose values are already compact JSON, one string each.

    For a big mapping whose values repeat or are built one at a time (`owners`'
    rankings): each value is written once, as text, and never held as a list.
    """


def string_writer() -> Callable[[str | None], str]:
    """A string (or None, as null) as compact JSON, each distinct value encoded once.

    For columns whose values repeat across rows: a file name, a schedule, a zone.
    """
    seen: dict[str, str] = {}

    def write(value: str | None) -> str:
        if value is None:
            return "null"
        text = seen.get(value)
        if text is None:
            text = seen[value] = json_string(value)
        return text

    return write


class WrittenLater:
    """A top-level list whose items are written as compact JSON only as the document is
    (`json_pieces`): `count` items, `write()` yields each one's text in order.

    For the lists of a big document (100,000 findings): no item's text, and no
    dict for it, is held longer than it takes to write it.
    """

    def __init__(self, count: int, write: Callable[[], Iterator[str]]) -> None:
        self.count = count
        self.write = write


def to_json(payload: dict[str, Any]) -> str:
    """The payload as a JSON document with `"version": 1` first.

    Two levels are laid out a line each (every top-level key; every item of a
    top-level list or mapping); anything deeper is written on its item's line,
    so a 100,000-job list is 100,000 greppable lines. The pieces are joined
    once, at the end: a big document is built as one string, not copied once
    per level of layout.
    """
    parts = ["{\n"]
    entries = list({"version": JSON_VERSION, **payload}.items())
    for n, (key, value) in enumerate(entries):
        parts += ("  ", _compact(key), ": ")
        _block(value, parts)
        parts.append(",\n" if n < len(entries) - 1 else "\n")
    parts.append("}\n")
    return valid_unicode("".join(parts))


PIECE = 1 << 20  # characters per piece of a document written a piece at a time


def json_pieces(payload: dict[str, Any]) -> Iterator[str]:
    """`to_json`'s document in pieces of about PIECE characters, each made as it is asked
    for: a big document is never held whole (the writer writes each piece and drops it).

    Joined, the pieces are exactly `to_json`'s text.
    """
    parts = ["{\n"]
    entries = list({"version": JSON_VERSION, **payload}.items())
    for n, (key, value) in enumerate(entries):
        parts += ("  ", _compact(key), ": ")
        if isinstance(value, WrittenLater) and value.count:
            parts.append("[\n    ")
            size = 0
            for i, item in enumerate(value.write()):
                if i:
                    parts.append(_ITEM)
                parts.append(item)
                size += len(item)
                if size >= PIECE:
                    yield valid_unicode("".join(parts))
                    parts, size = [], 0
            parts.append("\n  ]")
        else:
            _block(value, parts)
        parts.append(",\n" if n < len(entries) - 1 else "\n")
    parts.append("}\n")
    yield valid_unicode("".join(parts))


_ITEM = ",\n    "  # between the items of a top-level list or mapping


def _list_block(items: Iterable[str], parts: list[str]) -> None:
    """A non-empty top-level list, its items already written: one line per item."""
    parts.append("[\n    ")
    for n, item in enumerate(items):
        if n:
            parts.append(_ITEM)
        parts.append(item)
    parts.append("\n  ]")


def _block(value: object, parts: list[str]) -> None:
    """A top-level value: a non-empty list or mapping gets one line per item."""
    if isinstance(value, WrittenLater):
        if value.count:
            _list_block(value.write(), parts)
        else:
            parts.append("[]")
    elif isinstance(value, (list, tuple)) and value:
        _list_block(value if isinstance(value, Written) else [_compact(v) for v in value], parts)
    elif isinstance(value, WrittenMapping) and value:
        # Values already written as JSON text (owners' node orders, shared ones once).
        parts.append("{\n    ")
        for n, (k, v) in enumerate(value.items()):
            if n:
                parts.append(_ITEM)
            parts += (_compact(k), ": ", v)
        parts.append("\n  }")
    elif isinstance(value, dict) and value:
        parts.append("{\n    ")
        for n, (k, v) in enumerate(value.items()):
            if n:
                parts.append(_ITEM)
            parts += (_compact(k), ": ", _compact(v))
        parts.append("\n  }")
    else:
        parts.append(_compact(value))
