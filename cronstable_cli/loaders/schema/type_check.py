"""Check a parsed YAML tree against the schema tables, exactly as strictyaml would.

Unlike strictyaml, checking never stops at the first problem: every
violation becomes a finding at its own line and column, and the values
that did check come back as plain Python data (int, float, bool, None,
str, dict, list) for the daemon's load-time checks to read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ... import load_codes as codes
from ...names import closest
from ...records import Edit, Fix
from ..problems import Problems
from ..shared import (
    Mapping,
    Node,
    Scalar,
    Sequence,
    did_you_mean,
    kind_of,
    problem_at,
    shown,
    to_python,
)
from .vocabulary import (
    Anything,
    Bool,
    Empty,
    EmptyMap,
    Enum,
    Float,
    Int,
    Map,
    MapOf,
    OneOf,
    Seq,
    Str,
    Type,
)


class _Invalid:
    """The value of a node that did not check (its problem is reported)."""

    def __repr__(self) -> str:
        return "INVALID"

    # Falsy and empty, so a check reading `value or ()` skips it quietly.
    def __bool__(self) -> bool:
        return False

    def __iter__(self) -> Iterator[object]:
        return iter(())


INVALID = _Invalid()

TRUE_WORDS = frozenset({"yes", "true", "on", "1", "y"})
FALSE_WORDS = frozenset({"no", "false", "off", "0", "n"})
_INTEGER = re.compile(r"[-+]?[0-9_]+")
_DECIMAL = re.compile(r"[-+]?[0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9_]+)?")
_INFINITY = re.compile(r"[-+]?\.?(?:inf|Inf|INF)")
_NOT_A_NUMBER = re.compile(r"\.?(?:nan|NaN|NAN)")


class Crash(Exception):
    """strictyaml would fail with a bare ValueError here (the daemon refuses the file)."""


def read_int(text: str) -> int | None:
    """strictyaml's Int(): the integer, None when not one; Crash where int() fails."""
    if text.isascii() and text.isdigit():  # most numbers of a job file: plain digits
        return int(text)
    if _INTEGER.fullmatch(text) is None:
        return None
    try:
        return int(text.replace("_", ""))
    except ValueError:
        raise Crash(text) from None


def read_float(text: str) -> float | None:
    """strictyaml's Float(): the number, None when not one; Crash where float() fails."""
    if text.isascii() and text.isdigit():  # a timeout or a delay in whole seconds
        return float(text)
    if _INFINITY.fullmatch(text) or _NOT_A_NUMBER.fullmatch(text):
        text = text.replace(".", "")
    elif _DECIMAL.fullmatch(text) is None:
        return None
    try:
        return float(text.replace("_", ""))
    except ValueError:
        raise Crash(text) from None


def read_bool(text: str) -> bool | None:
    """strictyaml's Bool(): True/False, None when the word is not a boolean."""
    word = text.lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    return None


def expected(type_: Type) -> str:
    """How a type reads in a message: 'an integer', 'one of A, B'."""
    if isinstance(type_, Str):
        return "a string"
    if isinstance(type_, Int):
        return "an integer"
    if isinstance(type_, Float):
        return "a number"
    if isinstance(type_, Bool):
        return "a boolean (true/false, yes/no, on/off, 1/0, y/n)"
    if isinstance(type_, Empty):
        return "empty"
    if isinstance(type_, Enum):
        return "one of " + ", ".join(type_.values)
    if isinstance(type_, EmptyMap):
        return "empty"
    if isinstance(type_, Map | MapOf):
        return "a mapping"
    if isinstance(type_, Seq):
        return "a list of items (- item lines)"
    if isinstance(type_, OneOf):
        words: list[str] = []
        for option in type_.options:
            text = expected(option)
            if text not in words:
                words.append(text)
        return " or ".join(words)
    return "any value"


def found(node: Node) -> str:
    """How a value reads in a message: 'an empty value', "'abc'", 'a mapping'."""
    if isinstance(node, Scalar):
        return "an empty value" if node.value == "" else shown(node.value)
    return kind_of(node)


def _fits(type_: Type, node: Node) -> bool:
    """Whether the node has the shape (scalar, mapping, list) the type wants."""
    if isinstance(type_, Map | MapOf):
        return isinstance(node, Mapping)
    if isinstance(type_, Seq):
        return isinstance(node, Sequence)
    if isinstance(type_, Anything):
        return True
    return isinstance(node, Scalar)


