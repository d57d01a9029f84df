"""Writing a command's report: one option (`-o/--output`) and one writer for every command.

A command hands `write_report` its result and a table of renderers, one per
format: `"text"` draws on a console (it gets an `escaped()` copy of the result,
so config-supplied text never reaches the terminal raw), every other format
returns a string. Adding a format is one more entry in a command's table.

Where the report goes:
- no `-o`, or `-o -`: standard output;
- an existing file that is not a regular file (/dev/null, /dev/stdout, a FIFO):
  written in place, so the device or pipe stays what it is;
- a regular file (or a new name): a temporary file beside it, then a rename,
  so a reader never sees half a report; the temporary file is removed if
  the write fails or SIGTERM/SIGINT/SIGHUP arrives meanwhile.
A target that is (or resolves to) one of the files the command read is refused.
"""

from __future__ import annotations

import io
import os
import signal
import stat
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from types import FrameType
from typing import IO, Any, TypeVar

import click

from ..safe_text import escaped, no_surrogates, shown

F = TypeVar("F", bound=Callable[..., Any])
R = TypeVar("R")

TextRenderer = Callable[[Any, "IO[str] | None"], None]  # draws the result on a file (None: stdout)
StringRenderer = Callable[[Any], str]  # the result as a document


class ClosedPipe(Exception):
    """Standard output was closed by the reader (`| head`): stop quietly."""


def _output_value(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not value.strip():
        raise click.BadParameter("needs a file name (or - for standard output)")
    return value


def output_option(func: F) -> F:
    """`-o/--output FILE`: where the report goes (`-` is standard output)."""
    return click.option(
        "-o",
        "--output",
        metavar="FILE",
        default=None,
        callback=_output_value,
        help="Write the report to FILE instead of standard output (a regular file is "
        "replaced atomically; - is standard output).",
    )(func)


def write_report(
    fmt: str,
    result: R,
    renderers: Mapping[str, Callable[..., Any]],
    output: str | None,
    *,
    inputs: Iterable[str] = (),
    trusted: bool = False,
) -> None:
    """Render `result` in `fmt` with its renderer and write it to --output or stdout.

    `trusted` is for the project's own text (the rule documentation): escaping
    it would turn its line breaks into literal `\\n`.
    """
    render = renderers[fmt]
    to_stdout = output is None or output == "-"
    if not to_stdout:
        assert output is not None
        refuse_inputs(output, inputs)
    if fmt == "text":
        safe = result if trusted else escaped(result)
        if to_stdout:
            render(safe, None)
            return
        buffer = io.StringIO()
        render(safe, buffer)
        text = buffer.getvalue()
    else:
        text = render(result)
        if to_stdout:
            write_stdout(text)
            return
    assert output is not None
    write_file(output, text)


def write_stdout(text: str) -> None:
    """A document on standard output as UTF-8, whatever the terminal's encoding."""
    stream = sys.stdout
    text = no_surrogates(text)
    encoding = (getattr(stream, "encoding", None) or "utf-8").lower().replace("-", "")
    binary = getattr(stream, "buffer", None)
    # A megabyte at a time: a 100,000-job document is never held a second time
    # as one block of encoded bytes.
    chunks = range(0, len(text), _CHUNK)
    if encoding in ("utf8", "utf8sig") or binary is None:
        for at in chunks:
            stream.write(text[at : at + _CHUNK])
        stream.flush()
        return
    stream.flush()
    for at in chunks:
        binary.write(text[at : at + _CHUNK].encode("utf-8"))
    binary.flush()


_CHUNK = 1 << 20


def refuse_inputs(output: str, inputs: Iterable[str]) -> None:
    """A usage error when --output is, or resolves to, a file the command read."""
    real = os.path.realpath(output)
    try:
        target = os.stat(output)
    except OSError:
        target = None
    for path in inputs:
        same = os.path.realpath(path) == real
        if not same and target is not None:
            with suppress(OSError):
                other = os.stat(path)
                same = (other.st_dev, other.st_ino) == (
                    target.st_dev,
                    target.st_ino,
                ) and stat.S_ISREG(other.st_mode)
        if same:
            raise click.BadParameter(
                f"{shown(output)} is one of the input files ({shown(path)}); refusing to "
                "overwrite it with the report",
                param_hint="--output",
            )


def write_file(path: str, text: str) -> None:
    """Write text to path (see the module docstring); a usage error if that fails."""
    data = no_surrogates(text).encode("utf-8")
    try:
        try:
            mode = os.stat(path).st_mode
        except FileNotFoundError:
            mode = None
        if mode is not None and not stat.S_ISREG(mode):
            with open(path, "wb") as handle:  # a device or FIFO: never replace the node
                handle.write(data)
        else:
            write_atomic(os.path.realpath(path), data)
    except OSError as err:
        reason = err.strerror or str(err)
        raise click.BadParameter(
            f"cannot write {shown(path)}: {reason}", param_hint="--output"
        ) from None
    from .shared_options import quiet

    if not quiet():
        click.echo(f"wrote {shown(path)}", err=True)


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
