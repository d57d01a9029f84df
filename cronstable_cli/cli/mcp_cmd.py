"""`cronstable mcp`: serve the analyses to coding agents over the Model Context Protocol."""

from __future__ import annotations

import click

from ..safe_text import shown

INSTALL_HINT = "pip install 'cronstable-cli[mcp]'"


class MissingExtra(click.ClickException):
    """The SDK is not installed: say how to get it (exit 1)."""

    exit_code = 1


@click.command()
@click.option(
    "--root",
    type=click.Path(exists=True, file_okay=False, dir_okay=True),
    default=".",
    show_default=True,
    metavar="DIR",
    help="The directory the server answers for: no tool reads or writes outside it.",
)
def mcp(root: str) -> int:
    """Serve lint, fix, preview, explain, why, jobs and the fleet analyses to agents.

    A Model Context Protocol server on standard input and output, for coding
    agents and editors. Each tool answers with the JSON document of the
    command of its name (`--format json`); paths are relative to --root, and
    nothing outside it is read or written. Needs the `[mcp]` extra.

    \b
    Examples:
      cronstable mcp
      cronstable mcp --root ~/src/ops-jobs
    """
    try:
        from ..mcp_server.server import serve
    except ImportError as err:
        raise MissingExtra(
            f"cronstable mcp needs the MCP SDK, which is not installed "
            f"({shown(str(err))}): {INSTALL_HINT}"
        ) from None
    from ..mcp_server.confine import Refused, Root

    try:
        where = Root.at(root)
    except Refused as err:
        raise click.BadParameter(str(err), param_hint="--root") from None
    from .in_process import run_command

    serve(where, run_command)
    return 0
