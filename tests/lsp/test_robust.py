"""Bad input never kills the server: generated documents and generated requests.

Documents are built from the pieces job files are made of (keys, schedules,
zones, comments, indentation, quotes, wide and control characters) in any
order; each is opened, edited and asked for hovers, actions and hints on
every line. Requests are every method the server has, with params of the
wrong shape; after each one a valid request must still be answered.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cronstable_cli.lsp.code_actions import code_actions
from cronstable_cli.lsp.diagnostics import diagnostics
from cronstable_cli.lsp.hover import hover
from cronstable_cli.lsp.inlay_hints import inlay_hints
from cronstable_cli.lsp.session import Session, load_settings

from .harness import NOW, InProcess

PIECES = [
    "jobs:", "defaults:", "include:", "dags:", "  - name: a", "  - name: 'b c'", "    command: x",
    "    schedule: '*/7 * * * *'", '    schedule: "H H(0-5) * * *"', "    schedule:",
    "      minute: '5'", "      hour: 25", "    timezone: Europe/Berlin", "    timezone: Nowhere/X",
    "    enabled: false", "  - ./other.yaml", "  # cronstable: ignore[uneven-step]",
    "# cronstable: ignore", "CRON_TZ=America/New_York", "*/7 * * * * /bin/x", "@reboot /bin/y",
    "0 0 31 2 * z", "\t- bad", "  - &a x", "  - *a", "---", "{a: 1}", "é 🕐 \u202e", "\0", "\r",
    "    schedule: '0 2 * * *'  # cron", "    utc: maybe", "'''", "key: [1, 2", "",
]  # fmt: skip


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    lines=st.lists(st.sampled_from(PIECES), max_size=25),
    name=st.sampled_from(["jobs.yaml", "x.crontab", "crontab", "ops.yml"]),
)
def test_any_document_gets_answers_not_exceptions(
    lines: list[str], name: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    import os

    root = tmp_path_factory.mktemp("robust")
    before = os.getcwd()
    os.chdir(root)
    try:
        text = "\n".join(lines)
        session = Session(load_settings(isolated=True, now=NOW))
        found = session.open(name, text)[name]
        session.change(name, text + "\n  - name: added")
        found = session.findings(name)
        diagnostics(found, text)
        jobs = session.jobs(name)
        current = session.texts[name]
        for line in range(current.count("\n") + 2):
            hover(current, jobs, found, line, NOW)
        code_actions("file:///d", name, current, found, jobs, 0, 10_000)
        inlay_hints(current, jobs, 0, 10_000, NOW)
    finally:
        os.chdir(before)


METHODS = [
    "textDocument/hover", "textDocument/codeAction", "textDocument/inlayHint", "shutdownx",
    "textDocument/didOpen", "textDocument/didChange", "textDocument/didSave",
    "textDocument/didClose",
]  # fmt: skip
BAD_PARAMS: list[Any] = [
    None, 1, "x", [], {}, {"textDocument": None}, {"textDocument": {"uri": 5}},
    {"textDocument": {"uri": "file:///nowhere.yaml"}, "position": {"line": -1, "character": -1}},
    {"textDocument": {"uri": "file:///nowhere.yaml"}, "position": {"line": 10**9, "character": 0}},
    {"textDocument": {"uri": "file:///nowhere.yaml"},
     "range": {"start": {"line": 5, "character": 0}, "end": {"line": 1, "character": 0}},
     "context": {"diagnostics": [], "only": ["nonsense"]}},
    {"textDocument": {"uri": "http://example.com/x.yaml", "languageId": "yaml", "version": 1,
                      "text": "jobs:"}},
]  # fmt: skip


def test_malformed_requests_are_answered_and_the_server_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    job = tmp_path / "cronstable.yaml"
    text = "jobs:\n  - name: a\n    command: x\n    schedule: '*/7 * * * *'\n"
    job.write_text(text)

    async def scenario() -> None:
        server = InProcess(now=NOW, debounce=0)
        server.send(
            {
                "id": 0,
                "method": "initialize",
                "params": {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {}},
            }
        )
        server.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": job.as_uri(),
                    "languageId": "yaml",
                    "version": 1,
                    "text": text,
                }
            },
        )
        good = {"textDocument": {"uri": job.as_uri()}, "position": {"line": 3, "character": 16}}
        for method in METHODS:
            for params in BAD_PARAMS:
                if method.startswith("textDocument/did"):
                    server.notify(method, params)
                else:
                    answer = await server.request(method, params)
                    assert "result" in answer or "error" in answer
                alive = await server.request("textDocument/hover", good)
                assert alive.get("result") is not None, (method, params)
        # An incremental edit (the sync pygls negotiates): the range is replaced in place.
        server.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": job.as_uri(), "version": 2},
                "contentChanges": [
                    {
                        "range": {"start": {"line": 3, "character": 15},
                                  "end": {"line": 3, "character": 18}},
                        "text": "0",
                    }
                ],
            },
        )  # fmt: skip
        await server.settle(0.1)
        assert server.published(job.as_uri()) == []  # `0 * * * *`: nothing to say

    asyncio.run(scenario())
