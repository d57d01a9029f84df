"""The vocabulary of the daemon's config schema, as plain data.

Each type mirrors one strictyaml validator the daemon composes its schema
from (Str, Int, Float, Bool, EmptyNone, Enum, Map, MapPattern, Seq, Any,
EmptyDict and the `|` union). The tables in `daemon_schema` are built from
these so that lint, the docs and an editor JSON Schema can all be derived
from one description of the file format.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Str:
    """Any scalar text (strictyaml's Str: every scalar, the empty one too)."""


@dataclass(frozen=True, slots=True)
class Int:
    """An integer written in decimal digits, `_` separators allowed, optional sign."""


@dataclass(frozen=True, slots=True)
class Float:
    """A decimal or exponent number, or inf/nan spelled as strictyaml allows."""


@dataclass(frozen=True, slots=True)
class Bool:
    """yes/true/on/1/y or no/false/off/0/n, in any letter case."""


@dataclass(frozen=True, slots=True)
class Empty:
    """An empty value (`key:` or `key: ''`), read as null."""


@dataclass(frozen=True, slots=True)
class Enum:
    """One of fixed words, compared exactly (case matters)."""

    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Anything:
    """Any YAML value, not checked (the daemon hands it on verbatim)."""


@dataclass(frozen=True, slots=True)
class EmptyMap:
    """An empty value read as an empty mapping."""


@dataclass(frozen=True, slots=True)
class Field:
    """One key of a fixed mapping: its value type, whether required, what it means."""

    name: str
    type: Type
    required: bool = False
    doc: str = ""


@dataclass(frozen=True, slots=True)
class Map:
    """A mapping with a fixed key set; other keys are refused."""

    fields: tuple[Field, ...]
    by_name: dict[str, Field] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {entry.name: entry for entry in self.fields})

    def field(self, name: str) -> Field | None:
        """The field called `name`, or None."""
        return self.by_name.get(name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(entry.name for entry in self.fields)


@dataclass(frozen=True, slots=True)
class MapOf:
    """A mapping with free (text) keys whose values all have one type."""

    value: Type


@dataclass(frozen=True, slots=True)
class Seq:
    """A block sequence (flow `[...]` is refused by the parser already)."""

    item: Type


@dataclass(frozen=True, slots=True)
class OneOf:
    """strictyaml's `a | b | ...`: the alternatives are tried in order."""

    options: tuple[Type, ...]


Type = Str | Int | Float | Bool | Empty | Enum | Anything | EmptyMap | Map | MapOf | Seq | OneOf


def one_of(*options: Type) -> OneOf:
    """A union, flattened (strictyaml nests `a | b | c` as `(a | b) | c`)."""
    flat: list[Type] = []
    for option in options:
        flat.extend(option.options if isinstance(option, OneOf) else (option,))
    return OneOf(tuple(flat))


def fields(*entries: Field) -> Map:
    """A fixed mapping from its fields, in the order the daemon lists them."""
    return Map(tuple(entries))


def opt(name: str, type_: Type, doc: str = "") -> Field:
    """An optional key."""
    return Field(name, type_, False, doc)


def req(name: str, type_: Type, doc: str = "") -> Field:
    """A required key."""
    return Field(name, type_, True, doc)
