"""Bad calls are tool errors with the CLI's own messages, and the server keeps serving."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession

from cronstable_cli.cli.main import main

from .helpers import FROM, JOBS, cli_error, cli_json, server_params, text_of, with_server

EXAMPLE = str(Path(__file__).resolve().parents[2] / "examples" / "cronstable.yaml")


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("robust") / "root"
    root.mkdir()
    (root / "jobs.yaml").write_text(JOBS, encoding="utf-8")
    (root / "empty").mkdir()
    return root


# (tool, arguments, the command line whose error message the tool must give)
BAD_VALUES: list[tuple[str, dict[str, Any], list[str]]] = [
    (
        "preview",
        {"expression": "0 * * * *", "tz": "Mars/Base"},
        ["preview", "0 * * * *", "--tz", "Mars/Base"],
    ),
    (
        "preview",
        {"expression": "0 * * * *", "tz": "Europe/Berln"},
        ["preview", "0 * * * *", "--tz", "Europe/Berln"],
    ),
    ("preview", {"expression": "0 * * * *", "count": 0}, ["preview", "0 * * * *", "-n", "0"]),
    (
        "preview",
        {"expression": "0 * * * *", "from": "yesterday"},
        ["preview", "0 * * * *", "--from", "yesterday"],
    ),
    (
        "preview",
        {"expression": "0 * * * *", "jitter": "lots"},
        ["preview", "0 * * * *", "--jitter", "lots"],
    ),
    ("preview", {}, ["preview"]),
    (
        "why",
        {"expression": "0 * * * *", "at": "3000-01-01T00:00"},
        ["why", "0 * * * *", "--at", "3000-01-01T00:00"],
    ),
    (
        "pressure",
        {"paths": ["jobs.yaml"], "hours": 500},
        ["pressure", "jobs.yaml", "--hours", "500"],
    ),
    (
        "suggest",
        {"paths": ["jobs.yaml"], "period": "weekly"},
        ["suggest", "jobs.yaml", "--period", "weekly"],
    ),
    (
        "suggest",
        {"paths": ["jobs.yaml"], "job": "hourly-c"},
        ["suggest", "jobs.yaml", "--job", "hourly-c"],
    ),
    (
        "lint",
        {"paths": ["jobs.yaml"], "select": ["uneven-stp"]},
        ["lint", "jobs.yaml", "--select", "uneven-stp"],
    ),
    (
        "lint",
        {"paths": ["jobs.yaml"], "fail_on": "fatal"},
        ["lint", "jobs.yaml", "--fail-on", "fatal"],
    ),
    ("jobs", {"paths": ["empty"]}, ["jobs", "empty"]),
    (
        "jobs",
        {"paths": ["jobs.yaml"], "zone": "Nowhere/City"},
        ["jobs", "jobs.yaml", "--zone", "Nowhere/City"],
    ),
    ("owners", {"paths": ["jobs.yaml"]}, ["owners", "jobs.yaml"]),
    (
        "owners",
        {"paths": ["jobs.yaml"], "nodes": ["a", "b"], "down": ["c"]},
        ["owners", "jobs.yaml", "--nodes", "a,b", "--down", "c"],
    ),
    ("diff", {"base": "no-such-revision"}, ["diff", "no-such-revision"]),
    ("explain", {"job": "nope", "paths": ["jobs.yaml"]}, ["explain", "--job", "nope", "jobs.yaml"]),
]

# (tool, arguments, what the message must say): shape errors the server finds itself
BAD_SHAPES: list[tuple[str, dict[str, Any], str]] = [
    ("lint", {"paths": 7}, "argument 'paths' must be a list of strings"),
    ("lint", {"path": ["jobs.yaml"]}, "unknown argument 'path'; did you mean 'paths'?"),
    ("preview", {"expression": ["0 * * * *"]}, "argument 'expression' must be a string"),
    ("preview", {"expression": "0 * * * *", "count": "ten"}, "argument 'count' must be an integer"),
    ("preview", {"expression": "0 * * * *", "count": True}, "argument 'count' must be an integer"),
    ("jobs", {"enabled": "yes"}, "argument 'enabled' must be true or false"),
    ("why", {"expression": "0 * * * *"}, "argument 'at' is required"),
    ("diff", {}, "argument 'base' is required"),
    ("explain", {"expression": "0 * * * *", "job": "x"}, "either expression or job"),
    ("explain", {"expression": "0 * * * *", "paths": ["jobs.yaml"]}, "paths: only with job"),
    ("lint", {"filename": "x.yaml"}, "filename: only with text"),
    ("lint", {"paths": ["-"]}, "'-' (standard input) is not a file here; pass the text as text"),
    ("fix", {"text": JOBS, "write": True}, "write: only with paths"),
    ("no-such-tool", {}, "no tool 'no-such-tool'"),
    ("lnit", {}, "did you mean 'lint'?"),
]


def test_a_bad_value_gets_the_clis_message(root: Path) -> None:
    async def scenario(client: ClientSession) -> list[Any]:
        return [await client.call_tool(name, args) for name, args, _ in BAD_VALUES]

    for (name, args, argv), result in zip(BAD_VALUES, with_server(root, scenario), strict=True):
        assert result.is_error, (name, args)
        said = text_of(result)
        expected = [
            line
            for line in cli_error(root, *argv).splitlines()
            if line.strip() and not line.startswith(("Usage:", "Try "))
        ]
        assert expected, argv
        for line in expected:
            assert line in said, (name, args, said)


def test_a_malformed_call_is_a_tool_error_and_the_server_answers_on(root: Path) -> None:
    async def scenario(client: ClientSession) -> list[Any]:
        results = []
        for name, args, _ in BAD_SHAPES:
            results.append(await client.call_tool(name, args))
            results.append(await client.call_tool("lint", {"paths": ["jobs.yaml"], "from": FROM}))
        return results

    results = with_server(root, scenario)
    expected = cli_json(root, "lint", "jobs.yaml", "--from", FROM)
    for index, (name, args, message) in enumerate(BAD_SHAPES):
        bad, good = results[2 * index], results[2 * index + 1]
        assert bad.is_error and message in text_of(bad), (name, args, text_of(bad))
        assert not good.is_error and good.structured_content == expected


def test_an_invalid_schedule_is_an_error_with_the_clis_error_document(root: Path) -> None:
    async def scenario(client: ClientSession) -> list[Any]:
        return [
            await client.call_tool(tool, {"expression": "61 * * * *", **extra})
            for tool, extra in (("preview", {}), ("explain", {}), ("why", {"at": FROM}))
        ]

    for tool, result in zip(
        ("preview", "explain", "why"), with_server(root, scenario), strict=True
    ):
        extra = ["--at", FROM] if tool == "why" else []
        document = cli_json(root, tool, "61 * * * *", *extra)
        assert result.is_error
        assert result.structured_content == document
        assert document["error"]["message"] in text_of(result)


def _rpc(process: subprocess.Popen[str], message: dict[str, Any] | str) -> None:
    assert process.stdin is not None
    line = message if isinstance(message, str) else json.dumps(message)
    process.stdin.write(line + "\n")
    process.stdin.flush()


def _reply(process: subprocess.Popen[str], id_: int) -> dict[str, Any]:
    assert process.stdout is not None
    while True:
        line = process.stdout.readline()
        assert line, "the server closed its output"
        reply: dict[str, Any] = json.loads(line)
        if reply.get("id") == id_:
            return reply


def test_malformed_requests_on_the_wire_leave_the_server_answering(root: Path) -> None:
    params = server_params(root)
    process = subprocess.Popen(
        [params.command, *params.args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
        cwd=params.cwd,
    )
    try:
        _rpc(
            process,
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "test", "version": "1"},
                },
            },
        )
        assert "result" in _reply(process, 1)
        _rpc(process, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        _rpc(process, "{not json")
        _rpc(process, "[1, 2")
        _rpc(process, '"just a string"')
        _rpc(process, {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": 5}})
        assert _reply(process, 2)["error"]["code"] == -32602
        _rpc(process, {"jsonrpc": "2.0", "id": 3, "method": "no/such/method"})
        assert _reply(process, 3)["error"]["code"] == -32601
        _rpc(
            process,
            {
                "jsonrpc": "2.0",
                "id": 4,
                "method": "resources/read",
                "params": {"uri": "cronstable://rules/no-such-rule"},
            },
        )
        assert "no lint rule 'no-such-rule'" in _reply(process, 4)["error"]["message"]
        # A lone surrogate (valid JSON, not valid Unicode) in a path and in a text: the
        # SDK drops a message it cannot decode, as it drops one that is not JSON.
        _rpc(
            process,
            '{"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {"name": "lint", '
            '"arguments": {"paths": ["a\\ud800.yaml"], "text": "jobs: \\ud800"}}}',
        )
        _rpc(
            process,
            {
                "jsonrpc": "2.0",
                "id": 5,
                "method": "tools/call",
                "params": {"name": "lint", "arguments": {"paths": ["jobs.yaml"], "from": FROM}},
            },
        )
        done = _reply(process, 5)["result"]
        assert done["structuredContent"] == cli_json(root, "lint", "jobs.yaml", "--from", FROM)
    finally:
        assert process.stdin is not None
        process.stdin.close()
        assert process.wait(timeout=30) == 0


def test_nothing_from_the_environment_reaches_an_answer(root: Path, tmp_path: Path) -> None:
    secret = "s3cr3t-from-the-agent-env"
    here = tmp_path / "env"
    here.mkdir()
    (here / "env.yaml").write_text(
        "jobs:\n"
        "  - name: uses-env\n"
        "    command: run.sh\n"
        '    schedule: "${CRONSTABLE_SECRET}"\n'
        "  - name: zone-from-env\n"
        "    command: run.sh\n"
        '    schedule: "0 * * * *"\n'
        '    timezone: "${CRONSTABLE_ZONE}"\n',
        encoding="utf-8",
    )
    env = {**os.environ, "CRONSTABLE_SECRET": secret, "CRONSTABLE_ZONE": secret}

    async def scenario(client: ClientSession) -> list[Any]:
        return [
            await client.call_tool("lint", {"paths": ["env.yaml"], "from": FROM}),
            await client.call_tool("jobs", {"paths": ["env.yaml"], "from": FROM}),
            await client.call_tool("explain", {"job": "uses-env", "paths": ["env.yaml"]}),
        ]

    results = with_server(here, scenario, env=env)
    for result in results:
        assert secret not in text_of(result)
        assert secret not in json.dumps(result.structured_content)
    codes = {f["code"] for f in results[0].structured_content["findings"]}
    assert "env-reference" in codes


def test_long_analyses_report_progress(root: Path) -> None:
    seen: list[float] = []

    async def note(progress: float, total: float | None, message: str | None) -> None:
        seen.append(progress)

    async def scenario(client: ClientSession) -> Any:
        return await client.call_tool(
            "pressure",
            {"paths": ["jobs.yaml"], "from": FROM, "hours": 168},
            progress_callback=note,
        )

    result = with_server(root, scenario)
    assert not result.is_error
    assert seen and seen[-1] == 100
    assert seen == sorted(set(seen))  # strictly increasing, as the protocol requires
    assert len(seen) > 2  # the analysis's own steps between the start and the end


def test_every_tool_that_reads_files_says_when_it_starts_and_ends(root: Path) -> None:
    seen: dict[str, list[float]] = {}

    def note(name: str) -> Any:
        async def record(progress: float, total: float | None, message: str | None) -> None:
            seen.setdefault(name, []).append(progress)

        return record

    async def scenario(client: ClientSession) -> None:
        for name in ("lint", "jobs", "duplicates", "fix"):
            await client.call_tool(name, {"paths": ["jobs.yaml"]}, progress_callback=note(name))
        await client.call_tool("explain", {"expression": "0 * * * *"}, progress_callback=note("x"))

    with_server(root, scenario)
    assert seen == {name: [0, 100] for name in ("lint", "jobs", "duplicates", "fix")}


def test_without_the_sdk_the_command_says_which_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for name in [m for m in sys.modules if m == "mcp" or m.startswith("mcp.")]:
        monkeypatch.setitem(sys.modules, name, None)  # `import mcp...` raises ImportError
    monkeypatch.setitem(sys.modules, "mcp", None)
    monkeypatch.delitem(sys.modules, "cronstable_cli.mcp_server.server", raising=False)
    assert main(["mcp", "--root", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "cronstable mcp needs the MCP SDK" in err
    assert "pip install 'cronstable-cli[mcp]'" in err


def test_a_root_that_is_not_a_directory_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "file").write_text("x")
    assert main(["mcp", "--root", str(tmp_path / "file")]) == 2
    assert main(["mcp", "--root", str(tmp_path / "missing")]) == 2
    assert "--root" in capsys.readouterr().err


def _imports_after(*args: str) -> set[str]:
    code = (
        "import sys\nfrom cronstable_cli.cli.main import main\n"
        f"main({list(args)!r})\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    return set(done.stderr.split())


@pytest.mark.parametrize(
    "args",
    [
        ("lint", "--format", "json", "--isolated", EXAMPLE),
        ("pressure", "--format", "json", "--isolated", EXAMPLE),
        ("mcp", "--help"),
    ],
)
def test_no_other_command_imports_the_sdk(args: tuple[str, ...]) -> None:
    loaded = _imports_after(*args)
    assert "cronstable_cli.cli.main" in loaded
    assert not {m for m in loaded if m.split(".")[0] in ("mcp", "mcp_types", "anyio", "pydantic")}
    assert "cronstable_cli.mcp_server.server" not in loaded
