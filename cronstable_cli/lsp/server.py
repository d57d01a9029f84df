"""The pygls server: LSP methods in, the session's answers out (the only pygls import).

Each handler turns the request into a call on the `Session` or a pure
function (diagnostics, hover, code_actions, inlay_hints) and the answer
back into LSP. A handler that raises is logged to the client
(window/logMessage, with the traceback) and answered with an error; the
server goes on serving. Diagnostics after an edit wait `debounce` seconds
for the typing to pause.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import wraps
from typing import Any, TypeVar

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.uris import from_fs_path, to_fs_path

from .. import __version__
from ..records import Finding, SourceLocation
from ..settings.config_file import DOTFILE, PYPROJECT
from .background import WholeLints
from .code_actions import FIX_ALL, code_actions
from .diagnostics import RULE_DOCS, diagnostics, related_places
from .hover import hover
from .inlay_hints import inlay_hints
from .positions import UTF16
from .session import Session, Settings, document_key, load_settings

F = TypeVar("F", bound=Callable[..., Any])
# What the client is asked to watch: job files by the loaders' names, and the settings.
WATCHED = (
    "**/*.{yaml,yml,cron,crontab}",
    "**/crontab",
    f"**/{DOTFILE}",
    f"**/{PYPROJECT}",
)


@dataclass
class Options:
    """What `cronstable lsp` was started with (its command-line options)."""

    config_file: str | None = None  # absolute: the server changes directory
    isolated: bool = False
    now: datetime | None = None
    max_per_minute: int | None = None
    debounce: float = 0.05  # seconds of quiet after an edit before the lint runs
    rule_docs: str = RULE_DOCS


@dataclass
class State:
    """The server's one session, made at `initialize`, and the pending lints."""

    options: Options
    session: Session | None = None
    pending: dict[str, asyncio.TimerHandle] = field(default_factory=dict)
    lints: WholeLints | None = None  # the whole-workspace lints, off the event loop
    shut_down: bool = False  # `shutdown` came before `exit`: exit 0 (LSP), else 1

    def settings(self) -> Settings:
        o = self.options
        return load_settings(o.config_file, o.isolated, now=o.now, max_per_minute=o.max_per_minute)


class AnsweringProtocol(LanguageServerProtocol):
    """pygls's protocol, but a request whose params cannot be read gets its error answer.

    pygls logs such a request and drops it, and a client would wait for ever;
    LSP wants InvalidParams (or InternalError) sent back under the request's id.
    """

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as err:
            if "id" in data and "method" in data:
                self._send_response(data["id"], error=err.to_response_error())
            raise


