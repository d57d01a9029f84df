"""`cronstable why`: did a schedule fire at an instant, and why (not)."""

from __future__ import annotations

from typing import IO, TYPE_CHECKING

import click

from .options import format_option, parse_instant
from .output import output_option, write_report
from .target import target_from_args, target_options

if TYPE_CHECKING:
    from ..analysis.why import WhyReport


@click.command()
@target_options
@click.option(
    "--at",
    "at",
    required=True,
    metavar="INSTANT",
    help="The instant to check: ISO-8601 (naive times are read in the schedule's zone) or 'now'.",
)
@format_option()
@output_option
def why(
    args: tuple[str, ...],
    job: str | None,
    seed: str | None,
    tz: str | None,
    at: str,
    fmt: str,
    output: str | None,
) -> int:
    """Say whether EXPR (or --job NAME from PATHS) fired at --at, and why (not).

    Gives a verdict per field, including the AND rule of the day fields and DST
    effects (a shifted gap fire, the second pass of a repeated hour), plus the
    previous and next fires.

    \b
    Examples:
      cronstable why "0 0 13 * 5" --at 2026-03-13T00:00
      cronstable why "30 2 * * *" --tz America/New_York --at 2027-03-14T03:30
      cronstable why --job nightly-report examples/ --at 2026-12-01T02:00
    """
    from ..analysis.why import why as explain_why

    target = target_from_args(args, job, seed, tz, fmt)
    instant = parse_instant(at, target.zone, option="--at")
    report = explain_why(target.tab, target.expression, target.zone_label, instant)
    write_report(fmt, report, {"text": _text, "json": _json}, output, inputs=target.inputs)
    return target.exit_code


def _text(report: WhyReport, file: IO[str] | None) -> None:
    from ..render.explain_text import render_why

    render_why(report, file)


def _json(report: WhyReport) -> str:
    from ..formats.json_out import why_json

    return why_json(report)
