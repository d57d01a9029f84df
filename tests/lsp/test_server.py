"""The server's JSON-RPC handlers, driven in this process: what a client sends, what it gets.

Messages go through pygls's own parsing and dispatch (harness.InProcess), so
these check the wiring of every method: initialize, the document events
(debounced changes), hover, code actions, inlay hints, a request that raises
(logged to the client, answered with an error, the server goes on), and
malformed requests.
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest

from .harness import NOW, InProcess, apply_edits, lint_json

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copy(ROOT / "examples" / "cronstable.yaml", tmp_path / "cronstable.yaml")
    shutil.copy(ROOT / "examples" / "legacy.crontab", tmp_path / "legacy.crontab")
    (tmp_path / "notes.md").write_text("# notes\n")
    # The server changes directory to the workspace root; monkeypatch puts it back.
    monkeypatch.chdir(ROOT)
    return tmp_path


def uri(path: Path) -> str:
    return path.as_uri()


def start(server: InProcess, root: Path) -> None:
    server.send(
        {
            "id": 0,
            "method": "initialize",
            "params": {"processId": None, "rootUri": uri(root), "capabilities": {}},
        }
    )
    server.notify("initialized", {})


def opened(server: InProcess, path: Path, text: str | None = None, version: int = 1) -> None:
    server.notify(
        "textDocument/didOpen",
        {
            "textDocument": {
                "uri": uri(path),
                "languageId": "yaml",
                "version": version,
                "text": path.read_text() if text is None else text,
            }
        },
    )


def wire(capsys: pytest.CaptureFixture[str], *args: str) -> list[tuple[Any, ...]]:
    return [
        (f["code"], f["message"], f["line"] - 1, max(f["column"] - 1, 0))
        for f in lint_json(capsys, *args)["findings"]
    ]


def got(diagnostics: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [
        (d["code"], d["message"], d["range"]["start"]["line"], d["range"]["start"]["character"])
        for d in diagnostics
    ]


def test_a_session_from_initialize_to_shutdown(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async def scenario() -> None:
        server = InProcess(now=NOW, debounce=0.05)
        start(server, root)
        answer = server.out.messages[0]
        capabilities = answer["result"]["capabilities"]
        assert capabilities["hoverProvider"] and capabilities["inlayHintProvider"]
        assert "source.fixAll.cronstable" in capabilities["codeActionProvider"]["codeActionKinds"]
        config = root / "cronstable.yaml"
        opened(server, config)
        published = server.published(uri(config))
        assert published is not None
        expected = [w for w in wire(capsys, "cronstable.yaml")]
        assert got(published) == expected
        assert all(d["source"] == "cronstable" for d in published)
        # The workspace's other file gets its diagnostics too (the whole lint read it? no:
        # cronstable.yaml is the workspace; the crontab is linted when opened).
        crontab = root / "legacy.crontab"
        opened(server, crontab)
        assert got(server.published(uri(crontab)) or []) == wire(capsys, "legacy.crontab")
        # A document that is not a job file gets nothing.
        opened(server, root / "notes.md")
        assert server.published(uri(root / "notes.md")) in (None, [])
        # An edit: a broken schedule, linted once typing pauses.
        text = config.read_text()
        broken = text.replace('"0 * * * *"', '"0 25 * * *"', 1)
        server.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri(config), "version": 2},
                "contentChanges": [{"text": broken}],
            },
        )
        await server.settle(0.3)
        codes = [d["code"] for d in server.published(uri(config)) or []]
        assert "invalid-schedule" in codes
        config.write_text(broken)
        server.notify("textDocument/didSave", {"textDocument": {"uri": uri(config)}})
        await server.idle()
        assert got(server.published(uri(config)) or []) == wire(capsys, "cronstable.yaml")
        # Hover on refresh-cache's schedule (line 42): its H resolved for its name.
        line = next(i for i, t in enumerate(broken.split("\n")) if "H/15 9-17" in t)
        hovered = await server.request(
            "textDocument/hover",
            {"textDocument": {"uri": uri(config)}, "position": {"line": line, "character": 16}},
        )
        assert "14,29,44,59 9-17 * * mon-fri" in hovered["result"]["contents"]["value"]
        # Code actions: fix-all is lint --fix's text (examples have unsafe fixes only).
        actions = await server.request(
            "textDocument/codeAction",
            {
                "textDocument": {"uri": uri(crontab)},
                "range": {
                    "start": {"line": 0, "character": 0},
                    "end": {"line": 99, "character": 0},
                },
                "context": {"diagnostics": []},
            },
        )
        titles = [a["title"] for a in actions["result"]]
        assert any(t.startswith("Ignore ") for t in titles)
        hints = await server.request(
            "textDocument/inlayHint",
            {
                "textDocument": {"uri": uri(config)},
                "range": {
                    "start": {"line": 0, "character": 0},
                    "end": {"line": 200, "character": 0},
                },
            },
        )
        assert any(h["label"].startswith("→ 14,29,44,59") for h in hints["result"])
        server.notify("textDocument/didClose", {"textDocument": {"uri": uri(config)}})
        shutdown = await server.request("shutdown", None)
        assert "error" not in shutdown

    asyncio.run(scenario())


def test_fix_all_over_the_wire_is_lint_fix(root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    crontab = root / "fix.crontab"
    text = "*/7 * * * * /bin/a\n0 3 * * * /bin/b"  # a safe step fix, a missing newline
    crontab.write_text(text)

    async def scenario() -> list[dict[str, Any]]:
        server = InProcess(now=NOW)
        start(server, root)
        opened(server, crontab)
        answer = await server.request(
            "textDocument/codeAction",
            {
                "textDocument": {"uri": uri(crontab)},
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                "context": {"diagnostics": [], "only": ["source.fixAll"]},
            },
        )
        return list(answer["result"])

    actions = asyncio.run(scenario())
    assert [a["kind"] for a in actions] == ["source.fixAll.cronstable"]
    fixed = apply_edits(text, actions[0]["edit"]["changes"][uri(crontab)])
    lint_json(capsys, str(crontab), "--fix")
    assert fixed == crontab.read_text() != text


def test_a_failing_request_is_logged_and_the_server_goes_on(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cronstable_cli.lsp.server as server_module

    calls = []
    original = server_module.hover

    def broken_hover(*args: Any) -> None:
        calls.append(args)
        raise RuntimeError("hover exploded")

    async def scenario() -> None:
        server = InProcess(now=NOW)
        start(server, root)
        config = root / "cronstable.yaml"
        opened(server, config)
        line = next(i for i, t in enumerate(config.read_text().split("\n")) if "H/15 9-17" in t)
        position = {
            "textDocument": {"uri": uri(config)},
            "position": {"line": line, "character": 16},
        }
        monkeypatch.setattr(server_module, "hover", broken_hover)
        failed = await server.request("textDocument/hover", position)
        assert "error" in failed
        assert any("hover exploded" in m and "Traceback" in m for m in server.logged())
        monkeypatch.setattr(server_module, "hover", original)
        # Malformed requests: unknown method, wrong params, a document never opened.
        unknown = await server.request("cronstable/nothing", {})
        assert unknown["error"]["code"] == -32601
        bad = await server.request("textDocument/hover", {"textDocument": 3})
        assert "error" in bad
        never = await server.request(
            "textDocument/hover",
            {
                "textDocument": {"uri": uri(root / "gone.yaml")},
                "position": {"line": 0, "character": 0},
            },
        )
        assert never["result"] is None
        elsewhere = await server.request(
            "textDocument/hover",
            {"textDocument": {"uri": "untitled:1"}, "position": {"line": 0, "character": 0}},
        )
        assert elsewhere["result"] is None
        # ... and it still answers.
        fine = await server.request("textDocument/hover", position)
        assert fine.get("result") is not None

    asyncio.run(scenario())
    assert calls


def test_hostile_documents_get_diagnostics_not_a_dead_server(root: Path) -> None:
    texts = [
        "",
        "\0\0\0",
        "jobs:\n  - name: [unclosed\n",
        "jobs:\n" + "  - name: x\n    command: y\n    schedule: '" + "1," * 5000 + "'\n",
        "jobs: &a\n  - *a\n",
        "\ufeffjobs:\n  - name: é\u202e\n    command: y\n    schedule: '61 * * * *'\n",
        "include:\n  - " + "../" * 200 + "etc/passwd\n",
        "\n" * 10000,
        "* * * * *" * 3000,
    ]

    async def scenario() -> None:
        server = InProcess(now=NOW, debounce=0)
        start(server, root)
        for index, text in enumerate(texts):
            path = root / f"hostile-{index}.yaml"
            opened(server, path, text)
            server.notify(
                "textDocument/didChange",
                {
                    "textDocument": {"uri": uri(path), "version": 2},
                    "contentChanges": [{"text": text + "\n#"}],
                },
            )
            await server.settle(0.02)
            hovered = await server.request(
                "textDocument/hover",
                {"textDocument": {"uri": uri(path)}, "position": {"line": 1, "character": 0}},
            )
            assert "error" not in hovered, text[:40]
        assert not any("failed" in m for m in server.logged())
        answer = await server.request("shutdown", None)
        assert "error" not in answer

    asyncio.run(scenario())


def test_a_utf8_client_gets_byte_columns(root: Path) -> None:
    text = "jobs:\n  - name: café\n    command: x\n    schedule: 'é * * * *'\n"
    job = root / "wide.yaml"

    async def scenario() -> list[dict[str, Any]]:
        server = InProcess(now=NOW)
        server.send(
            {
                "id": 0,
                "method": "initialize",
                "params": {
                    "processId": None,
                    "rootUri": uri(root),
                    "capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16"]}},
                },
            }
        )
        assert server.out.messages[0]["result"]["capabilities"]["positionEncoding"] == "utf-8"
        opened(server, job, text)
        return server.published(uri(job)) or []

    published = asyncio.run(scenario())
    invalid = next(d for d in published if d["code"] == "invalid-schedule")
    # The finding is at the schedule's text, column 16 (after 15 ASCII characters); its
    # range covers the 9 characters `é * * * *`: 10 bytes in UTF-8 ('é' is two), 9 in UTF-16.
    assert invalid["range"]["start"] == {"line": 3, "character": 15}
    assert invalid["range"]["end"] == {"line": 3, "character": 25}


def test_files_changed_outside_the_editor_are_linted_again(root: Path) -> None:
    (root / "cronstable.d").mkdir()
    other = root / "cronstable.d" / "other.yaml"
    other.write_text("jobs:\n  - name: o\n    command: x\n    schedule: '0 * * * *'\n")

    async def scenario() -> None:
        server = InProcess(now=NOW)
        capabilities = {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}
        server.send(
            {
                "id": 0,
                "method": "initialize",
                "params": {"processId": None, "rootUri": uri(root), "capabilities": capabilities},
            }
        )
        server.notify("initialized", {})
        asked = [m for m in server.out.messages if m.get("method") == "client/registerCapability"]
        assert asked, "the server asks the client to watch the job files"
        watchers = asked[0]["params"]["registrations"][0]["registerOptions"]["watchers"]
        assert {"globPattern": "**/*.{yaml,yml,cron,crontab}"} in watchers
        opened(server, root / "cronstable.yaml")
        await server.idle()
        assert server.published(uri(other)) is None  # nothing to say about it yet
        # A checkout changes a file nobody has open: its new finding is published.
        other.write_text("jobs:\n  - name: o\n    command: x\n    schedule: '*/7 * * * *'\n")
        server.notify(
            "workspace/didChangeWatchedFiles", {"changes": [{"uri": uri(other), "type": 2}]}
        )
        await server.idle()
        assert [d["code"] for d in server.published(uri(other)) or []] == ["uneven-step"]
        # The settings file changed on disk: read again, and the code is ignored now.
        (root / ".cronstable.toml").write_text("ignore = ['uneven-step']\n")
        server.notify(
            "workspace/didChangeWatchedFiles",
            {"changes": [{"uri": uri(root / ".cronstable.toml"), "type": 1}]},
        )
        await server.idle()
        assert server.published(uri(other)) == []

    asyncio.run(scenario())


def test_a_duplicate_name_links_the_other_job(root: Path) -> None:
    (root / "cronstable.d").mkdir()
    first = root / "cronstable.d" / "a.yaml"
    second = root / "cronstable.d" / "b.yaml"
    first.write_text("jobs:\n  - name: twin\n    command: x\n    schedule: '0 * * * *'\n")
    second.write_text("jobs:\n\n  - name: twin\n    command: y\n    schedule: '5 * * * *'\n")

    async def scenario() -> list[dict[str, Any]]:
        server = InProcess(now=NOW)
        start(server, root)
        opened(server, second)
        await server.idle()
        return server.published(uri(second)) or []

    published = asyncio.run(scenario())
    duplicate = next(d for d in published if d["code"] == "duplicate-job-name")
    (related,) = duplicate["relatedInformation"]
    # The other `twin` is a.yaml's `- name:` item: line 2, the name key at column 5.
    assert related["location"]["uri"] == uri(first)
    assert related["location"]["range"]["start"] == {"line": 1, "character": 4}
    assert "also defined here" in related["message"]
