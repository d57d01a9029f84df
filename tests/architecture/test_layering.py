"""Imports flow one way: front-ends → render/formats → analysis → settings → loaders →
engine → the shared base (CONTRIBUTING.md, "Layering").

Every module of the package is read with `ast` (imports inside functions and under
`TYPE_CHECKING` count as much as those at the top) and each import is checked
against the room it lands in. Inside `loaders/`, a module of one stage's
sub-package (sources/, yaml/, schema/, crontab/) never imports a sibling
sub-package: what stages share goes through the modules at the top of loaders/
(`loaders/shared.py` is the door).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

PACKAGE = "cronstable_cli"
PACKAGE_DIR = Path(__file__).resolve().parents[2] / PACKAGE

# The room of a module is the first name below the package ("" for the package's
# face, cronstable_cli/__init__.py: the version and the engine's two names).
# A module may import its own room and any room of a lower layer.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("names", "safe_text", "escaping", "records", "load_code_docs", "load_codes"),
    ("engine", ""),
    ("loaders",),
    ("settings",),  # the toolkit's own files: read through loaders/sources
    ("analysis",),
    ("render", "formats"),
    ("cli", "lsp", "mcp_server", "__main__"),
)
LAYER = {room: n for n, rooms in enumerate(LAYERS) for room in rooms}
FRONT_ENDS = ("cli", "lsp", "mcp_server")

# Front-ends are siblings: none imports another, but for these, each with its reason.
FRONT_END_EDGES = {
    # The command line is how both servers are started (`cronstable lsp`, `cronstable mcp`).
    ("cronstable_cli.cli.lsp_cmd", "cronstable_cli.lsp"),
    ("cronstable_cli.cli.mcp_cmd", "cronstable_cli.mcp_server"),
}
LOADER_STAGES = frozenset(
    p.name for p in (PACKAGE_DIR / "loaders").iterdir() if (p / "__init__.py").is_file()
)


def module_name(path: Path, base: Path = PACKAGE_DIR.parent) -> tuple[str, bool]:
    """The dotted name of the module at `path`, and whether it is a package's __init__."""
    parts = list(path.relative_to(base).with_suffix("").parts)
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def exists_in_tree(module: str) -> bool:
    base = PACKAGE_DIR.parent.joinpath(*module.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def imported(
    module: str, is_package: bool, source: str, exists: Callable[[str], bool]
) -> Iterator[tuple[int, str]]:
    """(line, module) for every module of the package that `source` imports, anywhere in it."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            for alias in node.names:  # `from pkg import module` imports that module
                sub = f"{target}.{alias.name}"
                yield node.lineno, sub if exists(sub) else target


def room_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def violations(
    module: str, is_package: bool, source: str, exists: Callable[[str], bool] = exists_in_tree
) -> list[str]:
    """Every import of `source` (the module `module`) that goes against the layering."""
    out = []
    here = room_of(module)
    for line, target in imported(module, is_package, source, exists):
        if target != PACKAGE and not target.startswith(PACKAGE + "."):
            continue
        there = room_of(target)
        where = f"{module}:{line} imports {target}"
        if there not in LAYER:
            out.append(f"{where}: {there!r} is no room of the layering (add it to LAYERS)")
        elif LAYER[there] > LAYER.get(here, -1):
            out.append(f"{where}: {here or 'the package face'} is below {there}")
        elif (
            here != there
            and here in FRONT_ENDS
            and there in FRONT_ENDS
            and not any(
                module == a and (target == b or target.startswith(b + "."))
                for a, b in FRONT_END_EDGES
            )
        ):
            out.append(f"{where}: front-ends are siblings (share code through a layer below)")
        mine, theirs = module.split("."), target.split(".")
        if (
            here == there == "loaders"
            and len(mine) > 3
            and len(theirs) > 2
            and theirs[2] in LOADER_STAGES
            and mine[2] in LOADER_STAGES
            and theirs[2] != mine[2]
        ):
            out.append(
                f"{where}: loaders/{mine[2]}/ reaches into loaders/{theirs[2]}/ "
                "(go through a module at the top of loaders/, e.g. loaders/shared.py)"
            )
    return out


MODULES = sorted(PACKAGE_DIR.rglob("*.py"))


def test_every_module_is_read_from_the_tree() -> None:
    names = {module_name(p)[0] for p in MODULES}
    # The walk found the package where this test thinks it is, its rooms and loaders' stages.
    assert {"cronstable_cli.engine.parser", "cronstable_cli.loaders.session"} <= names
    assert {"sources", "yaml", "schema", "crontab"} <= LOADER_STAGES
    unplaced = sorted({room_of(n) for n in names} - set(LAYER))
    assert not unplaced, f"rooms without a layer: {unplaced}"


def test_imports_follow_the_layering() -> None:
    found = []
    for path in MODULES:
        name, is_package = module_name(path)
        found += violations(name, is_package, path.read_text(encoding="utf-8"))
    assert not found, "\n".join(found)


def test_each_subpackage_says_what_it_holds() -> None:
    for init in sorted(PACKAGE_DIR.rglob("__init__.py")):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert doc and doc.strip(), f"{init.relative_to(PACKAGE_DIR.parent)} has no docstring"


# -- the checker itself, on imports that break each rule -----------------------------

SYNTHETIC_MODULES = {
    "cronstable_cli.engine.parser",
    "cronstable_cli.engine",
    "cronstable_cli.loaders",
    "cronstable_cli.loaders.shared",
    "cronstable_cli.loaders.schema",
    "cronstable_cli.loaders.schema.dags",
    "cronstable_cli.loaders.yaml",
    "cronstable_cli.loaders.yaml.nodes",
    "cronstable_cli.analysis.pressure",
    "cronstable_cli.render.pressure_text",
    "cronstable_cli.cli.options",
    "cronstable_cli.lsp.session",
}


@pytest.mark.parametrize(
    ("module", "source", "complaint"),
    [
        # engine from anything above it, even inside a function
        (
            "cronstable_cli.engine.parser",
            "def f():\n    from ..loaders import load_paths\n",
            "engine is below loaders",
        ),
        (
            "cronstable_cli.engine.parser",
            "import cronstable_cli.analysis.pressure\n",
            "engine is below analysis",
        ),
        # analysis never from formats/render/cli/lsp/mcp_server, TYPE_CHECKING included
        (
            "cronstable_cli.analysis.pressure",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from ..render.pressure_text import x\n",
            "analysis is below render",
        ),
        (
            "cronstable_cli.analysis.pressure",
            "from ..cli import options\n",
            "analysis is below cli",
        ),
        # loaders never from analysis or above
        (
            "cronstable_cli.loaders.schema.dags",
            "from ...analysis.pressure import x\n",
            "loaders is below analysis",
        ),
        # across loaders' stages, by name or by relative import
        (
            "cronstable_cli.loaders.schema.dags",
            "from ..yaml.nodes import Mapping\n",
            "loaders/schema/ reaches into loaders/yaml/",
        ),
        (
            "cronstable_cli.loaders.schema.dags",
            "from ..yaml import nodes\n",
            "loaders/schema/ reaches into loaders/yaml/",
        ),
        # front-ends are siblings
        (
            "cronstable_cli.lsp.session",
            "from ..cli.options import DEFAULT_PATHS\n",
            "front-ends are siblings",
        ),
        # a room nobody placed
        (
            "cronstable_cli.analysis.pressure",
            "from ..newroom import x\n",
            "no room of the layering",
        ),
    ],
)
def test_the_checker_refuses(module: str, source: str, complaint: str) -> None:
    found = violations(module, False, source, SYNTHETIC_MODULES.__contains__)
    assert len(found) == 1 and complaint in found[0], found


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("cronstable_cli.loaders.schema.dags", "from ..shared import Mapping\n"),
        ("cronstable_cli.loaders.schema.dags", "from .. import load_paths\n"),
        ("cronstable_cli.loaders.yaml.nodes", "from ...engine import parser\n"),
        ("cronstable_cli.render.pressure_text", "from ..analysis.pressure import x\n"),
        ("cronstable_cli.cli.options", "import json\nfrom ..render import pressure_text\n"),
    ],
)
def test_the_checker_accepts(module: str, source: str) -> None:
    assert violations(module, False, source, SYNTHETIC_MODULES.__contains__) == []
