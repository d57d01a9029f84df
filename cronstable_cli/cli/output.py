"""Writing a command's output: to standard output, or atomically to --output."""

from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Callable
from contextlib import suppress
from typing import IO

import click


def write_atomic(path: str, text: str) -> None:
    """Write text to path through a temporary file and a rename (never half a file)."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, temp = tempfile.mkstemp(dir=directory, prefix=f".{os.path.basename(path)}.",
                                suffix=".tmp")
    try:
        try:
            mode = os.stat(path).st_mode & 0o777  # keep an existing file's permissions
        except OSError:
            mask = os.umask(0)
            os.umask(mask)
            mode = 0o666 & ~mask
        os.chmod(temp, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp)
        raise


def emit(text: str, output: str | None) -> None:
    """Print text, or write it to --output atomically (a usage error if that fails)."""
    if output is None or output == "-":
        click.echo(text, nl=False)
        return
    try:
        write_atomic(output, text)
    except OSError as err:
        reason = err.strerror or str(err)
        raise click.BadParameter(f"cannot write {output}: {reason}", param_hint="--output") \
            from None
    click.echo(f"wrote {output}", err=True)


def write_rendered(draw: Callable[[IO[str] | None], None], output: str | None) -> None:
    """Run a renderer on standard output (None), or into --output atomically."""
    if output is None or output == "-":
        draw(None)
        return
    buffer = io.StringIO()
    draw(buffer)
    emit(buffer.getvalue(), output)


def render_text(renderable: object, output: str | None) -> None:
    """A rich renderable to the terminal, or as plain text into --output."""
    from ..render.console import make_console

    write_rendered(lambda file: make_console(file, width=100 if file else None).print(renderable),
                   output)
