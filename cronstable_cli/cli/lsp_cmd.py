"""`cronstable lsp`: the language server over standard input and output.

pygls and lsprotocol come with the `[lsp]` extra; they are imported only
here, when the server starts, so no other command pays for them (or needs
them installed).
"""

from __future__ import annotations

import os
import sys
from datetime import timezone

import click

from .options import max_per_minute_option, parse_instant

MISSING = (
    "cronstable lsp needs the language-server libraries (pygls, lsprotocol): "
    "pip install 'cronstable-cli[lsp]'"
)


class MissingExtra(click.ClickException):
    """The `[lsp]` extra is not installed: exit 3, so an editor's log shows why."""

    exit_code = 3


@click.command()
@click.option(
    "--stdio",
    is_flag=True,
    help="Talk LSP on standard input and output (the default; the only way).",
)
@max_per_minute_option("Report minutes where more than N jobs fire (crowded-minute), as lint does.")
@click.option(
    "--debounce",
    type=click.IntRange(min=0, max=10_000),
    default=50,
    show_default=True,
    metavar="MS",
    help="Wait this long after an edit before linting the document again.",
)
@click.option(
    "--rule-docs",
    default=None,
    metavar="URL",
    help="Where a diagnostic's code links: the URL of docs/lint-rules.md (each code is "
    "an anchor there). [default: the project's page]",
)
@click.option(
    "--from",
    "from_",
    default=None,
    metavar="INSTANT",
    help="Lint and preview as of this instant (ISO-8601; naive is UTC) instead of now.",
)
def lsp(
    stdio: bool,
    max_per_minute: int | None,
    debounce: int,
    rule_docs: str | None,
    from_: str | None,
) -> int:
    """Serve the linter, hovers and fixes to an editor (Language Server Protocol).

    An editor starts it and talks to it on standard input and output. It
    lints job files as `cronstable lint` run in the workspace root does
    (same discovery, settings file, baseline and suppressions), hovers a
    schedule with its meaning, resolved H slots and next fires, and offers
    the fixes `lint --fix` makes. docs/editors.md has the set-ups for
    Neovim, VS Code, Helix and Emacs.

    \b
    Examples:
      cronstable lsp
      cronstable lsp --max-per-minute 5
      cronstable lsp --isolated --debounce 200
    """
    from .shared_options import config_choice

    config_file, isolated = config_choice()
    now = parse_instant(from_, timezone.utc) if from_ is not None else None
    try:
        from ..lsp.server import Options, serve
    except ImportError as err:
        if err.name and err.name.split(".")[0] in ("pygls", "lsprotocol"):
            raise MissingExtra(MISSING) from None
        raise
    options = Options(
        config_file=os.path.abspath(config_file) if config_file else None,
        isolated=isolated,
        now=now,
        max_per_minute=max_per_minute,
        debounce=debounce / 1000,
    )
    if rule_docs is not None:
        options.rule_docs = rule_docs
    status = serve(options)
    if sys.stdout is not None and sys.stdout.closed:
        # The protocol closed standard output on `exit`; nothing more is written there.
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    return status
