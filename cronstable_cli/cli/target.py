"""What `preview`, `explain` and `why` work on: a bare EXPR or a loaded job."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, tzinfo
from typing import NamedTuple

import click

from ..engine import CronTab, ScheduleError, ZoneError
from ..records import Finding, Job, SourceLocation
from ..safe_text import shown
from .options import F, resolve_paths, zone_arg


@dataclass(frozen=True)
class Target:
    """A schedule in its frame, ready for the engine."""

    tab: CronTab
    # The schedule as the daemon uses it: its fields joined by one space, a macro
    # in lower case (what is shown; "→ resolved" follows only for H items).
    expression: str
    zone: tzinfo
    zone_label: str  # UTC, an IANA name, or local
    job: str | None = None  # the job name when --job was used
    location: str | None = None  # file:line of the job
    record: Job | None = None  # the loaded job, or one standing in for a bare EXPR
    load_errors: tuple[Finding, ...] = ()  # files (or parts) that failed to load with --job

    inputs: tuple[str, ...] = ()  # the files read for --job (never overwritten by -o)

    @property
    def exit_code(self) -> int:
        """1 when a file failed to load while looking for --job, else 0."""
        return 1 if self.load_errors else 0


class InvalidSchedule(click.ClickException):
    """The schedule itself is invalid: an answer about the input (exit 1), not a usage error."""

    exit_code = 1

    def __init__(
        self,
        err: ScheduleError,
        expression: str,
        *,
        job: str | None = None,
        location: str | None = None,
    ) -> None:
        from ..engine.h_items import NO_KEY_HINT

        if err.hint == NO_KEY_HINT:  # the engine speaks to the API: here it is an option
            err = ScheduleError(
                err.reason,
                field=err.field,
                item=err.item,
                column=err.column,
                hint="pass --seed NAME (a job name) for a bare expression, or --job NAME",
            )
        self.error = err
        self.expression = expression
        self.job = job
        self.location = location
        # Config- and user-supplied text is shown escaped, never raw control characters.
        if job is None:
            text = f"invalid schedule {_quoted(expression)}: {shown(str(err))}"
        else:
            text = shown(f"{location}: job {_quoted(job)} has an invalid schedule: {err}")
        super().__init__(text)


def target_from_args(
    args: Sequence[str],
    job: str | None,
    seed: str | None,
    tz: str | None,
    fmt: str = "text",
) -> Target:
    """EXPR (one argument) or `--job NAME [PATHS]`.

    Usage errors exit 2; an invalid schedule exits 1, with the JSON error
    document on standard output under `--format json`.
    """
    try:
        return _target(args, job, seed, tz)
    except InvalidSchedule as problem:
        if fmt != "json":
            raise
        from ..escaping import json_document
        from ..formats.json_out import error_json

        click.echo(
            json_document(
                error_json(
                    problem.error,
                    problem.expression,
                    problem.message,
                    job=problem.job,
                    location=problem.location,
                )
            ),
            nl=False,
        )
        raise click.exceptions.Exit(1) from None


def _target(args: Sequence[str], job: str | None, seed: str | None, tz: str | None) -> Target:
    if job is None:
        if len(args) != 1:
            raise click.UsageError(
                'pass one schedule EXPR (quote it: "*/5 * * * *") or --job NAME with PATHS'
            )
        zone_label = "UTC" if tz is None else tz
        zone = zone_arg(zone_label)
        try:
            tab = CronTab(args[0], hash_key=seed, tz=zone)
        except ScheduleError as err:
            raise InvalidSchedule(err, args[0]) from None
        expression = " ".join(args[0].split())
        nowhere = SourceLocation("")
        record = Job(
            name=seed or expression,
            schedule=expression,
            location=nowhere,
            schedule_location=nowhere,
            utc=zone_label != "local",
            timezone=zone_label if zone_label not in ("UTC", "local") else None,
        )
        return Target(tab, tab.parsed.source, zone, zone_label, record=record)
    return _job_target(resolve_paths(args), job, tz)


def _quoted(text: str, limit: int = 80) -> str:
    """User text inside a message: repr-quoted (so escaped) and cut to `limit` characters."""
    cut = text if len(text) <= limit else text[:limit] + "..."
    return shown(repr(cut))


def _job_target(paths: Sequence[str], name: str, tz: str | None) -> Target:
    from .loading import LoadFailed, load_errors, load_jobs, report_load_errors

    result = load_jobs(paths)
    errors = load_errors(result.findings)
    report_load_errors(errors)
    found = [j for j in result.jobs if j.name == name]
    if not found:
        from ..names import did_you_mean

        hint = shown(did_you_mean(name, sorted(j.name for j in result.jobs), limit=3))
        where = ", ".join(shown(p) for p in paths)
        if errors:
            # The job may well be in the file that failed: say so instead of "no such job".
            failed = sorted({f.file or "?" for f in errors})
            raise LoadFailed(
                f"no job named {_quoted(name)} was loaded from {where}; "
                f"{len(failed)} file(s) failed to load ({', '.join(shown(f) for f in failed)}) "
                f"and may define it (errors above){hint}"
            )
        raise click.UsageError(f"no job named {_quoted(name)} in {where}{hint}")
    if len(found) > 1:
        candidates = "; ".join(shown(str(j.location)) for j in found)
        raise LoadFailed(
            f"job name {_quoted(name)} is defined {len(found)} times ({candidates}); job "
            "names must be unique, so none of them is used (rename one)"
        )
    job = found[0]
    from ..analysis.frames import job_crontab

    try:
        tab = job_crontab(job)
    except ZoneError as err:
        raise LoadFailed(shown(f"job {_quoted(name)}: {err}")) from None
    except ScheduleError as err:
        at = job.schedule_location if job.schedule_location.line else job.location
        if err.column and at.column:  # point at the offending item itself
            at = SourceLocation(at.file, at.line, at.column + err.column - 1)
        raise InvalidSchedule(err, job.schedule, job=name, location=str(at)) from None
    if tz is not None:
        zone_arg(tz)  # validate; the job's own zone stays its frame
    return Target(
        tab,
        tab.parsed.source,
        tab.zone,
        job.zone,
        job.name,
        str(job.location),
        job,
        errors,
        (*result.files, *paths),
    )


class _OneJob(NamedTuple):
    """What the linter reads of a load, for a schedule no file holds (no loaders needed)."""

    jobs: tuple[Job, ...]
    findings: tuple[Finding, ...] = ()
    files: tuple[str, ...] = ()


def schedule_findings(target: Target, now: datetime) -> tuple[Finding, ...]:
    """The lint findings of this one schedule as of `now` (never-fires, DST notes, ...)."""
    from ..analysis.lint import LintSettings, lint

    if target.record is None:
        return ()
    # A bare EXPR is not a job in a file: its findings name no job and no location.
    bare = target.job is None
    report = lint(_OneJob((target.record,)), LintSettings(now=now, subject=not bare))
    if not bare:
        return report.findings
    return tuple(replace(f, location=None, job=None) for f in report.findings)


def target_options(func: F) -> F:
    """--job, --seed and --tz, shared by preview, explain and why."""
    func = click.option(
        "--tz",
        default=None,
        metavar="ZONE",
        help="Zone of a bare EXPR (default UTC); with --job the job's own zone is used.",
    )(func)
    func = click.option(
        "--seed",
        default=None,
        metavar="NAME",
        help="Hash key (a job name) for H items in a bare EXPR.",
    )(func)
    func = click.option(
        "--job",
        "job",
        default=None,
        metavar="NAME",
        help="Use this job's schedule, zone and name from PATHS.",
    )(func)
    from .options import system_crontab_option

    func = system_crontab_option(func)
    return click.argument("args", nargs=-1, metavar="EXPR | PATHS...")(func)
