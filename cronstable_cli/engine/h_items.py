"""Jenkins-style H items (docs/hashing.md): the range they hash over and the values they pick.

An item's range and step depend only on its text, so they are shared
(bounded); its values only on `hash_value(label, key) % M`, and each key's
hash per label is remembered.
"""

from __future__ import annotations

import re

from .daemon_hash import hash_value
from .fields import DAY_OF_WEEK, FieldSpec
from .items import NUMBER, error, value
from .parse_result import span_mask, values_mask

# The daemon reads an item opening with h or H as hashed, in either case.
HASHED = re.compile(r"[Hh](?:\(([^()]*)\))?(?:/(.*))?")
_CACHE_SIZE = 4096


_SLOTS: dict[tuple[str, str], tuple[int, int, int | None]] = {}


def _new_hash_slot(spec: FieldSpec, item: str, col: int) -> tuple[int, int, int | None]:
    """The (start, end, step) an H item not seen yet hashes over, shared (bounded);
    raises for a malformed item."""
    known = _plain_hash_slot(spec, item) or _read_hash_slot(spec, item, col)
    if len(_SLOTS) < _CACHE_SIZE:
        _SLOTS[spec.label, item] = known
    return known


def _plain_hash_slot(spec: FieldSpec, item: str) -> tuple[int, int, int | None] | None:
    """`H`, `H/n`, `H(a-b)` and `H(a-b)/n` with plain numbers, read by string methods.

    A fast path: anything else (other spellings, errors) returns None and goes
    through `_read_hash_slot`, which reads the same forms and words the errors.
    """
    if not spec.hashable:
        return None
    body, slash, step_text = item[1:].partition("/")
    if not body:
        start, end = spec.hash_lo, spec.hash_hi
    elif body[0] == "(" and body[-1] == ")":
        a_text, dash, b_text = body[1:-1].partition("-")
        words = spec.words
        start, end = words.get(a_text, -1), words.get(b_text, -1)
        # Numbers only (no names) and a range that runs forwards.
        if not (dash and a_text.isdigit() and b_text.isdigit() and 0 <= start <= end):
            return None
    else:
        return None
    if not slash:
        return start, end, None
    if not (step_text.isdigit() and step_text.isascii() and len(step_text) <= 4):
        return None
    step = int(step_text)
    return (start, end, step) if 1 <= step <= end - start + 1 else None


def _read_hash_slot(spec: FieldSpec, item: str, col: int) -> tuple[int, int, int | None]:
    if not spec.hashable:
        raise error(spec, "H is not allowed in the year field", item, col)
    match = HASHED.fullmatch(item)
    if not match:
        raise error(
            spec,
            "not a valid H item",
            item,
            col,
            hint="the hashed forms are H, H(a-b), H/n and H(a-b)/n",
        )
    range_text, step_text = match.group(1), match.group(2)
    if range_text is None:
        start, end = spec.hash_lo, spec.hash_hi
    else:
        a_text, dash, b_text = range_text.partition("-")
        if not dash:
            raise error(spec, "H(a-b) needs a range", item, col)
        if not (NUMBER.fullmatch(a_text) and NUMBER.fullmatch(b_text)):
            # The daemon takes numbers only here (no month or weekday names).
            raise error(spec, "H(a-b) takes numbers, not names", item, col)
        start = value(spec, a_text, item, col)
        end = value(spec, b_text, item, col)
        if start > end:
            raise error(spec, "the H range runs backwards", item, col)
    span = end - start + 1
    if step_text is None:
        return start, end, None
    if not NUMBER.fullmatch(step_text) or not 1 <= int(step_text) <= span:
        raise error(spec, f"an H step must be a whole number from 1 to {span}", item, col)
    return start, end, int(step_text)


# For the API; the command line says what its own option is (`--seed`).
NO_KEY_HINT = "pass hash_key=NAME, the job's name, which the daemon hashes H with"


def hashed_item(
    spec: FieldSpec,
    item: str,
    col: int,
    key: str | None,
    found: list[tuple[str, int]] | None = None,
) -> tuple[range | tuple[int, ...], int, str, int]:
    """An H item's values, their mask, their comma-joined text, and M (from the key's hash % M).

    The mask is the values' (bit `v - spec.bit_base`), what a field without day
    forms holds (`span_mask` of the item's start, end and step).
    `found`, when given, collects the item's (label, M): a parse of the text
    with another key shares this one's result when its residues are equal.
    """
    label = spec.label
    start, end, step = _SLOTS.get((label, item)) or _new_hash_slot(spec, item, col)
    if key is None:
        raise error(
            spec,
            "H needs a hash key: a job name",
            item,
            col,
            hint=NO_KEY_HINT,
        )
    modulus = step or end - start + 1
    # `key_hash`, inlined: a never-seen key (a fleet's names) costs no frame more.
    pair = (label, key)
    hashed = _KEY_HASHES.get(pair)
    if hashed is None:
        if len(_KEY_HASHES) >= _CACHE_SIZE:
            _KEY_HASHES.clear()
        hashed = _KEY_HASHES[pair] = hash_value(label, key)
    if found is not None:
        found.append((label, modulus))
    first = start + hashed % modulus
    base = spec.bit_base
    values: range | tuple[int, ...]
    if step:
        values = stepped = range(first, end + 1, step)
        mask = span_mask(first, end, step, base)
        # The text keeps the daemon's spelling (`H(5-7)/2` -> `5,7`, 7 stays 7 and
        # the order is the range's); only the values fold Sunday's 7 onto 0.
        # A range's text is its values' alone: written once (a few dozen per field).
        text = _STEPPED_TEXTS.get(stepped)
        if text is None:
            if len(_STEPPED_TEXTS) >= _CACHE_SIZE:
                _STEPPED_TEXTS.clear()
            text = _STEPPED_TEXTS[stepped] = ",".join(map(str, stepped))
    else:
        values, mask, text = (first,), 1 << (first - base), str(first)
    if spec is DAY_OF_WEEK:
        folded = tuple(sorted({x % 7 for x in values}))
        return folded, values_mask(folded, base), text, modulus
    return values, mask, text, modulus


_KEY_HASHES: dict[tuple[str, str], int] = {}
_STEPPED_TEXTS: dict[range, str] = {}  # a stepped H item's values -> their text


def key_hash(label: str, key: str) -> int:
    """`hash_value(label, key)`, remembered: `parse` asks for it, then the H item it resolves."""
    known = _KEY_HASHES.get((label, key))
    if known is None:
        if len(_KEY_HASHES) >= _CACHE_SIZE:
            _KEY_HASHES.clear()
        known = _KEY_HASHES[label, key] = hash_value(label, key)
    return known


def is_hashed(item: str) -> bool:
    """Whether a list item is an H form (`H`, `H(a-b)`, `H/n`, `H(a-b)/n`)."""
    return item[:1] in ("H", "h") and (len(item) == 1 or item[1] in "(/")


def clear() -> None:
    """Forget the shared H slots, key hashes and stepped items' texts."""
    _SLOTS.clear()
    _KEY_HASHES.clear()
    _STEPPED_TEXTS.clear()
