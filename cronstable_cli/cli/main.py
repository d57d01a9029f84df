"""The `cronstable` command group.

Subcommands load lazily (each lives in its own module) so `cronstable lint`
does not pay for rich, the analyses or other commands at start-up.
"""

from __future__ import annotations

import importlib
import sys

import click

from .. import DAEMON_SCHEMA_VERSION, __version__

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
}


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
        return command

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            # click would turn this into exit 1 ("failed"); the reader just stopped reading.
            from .output import ClosedPipe

            raise ClosedPipe() from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # From the table: `cronstable --help` imports no command module.
        with formatter.section("Commands"):
            formatter.write_dl([(name, help_text) for name, (_, _, help_text) in COMMANDS.items()])


@click.group(
    cls=LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(
    __version__,
    "--version",
    prog_name="cronstable-cli",
    message=f"%(prog)s %(version)s (daemon schema {DAEMON_SCHEMA_VERSION})",
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
    """


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the group and return its exit code (no tracebacks for user errors)."""
    from .output import ClosedPipe

    try:
        result = cli.main(args=argv, prog_name="cronstable", standalone_mode=False)
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
    return result if isinstance(result, int) else 0


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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
