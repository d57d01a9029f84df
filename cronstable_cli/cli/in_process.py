"""Running one CLI command in-process, as the MCP server's tools do.

A tool's answer is the command's own `--format json` document: the server turns
the tool's arguments into the command's options and runs the command through
this (`cronstable mcp` hands `run_command` to the server, which never imports
the CLI), so option checks, messages, exit codes and the document come from
one implementation. While it runs, standard input, output and error
are in-memory buffers (the protocol's streams are elsewhere: the SDK's stdio
transport holds its own descriptors), every read from disk passes the root's
guard, and progress goes to the tool's progress notifications.

Commands share process-wide state (the standard streams, the cyclic
collector), so one runs at a time; a request that arrives meanwhile waits.
"""

from __future__ import annotations

import io
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from ..loaders.sources.files import ReadGuard
from .fleet_load import ProgressSink

# The console script that never hands a command to the daemon (cli/main.py).
PROG = "cronstable-cli"

_ONE_AT_A_TIME = threading.Lock()


@dataclass(frozen=True)
class Outcome:
    """What one command did: its exit status and what it wrote."""

    exit_code: int
    stdout: str
    stderr: str


def _text_buffer(data: bytes = b"") -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="surrogateescape")


def run_command(
    argv: Sequence[str],
    *,
    guard: ReadGuard,
    stdin: bytes = b"",
    progress: ProgressSink | None = None,
) -> Outcome:
    """Run `cronstable ARGV` in this process; its exit status, stdout and stderr."""
    from ..loaders.sources.files import guarded_reads
    from .fleet_load import PROGRESS_SINK
    from .main import main

    with _ONE_AT_A_TIME:
        out, err, given = _text_buffer(), _text_buffer(), _text_buffer(stdin)
        saved = sys.stdin, sys.stdout, sys.stderr
        token = PROGRESS_SINK.set(progress)
        sys.stdin, sys.stdout, sys.stderr = given, out, err
        try:
            with guarded_reads(guard):
                code = main(list(argv), prog_name=PROG)
        except SystemExit as exc:  # a command that exits instead of returning
            code = exc.code if isinstance(exc.code, int) else 1
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved
            PROGRESS_SINK.reset(token)
        return Outcome(code, _contents(out), _contents(err))


def _contents(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8", "replace")
