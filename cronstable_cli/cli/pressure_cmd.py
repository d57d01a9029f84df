"""`cronstable pressure`: where in the day the fleet's fires pile up."""

from __future__ import annotations

from typing import IO, TYPE_CHECKING

import click

from .options import (
    format_option,
    from_option,
    jitter_option,
    parse_instant,
    paths_argument,
    tz_option,
    zone_arg,
)
from .output import output_option, write_report
from .runtime_options import durations, runtime_options

if TYPE_CHECKING:
    from ..analysis.jitter import JitterOption
    from ..analysis.pressure import Pressure


@click.command(
    "pressure",
    epilog="""\b
Examples:
  cronstable pressure jobs/
  cronstable pressure jobs/ --hours 168 --tz Europe/Berlin
  cronstable pressure jobs/ --from 2026-11-01T00:00 --tz America/New_York \\
      --format json
  cronstable pressure jobs/ --format html -o pressure.html
  cronstable pressure jobs/ --jitter auto
  cronstable pressure jobs/ --runtime --runtime-default 300
  cronstable pressure jobs/ --durations jobs.json --format html -o p.html
""",
)
@paths_argument
@click.option(
    "--hours",
    type=click.IntRange(1, 168),
    default=24,
    show_default=True,
    help="Length of the window, 1-168 hours.",
)
@from_option
@tz_option("Display zone for the hour/minute cells (jobs still fire in their own zones).")
@jitter_option(
    "Also show the busiest minute second by second with deterministic jitter "
    "applied: 'auto' (documented default width per schedule) or N seconds (0-900) for "
    "every job."
)
@click.option(
    "--runtime",
    is_flag=True,
    help="Also count the runs in flight per minute, from each job's run length "
    "(--durations, else sla.maxRuntimeSeconds, else executionTimeout, else "
    "--runtime-default): the peak, when, which jobs.",
)
@runtime_options
@format_option("html")
@output_option
def pressure(
    paths: tuple[str, ...],
    hours: int,
    from_: str,
    tz: str,
    jitter: JitterOption | None,
    runtime: bool,
    runtime_default: float | None,
    durations_file: str | None,
    fmt: str,
    output: str | None,
) -> int:
    """Count every fire of the window into a 24×60 grid of (hour, minute) cells.

    Shows where the fleet piles up: a heatmap, fires by minute of the hour,
    the busiest minute (most jobs), empty minutes, the heaviest cells with
    their jobs, and the gaps between fire instants. Disabled and @reboot jobs
    are left out (counted as excluded); so are jobs whose schedule or zone is
    invalid (named on stderr). A fire exactly at --from is inside the window.

    --format html writes one self-contained page (no network) with the
    heatmap, the histogram, duplicate schedules and slot suggestions.

    --jitter adds the busiest minute second by second, by scheduled_for and
    by fire_after (scheduled_for + the job's hashed offset), and the most
    fires starting in one second before and after jitter. The heatmap itself
    always counts scheduled_for.

    --runtime adds runs in flight: a run of d seconds starting at t occupies
    every minute from t to t + d. The report gives the peak, when it is and
    which jobs are running then; the HTML page adds an in-flight heatmap and a
    per-job timeline of the busiest hour. --runtime-default and --durations
    imply --runtime.

    Exit 0 with a report; 1 when a file failed to load (the report covers the jobs
    that did load) or no job could be loaded; 2 for usage errors.
    """
    from ..analysis.pressure import compute_pressure
    from .fleet_load import load_fleet, progress_bar

    zone = zone_arg(tz)
    start = parse_instant(from_, zone)
    runtime = runtime or runtime_default is not None or durations_file is not None
    lengths = durations(runtime_default, durations_file) if runtime else None
    loaded = load_fleet(paths, "pressure")
    if loaded is None:
        return 1
    fleet = loaded.fleet
    with progress_bar("Counting fires") as progress:
        result = compute_pressure(
            fleet, start, hours, zone, all_cells=fmt == "html", jitter=jitter, progress=progress
        )
    if lengths is not None:
        from dataclasses import replace

        from ..analysis.occupancy import runs_in_flight

        with progress_bar("Counting runs in flight") as progress:
            occupancy = runs_in_flight(fleet, start, hours, zone, lengths, progress=progress)
        result = replace(result, occupancy=occupancy)

    def html(report: Pressure) -> str:
        from ..analysis.duplicates import find_duplicates
        from ..analysis.suggest import suggest_slots
        from ..render.pressure_html import render_pressure_html

        with progress_bar("Finding slots") as progress:
            hourly, daily = suggest_slots(
                fleet, start, ("hourly", "daily"), zone, progress=progress
            )
        return render_pressure_html(
            report, duplicates=find_duplicates(fleet), hourly=hourly, daily=daily
        )

    def json(report: Pressure) -> str:
        from ..formats.json_out import pressure_json

        return pressure_json(report, fleet, loaded.errors)

    write_report(
        fmt,
        result,
        {"text": _text, "json": json, "html": html},
        output,
        inputs=(*loaded.files, *paths),
    )
    return loaded.exit_code


def _text(report: Pressure, file: IO[str] | None) -> None:
    from ..render.pressure_text import render_pressure

    render_pressure(report, file)
