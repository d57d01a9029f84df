"""Shared by the language-server tests: lint's own answer, applying LSP edits, a server.

`lint_json` is what `cronstable lint --format json` prints for the same files,
run in-process in the same directory; `apply_edits` applies LSP text edits
(0-based lines, UTF-16 columns) the way an editor does, written here from the
protocol's definition rather than from the server's code; `InProcess` drives
the server's real JSON-RPC protocol object in this process (what a client
writes goes through the same parsing and dispatch as over stdio).
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Sequence
from datetime import datetime, timezone
from typing import Any

import pytest

from cronstable_cli.cli.main import main

FROM = "2026-12-01T00:00:00Z"
NOW = datetime(2026, 12, 1, tzinfo=timezone.utc)  # FROM


def lint_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    """`cronstable lint ARGS --format json --from FROM` in this process."""
    capsys.readouterr()
    main(["lint", *args, "--format", "json", "--from", FROM, "--fail-on", "never"])
    out = capsys.readouterr().out
    doc: dict[str, Any] = json.loads(out)
    return doc


def utf16_to_index(line: str, character: int) -> int:
    units = 0
    for index, char in enumerate(line):
        if units >= character:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(line)


def offset_of(text: str, line: int, character: int) -> int:
    lines = text.split("\n")
    start = sum(len(part) + 1 for part in lines[:line])
    return start + utf16_to_index(lines[line], character)


def apply_edits(text: str, edits: Sequence[dict[str, Any]]) -> str:
    """LSP TextEdits (as JSON) applied to `text`; they must not overlap."""
    spans = []
    for edit in edits:
        r = edit["range"]
        begin = offset_of(text, r["start"]["line"], r["start"]["character"])
        end = offset_of(text, r["end"]["line"], r["end"]["character"])
        spans.append((begin, end, edit["newText"]))
    spans.sort()
    for (_, end, _), (begin, _, _) in itertools.pairwise(spans):
        assert end <= begin, "overlapping edits"
    for begin, end, new in reversed(spans):
        text = text[:begin] + new + text[end:]
    return text


class Written:
    """The server's writer: every message it sends, parsed from its frames."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self._buffer = b""

    def write(self, data: bytes) -> None:
        self._buffer += data
        while b"\r\n\r\n" in self._buffer:
            head, rest = self._buffer.split(b"\r\n\r\n", 1)
            length = int(
                next(
                    line.split(b":")[1]
                    for line in head.split(b"\r\n")
                    if line.lower().startswith(b"content-length")
                )
            )
            if len(rest) < length:
                return
            self.messages.append(json.loads(rest[:length]))
            self._buffer = rest[length:]

    def close(self) -> None:
        pass


class InProcess:
    """A server built by `build_server`, fed JSON-RPC messages as a client would send them."""

    def __init__(self, **options: Any) -> None:
        from cronstable_cli.lsp.server import Options, build_server

        self.server, self.state = build_server(Options(**options))
        self.out = Written()
        self.server.protocol.set_writer(self.out)
        self._id = 0

    def send(self, message: dict[str, Any]) -> None:
        protocol = self.server.protocol
        body = json.dumps({"jsonrpc": "2.0", **message})
        try:  # as pygls's reading loop (io_.run_async) does with each message it reads
            protocol.handle_message(json.loads(body, object_hook=protocol.structure_message))
        except Exception as exc:
            self.server._report_server_error(exc, type(exc))

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    async def request(self, method: str, params: Any) -> dict[str, Any]:
        self._id += 1
        ident = self._id
        self.send({"id": ident, "method": method, "params": params})
        for _ in range(500):
            for message in self.out.messages:
                if message.get("id") == ident and "method" not in message:
                    return message
            await asyncio.sleep(0.01)
        raise AssertionError(f"no answer to {method}")

    async def settle(self, seconds: float = 0.2) -> None:
        await asyncio.sleep(seconds)

    async def idle(self) -> None:
        """Until no whole-workspace lint runs or waits and no edit waits for its lint."""
        for _ in range(2000):
            lints = self.state.lints
            if not self.state.pending and (lints is None or not lints.busy):
                return
            await asyncio.sleep(0.005)
        raise AssertionError("the server never went idle")

    def published(self, uri: str) -> list[dict[str, Any]] | None:
        """The last diagnostics published for `uri` (None: none yet)."""
        found = None
        for message in self.out.messages:
            if (
                message.get("method") == "textDocument/publishDiagnostics"
                and message["params"]["uri"] == uri
            ):
                found = message["params"]["diagnostics"]
        return found

    def logged(self) -> list[str]:
        return [
            m["params"]["message"]
            for m in self.out.messages
            if m.get("method") == "window/logMessage"
        ]
