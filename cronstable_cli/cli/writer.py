"""The one place the tool writes a file: `-o/--output`, `--write-baseline` and `--fix`.

Every write goes through `write_bytes`, which decides where the bytes may go:

- a target that is the command's own standard output or standard error (`-o
  /dev/stdout`, `-o /proc/self/fd/1`, whatever it points to: a terminal, a pipe,
  a log opened with `>>`) is written to that stream, so an appended log is never
  truncated and a pipe never replaced;
- a target that is one of the run's inputs (a job file, the config file, the
  baseline, the file fed on standard input: everything the guarded reader opened,
  see loaders/sources/reading.py) is refused, except by `--fix`, whose job is to edit
  its inputs;
- any other existing file that is not a regular file (a FIFO, a device, a
  socket, a directory) is refused: replacing `/dev/null` or blocking on a FIFO
  is never what a report should do;
- a path that reaches its target through a symbolic link (the file itself or a
  directory on the way) is written only when the target lies inside the working
  tree (the current directory); a link out of it, or a link to nothing, is refused;
- everything else is written atomically: a temporary file in the target's own
  directory, fsync, then a rename (an existing file keeps its permissions); the
  temporary file is removed if the write fails or a terminating signal arrives.

Refusals are usage errors (exit 2). A write that fails (a full disk, a read-only
directory) is exit 1 with the path and the reason, for every option alike.
"""

from __future__ import annotations

import os
import signal
import stat
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from types import FrameType
from typing import Any

import click

from ..safe_text import no_surrogates, shown

# The options that write files; tests/hostile/test_writes.py checks that every option
# of every command that names a file to write is one of these.
WRITING_OPTIONS = ("output", "write_baseline", "fix")


class WriteError(click.ClickException):
    """A write that failed (full disk, permissions): exit 1, with the path."""

    exit_code = 1


def write_text(path: str, text: str, option: str, *, replacing_input: bool = False) -> str:
    """`write_bytes` for text (UTF-8; names that were not UTF-8 as `\\xe9`)."""
    return write_bytes(path, no_surrogates(text).encode("utf-8"), option, replacing_input)


def write_bytes(path: str, data: bytes, option: str, replacing_input: bool = False) -> str:
    """Write `data` to `path` under the rules above; "stream" or "file" (what was written)."""
    stream = _own_stream(path)
    if stream is not None:
        _write_stream(stream, data, path, option)
        return "stream"
    real = _checked_target(path, option, replacing_input)
    try:
        write_atomic(real, data)
    except OSError as err:
        raise WriteError(f"cannot write {shown(path)}: {err.strerror or err}") from None
    return "file"


def _refuse(path: str, why: str, option: str) -> click.BadParameter:
    return click.BadParameter(f"{shown(path)} {why}; refusing to write it", param_hint=option)


def _checked_target(path: str, option: str, replacing_input: bool) -> str:
    """The real path to replace, or a usage error saying why this target is refused."""
    logical = os.path.normpath(os.path.abspath(path))
    real = os.path.realpath(path)
    try:
        info: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        info = None
    except OSError as err:
        raise WriteError(f"cannot write {shown(path)}: {err.strerror or err}") from None
    if real != logical:
        if info is None and os.path.lexists(logical) and os.path.islink(logical):
            raise _refuse(path, "is a symbolic link to nothing", option)
        tree = os.path.realpath(os.getcwd())
        if not (real == tree or real.startswith(tree.rstrip(os.sep) + os.sep)):
            raise _refuse(path, "leads through a symbolic link out of the working tree", option)
    if info is not None and not stat.S_ISREG(info.st_mode):
        kind = "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        raise _refuse(path, f"is {kind} (a device, FIFO or socket is never replaced)", option)
    from ..loaders.sources.reading import is_input  # not at import: `preview EXPR` loads no loader

    if not replacing_input and is_input(real, info):
        raise _refuse(path, "is one of the input files of this run", option)
    return real


def _own_stream(path: str) -> Any:
    """sys.stdout or sys.stderr when `path` is that very stream's file, else None."""
    if path == "-":
        return sys.stdout
    try:
        target = os.stat(path)
    except OSError:
        return None
    for stream, fd in ((sys.stdout, 1), (sys.stderr, 2)):
        try:
            mine = os.fstat(fd)
        except OSError:
            continue
        if (mine.st_dev, mine.st_ino) == (target.st_dev, target.st_ino):
            return stream
    return None


def _write_stream(stream: Any, data: bytes, path: str, option: str) -> None:
    if stream is None:
        raise WriteError(f"cannot write {shown(path)}: the stream is closed")
    try:
        stream.flush()
        binary = getattr(stream, "buffer", None)
        if binary is not None:
            binary.write(data)
            binary.flush()
        else:
            stream.write(data.decode("utf-8"))
            stream.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as err:
        reason = err.strerror if isinstance(err, OSError) else str(err)
        raise WriteError(f"cannot write {shown(path)}: {reason or err}") from None


def write_atomic(path: str, data: bytes) -> None:
    """Write data to path through a temporary file and a rename (never half a file)."""
    directory = os.path.dirname(path)
    temps: list[str] = []
    with _removed_on_signal(temps):
        import tempfile  # only a report written to a file needs it (start-up)

        fd, temp = tempfile.mkstemp(
            dir=directory, prefix=f".{os.path.basename(path)}.", suffix=".tmp"
        )
        temps.append(temp)
        try:
            try:
                mode = os.stat(path).st_mode & 0o777  # keep an existing file's permissions
            except OSError:
                mask = os.umask(0)
                os.umask(mask)
                mode = 0o666 & ~mask
            os.chmod(temp, mode)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp, path)
            temps.clear()
        except BaseException:
            with suppress(OSError):
                os.unlink(temp)
            temps.clear()
            raise


def ignored_output(output: str | None, why: str) -> None:
    """Say on stderr that -o/--output is not used in this mode (nothing is written)."""
    if output is not None and output != "-":
        click.echo(f"note: --output {shown(output)} is ignored: {why}", err=True)


def refuse_targets(paths: Iterable[str], option: str) -> None:
    """Check targets before any work is done (the same rules write_bytes applies)."""
    for path in paths:
        if _own_stream(path) is None:
            _checked_target(path, option, False)


_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, name)
)


@contextmanager
def _removed_on_signal(temps: list[str]) -> Iterator[None]:
    """While writing, a terminating signal removes the temporary file, then acts as usual."""

    def handler(signum: int, _frame: FrameType | None) -> None:
        for temp in temps:
            with suppress(OSError):
                os.unlink(temp)
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)

    previous: dict[int, Any] = {}
    try:
        for signum in _SIGNALS:
            previous[signum] = signal.signal(signum, handler)
    except ValueError:  # not the main thread: signals cannot be handled here
        pass
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)
