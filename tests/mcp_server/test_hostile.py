"""The hostile inputs of tests/hostile, through every tool: the CLI's document or a clean
tool error, never a failure of the server, and the server answers on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession

from ..hostile import corpus
from ..hostile.commands import AT
from .helpers import cli_json, text_of, with_server

# tool -> (its arguments but the paths, the same command line but the paths)
ON_FILES: dict[str, tuple[dict[str, Any], list[str]]] = {
    "lint": ({"from": AT}, ["lint", "--from", AT]),
    "jobs": ({"from": AT}, ["jobs", "--from", AT]),
    "pressure": ({"from": AT, "hours": 2}, ["pressure", "--from", AT, "--hours", "2"]),
    "suggest": ({"from": AT}, ["suggest", "--from", AT]),
    "duplicates": ({}, ["duplicates"]),
    "owners": ({"nodes": ["a", "b"]}, ["owners", "--nodes", "a,b"]),
    "preview": (
        {"job": "good", "from": AT, "count": 2},
        ["preview", "--job", "good", "--from", AT, "-n", "2"],
    ),
    "explain": ({"job": "good"}, ["explain", "--job", "good"]),
    "why": ({"job": "good", "at": AT}, ["why", "--job", "good", "--at", AT]),
}


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile") / "root"
    corpus.hostile_fleet(root / "fleet")
    surrogates = root / "sur"
    surrogates.mkdir(parents=True)
    (surrogates / "sur.yaml").write_text(
        corpus.job_yaml((corpus.SURROGATE, "0 * * * *"), ("good", "*/7 * * * *")),
        encoding="utf-8",
    )
    corpus.include_chain(root / "deep", 250)
    corpus.non_utf8_name(root / "latin")
    binary = root / "binary"
    binary.mkdir()
    corpus.write_bytes(binary / "good.yaml", corpus.job_yaml(("good", "0 * * * *")).encode())
    corpus.write_bytes(binary / "bad.yaml", b"jobs:\n  - name: \xff\xfe\x00\n")
    return root


INPUTS = ["fleet", "sur", "deep/f0.yaml", "latin", "binary"]


def test_every_tool_over_every_hostile_input(root: Path) -> None:
    calls = [(tool, path) for path in INPUTS for tool in ON_FILES]

    async def scenario(client: ClientSession) -> list[Any]:
        out = []
        for tool, path in calls:
            out.append(await client.call_tool(tool, {**ON_FILES[tool][0], "paths": [path]}))
        out.append(await client.call_tool("lint", {"paths": ["fleet"], "from": AT}))
        return out

    *results, after = with_server(root, scenario)
    compared = 0
    for (tool, path), result in zip(calls, results, strict=True):
        said = text_of(result)
        assert "failed unexpectedly" not in said, (tool, path)
        # Messages and notes are shown escaped, as on the terminal; the document is the
        # command's JSON (where any character may appear, escaped by JSON as needed).
        for block in result.content:
            if not block.text.startswith("{\n"):
                assert not corpus.RAW.search(block.text.replace("\n", "")), (tool, path)
        if result.structured_content is not None:
            json.dumps(result.structured_content, ensure_ascii=False).encode("utf-8")
        if not result.is_error and tool not in ("jobs", "preview"):
            argv = ON_FILES[tool][1]
            assert result.structured_content == cli_json(root, *argv, path), (tool, path)
            compared += 1
    assert compared >= 25  # most inputs load at least in part: their documents compared
    assert not after.is_error
