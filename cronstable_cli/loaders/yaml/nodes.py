"""A small YAML tree with 1-based positions, shared by the fast and the strict parser.

Every scalar is a string (strictyaml resolves no types); a node's position is
where its first token starts, exactly as ruamel records it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Scalar:
    value: str
    line: int
    col: int


@dataclass(slots=True)
class Mapping:
    entries: list[tuple[Scalar, Node]]  # key (with its position), value
    line: int
    col: int

    def get(self, key: str) -> Node | None:
        for k, v in self.entries:
            if k.value == key:
                return v
        return None


@dataclass(slots=True)
class Sequence:
    items: list[Node]
    line: int
    col: int


Node = Scalar | Mapping | Sequence


@dataclass(frozen=True)
class SyntaxProblem:
    """Why strictyaml refused the text, with a 1-based position (0 = unknown)."""

    message: str
    line: int
    col: int


def kind_of(node: Node) -> str:
    """How a node reads in a message: 'a string', 'a mapping', 'a sequence'."""
    if isinstance(node, Mapping):
        return "a mapping"
    if isinstance(node, Sequence):
        return "a sequence"
    return "a string"


def problem_at(key: Scalar, value: Node) -> tuple[int, int]:
    """Where a wrong value is reported: a scalar at itself, a block at its key.

    strictyaml reports a mapping or a sequence that sits where it does not
    belong on its key's line; doing the same keeps the error lines identical.
    """
    if isinstance(value, Scalar):
        return value.line, value.col
    return key.line, key.col


def to_python(node: Node, depth: int = 0) -> object:
    """Plain dict/list/str form of a node (for sections handed on untouched)."""
    if depth > 200:
        return None
    if isinstance(node, Mapping):
        return {k.value: to_python(v, depth + 1) for k, v in node.entries}
    if isinstance(node, Sequence):
        return [to_python(v, depth + 1) for v in node.items]
    return node.value
