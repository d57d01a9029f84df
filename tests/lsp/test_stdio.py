"""A real client over standard input and output: pygls's LanguageClient and `cronstable lsp`.

The server runs as an editor starts it (`python -m cronstable_cli lsp`), and
the client speaks LSP to it: initialize, open, change, save, hover, code
action, inlay hints, shutdown and exit, with garbage and malformed requests
in between that must not stop it. Diagnostics are compared with `cronstable
lint --format json` on the same files.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

from .harness import FROM, lint_json

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copy(ROOT / "examples" / "cronstable.yaml", tmp_path / "cronstable.yaml")
    (tmp_path / "more.crontab").write_text("*/7 * * * * /bin/a\n30 4 * * * /bin/b")
    monkeypatch.chdir(tmp_path)
    return tmp_path


class Client:
    """pygls's client with the diagnostics the server published, by URI."""

    def __init__(self) -> None:
        self.client = LanguageClient("cronstable-tests", "1")
        self.published: dict[str, list[lsp.Diagnostic]] = {}
        self.logs: list[str] = []
        self.changed = asyncio.Event()

        @self.client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def diagnostics(params: lsp.PublishDiagnosticsParams) -> None:
            self.published[params.uri] = params.diagnostics
            self.changed.set()

        @self.client.feature(lsp.WINDOW_LOG_MESSAGE)
        def logged(params: lsp.LogMessageParams) -> None:
            self.logs.append(params.message)

    async def wait(self, uri: str, check: Any = lambda d: True, timeout: float = 20) -> Any:
        async def until() -> Any:
            while uri not in self.published or not check(self.published[uri]):
                self.changed.clear()
                await self.changed.wait()
            return self.published[uri]

        return await asyncio.wait_for(until(), timeout)


def wire(findings: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(f["code"], f["message"], f["line"] - 1, max(f["column"] - 1, 0)) for f in findings]


def got(diagnostics: list[lsp.Diagnostic]) -> list[tuple[Any, ...]]:
    return [(d.code, d.message, d.range.start.line, d.range.start.character) for d in diagnostics]


def test_an_editor_session_over_stdio(root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = root / "cronstable.yaml"
    crontab = root / "more.crontab"
    lint_config = wire(lint_json(capsys, "cronstable.yaml")["findings"])
    lint_crontab = wire(lint_json(capsys, "more.crontab")["findings"])
    text = config.read_text()

    async def scenario() -> int | None:
        c = Client()
        await c.client.start_io(sys.executable, "-m", "cronstable_cli", "lsp", "--from", FROM)
        result = await c.client.initialize_async(
            lsp.InitializeParams(
                capabilities=lsp.ClientCapabilities(), root_uri=root.as_uri(), process_id=None
            )
        )
        assert result.server_info is not None and result.server_info.name == "cronstable"
        c.client.initialized(lsp.InitializedParams())
        c.client.text_document_did_open(
            lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(config.as_uri(), "yaml", 1, text))
        )
        assert got(await c.wait(config.as_uri())) == lint_config
        c.client.text_document_did_open(
            lsp.DidOpenTextDocumentParams(
                lsp.TextDocumentItem(crontab.as_uri(), "crontab", 1, crontab.read_text())
            )
        )
        assert got(await c.wait(crontab.as_uri())) == lint_crontab
        # Garbage on the wire (not JSON) and a request with unreadable params: answered or
        # logged, and the server goes on.
        assert c.client._server is not None and c.client._server.stdin is not None
        c.client._server.stdin.write(b"Content-Length: 9\r\n\r\n{garbage}")
        bad = b'{"jsonrpc": "2.0", "id": 999, "method": "textDocument/hover", "params": 1}'
        c.client._server.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(bad), bad))
        # An edit, typed: the lint waits for the pause, then reports the broken schedule.
        broken = text.replace('"0 * * * *"', '"0 * * * * * * *"', 1)
        c.client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                lsp.VersionedTextDocumentIdentifier(2, config.as_uri()),
                [lsp.TextDocumentContentChangeWholeDocument(broken)],
            )
        )
        await c.wait(config.as_uri(), lambda ds: any(d.code == "invalid-schedule" for d in ds))
        config.write_text(text)  # saved back as it was
        c.client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                lsp.VersionedTextDocumentIdentifier(3, config.as_uri()),
                [lsp.TextDocumentContentChangeWholeDocument(text)],
            )
        )
        c.client.text_document_did_save(
            lsp.DidSaveTextDocumentParams(lsp.TextDocumentIdentifier(config.as_uri()))
        )
        assert (
            got(
                await c.wait(
                    config.as_uri(), lambda ds: not any(d.code == "invalid-schedule" for d in ds)
                )
            )
            == lint_config
        )
        line = next(i for i, t in enumerate(text.split("\n")) if "H/15 9-17" in t)
        hovered = await c.client.text_document_hover_async(
            lsp.HoverParams(lsp.TextDocumentIdentifier(config.as_uri()), lsp.Position(line, 17))
        )
        assert hovered is not None
        assert "14,29,44,59 9-17 * * mon-fri" in hovered.contents.value  # type: ignore[union-attr]
        actions = await c.client.text_document_code_action_async(
            lsp.CodeActionParams(
                lsp.TextDocumentIdentifier(crontab.as_uri()),
                lsp.Range(lsp.Position(0, 0), lsp.Position(5, 0)),
                lsp.CodeActionContext(diagnostics=[]),
            )
        )
        assert actions is not None
        kinds = {a.kind for a in actions if isinstance(a, lsp.CodeAction)}
        assert kinds == {lsp.CodeActionKind.QuickFix, "source.fixAll.cronstable"}
        hints = await c.client.text_document_inlay_hint_async(
            lsp.InlayHintParams(
                lsp.TextDocumentIdentifier(config.as_uri()),
                lsp.Range(lsp.Position(0, 0), lsp.Position(500, 0)),
            )
        )
        assert hints and any(str(h.label).startswith("→ 14,29,44,59") for h in hints)
        await c.client.shutdown_async(None)
        c.client.exit(None)
        server = c.client._server
        assert server is not None
        code = await asyncio.wait_for(server.wait(), 20)
        await c.client.stop()
        return code

    assert asyncio.run(scenario()) == 0


