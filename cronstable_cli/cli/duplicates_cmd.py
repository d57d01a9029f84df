"""`cronstable duplicates`: jobs whose schedules fire at exactly the same times."""

from __future__ import annotations

from typing import IO, TYPE_CHECKING

import click

from .options import format_option, paths_argument
from .output import output_option, write_report

if TYPE_CHECKING:
    from ..analysis.duplicates import Duplicates


@click.command(
    "duplicates",
    epilog="""\b
Examples:
  cronstable duplicates jobs/
  cronstable duplicates jobs/ legacy.crontab --format json
""",
)
@paths_argument
@click.option(
    "--all",
    "show_all",
    is_flag=True,
    help="List every job of every group (default: the first 20 per group).",
)
@format_option()
@output_option
def duplicates(paths: tuple[str, ...], show_all: bool, fmt: str, output: str | None) -> int:
    """Find groups of jobs whose schedules mean the same thing in the same zone.

    Schedules are compared by meaning, not text: `*/5 * * * *` equals
    `0-59/5 * * * *`, `@hourly` equals `0 * * * *`, and an H job joins a
    group only when its resolved slot coincides. Disabled and @reboot jobs
    are left out.

    Exit 0 with a report (duplicates are information, not errors); 1 when a
    file failed to load (the report covers the jobs that did load) or no job
    could be loaded; 2 for usage errors.
    """
    from ..analysis.duplicates import find_duplicates
    from .fleet_load import load_fleet

    loaded = load_fleet(paths, "duplicates")
    if loaded is None:
        return 1
    result = find_duplicates(loaded.fleet)

    def json(found: Duplicates) -> str:
        from ..formats.json_out import duplicates_json

        return duplicates_json(found, loaded.fleet, loaded.errors)

    def text(found: Duplicates, file: IO[str] | None) -> None:
        from ..render.duplicates_text import NAMES_SHOWN, render_duplicates

        render_duplicates(found, file, limit=None if show_all else NAMES_SHOWN)

    write_report(fmt, result, {"text": text, "json": json}, output, inputs=(*loaded.files, *paths))
    return loaded.exit_code
