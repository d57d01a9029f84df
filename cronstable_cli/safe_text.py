"""Config-supplied text made safe to show: control, bidi and undecodable characters escaped.

A job name, file name, command or zone comes from files the user may not
have written (a pull request under review, an included file). Printed raw,
such text can forge lines (`\\n::error file=...` is a GitHub annotation),
drive the terminal (ESC, OSC-8 links) or reorder what the reader sees (bidi
overrides). Every text report therefore goes through this module: the
output writer hands the text renderers an `escaped()` copy of the result,
and the console escapes whatever still reaches it (see render/console.py).
Like records.py it is importable from every layer.
Machine formats (JSON, SARIF, GitHub, HTML) escape in their own syntax.
"""

from __future__ import annotations

import copy
import dataclasses
import operator
import re
from collections.abc import Callable, Iterable, Sequence
from functools import cache, partial
from itertools import chain
from typing import Any, TypeVar, cast

T = TypeVar("T")

# Invisible characters that reorder or hide text: every Unicode format character
# (category Cf: bidi embeddings, overrides and isolates, directional marks,
# zero-width characters including the joiner, the BOM, the deprecated format
# controls U+206A-F, interlinear annotations U+FFF9-B, the TAG block that can
# spell hidden words), plus the default-ignorable letters that render as
# nothing (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the combining
# grapheme joiner, Khmer inherent vowels, Mongolian variation selectors).
# tests/test_safe_text.py checks this list against `unicodedata` for every
# code point, so a character the Unicode database calls Cf cannot slip through.
_INVISIBLE = (
    "\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u115f\u1160"
    "\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164"
    "\ufeff\uffa0\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
)
# The patterns are compiled on first use: a class of code points beyond Latin-1
# takes the regex compiler milliseconds, and most runs show only plain text.
_PATTERNS = {
    # The invisible characters `str.isprintable()` accepts (letters of category Lo/Mn).
    "printable invisible": "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u3164\uffa0]",
    # C0 and C1 controls, DEL, line and paragraph separators, lone surrogates.
    "unsafe": f"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff{_INVISIBLE}]",
    # The same but line breaks, for text whose layout this program made.
    "unsafe inline": f"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff{_INVISIBLE}]",
    "surrogate": "[\ud800-\udfff]",
}
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


@cache
def pattern(name: str) -> re.Pattern[str]:
    """One of `_PATTERNS`, compiled the first time it is asked for."""
    return re.compile(_PATTERNS[name])