def build_server(options: Options) -> tuple[LanguageServer, State]:
    """A language server for one workspace, its handlers registered, and its state."""
    server = LanguageServer("cronstable", __version__, protocol_cls=AnsweringProtocol)
    state = State(options)

    def log(message: str, kind: lsp.MessageType = lsp.MessageType.Info) -> None:
        server.window_log_message(lsp.LogMessageParams(type=kind, message=message))

    def guarded(handler: F) -> F:
        """Log what a handler raises (traceback and all) to the client; pygls answers it."""

        @wraps(handler)
        def run(*args: Any) -> Any:
            try:
                return handler(*args)
            except Exception:
                log(
                    f"cronstable lsp: {handler.__name__} failed:\n{traceback.format_exc()}",
                    lsp.MessageType.Error,
                )
                raise

        return run  # type: ignore[return-value]

    def session() -> Session:
        if state.session is None:  # a client that never sent `initialize`'s root
            state.session = Session(state.settings(), defer_whole=True)
        return state.session

    def whole(also: Sequence[str] = ()) -> None:
        """The whole lint again, in its thread; `also` linted on their own once it is in."""
        if state.lints is None:
            state.lints = WholeLints(session, publish, lambda m: log(m, lsp.MessageType.Error))
        state.lints.request(also)

    def key_of(uri: str) -> str | None:
        if not uri.startswith("file:"):
            return None
        path = to_fs_path(uri)
        return document_key(path) if path else None

    def uri_of(key: str) -> str:
        return from_fs_path(os.path.abspath(key)) or key

    def lines_of(path: str) -> list[str] | None:
        text = session().texts.get(document_key(path))
        if text is None:
            try:
                with open(path, encoding="utf-8", errors="replace") as handle:
                    text = handle.read()
            except OSError:
                return None
        return text.split("\n")

    def encoding() -> str:
        """The position encoding pygls agreed with the client (UTF-16 unless it chose)."""
        return str(server.workspace.position_encoding or UTF16)

    def publish(found: Mapping[str, list[Finding]]) -> None:
        s = session()
        index: dict[str, list[SourceLocation]] | None = None
        includes = s.includes()

        def sites(name: str) -> list[SourceLocation]:
            """Where jobs of this name are, in every file linted (made once per publish)."""
            nonlocal index
            if index is None:
                index = {}
                for linted in s.files.values():
                    for job in linted.jobs:
                        index.setdefault(job.name, []).append(job.location)
            return index.get(name, [])

        for key, findings in s.publishable(found).items():
            text = s.texts.get(key)
            lines = text.split("\n") if text is not None else lines_of(key) or []
            out = diagnostics(
                findings,
                "\n".join(lines),
                related=lambda f: related_places(f, sites, includes),
                lines_of=lines_of,
                uri_of=uri_of,
                docs=options.rule_docs,
                encoding=encoding(),
            )
            server.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=uri_of(key), diagnostics=out)
            )

    @server.feature(lsp.INITIALIZE)
    @guarded
    def initialize(_ls: LanguageServer, params: lsp.InitializeParams) -> None:
        root = None
        if params.workspace_folders:
            root = to_fs_path(params.workspace_folders[0].uri)
        elif params.root_uri:
            root = to_fs_path(params.root_uri)
        elif params.root_path:
            root = params.root_path
        if root and os.path.isdir(root):
            # Paths, messages and config discovery as `cronstable lint` run in the project.
            os.chdir(root)
        state.session = Session(state.settings(), defer_whole=True)

    @server.feature(lsp.INITIALIZED)
    @guarded
    def initialized(_ls: LanguageServer, _params: lsp.InitializedParams) -> None:
        problem = session().settings.problem
        if problem:
            server.window_show_message(
                lsp.ShowMessageParams(type=lsp.MessageType.Warning, message=problem)
            )
            log(problem, lsp.MessageType.Warning)
        workspace = server.client_capabilities.workspace
        watched = workspace.did_change_watched_files if workspace else None
        if watched is not None and watched.dynamic_registration:
            # Job files changed outside the editor (a checkout, a generator): lint again.
            server.client_register_capability(
                lsp.RegistrationParams(
                    registrations=[
                        lsp.Registration(
                            id="cronstable-watched-files",
                            method=lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                            register_options=lsp.DidChangeWatchedFilesRegistrationOptions(
                                watchers=[lsp.FileSystemWatcher(glob_pattern=g) for g in WATCHED]
                            ),
                        )
                    ]
                )
            )

    @server.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    @guarded
    def watched_files(_ls: LanguageServer, params: lsp.DidChangeWatchedFilesParams) -> None:
        s = session()
        keys = [key_of(change.uri) for change in params.changes]
        baseline = s.settings.config.baseline
        settings_changed = any(
            key is not None
            and (
                os.path.basename(key) in (DOTFILE, PYPROJECT)
                or (baseline is not None and document_key(baseline) == key)
            )
            for key in keys
        )
        if settings_changed:
            s.settings = state.settings()
        whole(list(s.texts))

    @server.feature(lsp.SHUTDOWN)
    def shutdown(_ls: LanguageServer, _params: None) -> None:
        state.shut_down = True
        if state.lints is not None:
            state.lints.closed = True
        for pending in state.pending.values():
            pending.cancel()
        state.pending.clear()

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    @guarded
    def did_open(_ls: LanguageServer, params: lsp.DidOpenTextDocumentParams) -> None:
        key = key_of(params.text_document.uri)
        if key is not None:
            s = session()
            s.texts[key] = params.text_document.text
            publish({key: s.lint_document(key)})  # its own lint now, the fleet's when it is in
            whole([key])

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    @guarded
    def did_change(_ls: LanguageServer, params: lsp.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        key = key_of(uri)
        if key is None:
            return
        text = server.workspace.get_text_document(uri).source
        session().texts[key] = text  # hovers and actions see the newest text at once
        pending = state.pending.pop(key, None)
        if pending is not None:
            pending.cancel()

        def lint_now() -> None:
            state.pending.pop(key, None)
            try:
                publish(session().change(key, server.workspace.get_text_document(uri).source))
            except Exception:
                log(
                    f"cronstable lsp: lint failed:\n{traceback.format_exc()}", lsp.MessageType.Error
                )

        # pygls runs handlers on its event loop: the lint waits there for the typing to pause.
        state.pending[key] = asyncio.get_running_loop().call_later(options.debounce, lint_now)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    @guarded
    def did_save(_ls: LanguageServer, params: lsp.DidSaveTextDocumentParams) -> None:
        key = key_of(params.text_document.uri)
        if key is None:
            return
        s = session()
        baseline = s.settings.config.baseline
        if os.path.basename(key) in (DOTFILE, PYPROJECT) or (
            baseline is not None and document_key(baseline) == key
        ):
            s.settings = state.settings()
            whole(list(s.texts))
            return
        pending = state.pending.pop(key, None)
        if pending is not None:
            pending.cancel()
        if params.text is not None:
            s.texts[key] = params.text
        whole([key])

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    @guarded
    def did_close(_ls: LanguageServer, params: lsp.DidCloseTextDocumentParams) -> None:
        key = key_of(params.text_document.uri)
        if key is not None:
            pending = state.pending.pop(key, None)
            if pending is not None:
                pending.cancel()
            s = session()
            if s.closed(key):
                whole([key])  # in the workspace: the disk's text is the truth again
            else:
                publish({key: []})

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    @guarded
    def on_hover(_ls: LanguageServer, params: lsp.HoverParams) -> lsp.Hover | None:
        key = key_of(params.text_document.uri)
        s = session()
        if key is None or key not in s.files:
            return None
        return hover(
            s.texts.get(key, ""), s.jobs(key), s.findings(key), params.position.line, s.now()
        )

    @server.feature(
        lsp.TEXT_DOCUMENT_CODE_ACTION,
        lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix, FIX_ALL]),
    )
    @guarded
    def on_code_action(
        _ls: LanguageServer, params: lsp.CodeActionParams
    ) -> list[lsp.CodeAction] | None:
        uri = params.text_document.uri
        key = key_of(uri)
        s = session()
        if key is None or key not in s.files or key not in s.texts:
            return None
        only: Sequence[str] | None = params.context.only
        return code_actions(
            uri,
            key,
            s.texts[key],
            s.findings(key),
            s.jobs(key),
            params.range.start.line,
            params.range.end.line,
            only,
            encoding(),
        )

    @server.feature(lsp.TEXT_DOCUMENT_INLAY_HINT, lsp.InlayHintOptions(resolve_provider=False))
    @guarded
    def on_inlay_hint(_ls: LanguageServer, params: lsp.InlayHintParams) -> list[lsp.InlayHint]:
        key = key_of(params.text_document.uri)
        s = session()
        if key is None or key not in s.files:
            return []
        return inlay_hints(
            s.texts.get(key, ""),
            s.jobs(key),
            params.range.start.line,
            params.range.end.line,
            s.now(),
            encoding(),
        )

    return server, state


def serve(options: Options) -> int:
    """Serve LSP on standard input and output until the client exits; the exit status.

    0 when the client asked for `shutdown` before `exit`, 1 when it exited
    (or went away) without it, as LSP has it.
    """
    server, state = build_server(options)
    # pygls ends its loop with sys.exit on `exit`; the status is decided here instead.
    with contextlib.suppress(SystemExit):
        server.start_io()
    return 0 if state.shut_down else 1
