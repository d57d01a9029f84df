"""`cronstable explain`: an expression in words, field by field."""

from __future__ import annotations

from typing import IO, TYPE_CHECKING

import click

from .options import format_option, parse_instant
from .output import output_option, write_report
from .target import schedule_findings, target_from_args, target_options

if TYPE_CHECKING:
    from ..analysis.explain import Explanation


@click.command()
@target_options
@format_option()
@output_option
def explain(
    args: tuple[str, ...],
    job: str | None,
    seed: str | None,
    tz: str | None,
    fmt: str,
    output: str | None,
) -> int:
    """Describe EXPR (or --job NAME from PATHS) in words, field by field.

    Shows the resolved form of H items and the lint notes that apply to the
    schedule on its own (uneven steps, both day fields restricted, ...).

    \b
    Examples:
      cronstable explain "*/7 9-17 * * mon-fri"
      cronstable explain "H H(0-5) * * *" --seed nightly-backup
      cronstable explain "0 0 13 * 5"
    """
    from ..analysis.explain import explain as build

    target = target_from_args(args, job, seed, tz, fmt)
    now = parse_instant("now", target.zone)
    result = build(
        target.tab,
        target.expression,
        target.zone_label,
        job=target.job,
        findings=schedule_findings(target, now),
    )
    write_report(fmt, result, {"text": _text, "json": _json}, output, inputs=target.inputs)
    return target.exit_code


def _text(result: Explanation, file: IO[str] | None) -> None:
    from ..render.explain_text import render_explain

    render_explain(result, file)


def _json(result: Explanation) -> str:
    from ..formats.json_out import explain_json

    return explain_json(result)
