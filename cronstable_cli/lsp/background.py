"""The whole-workspace lint, off the server's event loop.

At 10,000 jobs the whole lint takes a second or two; run on the event loop
it would hold every hover, code action and edit until it ends. Here it runs
in a worker thread, one at a time: the texts are taken on the loop, the lint
runs on its own copy of them (`session.whole_lint` touches no session), and
its findings are taken back on the loop. A request made while one runs
supersedes it: the running lint's findings (of older texts) are dropped, and
the newest request runs once it ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import traceback
from collections.abc import Callable, Iterable, Mapping

from ..records import Finding
from .session import Session, WholeResult, whole_lint

Publish = Callable[[Mapping[str, list[Finding]]], None]
Log = Callable[[str], None]


class WholeLints:
    """Runs the session's whole lint in a thread and publishes what the newest one found."""

    def __init__(self, session: Callable[[], Session], publish: Publish, log: Log) -> None:
        self._session = session
        self._publish = publish
        self._log = log
        self._wanted = 0  # requests made
        self._running: int | None = None  # the request the running lint answers
        self._also: set[str] = set()  # documents to lint on their own once it is in
        self.closed = False  # the server shut down: nothing more is published
        self.finished = 0  # whole lints whose findings were published (for tests)

    @property
    def busy(self) -> bool:
        return self._running is not None

    def request(self, also: Iterable[str] = ()) -> None:
        """Lint the workspace again (from the event loop); `also`: documents outside it to
        lint once it is in (a document just opened, every open one after new settings)."""
        self._wanted += 1
        self._also.update(also)
        if self._running is None:
            self._start(asyncio.get_running_loop())

    def _start(self, loop: asyncio.AbstractEventLoop) -> None:
        session = self._session()
        request = session.whole_request()
        ticket = self._running = self._wanted
        hold = session.hold

        def work() -> None:
            result: WholeResult | None = None
            failure = None
            try:
                if hold is not None:
                    hold()
                result = whole_lint(request)
            except Exception:
                failure = traceback.format_exc()
            with contextlib.suppress(RuntimeError):  # the loop is closed: the server has gone
                loop.call_soon_threadsafe(self._done, loop, ticket, result, failure)

        threading.Thread(target=work, name="cronstable-whole-lint", daemon=True).start()

    def _done(
        self,
        loop: asyncio.AbstractEventLoop,
        ticket: int,
        result: WholeResult | None,
        failure: str | None,
    ) -> None:
        self._running = None
        if self.closed:
            return
        if ticket != self._wanted:  # superseded: its texts are not the newest
            self._start(loop)
            return
        if failure is not None or result is None:
            self._log(f"cronstable lsp: the workspace lint failed:\n{failure}")
            return
        session = self._session()
        also, self._also = self._also, set()
        try:
            out = session.apply_whole(result)
            for key in also - session.workspace_files:
                if key in session.texts:
                    out[key] = session.lint_document(key)
                else:  # closed, and no longer (or never) in the workspace
                    session.files.pop(key, None)
                    out[key] = []
            self._publish(out)
        except Exception:
            self._log(f"cronstable lsp: the workspace lint failed:\n{traceback.format_exc()}")
        self.finished += 1
