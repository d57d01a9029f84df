"""Parse a fleet's schedules once per distinct meaning, not once per job.

Fleets repeat themselves: thousands of jobs share `0 * * * *`, and every
`H H * * *` job differs from the others only in where its H items land.
A text without H parses the same for every job, so it is parsed once. An H
field depends on the job name only through `v % M` for each of its H items
(v the item's 64-bit hash, M the item's span, or its step for `H/n` —
SPEC §1.1). So each H field is resolved by the engine once per distinct
residue tuple (a synthetic expression holding just that field, parsed with
the job's own name), and a job's Parsed is the text's first parse with its
H fields swapped for those: 10,000 `H H * * *` jobs cost one full parse,
84 one-field parses and two hashes per job.

Every value stored came from `engine.parse`; a text whose H items this
module cannot read is parsed job by job. Tests compare the cache with
direct parses on random texts and names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ..engine import Parsed, ScheduleError, hash_value, parse
from ..engine.fields import ALL_FIELDS, FieldSpec
from ..records import Job

_HASHED = re.compile(r"H(?:\(([^()]*)\))?(?:/(.*))?")
# Canonical (7-field) positions of the tokens of 5/6/7-field texts.
_POSITIONS = {5: (1, 2, 3, 4, 5), 6: (1, 2, 3, 4, 5, 6), 7: (0, 1, 2, 3, 4, 5, 6)}
_SHOWN = {5: slice(1, 6), 6: slice(1, 7), 7: slice(0, 7)}  # SPEC §1 layouts
_ATTRS = ("seconds", "minutes", "hours", "dom", "months", "dow", "years")
_VALUE_INDEX = tuple(Parsed._fields.index(attr) for attr in _ATTRS)
_RESOLVED = Parsed._fields.index("resolved")
_FIELDS = Parsed._fields.index("fields")


class HashedField(NamedTuple):
    """One field of a text with H items: where it is, its items' slice of the residues."""

    position: int  # canonical 0-6
    token: str
    first: int  # its items' residues are residues[first:stop]
    stop: int


class Plan(NamedTuple):
    """What a text's parse depends on besides the text: (label, M) per H item."""

    moduli: tuple[tuple[str, int], ...]
    fields: tuple[HashedField, ...]


NO_HASH = Plan((), ())


def _bound(spec: FieldSpec, text: str) -> int | None:
    if text.isascii() and text.isdigit():
        return int(text)
    return spec.names.get(text.lower())


def _item_modulus(spec: FieldSpec, item: str) -> int | None:
    """M for one H item (its span, or its step), or None when the text is unusual."""
    match = _HASHED.fullmatch(item)
    if match is None or not spec.hashable:
        return None
    range_text, step_text = match.group(1), match.group(2)
    if range_text is None:
        start, end = spec.hash_lo, spec.hash_hi
    else:
        a_text, dash, b_text = range_text.partition("-")
        a, b = _bound(spec, a_text), _bound(spec, b_text)
        if not dash or a is None or b is None or a > b:
            return None
        start, end = a, b
    if step_text is None:
        return end - start + 1
    if not (step_text.isascii() and step_text.isdigit()) or int(step_text) < 1:
        return None
    return int(step_text)


def hash_plan(text: str) -> Plan | None:
    """The H items of `text` with their moduli; NO_HASH without H; None if unreadable."""
    tokens = text.split()
    if not tokens or tokens[0].startswith("@"):
        return NO_HASH
    positions = _POSITIONS.get(len(tokens))
    if positions is None:
        return NO_HASH  # the engine rejects it; nothing to share
    moduli: list[tuple[str, int]] = []
    fields = []
    for token, position in zip(tokens, positions, strict=True):
        if "H" not in token:
            continue
        spec = ALL_FIELDS[position]
        first = len(moduli)
        for item in token.split(","):
            # The engine's test for an H item, verbatim.
            if item.startswith("H") and (len(item) == 1 or item[1] in "(/"):
                modulus = _item_modulus(spec, item)
                if modulus is None:
                    return None
                moduli.append((spec.label, modulus))
        if len(moduli) > first:
            fields.append(HashedField(position, token, first, len(moduli)))
    return Plan(tuple(moduli), tuple(fields))


