"""The vocabulary of the daemon's config schema, as plain data.

Each type mirrors one strictyaml validator the daemon composes its schema
from (Str, Int, Float, Bool, EmptyNone, Enum, Map, MapPattern, Seq, Any,
EmptyDict and the `|` union). The tables in `tables` are built from
these so that lint, the docs and an editor JSON Schema can all be derived
from one description of the file format.
"""

from __future__ import annotations


# Plain slotted classes rather than dataclasses: this module is imported by
# every `cronstable lint`, and a frozen dataclass costs about 0.25 ms of
# start-up to create (13 of them were a tenth of a one-file lint's start-up).
# _Value gives what the dataclasses gave: equality, hash and repr by slots.
class _Value:
    """A schema value: equal to another of its class with equal slots; never mutated."""

    __slots__: tuple[str, ...] = ()

    def _parts(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__ if name != "by_name")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._parts() == other._parts()

    def __hash__(self) -> int:
        return hash((type(self), self._parts()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(map(repr, self._parts()))})"


class Str(_Value):
    """Any scalar text (strictyaml's Str: every scalar, the empty one too)."""

    __slots__ = ()


class Int(_Value):
    """An integer written in decimal digits, `_` separators allowed, optional sign."""

    __slots__ = ()


class Float(_Value):
    """A decimal or exponent number, or inf/nan spelled as strictyaml allows."""

    __slots__ = ()


class Bool(_Value):
    """yes/true/on/1/y or no/false/off/0/n, in any letter case."""

    __slots__ = ()


class Empty(_Value):
    """An empty value (`key:` or `key: ''`), read as null."""

    __slots__ = ()


class Enum(_Value):
    """One of fixed words, compared exactly (case matters)."""

    __slots__ = ("values",)

    def __init__(self, values: tuple[str, ...]) -> None:
        self.values = values


class Anything(_Value):
    """Any YAML value, not checked (the daemon hands it on verbatim)."""

    __slots__ = ()


class EmptyMap(_Value):
    """An empty value read as an empty mapping."""

    __slots__ = ()


class Field(_Value):
    """One key of a fixed mapping: its value type, whether required, what it means."""

    __slots__ = ("name", "type", "required", "doc")  # noqa: RUF023 (constructor order: repr)

    def __init__(self, name: str, type: Type, required: bool = False, doc: str = "") -> None:
        self.name = name
        self.type = type
        self.required = required
        self.doc = doc


class Map(_Value):
    """A mapping with a fixed key set; other keys are refused."""

    __slots__ = ("fields", "by_name")  # noqa: RUF023 (constructor order: repr)

    def __init__(self, fields: tuple[Field, ...]) -> None:
        self.fields = fields
        self.by_name = {entry.name: entry for entry in fields}

    def field(self, name: str) -> Field | None:
        """The field called `name`, or None."""
        return self.by_name.get(name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(entry.name for entry in self.fields)


class MapOf(_Value):
    """A mapping with free (text) keys whose values all have one type."""

    __slots__ = ("value",)

    def __init__(self, value: Type) -> None:
        self.value = value


class Seq(_Value):
    """A block sequence (flow `[...]` is refused by the parser already)."""

    __slots__ = ("item",)

    def __init__(self, item: Type) -> None:
        self.item = item


class OneOf(_Value):
    """strictyaml's `a | b | ...`: the alternatives are tried in order."""

    __slots__ = ("options",)

    def __init__(self, options: tuple[Type, ...]) -> None:
        self.options = options


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