@dataclass
class Checker:
    """Checks nodes of one file into `out`; `where` maps each path to its position."""

    out: Problems
    job: str | None = None
    where: dict[str, tuple[int, int]] = field(default_factory=dict)
    # Paths of the fixed maps whose unknown keys get the job wording.
    job_roots: frozenset[str] = frozenset()
    hints: dict[str, str] = field(default_factory=dict)  # unknown key -> extra advice
    # How the node checked at path '' reads in a message; None: "job 'NAME'" (made
    # only when a message needs it: most jobs have none).
    root: str | None = "the document"
    # Keys whose absence or emptiness another module reports (a DAG's `tasks`).
    elsewhere: frozenset[str] = frozenset()
    # Extra advice for an unknown key outside the job roots: (path, key) -> text or "".
    key_hint: Callable[[str, str], str] | None = None

    def check(self, node: Node, type_: Type, path: str, key: Scalar | None = None) -> object:
        """The node's value as plain data, or INVALID (and its problems reported)."""
        self.where.setdefault(
            path, (key.line, key.col) if key is not None else (node.line, node.col)
        )
        try:
            return self._check(node, type_, path, key)
        except Crash:
            line, col = problem_at(key, node) if key is not None else (node.line, node.col)
            self._add(
                f"{self._label(path)} must be {expected(type_)}; found {found(node)} "
                "(strictyaml, the daemon's parser, fails on this value)",
                line,
                col,
            )
            return INVALID

    def scalar_list(
        self, node: Sequence, type_: Type, path: str, key: Scalar
    ) -> list[object] | None:
        """`check` of a list of scalars (a list-form command) without the generic walk:
        the same value and the same positions in `where`, when every item reads cleanly
        under the item type of the list option `check` would take; None (and `where`
        untouched) when it would report anything: the generic walk then decides."""
        reader = _list_reader(type_)
        if reader is None:
            return None
        values: list[object] = []
        at: list[tuple[str, tuple[int, int]]] = []
        try:
            for n, item in enumerate(node.items):
                if type(item) is not Scalar:
                    return None
                value = reader(item.value)
                if value is INVALID:
                    return None
                values.append(value)
                at.append((f"{path}[{n}]", (item.line, item.col)))
        except Crash:
            return None
        where = self.where
        where.setdefault(path, (key.line, key.col))
        for item_path, position in at:
            where.setdefault(item_path, position)
        return values

    # -- one node -------------------------------------------------------------

    def _check(self, node: Node, type_: Type, path: str, key: Scalar | None) -> object:
        if isinstance(type_, OneOf):
            return self._one_of(node, type_, path, key)
        if isinstance(type_, Anything):
            return to_python(node)
        if isinstance(type_, Map):
            if not isinstance(node, Mapping):
                return self._wrong(node, type_, path, key)
            return self._map(node, type_, path, key)
        if isinstance(type_, MapOf):
            if not isinstance(node, Mapping):
                return self._wrong(node, type_, path, key)
            values: dict[str, object] = {}
            for name, value in node.entries:
                values[name.value] = self.check(value, type_.value, f"{path}.{name.value}", name)
            return values
        if isinstance(type_, Seq):
            if not isinstance(node, Sequence):
                return self._wrong(node, type_, path, key)
            return [
                self.check(item, type_.item, f"{path}[{n}]") for n, item in enumerate(node.items)
            ]
        if not isinstance(node, Scalar):
            return self._wrong(node, type_, path, key)
        result = _scalar(node.value, type_)
        if result is INVALID:
            return self._wrong(node, type_, path, key)
        return result

    def _one_of(self, node: Node, type_: OneOf, path: str, key: Scalar | None) -> object:
        # strictyaml tries the options in order. A scalar can only satisfy a
        # scalar option (a Crash is not caught: strictyaml tries no further
        # option after it); a mapping or a list only the one option of its
        # shape, whose problems are then the ones to report.
        if isinstance(node, Scalar):
            for option in type_.options:
                if isinstance(option, Anything):
                    return node.value
                if not isinstance(option, Map | MapOf | Seq):
                    value = _scalar(node.value, option)
                    if value is not INVALID:
                        return value
            return self._wrong(node, type_, path, key)
        shaped = [option for option in type_.options if _fits(option, node)]
        if not shaped:
            return self._wrong(node, type_, path, key)
        return self._check(node, shaped[0], path, key)

    def _map(self, node: Mapping, type_: Map, path: str, key: Scalar | None) -> dict[str, object]:
        values: dict[str, object] = {}
        readers, required = _plan(type_)
        where, elsewhere = self.where, self.elsewhere
        for name, value in node.entries:
            text = name.value
            child = f"{path}.{text}" if path else text
            reader = readers.get(text)
            if reader is not None and type(value) is Scalar and text not in elsewhere:
                # The common case, a well-typed scalar: read it without the generic walk.
                if child not in where:
                    where[child] = (name.line, name.col)
                try:
                    result = reader(value.value)
                except Crash:
                    result = INVALID
                if result is not INVALID:
                    values[text] = result
                    continue
            entry = type_.field(text)
            if entry is None:
                self._unknown(name, type_, path)
                continue
            if entry.name in elsewhere and isinstance(value, Scalar) and not value.value:
                values[text] = INVALID
                continue
            sub = entry.type
            if isinstance(sub, Map) and type(value) is Mapping:
                # `check` of a nested fixed mapping (onFailure, retry, sla) without its
                # two dispatch steps (`_map` raises no Crash: it reads its own scalars).
                if child not in where:
                    where[child] = (name.line, name.col)
                values[text] = self._map(value, sub, child, name)
                continue
            values[text] = self.check(value, entry.type, child, name)
        missing = [n for n in required if n not in values]
        if missing:
            missing = [n for n in missing if node.get(n) is None and n not in elsewhere]
        if missing:
            listed = ", ".join(repr(name) for name in missing)
            line, col = (key.line, key.col) if key is not None else (node.line, node.col)
            self._add(f"{self._label(path)} is missing required key(s) {listed}", line, col)
        return values

    # -- reporting --------------------------------------------------------------

    def _wrong(self, node: Node, type_: Type, path: str, key: Scalar | None) -> object:
        line, col = problem_at(key, node) if key is not None else (node.line, node.col)
        hint = ""
        if isinstance(type_, Enum) and isinstance(node, Scalar):
            hint = did_you_mean(node.value, type_.values)
        elif isinstance(type_, Seq) and isinstance(type_.item, Map) and isinstance(node, Mapping):
            needed = [f.name for f in type_.item.fields if f.required]
            hint = f" (write one '- ' item per entry, each a mapping with {', '.join(needed)})"
        elif isinstance(node, Scalar) and node.value == "" and isinstance(type_, Seq | Map | MapOf):
            hint = " (an empty section is refused: fill it or remove the key)"
        self._add(
            f"{self._label(path)} must be {expected(type_)}; found {found(node)}{hint}", line, col
        )
        return INVALID

    def _unknown(self, name: Scalar, type_: Map, path: str) -> None:
        known = type_.names
        what = "job key" if path in self.job_roots else "key"
        place = f" in {path}" if path and path not in self.job_roots else ""
        if path in self.job_roots:
            advice = self.hints.get(name.value, "")
        else:
            advice = self.key_hint(path, name.value) if self.key_hint else ""
        close = [] if advice else closest(name.value, known)
        choice = close[0] if close else None
        # Renaming a misspelt key to its one close match: unsafe, the job then does more.
        fix = (
            Fix(
                f"rename {name.value!r} to {choice!r}",
                (Edit(name.line, name.col, name.value, choice),),
                safe=False,
            )
            if choice
            else None
        )
        self.out.add(
            codes.UNKNOWN_KEY,
            f"{self._owner()}unknown {what} {shown(name.value)}{place} (the daemon's strict "
            "schema refuses "
            f"the whole file){advice or did_you_mean(name.value, known)}",
            name.line,
            name.col,
            job=self.job,
            key=f"{path}.{name.value}" if path else name.value,
            fix=fix,
        )

    def _label(self, path: str) -> str:
        if not path:
            if self.root is None:
                return f"job {shown(self.job)}" if self.job is not None else "job"
            return self.root
        return f"{self._owner()}'{path}'"

    def _owner(self) -> str:
        """`job 'x': ` before a message about a job's key, so the line says whose."""
        return f"job {shown(self.job)}: " if self.job is not None and "" in self.job_roots else ""

    def _add(self, message: str, line: int, col: int) -> None:
        self.out.add(codes.INVALID_CONFIG, message, line, col, job=self.job)


