"""No path outside the server's root can be read or written through a tool.

Every way out is tried on every argument that names a path: `..`, an absolute
path elsewhere, a symbolic link out (to a file and to a directory), a device and
a FIFO; and inside a directory the server may read, a link out is refused too.
The secret outside the root never appears in any answer.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession

from .helpers import FROM, JOBS, text_of, with_server

SECRET = "secret-outside-the-root"


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("confine")
    outside = base / "outside"
    outside.mkdir()
    (outside / "jobs.yaml").write_text(
        JOBS + f"  - name: {SECRET}\n    command: x\n    schedule: '0 0 * * *'\n",
        encoding="utf-8",
    )
    root = base / "root"
    root.mkdir()
    (root / "jobs.yaml").write_text(JOBS, encoding="utf-8")
    (root / "link-file.yaml").symlink_to(outside / "jobs.yaml")
    (root / "link-dir").symlink_to(outside)
    (root / "zero.yaml").symlink_to("/dev/zero")
    os.mkfifo(root / "fifo.yaml")
    mixed = root / "mixed"
    mixed.mkdir()
    (mixed / "own.yaml").write_text(JOBS, encoding="utf-8")
    (mixed / "stolen.yaml").symlink_to(outside / "jobs.yaml")
    (root / "includes.yaml").write_text("include:\n  - ../outside/jobs.yaml\n", encoding="utf-8")
    return root


OUT = [
    "../outside/jobs.yaml",
    "{outside}/jobs.yaml",
    "link-file.yaml",
    "link-dir",
    "link-dir/jobs.yaml",
    "/dev/zero",
    "zero.yaml",
    "fifo.yaml",
    "/etc/passwd",
    "mixed/../../outside",
]


def _calls(outside: str) -> list[tuple[str, dict[str, Any]]]:
    """Each refused path in each argument that takes one."""
    calls: list[tuple[str, dict[str, Any]]] = []
    for raw in OUT:
        path = raw.format(outside=outside)
        calls += [
            ("lint", {"paths": [path]}),
            ("lint", {"paths": ["jobs.yaml", path]}),
            ("lint", {"text": JOBS, "filename": path}),
            ("lint", {"paths": ["jobs.yaml"], "baseline": path}),
            ("fix", {"paths": [path], "write": True}),
            ("jobs", {"paths": [path]}),
            ("preview", {"job": "poll-feed", "paths": [path]}),
            ("explain", {"job": "poll-feed", "paths": [path]}),
            ("why", {"job": "poll-feed", "paths": [path], "at": FROM}),
            ("pressure", {"paths": [path]}),
            ("pressure", {"paths": ["jobs.yaml"], "durations": path}),
            ("suggest", {"paths": [path]}),
            ("suggest", {"paths": ["jobs.yaml"], "runtime": 60, "durations": path}),
            ("duplicates", {"paths": [path]}),
            ("owners", {"paths": [path], "nodes": ["a"]}),
            ("diff", {"base": path, "head": "jobs.yaml"}),
            ("diff", {"base": "jobs.yaml", "head": path}),
        ]
    return calls


def test_every_path_argument_out_of_the_root_is_refused(tree: Path) -> None:
    calls = _calls(str(tree.parent / "outside"))

    async def scenario(client: ClientSession) -> list[Any]:
        results = [await client.call_tool(name, args) for name, args in calls]
        # ...and the server still answers after all of them.
        results.append(await client.call_tool("lint", {"paths": ["jobs.yaml"], "from": FROM}))
        return results

    *refused, after = with_server(tree, scenario)
    for (name, args), result in zip(calls, refused, strict=True):
        text = text_of(result)
        assert result.is_error, (name, args, text)
        assert "is refused:" in text, (name, args, text)
        assert SECRET not in text
        assert result.structured_content is None
    assert not after.is_error and after.structured_content["files"] == ["jobs.yaml"]


def test_the_reason_is_named(tree: Path) -> None:
    async def scenario(client: ClientSession) -> list[str]:
        paths = ["../outside/jobs.yaml", "link-file.yaml", "fifo.yaml", "/dev/zero"]
        return [text_of(await client.call_tool("lint", {"paths": [p]})) for p in paths]

    outside, link, fifo, device = with_server(tree, scenario)
    assert "outside the server's root" in outside
    assert "symbolic link takes it outside" in link
    assert "not a regular file or a directory" in fifo
    assert "outside the server's root" in device


def test_links_out_inside_a_directory_and_includes_are_not_followed(tree: Path) -> None:
    async def scenario(client: ClientSession) -> list[Any]:
        return [
            await client.call_tool("lint", {"paths": ["mixed"], "from": FROM}),
            await client.call_tool("jobs", {"paths": ["mixed"], "from": FROM}),
            await client.call_tool("lint", {"paths": ["includes.yaml"], "from": FROM}),
        ]

    lint, jobs, included = with_server(tree, scenario)
    for result in (lint, jobs, included):
        assert SECRET not in text_of(result)
        assert SECRET not in str(result.structured_content)
    refused = [f for f in lint.structured_content["findings"] if f["code"] == "unreadable-file"]
    assert [f["file"] for f in refused] == ["mixed/stolen.yaml"]
    assert "refused" in refused[0]["message"]
    assert {j["name"] for j in jobs.structured_content["jobs"]} == {
        "refresh-cache",
        "poll-feed",
        "nightly-report",
        "hourly-a",
        "hourly-b",
        "odd-step",
    }
    (include,) = [
        f for f in included.structured_content["findings"] if f["code"] == "unreadable-file"
    ]
    assert include["file"] == "../outside/jobs.yaml"
    assert include["message"] == "cannot read: refused, it is outside the server's root"


def test_fix_never_writes_through_a_link_out(tree: Path) -> None:
    target = tree.parent / "outside" / "jobs.yaml"
    before = target.read_text(encoding="utf-8")

    async def scenario(client: ClientSession) -> Any:
        return await client.call_tool("fix", {"paths": ["mixed"], "write": True, "from": FROM})

    result = with_server(tree, scenario)
    assert not result.is_error, text_of(result)
    assert target.read_text(encoding="utf-8") == before
    assert all(f["file"] == "mixed/own.yaml" for f in result.structured_content["fixes"])
