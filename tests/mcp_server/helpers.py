"""Talking to `cronstable mcp` with the SDK's own client, and the CLI's answers to compare."""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any, TypeVar

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client

from cronstable_cli.cli.main import main

T = TypeVar("T")

# One job file with findings of each kind the tools report on.
JOBS = """\
jobs:
  - name: refresh-cache
    command: /opt/web/cache --refresh
    schedule: "H/15 9-17 * * mon-fri"
    timezone: Europe/Berlin
  - name: poll-feed
    command: poll.sh
    schedule: "*/7 * * * *"
  - name: nightly-report
    command: report.sh
    schedule: "30 2 * * *"
    timezone: America/New_York
  - name: hourly-a
    command: a.sh
    schedule: "0 * * * *"
  - name: hourly-b
    command: b.sh
    schedule: "0 * * * *"
  - name: odd-step
    command: odd.sh
    schedule: "H/50 * * * *"
"""

FROM = "2026-03-07T12:00"


def server_params(root: Path, env: dict[str, str] | None = None) -> StdioServerParameters:
    """`python -m cronstable_cli mcp --root ROOT`, started from another directory."""
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "cronstable_cli", "mcp", "--root", str(root)],
        env=env,
        cwd=str(root.parent),
    )


@asynccontextmanager
async def session(root: Path, env: dict[str, str] | None = None) -> AsyncIterator[ClientSession]:
    """An initialised client session with a server on ROOT (stderr to ROOT/../server.log)."""
    with open(root.parent / "server.log", "a", encoding="utf-8") as log:
        async with (
            stdio_client(server_params(root, env), errlog=log) as (read, write),
            ClientSession(read, write) as client,
        ):
            await client.initialize()
            yield client


def with_server(
    root: Path,
    scenario: Callable[[ClientSession], Awaitable[T]],
    env: dict[str, str] | None = None,
) -> T:
    """Run `scenario` against a fresh server on ROOT; what it returns."""

    async def go() -> T:
        async with session(root, env) as client:
            with anyio.fail_after(120):
                return await scenario(client)

    return anyio.run(go)


def cli_json(root: Path, *args: str, stdin: str | None = None) -> Any:
    """The JSON document `cronstable ARGS --format json --isolated`, run in ROOT."""
    out = io.StringIO()
    here = os.getcwd()
    saved = sys.stdin
    try:
        os.chdir(root)
        if stdin is not None:
            sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8")
        with redirect_stdout(out), redirect_stderr(io.StringIO()):
            main([*args, "--format", "json", "--isolated"])
    finally:
        os.chdir(here)
        sys.stdin = saved
    return json.loads(out.getvalue())


def cli_error(root: Path, *args: str) -> str:
    """What `cronstable ARGS` says on stderr (its exit status is not 0)."""
    err = io.StringIO()
    here = os.getcwd()
    try:
        os.chdir(root)
        with redirect_stdout(io.StringIO()), redirect_stderr(err):
            code = main([*args, "--isolated"])
    finally:
        os.chdir(here)
    assert code != 0
    return err.getvalue()


def text_of(result: Any) -> str:
    """Every text block of a tool result, joined."""
    return "\n".join(block.text for block in result.content if block.type == "text")
