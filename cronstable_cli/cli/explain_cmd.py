"""`cronstable explain`: an expression in words, field by field."""

from __future__ import annotations

import click

from .common import format_option, parse_instant
from .target import schedule_findings, target_from_args, target_options


@click.command()
@target_options
@format_option()
def explain(args: tuple[str, ...], job: str | None, seed: str | None, tz: str | None,
            fmt: str) -> int:
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

    target = target_from_args(args, job, seed, tz)
    now = parse_instant("now", target.zone)
    result = build(target.tab, target.expression, target.zone_label, job=target.job,
                   findings=schedule_findings(target, now))
    if fmt == "json":
        from ..formats.jsondoc import to_json

        click.echo(to_json(result.to_dict()), nl=False)
        return 0
    from ..render.explain_text import render_explain

    render_explain(result)
    return 0
