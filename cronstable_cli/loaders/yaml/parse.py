"""YAML text to a tree: the fast parser first, strictyaml whenever it declines.

After a syntax error the daemon refuses the whole file; lint still wants the
other jobs of that file checked, so `salvage` re-parses the top-level blocks
and the job items one by one and keeps what parses.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from .fast import FlatItem, OnJobs, Unsupported, parse_fast
from .nodes import Mapping, Node, Scalar, Sequence, SyntaxProblem


def parse_document(
    text: str,
    on_job: Callable[[Node], None] | None = None,
    lines: list[str] | None = None,
    on_flat_job: Callable[[FlatItem, int, int], None] | None = None,
    on_jobs: OnJobs | None = None,
) -> tuple[Node | SyntaxProblem | None, bool]:
    """The document tree (None when empty) or the first problem strictyaml reports.

    The flag says whether the top-level job items went to `on_job` (the fast
    parser streams them; those with only scalar values to `on_flat_job` when
    given) instead of staying in the tree; `on_jobs` as `parse_fast` says.
    """
    try:
        return parse_fast(text, on_job, lines, on_flat_job, on_jobs), on_job is not None
    except (Unsupported, RecursionError):
        # strictyaml costs tens of milliseconds to import: only when needed.
        from .strict import parse_strict

        return parse_strict(text), False


@dataclass
class Salvage:
    """What could be read from a file that does not parse as a whole."""

    entries: list[tuple[Scalar, Node]] = field(default_factory=list)  # top-level keys
    jobs: list[Node] = field(default_factory=list)  # job items that parse on their own
    problems: list[SyntaxProblem] = field(default_factory=list)  # in those job items


_TOP_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*:(?:\s|$)")


def salvage(text: str, error_line: int) -> Salvage:
    """Top-level blocks and `jobs` items parsed separately (empty if the layout is odd).

    The block holding `error_line` (1-based) is known to fail as a whole: if it
    is `jobs`, its items are tried one by one; otherwise it is left out.
    """
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    blocks = _top_blocks(lines)
    found = Salvage()
    if blocks is None:
        return found
    for start, end in blocks:
        is_jobs = lines[start].startswith("jobs:")
        if not start < error_line <= end:
            tree = _parse_at("\n".join(lines[start:end]) + "\n", start)
            if isinstance(tree, Mapping):
                found.entries.extend(tree.entries)
                continue
        if is_jobs:
            _salvage_jobs(lines, start, end, found)
    return found


def _top_blocks(lines: list[str]) -> list[tuple[int, int]] | None:
    """Line ranges of the top-level keys; None when a line fits no block."""
    blocks: list[tuple[int, int]] = []
    start = -1
    for index, line in enumerate(lines):
        if not line or line[0] in " #":
            continue
        if _TOP_KEY.match(line):
            if start >= 0:
                blocks.append((start, index))
            start = index
        elif line.startswith("- ") and start >= 0:
            continue  # a sequence at the key's indentation
        else:
            return None  # document markers, flow style, stray text: give up
    if start >= 0:
        blocks.append((start, len(lines)))
    return blocks


def _salvage_jobs(lines: list[str], start: int, end: int, found: Salvage) -> None:
    items: list[int] = []
    indent = -1
    for index in range(start + 1, end):
        line = lines[index]
        stripped = line.lstrip(" ")
        if not stripped.startswith("- ") and stripped != "-":
            continue
        here = len(line) - len(stripped)
        if indent < 0:
            indent = here
        if here == indent:
            items.append(index)
    items.append(end)
    for first, stop in itertools.pairwise(items):
        chunk = "\n".join(lines[first:stop]) + "\n"
        tree = _parse_at(chunk, first)
        if isinstance(tree, Sequence) and len(tree.items) == 1:
            found.jobs.append(tree.items[0])
        elif isinstance(tree, SyntaxProblem):
            found.problems.append(tree)


def _parse_at(chunk: str, offset: int) -> Node | SyntaxProblem | None:
    tree, _ = parse_document(chunk)
    if isinstance(tree, SyntaxProblem):
        if tree.line:
            return SyntaxProblem(tree.message, tree.line + offset, tree.col)
        return tree
    if tree is not None:
        _shift(tree, offset)
    return tree


def _shift(node: Node, offset: int) -> None:
    stack: list[Node] = [node]
    while stack:
        current = stack.pop()
        current.line += offset
        if isinstance(current, Mapping):
            for key, value in current.entries:
                key.line += offset
                stack.append(value)
        elif isinstance(current, Sequence):
            stack.extend(current.items)