INCLUDES = {
    "main.yaml": "include:\n  - _frag.yaml\n  - sib.yaml\n  - _a.yaml\n"
    "jobs:\n  - name: main-job\n    command: m.sh\n    schedule: '0 3 * * *'\n",
    "_frag.yaml": "include:\n  - _missing.yaml\n"
    "jobs:\n  - name: frag-job\n    command: f.sh\n    schedule: '*/7 * * * *'\n",
    "sib.yaml": "jobs:\n  - name: sib-job\n    command: s.sh\n    schedule: '0 4 * * *'\n",
    "_a.yaml": "include:\n  - _b.yaml\n",
    "_b.yaml": "include:\n  - _a.yaml\n",
}


def places(diagnostic: lsp.Diagnostic) -> list[tuple[str, int, int, str]]:
    return [
        (
            Path(lsp_path(r.location.uri)).name,
            r.location.range.start.line,
            r.location.range.start.character,
            r.message,
        )
        for r in diagnostic.related_information or ()
    ]


def lsp_path(uri: str) -> str:
    from pygls.uris import to_fs_path

    path = to_fs_path(uri)
    assert path is not None
    return path


def test_findings_through_an_include_point_at_the_including_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file reached through `include:` relates each diagnostic to the entries that include
    it; a cycle to its entries; a file loaded twice to its job (places checked by hand)."""
    directory = tmp_path / "cronstable.d"
    directory.mkdir()
    for name, text in INCLUDES.items():
        (directory / name).write_text(text)
    monkeypatch.chdir(tmp_path)

    async def scenario() -> dict[str, list[lsp.Diagnostic]]:
        c = Client()
        await c.client.start_io(sys.executable, "-m", "cronstable_cli", "lsp", "--from", FROM)
        await c.client.initialize_async(
            lsp.InitializeParams(
                capabilities=lsp.ClientCapabilities(), root_uri=tmp_path.as_uri(), process_id=None
            )
        )
        c.client.initialized(lsp.InitializedParams())
        out = {}
        for name in ("_frag.yaml", "_b.yaml", "main.yaml"):
            path = directory / name
            c.client.text_document_did_open(
                lsp.DidOpenTextDocumentParams(
                    lsp.TextDocumentItem(path.as_uri(), "yaml", 1, path.read_text())
                )
            )
            # Its own lint comes first; the whole lint's (with the include entries) then.
            out[name] = await c.wait(
                path.as_uri(), lambda ds: bool(ds) and all(d.related_information for d in ds)
            )
        await c.client.shutdown_async(None)
        c.client.exit(None)
        await c.client.stop()
        return out

    got = asyncio.run(scenario())
    by_code = {name: {d.code: d for d in ds} for name, ds in got.items()}
    # _frag.yaml is line 2 of main.yaml's include list (0-based line 1, column 4).
    frag = by_code["_frag.yaml"]
    assert places(frag["uneven-step"]) == [("main.yaml", 1, 4, "included from here")]
    assert places(frag["invalid-config"]) == [("main.yaml", 1, 4, "included from here")]
    # The cycle _a -> _b -> _a closes in _b; _a's entry for _b is the other link, and
    # main.yaml's entry for _a is where the cycle is entered.
    assert places(by_code["_b.yaml"]["include-cycle"]) == [
        ("_a.yaml", 1, 4, "included here, in the cycle"),
        ("main.yaml", 3, 4, "cronstable.d/_a.yaml is also included here"),
    ]
    # sib.yaml is read by the directory and by main.yaml's include: the duplicate is at
    # the include entry, related to the job it loads again.
    duplicate = by_code["main.yaml"]["duplicate-job-name"]
    assert (duplicate.range.start.line, duplicate.range.start.character) == (2, 4)
    assert places(duplicate) == [("sib.yaml", 1, 4, "job 'sib-job' is also defined here")]


def test_without_the_extra_it_says_what_to_install(tmp_path: Path) -> None:
    import subprocess

    # A directory earlier on the path whose pygls cannot be imported, as when it is missing.
    (tmp_path / "pygls").mkdir()
    (tmp_path / "pygls" / "__init__.py").write_text("raise ImportError('missing', name='pygls')\n")
    env = {"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-m", "cronstable_cli", "lsp"],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert done.returncode == 3
    assert "pip install 'cronstable-cli[lsp]'" in done.stderr
    assert "Traceback" not in done.stderr
    # No other command imports it: lint runs with the broken pygls on the path.
    lint = subprocess.run(
        [sys.executable, "-m", "cronstable_cli", "lint", "--list-rules"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert lint.returncode == 0, lint.stderr
