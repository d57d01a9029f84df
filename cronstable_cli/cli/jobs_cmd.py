"""`cronstable jobs`: the fleet inventory, exactly as the daemon loads it."""

from __future__ import annotations

import click

from .common import (
    format_option,
    from_option,
    parse_instant,
    paths_argument,
    resolve_paths,
    tz_option,
    zone_arg,
)


@click.command()
@paths_argument
@from_option
@tz_option("Zone the next-fire column is shown in (IANA name, UTC or local).")
@click.option("--enabled", "enabled_only", is_flag=True, help="Only enabled jobs.")
@click.option("--zone", default=None, metavar="ZONE",
              help="Only jobs whose resolved zone is ZONE (UTC, an IANA name, or local).")
@click.option("--grep", default=None, metavar="TEXT",
              help="Only jobs whose name, schedule or command contains TEXT (case-insensitive).")
@format_option()
def jobs(paths: tuple[str, ...], from_: str, tz: str, enabled_only: bool, zone: str | None,
         grep: str | None, fmt: str) -> int:
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
    from ..loaders import load_paths

    display = zone_arg(tz)
    # An --from with its own offset still shows next fires in the --tz zone.
    start = parse_instant(from_, display).astimezone(display)
    loaded = load_paths(resolve_paths(paths))
    result = inventory(loaded.jobs, loaded.findings, loaded.files, start,
                       enabled_only=enabled_only, zone=zone, grep=grep)
    if fmt == "json":
        from ..formats.jsondoc import to_json

        click.echo(to_json(result.to_dict()), nl=False)
    else:
        from ..render.jobs_text import render_jobs

        render_jobs(result, start)
    return 1 if result.errors else 0
