"""The `cronstable` command group.

Subcommands load lazily (each lives in its own module) so `cronstable lint`
does not pay for rich, the analyses or other commands at start-up.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from contextlib import AbstractContextManager, nullcontext

import click

from .. import DAEMON_SCHEMA_VERSION, __version__
from .shared_options import add_shared_options

# name -> (module, function, one-line help). The only place commands are listed.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "lint": ("lint_cmd", "lint", "Check job files for schedule problems (CI, pre-commit)."),
    "jobs": ("jobs_cmd", "jobs", "List every job exactly as the daemon would load it."),
    "preview": ("preview_cmd", "preview", "Show the next fires of an expression or a job."),
    "explain": ("explain_cmd", "explain", "Describe an expression field by field."),
    "why": ("why_cmd", "why", "Say whether and why a schedule fired at an instant."),
    "pressure": ("pressure_cmd", "pressure", "Per-minute schedule pressure across the fleet."),
    "suggest": ("suggest_cmd", "suggest", "Suggest the least-loaded slot for a new job."),
    "duplicates": ("duplicates_cmd", "duplicates", "Find jobs with the same schedule."),
    "owners": ("owners_cmd", "owners", "Rendezvous-hash ownership of jobs across replicas."),
    "stagger": ("stagger_cmd", "stagger", "Stable start offsets for sources sharing a window."),
    "diff": ("diff_cmd", "diff", "What a change to job files does to the fleet (for PRs)."),
    "calendar": ("calendar_cmd", "calendar", "The coming week as a calendar feed (.ics) or view."),
    "mcp": ("mcp_cmd", "mcp", "Serve the analyses to coding agents (MCP over stdio)."),
    "lsp": ("lsp_cmd", "lsp", "Language server: lint, hovers and fixes in the editor."),
}

# Commands that serve a protocol on stdio instead of writing a report: the report
# checks (formats, widths, -o, hostile inputs, JSON sections) leave them out.
SERVERS: frozenset[str] = frozenset({"lsp", "mcp"})


# The two console scripts (pyproject.toml): the shared name and the unambiguous one.
PROG_NAMES = ("cronstable", "cronstable-cli")


class LazyGroup(click.Group):
    """A group whose commands are imported only when they are invoked."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module_name, attr, _ = entry
        module = importlib.import_module(f"{__package__}.{module_name}")
        command = getattr(module, attr)
        assert isinstance(command, click.Command)
        return add_shared_options(command)

    def invoke(self, ctx: click.Context) -> object:
        try:
            with _parse_scope(ctx):
                return super().invoke(ctx)
        except BrokenPipeError:
            # click would turn this into exit 1 ("failed"); the reader just stopped reading.
            from .output import ClosedPipe

            raise ClosedPipe() from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # From the table: `cronstable --help` imports no command module.
        with formatter.section("Commands"):
            formatter.write_dl([(name, help_text) for name, (_, _, help_text) in COMMANDS.items()])


def _parse_scope(ctx: click.Context) -> AbstractContextManager[None]:
    """A report command parses each schedule once, however many passes read it
    (engine/parse_table.py); a server, whose table would grow for its whole life, keeps the
    engine's own cache. Opened around the invocation only, never where a command is
    merely looked up (help, shell completion), so no table outlives its command."""
    names = getattr(ctx, "_protected_args", None)
    if names is None:  # click 8.1
        names = ctx.protected_args
    if names and names[0] in COMMANDS and names[0] not in SERVERS:
        from ..engine.parse_table import one_parse_each

        return one_parse_each()
    return nullcontext()


@click.group(
    cls=LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=lambda ctx, _param, value: _print_version(ctx) if value else None,
    help="Show this toolkit's version (and the daemon's, when installed) and exit.",
)
def cli() -> None:
    """Cron-schedule analysis for the cronstable scheduler daemon.

    Reads YAML job configs and classic crontab files and answers, before
    anything runs: is this schedule what I meant, when will it fire, where
    does the fleet pile up, where should the next job go, and which replica
    owns it.

    \b
    Examples:
      cronstable lint examples/
      cronstable preview "H/15 9-17 * * mon-fri" --seed refresh-cache
      cronstable pressure examples/ --hours 24

    \b
    `cronstable-cli` is the same command under a name no other package
    claims. When the cronstable daemon is installed in the same
    environment, `cronstable` hands every other command and option
    (`cronstable -c /etc/cronstable.d`, `cronstable tui`, ...) to it.
    """


