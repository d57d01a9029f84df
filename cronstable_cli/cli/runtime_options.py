"""The options that give jobs a run length: `--runtime-default` and `--durations`."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def finite_seconds(ctx: click.Context, param: click.Parameter, value: float | None) -> Any:
    """A FloatRange lets NaN through (every comparison with it is false): refuse it."""
    if value is not None and not math.isfinite(value):
        raise click.BadParameter("must be a number of seconds", ctx=ctx, param=param)
    return value


def runtime_options(func: F) -> F:
    """--runtime-default SECONDS and --durations FILE."""
    func = click.option(
        "--durations",
        "durations_file",
        metavar="FILE",
        default=None,
        help="Per-job run lengths: a JSON object of job name -> seconds, or a saved "
        "response of the daemon's GET /jobs (each job's longest duration in its history "
        "and last_run). Wins over the job's own keys.",
    )(func)
    func = click.option(
        "--runtime-default",
        "runtime_default",
        type=click.FloatRange(0, 7 * 86400),
        default=None,
        metavar="SECONDS",
        callback=finite_seconds,
        help="Run length of a job with neither sla.maxRuntimeSeconds nor executionTimeout "
        "(without it such a job counts for its start minute only).",
    )(func)
    return func


def durations(default: float | None, file: str | None) -> Any:
    """The Durations the options describe (a usage error for an unreadable file)."""
    from ..analysis.occupancy import Durations
    from ..settings.durations_file import DurationsError, read_durations

    given: dict[str, float] = {}
    if file is not None:
        try:
            given = read_durations(file)
        except DurationsError as err:
            raise click.BadParameter(str(err), param_hint="--durations") from None
    return Durations(given, default)
