"""JSON has one home: output shapes are written in formats/, never on results or records."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "cronstable_cli"
# cli/ hands renderers to the writer (`_json` wrappers that import formats/).
HOMES = {"formats", "cli"}
SHAPE = re.compile(r"(^|_)(to|as)_dict$|_json$")


def test_no_json_shape_outside_formats() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).parts[0] in HOMES:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and SHAPE.search(
                node.name
            ):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}")
    assert found == []


def test_the_pattern_catches_what_it_should() -> None:
    assert all(SHAPE.search(n) for n in ("to_dict", "as_dict", "gaps_to_dict", "pressure_json"))
    assert not any(SHAPE.search(n) for n in ("parse_document", "dictionary", "jsonish"))