def _escape_char(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    point = ord(char)
    if point < 0x100:
        return f"\\x{point:02x}"
    if 0xDC80 <= point <= 0xDCFF:
        return f"\\x{point - 0xDC00:02x}"  # a byte that was not UTF-8 (surrogateescape)
    if point > 0xFFFF:
        return f"\\U{point:08x}"
    return f"\\u{point:04x}"


def shown(text: str) -> str:
    """`text` on one line: control, bidi and undecodable characters as `\\n`, `\\x1b`, `\\u202e`."""
    if is_plain(text):  # the common case, checked in C
        return text
    return pattern("unsafe").sub(_escape_char, text)


def is_plain(text: str) -> bool:
    """True when `shown(text)` is `text`: nothing to escape (checked in C for ASCII)."""
    if text.isascii():
        return printable_ascii(text)
    return text.isprintable() and pattern("printable invisible").search(text) is None


def printable_ascii(text: str) -> bool:
    """`text.isascii() and text.isprintable()`, a long text checked at memory speed.

    `isprintable` looks every character up in the Unicode tables; printable ASCII is
    exactly the bytes from space to `~`, so a long ASCII text is printable when deleting
    those bytes leaves nothing (a third of the work: reports are megabytes of it)."""
    if not text.isascii():
        return False
    if len(text) < 64:
        return text.isprintable()  # two calls cost more than a short lookup
    return not text.encode("ascii").translate(None, _PRINTABLE)


_PRINTABLE = bytes(range(0x20, 0x7F))  # space to `~`


def shown_lines(text: str) -> str:
    """Like `shown`, but line breaks stay: for text whose layout this program made."""
    if is_plain(text.replace("\n", "")):
        return text
    return pattern("unsafe inline").sub(_escape_char, text)


def escaped(value: T) -> T:
    """A copy of a result in which every string is `shown()`; unchanged parts are shared.

    Walks dataclasses, named and plain tuples, lists, sets and dicts (keys too);
    other objects (datetimes, zones, parsed schedules) are kept as they are. A
    string longer than DISPLAY_LIMIT keeps its start and end around a note of the cut.
    """
    return _walk(value, {})  # type: ignore[no-any-return]


# Characters of one string a text report shows; past this the middle is cut. A name
# or command of a megabyte would otherwise take minutes to lay out in a table.
DISPLAY_LIMIT = 2000


def _walk(value: Any, seen: dict[int, Any]) -> Any:
    if isinstance(value, str):
        if len(value) > DISPLAY_LIMIT:
            cut = len(value) - DISPLAY_LIMIT
            value = f"{value[: DISPLAY_LIMIT - 200]}...({cut:,} characters cut)...{value[-200:]}"
        return shown(value)
    if isinstance(value, (int, float, bool)) or value is None:
        return value
    key = id(value)
    if key in seen:
        return seen[key]
    result = value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        names = _field_names(type(value))
        olds = [getattr(value, name) for name in names]
        # Records (findings, jobs) are mostly short safe text and numbers: vetted at once.
        texts = [v for v in olds if type(v) is str]
        kept = _kept_as_is(texts)
        for name, old in zip(names, olds, strict=True):
            if kept and (type(old) is str or type(old) in _SCALARS):
                continue
            new = _walk(old, seen)
            if new is not old:
                changes[name] = new
        if changes:
            # A copy, not dataclasses.replace(): no __init__ or validation runs again.
            result = copy.copy(value)
            for name, new in changes.items():
                object.__setattr__(result, name, new)
    elif isinstance(value, tuple):
        # A plain tuple of safe text (a failover ranking) is vetted in one C pass.
        if not (type(value) is tuple and _kept_as_is(value)):
            items = _walk_items(value, seen)
            if any(n is not o for n, o in zip(items, value, strict=True)):
                named = hasattr(value, "_fields")
                result = cast(Any, type(value))._make(items) if named else tuple(items)
    elif isinstance(value, list):
        if not _kept_as_is(value):
            items = _walk_items(value, seen)
            if any(n is not o for n, o in zip(items, value, strict=True)):
                result = items
    elif isinstance(value, (set, frozenset)):
        if not _kept_as_is(value):
            items = [_walk(v, seen) for v in value]
            if any(n is not o for n, o in zip(items, value, strict=True)):
                result = type(value)(items)
    elif isinstance(value, dict) and not (
        # Names, schedules and rankings of a 100,000-job result: nothing to escape.
        _kept_as_is(value) and _values_kept_as_is(value.values())
    ):
        pairs = [(_walk(k, seen), _walk(v, seen)) for k, v in value.items()]
        old = value.items()
        if any(nk is not k or nv is not v for (nk, nv), (k, v) in zip(pairs, old, strict=True)):
            result = dict(pairs)
    seen[key] = result
    return result


# Items of a long tuple or list vetted together (`_all_kept`); a batch that holds
# something to escape is walked item by item, so one bad name costs one batch.
_BATCH = 256
# Columns `_all_kept` looks at before it leaves the rest to `_walk` (which follows
# a value that holds itself, as no column-by-column pass can).
_MAX_COLUMNS = 4096


def _walk_items(items: Sequence[Any], seen: dict[int, Any]) -> list[Any]:
    """`[_walk(v, seen) for v in items]`, whole batches of records vetted at once."""
    if len(items) < 8:
        return [_walk(v, seen) for v in items]
    out: list[Any] = []
    for start in range(0, len(items), _BATCH):
        batch = items[start : start + _BATCH]
        if _all_kept(batch):
            out.extend(batch)
        else:
            out.extend(_walk(v, seen) for v in batch)
    return out


def _all_kept(values: Iterable[Any]) -> bool:
    """True when `_walk` returns each of `values` unchanged: every string reachable
    through the dataclasses, tuples, lists, sets and dicts (keys too) it walks is one
    `shown` keeps and no cut shortens.

    Column by column, not record by record: the values of one type are taken a field
    (or, for tuples of one length, a position) at a time, so a column of 100,000
    messages or locations is a few C passes (map, join, isprintable), and a Python loop
    runs only over a column that mixes types."""
    pending = [list(values)]
    for _ in range(_MAX_COLUMNS):
        if not pending:
            return True
        column = pending.pop()
        types = set(map(type, column))
        kinds = types - _SCALARS
        if not kinds:
            continue  # numbers and None
        if len(kinds) == 1:
            (kind,) = kinds
            if types == kinds:
                groups = {kind: column}
            elif types - kinds == _NONE:  # an optional field: None dropped in C
                groups = {kind: list(filter(_NOT_NONE, column))}
            else:
                groups = {kind: [v for v in column if type(v) is kind]}
        else:
            groups = {kind: [] for kind in kinds}
            for value in column:
                kind = type(value)
                if kind in groups:
                    groups[kind].append(value)
        for kind, group in groups.items():
            if issubclass(kind, str):
                if not _kept_as_is(group):
                    return False
            elif issubclass(kind, (int, float, bool)):
                continue
            elif dataclasses.is_dataclass(kind):
                names = _field_names(kind)
                if len(names) == 1:
                    pending.append(list(map(operator.attrgetter(names[0]), group)))
                elif names:  # each record's fields in one call, then a column per field
                    pending.extend(map(list, zip(*map(_getter(kind), group), strict=True)))
            elif issubclass(kind, tuple):
                lengths = set(map(len, group))
                if len(lengths) == 1:  # records of one shape: a column per position
                    pending.extend(map(list, zip(*group, strict=True)))
                else:
                    pending.append(list(chain.from_iterable(group)))
            elif issubclass(kind, (list, set, frozenset)):
                pending.append(list(chain.from_iterable(group)))
            elif issubclass(kind, dict):
                pending.append(list(chain.from_iterable(map(dict.keys, group))))
                pending.append(list(chain.from_iterable(map(dict.values, group))))
            # anything else (a datetime, a zone, a parsed schedule) `_walk` keeps as it is
    return not pending


@cache
def _getter(kind: type) -> Callable[[Any], tuple[Any, ...]]:
    """All of a dataclass's field values in one call (two fields or more)."""
    return operator.attrgetter(*_field_names(kind))


_NOT_NONE = partial(operator.is_not, None)
_SCALARS = frozenset({int, float, bool, type(None)})
_NONE = frozenset({type(None)})


@cache
def _field_names(kind: type) -> tuple[str, ...]:
    """A dataclass's field names, found once per class."""
    return tuple(item.name for item in dataclasses.fields(kind))


def _kept_as_is(items: Iterable[Any]) -> bool:
    """True when `_walk` returns every item unchanged because each is None or a str that
    `shown` keeps and no cut shortens. Checked in C, so a result of 100,000 jobs is
    vetted in milliseconds rather than walked item by item."""
    texts = list(filter(_NOT_NONE, items))
    try:
        joined = "".join(texts)
    except TypeError:  # something other than text: walk it
        return False
    return is_plain(joined) and (
        len(joined) <= DISPLAY_LIMIT or max(map(len, texts)) <= DISPLAY_LIMIT
    )


def _values_kept_as_is(values: Iterable[Any]) -> bool:
    """`_kept_as_is` for a mapping's values: text, or tuples of text (a failover ranking)."""
    values = list(values)
    if _kept_as_is(values):
        return True
    present = list(filter(_NOT_NONE, values))
    return set(map(type, present)) == {tuple} and _kept_as_is(chain.from_iterable(present))


def _json_escape(match: re.Match[str]) -> str:
    # Inside a JSON string literal: the backslash itself must be escaped.
    return "\\" + _escape_char(match)


def valid_unicode(document: str) -> str:
    """A JSON document whose strings hold no lone surrogates (so it encodes as UTF-8).

    A file name that is not UTF-8 reaches Python as surrogate escapes; each such
    byte becomes the text `\\xe9` inside its string (other lone surrogates `\\ud800`).
    """
    if document.isascii():
        return document
    return pattern("surrogate").sub(_json_escape, document)


def no_surrogates(text: str) -> str:
    """Text that encodes as UTF-8: lone surrogates written as `\\xe9` / `\\ud800`."""
    if text.isascii():
        return text
    return pattern("surrogate").sub(_escape_char, text)


def cut_middle(text: str, limit: int = 1000) -> str:
    """`text` kept to about `limit` characters: its start and its last 200 around a note."""
    if len(text) <= limit:
        return text
    cut = len(text) - limit
    return f"{text[: limit - 200]} ...({cut:,} characters cut)... {text[-200:]}"


def capped(text: str, limit: int = 200) -> str:
    """`text` cut to about `limit` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text) - limit:,} more characters)"


def as_bytes(text: str) -> bytes:
    """`text` as UTF-8 for a hash, whatever it holds: a name that was not UTF-8 (a file
    name read as surrogate escapes) gives back its own bytes, any other lone surrogate
    its surrogatepass form. Never raises, so an H slot or an owner is always computable."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        try:
            return text.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            return text.encode("utf-8", "surrogatepass")