def _print_version(ctx: click.Context) -> None:
    """`--version`: this toolkit's version, then the daemon's when it is installed."""
    from .daemon_handoff import daemon_version

    # The daemon release the config schema follows, then the daemon actually installed.
    click.echo(f"cronstable-cli {__version__} (daemon schema {DAEMON_SCHEMA_VERSION})")
    daemon = daemon_version()
    if daemon is not None:
        click.echo(f"cronstable {daemon} (the daemon, installed alongside)")
    ctx.exit(0)


def main(argv: list[str] | None = None, prog_name: str | None = None) -> int:
    """Entry point: run the group and return its exit code (no tracebacks for user errors)."""
    if argv is None:
        argv = sys.argv[1:]
        prog_name = prog_name or os.path.basename(sys.argv[0])
    prog_name = prog_name if prog_name in PROG_NAMES else "cronstable"
    # Shell completion calls back with no arguments (they are in the environment): ours.
    if prog_name == "cronstable" and not os.environ.get("_CRONSTABLE_COMPLETE"):
        from . import daemon_handoff as daemon

        if daemon.belongs_to_daemon(argv, COMMANDS):
            entry = daemon.daemon_entry()
            if entry is not None:
                status = daemon.hand_off(argv, entry)
                meant = daemon.near_miss(argv, COMMANDS) if status else None
                if meant is not None:
                    click.echo(
                        f"(the daemon ran that; did you mean `cronstable {meant}`?)", err=True
                    )
                return status
    # A command is one pass over data that holds next to no reference cycles (the
    # loaded jobs, then an analysis of them): the cyclic collector's passes over it
    # cost tenths of a second at 100,000 jobs and free nothing. It is paused for the
    # command, and left as it was found.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _run(argv, prog_name)
    finally:
        # What a load froze (cli/loading.py) is the collector's again once the command
        # is done: nothing is left immortal in a process that runs several commands.
        gc.unfreeze()
        if enabled:
            gc.enable()


def _run(argv: list[str], prog_name: str) -> int:
    """Run one command through click; its exit code."""
    from ..names import reset_suggestions
    from .output import ClosedPipe

    # A new run: no inputs remembered from an earlier one in this process (the reader
    # is imported only by commands that read files), the whole did-you-mean budget.
    reading = sys.modules.get("cronstable_cli.loaders.sources.reading")
    if reading is not None:
        reading.forget_inputs()
    reset_suggestions()
    if sys.stdout is None or sys.stderr is None:
        return _closed_streams()
    try:
        result = cli.main(args=argv, prog_name=prog_name, standalone_mode=False)
        sys.stdout.flush()  # a closed pipe shows here, not as noise at interpreter exit
    except click.exceptions.Exit as exc:
        return int(exc.exit_code or 0)
    except click.ClickException as exc:
        from ..safe_text import cut_middle, shown_lines

        # Messages quote what the user or a config supplied: never raw control
        # characters, never a 100 KB argument echoed back whole. click marks `message`
        # Final; replacing it is how show() prints the escaped text.
        exc.message = shown_lines(cut_middle(exc.message, 2000))  # type: ignore[misc]
        exc.show()
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        return 130
    except (BrokenPipeError, ClosedPipe):
        return _closed_pipe()
    except OSError as err:
        # Standard output on a full disk (/dev/full), a closed descriptor (`>&-`), or an
        # I/O error: the report could not be written. Exit 1 with the reason, never a
        # traceback (what a failed write of -o FILE does too).
        return _stdout_failed(err)
    return result if isinstance(result, int) else 0


def _stdout_failed(err: OSError) -> int:
    import errno

    reason = err.strerror or str(err)
    writing = err.errno in (errno.ENOSPC, errno.EBADF, errno.EIO, errno.EFBIG, errno.EDQUOT)
    if writing:
        _discard_stdout()
    what = "cannot write standard output: " if writing else ""
    try:
        sys.stderr.write(f"Error: {what}{reason}\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass
    return 1


def _closed_streams() -> int:
    """Standard output or error closed before the command ran: nothing can be reported."""
    stream = sys.stderr if sys.stderr is not None else None
    if stream is not None:
        try:
            stream.write("Error: standard output is closed; nothing can be reported\n")
            stream.flush()
        except (OSError, ValueError):
            pass
    return 1


def _discard_stdout() -> None:
    """Point fd 1 at /dev/null and drop what is buffered (it would fail again at exit)."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _closed_pipe() -> int:
    """Exit quietly with 141 (128 + SIGPIPE) once the reader of stdout has gone."""
    import os

    # Anything still buffered would fail again when Python flushes at exit.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    return 141


def main_cli() -> int:
    """The `cronstable-cli` console script: always this toolkit, never the daemon."""
    return main(sys.argv[1:], prog_name="cronstable-cli")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
