"""`cronstable suggest`: the least-loaded slot for the next job."""

from __future__ import annotations

from typing import IO, TYPE_CHECKING, cast

import click

from ..safe_text import shown
from .options import format_option, from_option, parse_instant, paths_argument, tz_option, zone_arg
from .output import output_option, write_report
from .runtime_options import durations, finite_seconds, runtime_options

if TYPE_CHECKING:
    from ..analysis.suggest import Suggestion


@click.command(
    "suggest",
    epilog="""\b
Examples:
  cronstable suggest jobs/
  cronstable suggest jobs/ --period daily --tz Europe/Berlin
  cronstable suggest jobs/ --job nightly-report --period daily --format json
  cronstable suggest jobs/ --runtime 1800 --runtime-default 300
""",
)
@paths_argument
@click.option(
    "--period",
    type=click.Choice(["hourly", "daily"]),
    default="hourly",
    show_default=True,
    help="hourly: pick a minute of the hour; daily: pick an hour and minute.",
)
@from_option
@tz_option("Zone of the suggested slot (use it as the job's timezone).")
@click.option(
    "--job",
    "job",
    metavar="NAME",
    default=None,
    help="Re-place an existing job: its own fires are not counted.",
)
@click.option(
    "--runtime",
    "runtime",
    type=click.FloatRange(0, 7 * 86400),
    default=None,
    metavar="SECONDS",
    callback=finite_seconds,
    help="The new job's run length: place it where its runs meet the fewest runs in "
    "flight (each job's length from --durations, sla.maxRuntimeSeconds, "
    "executionTimeout or --runtime-default).",
)
@runtime_options
@format_option()
@output_option
def suggest(
    paths: tuple[str, ...],
    period: str,
    from_: str,
    tz: str,
    job: str | None,
    runtime: float | None,
    runtime_default: float | None,
    durations_file: str | None,
    fmt: str,
    output: str | None,
) -> int:
    """Suggest the least-loaded slot over the 24 hours from --from.

    Counts the fleet's fires per minute of the hour (hourly) or per hour and
    minute (daily) and picks the emptiest slot; ties go to the slot farthest
    from the busiest one, then the earliest. Prints the expression to use,
    two alternatives, and the H form that lets the daemon spread it instead.

    Exit 0 with a suggestion; 1 when a file failed to load (the suggestion covers
    the jobs that did load) or no job could be loaded; 2 for usage
    errors (such as a --job that is not loaded).
    """
    from ..analysis.suggest import Period, suggest_slot
    from .fleet_load import load_fleet, progress_bar

    zone = zone_arg(tz)
    start = parse_instant(from_, zone)
    if runtime is None and (runtime_default is not None or durations_file is not None):
        raise click.UsageError("--runtime-default and --durations need --runtime SECONDS")
    lengths = None if runtime is None else (runtime, durations(runtime_default, durations_file))
    loaded = load_fleet(paths, "suggest")
    if loaded is None:
        return 1
    if job is not None and all(j.name != job for j in loaded.jobs):
        from ..names import did_you_mean

        hint = did_you_mean(job, sorted(j.name for j in loaded.jobs), limit=3)
        raise click.BadParameter(
            f"no job named {shown(repr(job))} in the loaded files{shown(hint)}", param_hint="--job"
        )
    with progress_bar("Counting fires") as progress:
        result = suggest_slot(
            loaded.fleet,
            start,
            cast("Period", period),
            zone,
            job=job,
            progress=progress,
            runtime=lengths,
        )

    def json(suggestion: Suggestion) -> str:
        from ..formats.json_out import suggest_json

        return suggest_json(suggestion, loaded.fleet, loaded.errors)

    write_report(fmt, result, {"text": _text, "json": json}, output, inputs=(*loaded.files, *paths))
    return loaded.exit_code


def _text(suggestion: Suggestion, file: IO[str] | None) -> None:
    from ..render.suggest_text import render_suggest

    render_suggest(suggestion, file)