def _residues(plan: Plan, name: str) -> tuple[int, ...]:
    return tuple([hash_value(label, name) % m for label, m in plan.moduli])


class ScheduleCache:
    """`parse(text, name, crontab=)` with results shared between equivalent jobs."""

    __slots__ = ("_fields", "_first", "_parsed", "_plans")

    def __init__(self) -> None:
        self._plans: dict[str, Plan | None] = {}  # None: parse this text job by job
        self._parsed: dict[tuple[str, bool, tuple[int, ...]], Parsed] = {}
        self._first: dict[tuple[str, bool], Parsed] = {}  # each H text's first parse
        self._fields: dict[tuple[int, str, tuple[int, ...]], tuple[object, str]] = {}

    def _plan(self, text: str) -> Plan | None:
        if text in self._plans:
            return self._plans[text]
        plan = self._plans[text] = hash_plan(text)
        return plan

    def parse(self, text: str, name: str, *, crontab: bool = False) -> Parsed:
        """What `engine.parse(text, name, crontab=crontab)` returns; raises the same errors."""
        plan = self._plan(text)
        if plan is None:
            return parse(text, name, crontab=crontab)
        residues = _residues(plan, name) if plan.moduli else ()
        key = (text, crontab, residues)
        parsed = self._parsed.get(key)
        if parsed is None:
            parsed = self._miss(text, name, crontab, plan, residues)
            if self._plans[text] is not None:  # still shareable after the engine's verdict
                self._parsed[key] = parsed
        return parsed

    def _miss(self, text: str, name: str, crontab: bool, plan: Plan,
              residues: tuple[int, ...]) -> Parsed:
        first = self._first.get((text, crontab)) if plan.moduli else None
        if first is None:
            parsed = parse(text, name, crontab=crontab)
            if parsed.uses_hash != bool(plan.moduli):
                # The engine and this module disagree on the H items: no sharing.
                self._plans[text] = None
            elif plan.moduli:
                self._first[(text, crontab)] = parsed
            return parsed
        items = list(first)
        fields = list(first.fields)
        for hashed in plan.fields:
            value, resolved = self._field(hashed, residues[hashed.first:hashed.stop], name)
            items[_VALUE_INDEX[hashed.position]] = value
            fields[hashed.position] = fields[hashed.position]._replace(resolved=resolved)
        items[_RESOLVED] = " ".join([f.resolved for f in fields[_SHOWN[first.field_count]]])
        items[_FIELDS] = tuple(fields)
        return Parsed._make(items)

    def _field(self, hashed: HashedField, residues: tuple[int, ...],
               name: str) -> tuple[object, str]:
        """One H field's parsed value and resolved text, from a one-field engine parse."""
        key = (hashed.position, hashed.token, residues)
        known = self._fields.get(key)
        if known is None:
            layout = ["0", "*", "*", "*", "*", "*", "*"]
            layout[hashed.position] = hashed.token
            alone = parse(" ".join(layout), name)
            known = (getattr(alone, _ATTRS[hashed.position]),
                     alone.fields[hashed.position].resolved)
            self._fields[key] = known
        return known

    def parse_jobs(self, jobs: Sequence[Job]) -> list[Parsed | ScheduleError]:
        """Each job's parsed schedule (its name the H key), or the error it raised."""
        out: list[Parsed | ScheduleError] = []
        append = out.append
        known, plans = self._parsed, self._plans
        hv = hash_value
        for job in jobs:
            text, name, crontab = job.schedule, job.name, job.kind == "crontab"
            plan = plans.get(text)
            # The hot path: a shareable text seen before, with this slot seen before.
            if plan is not None:
                moduli = plan.moduli
                key = (text, crontab,
                       tuple([hv(label, name) % m for label, m in moduli]) if moduli else ())
                parsed = known.get(key)
                if parsed is not None:
                    append(parsed)
                    continue
            try:
                append(self.parse(text, name, crontab=crontab))
            except ScheduleError as err:
                append(err)
        return out