Reader = Callable[[str], object]
# Per fixed mapping (by identity; the tables are module constants): a reader for
# each key whose type a scalar can satisfy, and the required keys. Checking a job
# is then one loop over its keys instead of a walk down the generic type tables.
_PLANS: dict[int, tuple[Map, dict[str, Reader], tuple[str, ...]]] = {}


def _plan(type_: Map) -> tuple[dict[str, Reader], tuple[str, ...]]:
    """The scalar readers and required keys of a fixed mapping, made once."""
    plan = _PLANS.get(id(type_))
    if plan is None or plan[0] is not type_:
        readers = {f.name: r for f in type_.fields if (r := scalar_reader(f.type)) is not None}
        plan = (type_, readers, tuple(f.name for f in type_.fields if f.required))
        _PLANS[id(type_)] = plan
    return plan[1], plan[2]


def _text(text: str) -> object:
    return text


# Per type (by identity, held beside it): how `scalar_list` reads a list's items.
_LIST_READERS: dict[int, tuple[Type, Reader | None]] = {}


def _list_reader(type_: Type) -> Reader | None:
    """How `check` reads each scalar item of a list under `type_`: the reader of the
    item type of the option `_one_of` takes for a list (the first a list fits), or
    of the list type itself; None when that option is not a list of a scalar type."""
    known = _LIST_READERS.get(id(type_))
    if known is None or known[0] is not type_:
        option: Type | None = type_
        if isinstance(type_, OneOf):
            option = next((o for o in type_.options if isinstance(o, Seq | Anything)), None)
        reader = scalar_reader(option.item) if isinstance(option, Seq) else None
        known = _LIST_READERS[id(type_)] = (type_, reader)
    return known[1]


