"""`cronstable suggest`: the least-loaded slot for the next job."""

from __future__ import annotations

from typing import cast

import click

from .common import format_option, from_option, parse_instant, paths_argument, tz_option, zone_arg


@click.command(
    "suggest",
    epilog="""\b
Examples:
  cronstable suggest jobs/
  cronstable suggest jobs/ --period daily --tz Europe/Berlin
  cronstable suggest jobs/ --job nightly-report --period daily --format json
""",
)
@paths_argument
@click.option("--period", type=click.Choice(["hourly", "daily"]), default="hourly",
              show_default=True,
              help="hourly: pick a minute of the hour; daily: pick an hour and minute.")
@from_option
@tz_option("Zone of the suggested slot (use it as the job's timezone).")
@click.option("--job", "job", metavar="NAME", default=None,
              help="Re-place an existing job: its own fires are not counted.")
@format_option()
def suggest(paths: tuple[str, ...], period: str, from_: str, tz: str, job: str | None,
            fmt: str) -> int:
    """Suggest the least-loaded slot over the 24 hours from --from.

    Counts the fleet's fires per minute of the hour (hourly) or per hour and
    minute (daily) and picks the emptiest slot; ties go to the slot farthest
    from the busiest one, then the earliest. Prints the expression to use,
    two alternatives, and the H form that lets the daemon spread it instead.

    Exit 0 with a suggestion; 1 when no job could be loaded; 2 for usage
    errors (such as a --job that is not loaded).
    """
    from ..analysis.suggest import Period, suggest_slot
    from .fleet_load import load_fleet, progress_bar

    zone = zone_arg(tz)
    start = parse_instant(from_, zone)
    loaded = load_fleet(paths, "suggest")
    if loaded is None:
        return 1
    if job is not None and all(j.name != job for j in loaded.jobs):
        raise click.BadParameter(f"no job named {job!r} in the loaded files",
                                 param_hint="--job")
    with progress_bar("Counting fires") as progress:
        result = suggest_slot(loaded.fleet, start, cast("Period", period), zone, job=job,
                              progress=progress)
    if fmt == "json":
        from ..analysis.suggest import suggestion_to_dict
        from ..formats.jsondoc import to_json
        from .fleet_load import skipped_dicts
        from .output import emit

        payload = suggestion_to_dict(result)
        payload["skipped"] = skipped_dicts(loaded.fleet)
        payload["errors"] = [f.to_dict() for f in loaded.errors]
        emit(to_json(payload), None)
    else:
        from ..render.suggest_text import SuggestReport
        from .output import render_text

        render_text(SuggestReport(result), None)
    return 0
