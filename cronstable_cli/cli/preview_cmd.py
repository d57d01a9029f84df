"""`cronstable preview`: the next fires of an expression or a job."""

from __future__ import annotations

from typing import IO, TYPE_CHECKING

import click

from .options import format_option, from_option, jitter_option, parse_instant
from .output import output_option, write_report
from .target import schedule_findings, target_from_args, target_options

if TYPE_CHECKING:
    from ..analysis.jitter import JitterOption
    from ..analysis.preview import Preview


@click.command()
@target_options
@from_option
@click.option(
    "-n",
    "--count",
    default=10,
    show_default=True,
    type=click.IntRange(1, 10000),
    help="How many fires to show.",
)
@jitter_option(
    "Show fire_after beside scheduled_for: 'auto' (documented default width) or N seconds (0-900)."
)
@format_option()
@output_option
def preview(
    args: tuple[str, ...],
    job: str | None,
    seed: str | None,
    tz: str | None,
    from_: str,
    count: int,
    jitter: JitterOption | None,
    fmt: str,
    output: str | None,
) -> int:
    """Show the next fires of EXPR, or of --job NAME loaded from PATHS.

    \b
    Examples:
      cronstable preview "H/15 9-17 * * mon-fri" --seed refresh-cache \\
          --tz Europe/Berlin
      cronstable preview --job nightly-report examples/
      cronstable preview "0 * * * *" --jitter auto -n 5 --format json
    """
    from ..analysis.preview import preview as build

    target = target_from_args(args, job, seed, tz, fmt)
    start = parse_instant(from_, target.zone)
    result = build(
        target.tab,
        target.expression,
        target.zone_label,
        start,
        count,
        job=target.job,
        hash_key=seed,
        jitter=jitter,
        findings=schedule_findings(target, start),
    )
    write_report(fmt, result, {"text": _text, "json": _json}, output, inputs=target.inputs)
    return target.exit_code


def _text(result: Preview, file: IO[str] | None) -> None:
    from ..render.preview_text import render_preview

    render_preview(result, file)


def _json(result: Preview) -> str:
    from ..formats.json_out import preview_json

    return preview_json(result)
