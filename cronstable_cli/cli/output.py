"""Writing a command's report: one option (`-o/--output`) and one path for every command.

A command hands `write_report` its result and a table of renderers, one per
format: `"text"` draws on a console (it gets an `escaped()` copy of the result,
so config-supplied text never reaches the terminal raw), every other format
returns a string, which goes through `escaping.document` for its format (a
JSON-family document is escaped losslessly, any other has nothing raw left)
whatever renderer made it. Adding a format is one more entry in a command's
table.

Where the report goes is the writer's decision (cli/writer.py): no `-o`, `-o -`
or a path that is this process's own standard output: standard output; any
other path is checked (never an input of the run, never a device or FIFO,
never through a link out of the working tree) and replaced atomically.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterable, Mapping
from contextlib import suppress
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
    from ..escaping import document

    render = renderers[fmt]
    to_stdout = output is None or output == "-"
    if not to_stdout:
        assert output is not None
        from ..loaders.sources.reading import note_input
        from .shared_options import project_config

        for path in inputs:
            note_input(path)
        # The project's config file is an input of every run (a broken one is the
        # business of the commands that read it).
        with suppress(click.UsageError):
            project_config()
    if fmt == "text":
        safe = result if trusted else escaped(result)
        if to_stdout:
            render(safe, None)
            return
        buffer = io.StringIO()
        render(safe, buffer)
        text = buffer.getvalue()
    else:
        made = render(result)
        if not isinstance(made, str):
            # A JSON document made a piece at a time (a big fleet's findings or jobs):
            # its escaping is character by character, so each piece is escaped, written
            # and dropped, and the whole document is never held (unless for a file).
            from ..escaping import JSON_FORMATS

            assert fmt in JSON_FORMATS and not trusted
            pieces = (document(fmt, piece) for piece in made)
            if to_stdout:
                write_stdout_pieces(pieces)
                return
            made = "".join(pieces)
        elif not trusted:
            made = document(fmt, made)
        text = made
        if to_stdout:
            write_stdout(text)
            return
    assert output is not None
    from .writer import write_text  # only a report written to a file needs it (start-up)

    if write_text(output, text, "--output") == "file":
        from .shared_options import quiet

        if not quiet():
            click.echo(f"wrote {shown(output)}", err=True)


def write_stdout(text: str) -> None:
    """A document on standard output as UTF-8, whatever the terminal's encoding."""
    stream = sys.stdout
    if stream is None:
        raise ClosedPipe()
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


def write_stdout_pieces(pieces: Iterable[str]) -> None:
    """`write_stdout` of a document given in pieces, each written as it comes."""
    for piece in pieces:
        write_stdout(piece)


_CHUNK = 1 << 20  # stdout is written a MiB at a time: no second copy of a big report
