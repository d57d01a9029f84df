"""How the server is handed the command line: a way to run one CLI command in-process.

A tool's answer is the CLI command's own `--format json` document. The server
does not import the CLI (the front-ends are sibling packages): `cronstable mcp`
(cli/mcp_cmd.py) gives it `cli.in_process.run_command`, which runs a command
with in-memory streams, every read passing the root's guard.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..loaders.sources.files import ReadGuard

# (label, done, total): where a long command's progress goes.
ProgressSink = Callable[[str, int, int], None]


class Outcome(Protocol):
    """What one command did: its exit status and what it wrote."""

    @property
    def exit_code(self) -> int: ...

    @property
    def stdout(self) -> str: ...

    @property
    def stderr(self) -> str: ...


class RunCommand(Protocol):
    """Run `cronstable ARGV` in this process; its exit status, stdout and stderr."""

    def __call__(
        self,
        argv: Sequence[str],
        *,
        guard: ReadGuard,
        stdin: bytes = b"",
        progress: ProgressSink | None = None,
    ) -> Outcome: ...
