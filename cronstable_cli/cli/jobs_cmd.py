"""`cronstable jobs`: the fleet inventory, exactly as the daemon loads it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, TYPE_CHECKING

import click

from .options import (
    format_option,
    from_option,
    parse_instant,
    paths_argument,
    tz_option,
    zone_arg,
)
from .output import output_option, write_report

if TYPE_CHECKING:
    from ..analysis.inventory import Inventory


@click.command()
@paths_argument
@from_option
@tz_option("Zone the next-fire column is shown in (IANA name, UTC or local).")
@click.option("--enabled", "enabled_only", is_flag=True, help="Only enabled jobs.")
@click.option(
    "--zone",
    default=None,
    metavar="ZONE",
    help="Only jobs whose resolved zone is ZONE (UTC, an IANA name, or local).",
)
@click.option(
    "--grep",
    default=None,
    metavar="TEXT",
    help="Only jobs whose name, schedule or command contains TEXT (case-insensitive).",
)
@format_option()
@output_option
def jobs(
    paths: tuple[str, ...],
    from_: str,
    tz: str,
    enabled_only: bool,
    zone: str | None,
    grep: str | None,
    fmt: str,
    output: str | None,
) -> int:
    """List every job the daemon would load from PATHS, in load order.

    Shows where each job comes from, its schedule as written and as resolved
    (H items replaced), its zone, whether it is enabled, and its next fire.
    Files that fail to load are listed as errors (exit 1).

    \b
    Examples:
      cronstable jobs examples/
      cronstable jobs examples/ --zone Europe/Berlin --format json
      cronstable jobs /etc/cronstable.d --grep backup --enabled
    """
    from ..analysis.inventory import inventory
    from .loading import load_jobs

    display = zone_arg(tz)
    if zone is not None:
        zone_arg(zone, "--zone")  # a mistyped zone would silently list nothing
        if zone in ("utc", "Z"):
            zone = "UTC"
    # An --from with its own offset still shows next fires in the --tz zone.
    start = parse_instant(from_, display).astimezone(display)
    loaded = load_jobs(paths)
    result = inventory(
        loaded.jobs,
        loaded.findings,
        loaded.files,
        start,
        enabled_only=enabled_only,
        zone=zone,
        grep=grep,
    )

    def text(shown_result: Inventory, file: IO[str] | None) -> None:
        from ..render.jobs_text import render_jobs

        render_jobs(shown_result, start, file)

    write_report(fmt, result, {"text": text, "json": _json}, output, inputs=(*loaded.files, *paths))
    return 1 if result.errors else 0


def _json(result: Inventory) -> Iterator[str]:
    from ..formats.json_out import jobs_json_pieces

    return jobs_json_pieces(result)
