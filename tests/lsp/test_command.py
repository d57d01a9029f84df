"""`cronstable lsp` the command: its options reach the server; without the extra, a message.

Run in-process with the serving replaced (what it serves is tested over stdio
in test_stdio.py), plus the server's own paths a plain session does not take:
no `initialize` root, a settings file that cannot be used, its save, a lint
that fails after an edit.
"""

from __future__ import annotations

import asyncio
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from cronstable_cli.cli.main import main

from .harness import NOW, InProcess


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    import cronstable_cli.lsp.server as server_module

    calls: list[Any] = []

    def serve(options: Any) -> int:
        calls.append(options)
        return 0

    monkeypatch.setattr(server_module, "serve", serve)
    return calls


def test_options_reach_the_server(
    served: list[Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "settings.toml").write_text("")
    args = ["lsp", "--config", "settings.toml", "--max-per-minute", "4", "--debounce", "250"]
    assert main([*args, "--from", "2027-01-02T03:04"]) == 0
    options = served[-1]
    # --config is made absolute: the server changes directory to the workspace root.
    assert options.config_file == str(tmp_path / "settings.toml")
    assert options.max_per_minute == 4 and options.debounce == 0.25
    assert options.now == datetime(2027, 1, 2, 3, 4, tzinfo=timezone.utc)
    assert options.rule_docs.startswith("https://")
    assert main(["lsp", "--isolated", "--stdio", "--rule-docs", "https://x.test/rules.md"]) == 0
    assert served[-1].rule_docs == "https://x.test/rules.md"
    assert served[-1].isolated and served[-1].config_file is None and served[-1].now is None


def test_bad_options_are_usage_errors(
    served: list[Any], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lsp", "--debounce", "-1"]) == 2
    assert main(["lsp", "--from", "yesterday-ish"]) == 2
    assert served == []


def test_without_the_extra_exit_3_with_the_install_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delitem(sys.modules, "cronstable_cli.lsp.server", raising=False)
    monkeypatch.setitem(sys.modules, "pygls", None)
    monkeypatch.setitem(sys.modules, "pygls.lsp.server", None)
    assert main(["lsp"]) == 3
    err = capsys.readouterr().err
    assert "pip install 'cronstable-cli[lsp]'" in err and "Traceback" not in err


def test_server_paths_beyond_a_plain_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cronstable_cli.lsp.session import Session

    monkeypatch.chdir(tmp_path)
    (tmp_path / ".cronstable.toml").write_text("selct = ['x']\n")
    job = tmp_path / "cronstable.yaml"
    job.write_text("jobs:\n  - name: a\n    command: x\n    schedule: '*/7 * * * *'\n")

    async def scenario() -> InProcess:
        server = InProcess(now=NOW, debounce=0)
        server.send(
            {"id": 1, "method": "initialize",
             "params": {"processId": None, "rootPath": str(tmp_path), "capabilities": {}}}
        )  # fmt: skip
        server.notify("initialized", {})
        server.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": job.as_uri(),
                    "languageId": "yaml",
                    "version": 1,
                    "text": job.read_text(),
                }
            },
        )
        # The defaults apply meanwhile: uneven-step is reported.
        assert [d["code"] for d in server.published(job.as_uri()) or []] == ["uneven-step"]
        shown = [m for m in server.out.messages if m.get("method") == "window/showMessage"]
        assert shown and "selct" in shown[0]["params"]["message"]
        # The settings file fixed and saved: the settings are read again, everything relinted.
        (tmp_path / ".cronstable.toml").write_text("ignore = ['uneven-step']\n")
        server.notify(
            "textDocument/didSave",
            {"textDocument": {"uri": (tmp_path / ".cronstable.toml").as_uri()}},
        )
        await server.idle()
        assert server.published(job.as_uri()) == []

        # A lint that fails after an edit is logged; the next one works.
        def broken(self: Session, key: str, text: str) -> None:
            raise RuntimeError("lint exploded")

        monkeypatch.setattr(Session, "change", broken)
        server.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": job.as_uri(), "version": 2},
             "contentChanges": [{"text": "jobs: []\n"}]},
        )  # fmt: skip
        await server.settle(0.1)
        assert any("lint exploded" in m for m in server.logged())
        monkeypatch.undo()
        monkeypatch.chdir(tmp_path)
        server.notify("textDocument/didClose", {"textDocument": {"uri": job.as_uri()}})
        answer = await server.request("shutdown", None)
        assert "error" not in answer and server.state.shut_down
        return server

    asyncio.run(scenario())
