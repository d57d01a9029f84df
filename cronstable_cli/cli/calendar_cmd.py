"""`cronstable calendar`: the fleet's coming days as a calendar feed or a week view."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone
from typing import IO, TYPE_CHECKING

import click

from ..safe_text import shown
from .options import format_option, from_option, parse_instant, paths_argument, tz_option, zone_arg
from .output import output_option, write_report

if TYPE_CHECKING:
    from ..analysis.calendar import Feed, Week
    from ..records import Job


@click.command(
    "calendar",
    epilog="""\b
Examples:
  cronstable calendar jobs/
  cronstable calendar jobs/ --tz Europe/Berlin --from 2026-03-23T00:00
  cronstable calendar jobs/ --format ics -o fleet.ics
  cronstable calendar jobs/ --job nightly-backup --format ics --days 30
  cronstable calendar jobs/ --grep backup --format html -o week.html
""",
)
@paths_argument
@from_option
@click.option(
    "--days",
    type=click.IntRange(1, 60),
    default=None,
    help="Length of the window, 1-60 days [default: 14 for ics, as the daemon's feed; "
    "7 for the week view].",
)
@tz_option("Display zone of the week view's days and hours (jobs still fire in their own zones).")
@click.option("--job", default=None, metavar="NAME", help="Only the job called NAME.")
@click.option(
    "--grep",
    default=None,
    metavar="TEXT",
    help="Only jobs whose name or schedule contains TEXT (case-insensitive).",
)
@click.option(
    "--per-job",
    type=click.IntRange(1, 1000),
    default=100,
    show_default=True,
    help="ics: at most this many events per job (a capped job is marked, as the daemon marks it).",
)
@click.option(
    "--durations",
    "durations_file",
    default=None,
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help="A JSON object of job name → typical runtime in seconds, or a saved GET /jobs "
    "of the daemon (each job's mean run, as its feed reads): the length of its "
    "events (default 5 minutes, the daemon's minimum).",
)
@format_option("ics", "html")
@output_option
def calendar(
    paths: tuple[str, ...],
    from_: str,
    days: int | None,
    tz: str,
    job: str | None,
    grep: str | None,
    per_job: int,
    durations_file: str | None,
    fmt: str,
    output: str | None,
) -> int:
    """Show what the jobs in PATHS will do over the coming days.

    --format ics writes the iCalendar (RFC 5545) feed the daemon serves as
    GET /calendar.ics for the same files: one event per fire in each job's
    own zone, DTSTART in UTC, the daemon's stable UIDs (a client updates the
    events in place), transparent events, at most --per-job events per job.
    Commands, environment and output never appear in it. Needs the ics extra
    (pip install 'cronstable-cli[ics]').

    The week view (text, json, html) counts every fire into a day × hour grid
    in the --tz zone, lists the fires of the jobs that fire at most 8 times a
    day in time order (the agenda), and sums up the jobs that fire more often
    in one "background" line each.

    Disabled and @reboot jobs are left out; so are jobs whose schedule or zone
    is invalid (named on stderr). A fire exactly at --from is inside the window.

    Exit 0 with a calendar; 1 when a file failed to load (the calendar covers
    the jobs that did load) or no job could be loaded; 2 for usage errors.
    """
    from ..analysis.calendar import FEED_DAYS, WEEK_DAYS, select_jobs
    from .fleet_load import load_fleet, progress_bar

    zone = zone_arg(tz)
    start = parse_instant(from_, zone)
    if days is None:
        days = FEED_DAYS if fmt == "ics" else WEEK_DAYS
    if fmt == "ics":
        _need_icalendar()
    runtimes = _runtimes(durations_file)

    def select(jobs: Sequence[Job]) -> Sequence[Job]:
        if job is not None and all(j.name != job for j in jobs):
            from ..names import did_you_mean

            hint = did_you_mean(job, sorted({j.name for j in jobs}), limit=3)
            raise click.BadParameter(
                f"no job named {shown(repr(job))} in the loaded files{shown(hint)}",
                param_hint="--job",
            )
        return select_jobs(jobs, job=job, grep=grep)

    loaded = load_fleet(paths, "calendar", select)
    if loaded is None:
        return 1
    inputs = (*loaded.files, *paths, *([durations_file] if durations_file else []))
    if fmt == "ics":
        from ..analysis.calendar import calendar_feed

        title = "cronstable" if job is None else f"cronstable: {job}"
        with progress_bar("Listing fires") as progress:
            feed = calendar_feed(
                loaded.fleet,
                start,
                days,
                cap=per_job,
                runtimes=runtimes,
                title=title,
                progress=progress,
            )
        write_report(fmt, feed, {"ics": _ics}, output, inputs=inputs)
        return loaded.exit_code

    from ..analysis.calendar import week_view

    with progress_bar("Counting fires") as progress:
        week = week_view(loaded.fleet, start, days, zone, progress=progress)

    def json(result: Week) -> str:
        from ..formats.calendar_json import calendar_json

        return calendar_json(result, loaded.fleet, loaded.errors)

    write_report(fmt, week, {"text": _text, "json": json, "html": _html}, output, inputs=inputs)
    return loaded.exit_code


def _need_icalendar() -> None:
    from ..formats.calendar_ics import IcsUnavailable, require_icalendar

    try:
        require_icalendar()
    except IcsUnavailable as err:
        raise click.UsageError(str(err)) from None


def _runtimes(path: str | None) -> dict[str, float]:
    if path is None:
        return {}
    from ..settings.durations_file import DurationsError, read_durations

    try:
        # The feed's events last the mean run, as the daemon's feed does.
        return read_durations(path, "mean")
    except DurationsError as err:
        raise click.BadParameter(shown(str(err)), param_hint="--durations") from None


def _ics(feed: Feed) -> str:
    from ..formats.calendar_ics import feed_ics

    return feed_ics(feed, datetime.now(timezone.utc))


def _html(week: Week) -> str:
    from ..render.calendar_html import render_calendar_html

    return render_calendar_html(week)


def _text(week: Week, file: IO[str] | None) -> None:
    from ..render.calendar_text import render_calendar

    render_calendar(week, file)