def scalar_reader(type_: Type) -> Reader | None:
    """What `_check` does to a scalar node of this type, as one function; None when a
    scalar never satisfies it (a mapping or a list). INVALID: the generic path reports."""
    if isinstance(type_, OneOf):
        # strictyaml tries the options in order; a scalar satisfies only scalar ones
        # (as in `_one_of`, an option that is itself a union reads as `_scalar` does).
        options = [
            _read(option) for option in type_.options if not isinstance(option, Map | MapOf | Seq)
        ]
        if not options:
            return None
        if options[0] is _text:
            return _text  # the first option takes any text (a schedule, a command)

        def first(text: str) -> object:
            for option in options:
                value = option(text)
                if value is not INVALID:
                    return value
            return INVALID

        return first
    if isinstance(type_, Map | MapOf | Seq):
        return None
    return _read(type_)


def _read(type_: Type) -> Reader:
    """`_scalar(text, type_)` as a function of the text (the common types inlined)."""
    if isinstance(type_, Str | Anything):
        return _text
    if isinstance(type_, Enum):
        words = frozenset(type_.values)
        return lambda text: text if text in words else INVALID
    if isinstance(type_, Bool):
        return _read_bool
    if isinstance(type_, Int):
        return _read_int
    if isinstance(type_, Float):
        return _read_float
    return lambda text: _scalar(text, type_)


def _read_bool(text: str) -> object:
    """`_scalar(text, Bool())`: enabled, utc and the other flags of most jobs."""
    flag = read_bool(text)
    return INVALID if flag is None else flag


def _read_int(text: str) -> object:
    """`_scalar(text, Int())` (a Crash propagates)."""
    number = read_int(text)
    return INVALID if number is None else number


def _read_float(text: str) -> object:
    """`_scalar(text, Float())`: timeouts and delays (a Crash propagates)."""
    real = read_float(text)
    return INVALID if real is None else real


def _scalar(text: str, type_: Type) -> object:
    """A scalar's value under a scalar type, or INVALID (Crash propagates)."""
    if isinstance(type_, Str):
        return text
    if isinstance(type_, Enum):
        return text if text in type_.values else INVALID
    if isinstance(type_, Int):
        number = read_int(text)
        return INVALID if number is None else number
    if isinstance(type_, Float):
        real = read_float(text)
        return INVALID if real is None else real
    if isinstance(type_, Bool):
        flag = read_bool(text)
        return INVALID if flag is None else flag
    if isinstance(type_, Empty):
        return None if text == "" else INVALID
    if isinstance(type_, EmptyMap):
        return {} if text == "" else INVALID
    return INVALID
