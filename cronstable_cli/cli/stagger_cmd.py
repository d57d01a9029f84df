"""`cronstable stagger`: stable start offsets for sources that share one start time."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import IO, TYPE_CHECKING

import click

from ..safe_text import shown
from .options import format_option
from .output import output_option, write_report

if TYPE_CHECKING:
    from ..analysis.stagger import StaggerResult

# A trailing comment needs whitespace before `#`, so ids such as `shard#3` survive.
_TRAILING_COMMENT = re.compile(r"\s+#.*$")


def read_ids(lines: Iterable[str]) -> list[str]:
    """Ids from a file's lines: one per line; blank lines and `#` comments skipped."""
    ids = []
    for line in lines:
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        text = _TRAILING_COMMENT.sub("", text)
        if text:
            ids.append(text)
    return ids


@click.command(
    "stagger",
    epilog="""\b
Examples:
  cronstable stagger db-backup-01 db-backup-02 db-backup-03 --window 02:00/50
  cronstable stagger --from-file sources.txt --window 02:00/50 --emit yaml \\
      --command 'backup.sh {id}' > backups.yaml
  printf 'a\\nb\\n' | cronstable stagger --from-file - --window 23:30/60 \\
      --format json
""",
)
@click.argument("ids", nargs=-1, metavar="[ID]...")
@click.option(
    "--from-file",
    "from_file",
    type=click.Path(dir_okay=False, allow_dash=True),
    metavar="FILE",
    help="Read ids from FILE, one per line (blank lines and # comments skipped; - is stdin).",
)
@click.option(
    "--window",
    required=True,
    metavar="HH:MM/MINUTES",
    help="Shared start time (UTC) and the window length to spread over, e.g. 02:00/50.",
)
@click.option(
    "--emit",
    type=click.Choice(["yaml", "crontab"]),
    default=None,
    help="Print only the job schedules to paste (YAML jobs exact to the second; crontab "
    "entries at the start of their minute), nothing else, so the output can be piped.",
)
@click.option(
    "--command",
    "command_template",
    default=None,
    metavar="TEMPLATE",
    help="Command for each emitted job; {id} is replaced by the source id "
    "(default: 'echo {id}'). Only with --emit.",
)
@format_option()
@output_option
def stagger(
    ids: tuple[str, ...],
    from_file: str | None,
    window: str,
    emit: str | None,
    command_template: str | None,
    fmt: str,
    output: str | None,
) -> int:
    """Give each source a stable offset into a window so they stop starting together.

    Each id gets `sha256(id)[:4] mod (MINUTES*60)` seconds after the start, so adding
    or removing a source never moves the others. The report lists every offset and
    start time, the gaps between consecutive starts (the smallest one is the number
    to watch) and how many starts land in each 5-minute bucket.

    Ids come from the arguments and/or --from-file. Exit 0 on success, 2 for a bad
    window, no ids, or an id listed twice.
    """
    from ..analysis.stagger import DEFAULT_COMMAND_TEMPLATE, compute_stagger, parse_window

    try:
        hour, minute, minutes = parse_window(window)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--window") from None
    if emit and fmt != "text":
        raise click.UsageError("--emit prints only the schedules; drop --format or --emit")
    if command_template is not None and not emit:
        raise click.UsageError("--command only applies with --emit yaml|crontab")
    if command_template is not None and shown(command_template) != command_template:
        # The template lands in emitted crontab lines: a line break there would write
        # a second, unreviewed entry.
        raise click.BadParameter(
            f"{shown(repr(command_template))} contains control or invisible characters",
            param_hint="--command",
        )

    all_ids = list(ids)
    if from_file is not None:
        from ..loaders.sources.reading import CONFIG_LIMIT, ReadError, read_bytes

        try:
            data = read_bytes(from_file, CONFIG_LIMIT)
            all_ids += read_ids(data.decode("utf-8").splitlines())
        except ReadError as err:
            raise click.BadParameter(
                f"{shown(from_file)}: {err}", param_hint="--from-file"
            ) from None
        except UnicodeDecodeError as err:
            raise click.BadParameter(
                f"not valid UTF-8 (byte 0x{err.object[err.start]:02x}); save it as UTF-8",
                param_hint="--from-file",
            ) from None
    for source_id in all_ids:
        if shown(source_id) != source_id:
            # An id lands in emitted YAML and crontab lines: a line break there would
            # write a second entry.
            raise click.BadParameter(
                f"{shown(repr(source_id))} contains control or invisible characters",
                param_hint="ID",
            )
    if not all_ids:
        raise click.UsageError(
            "no source ids: pass them as arguments (cronstable stagger a b c --window "
            "02:00/50) or one per line with --from-file FILE (- for stdin)"
        )
    try:
        result = compute_stagger(all_ids, hour, minute, minutes)
    except ValueError as err:
        raise click.UsageError(str(err)) from None

    template = command_template if command_template is not None else DEFAULT_COMMAND_TEMPLATE

    def emitted(schedules: StaggerResult) -> str:
        from ..analysis.stagger import emit_schedules

        return emit_schedules(schedules, "yaml" if emit == "yaml" else "crontab", template)

    write_report(
        emit or fmt,
        result,
        {"text": _text, "json": _json, "yaml": emitted, "crontab": emitted},
        output,
    )
    return 0


def _text(result: StaggerResult, file: IO[str] | None) -> None:
    from ..render.stagger_text import render_stagger

    render_stagger(result, file)


def _json(result: StaggerResult) -> str:
    from ..formats.json_out import stagger_json

    return stagger_json(result)
