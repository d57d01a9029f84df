"""Options and argument conversions shared by the subcommands.

Commands turn click's arguments into plain values here (zones, instants,
paths) and hand those to the analyses; nothing below the CLI sees click.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime, timezone, tzinfo
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..engine.zones import ZoneError, load_zone
from ..safe_text import shown
from ..settings.job_paths import DEFAULT_PATHS as DEFAULT_PATHS  # what no PATHS means

if TYPE_CHECKING:
    from ..analysis.jitter import JitterOption

F = TypeVar("F", bound=Callable[..., Any])


def format_option(*choices: str) -> Callable[[F], F]:
    """`--format text|json|...`; text is the default."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(["text", "json", *choices]),
        default="text",
        show_default=True,
        help="Output format.",
    )


def paths_argument(func: F) -> F:
    """PATHS: files or directories (a missing one is an `unreadable-file` finding),
    with `--system-crontab`, which every command that loads PATHS takes."""
    func = system_crontab_option(func)
    return click.argument(
        "paths",
        nargs=-1,
        type=click.Path(exists=False, dir_okay=True, file_okay=True),
    )(func)


_SYSTEM_CRONTAB = "cronstable.system_crontab"
SYSTEM_CRONTAB_HELP = (
    "Read crontabs with a user column (/etc/crontab, /etc/cron.d/*): every "
    "file of a directory given, whatever its name (a cron.d copy in config "
    "management), and files given by name."
)


def _remember_system_crontab(ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
    if value:
        ctx.meta[_SYSTEM_CRONTAB] = True
    return value


def system_crontab_option(func: F) -> F:
    """`--system-crontab`, kept in the command's context for `load_jobs` (not a parameter)."""
    return click.option(
        "--system-crontab",
        is_flag=True,
        expose_value=False,
        callback=_remember_system_crontab,
        help=SYSTEM_CRONTAB_HELP,
    )(func)


def system_crontab_flag() -> bool:
    """Whether the running command was given `--system-crontab`."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get(_SYSTEM_CRONTAB))


def tz_option(help_text: str = "Display zone (IANA name, UTC or local).") -> Callable[[F], F]:
    return click.option(
        "--tz", "tz", default="UTC", show_default=True, metavar="ZONE", help=help_text
    )


def from_option(func: F) -> F:
    return click.option(
        "--from",
        "from_",
        default="now",
        show_default=True,
        metavar="INSTANT",
        help="Start instant: ISO-8601 (2026-03-08T01:30, with or without offset; naive "
        "times are read in --tz) or 'now'.",
    )(func)


def resolve_paths(paths: Sequence[str]) -> list[str]:
    """The PATHS given, else the config file's `paths`, else ./cronstable.yaml / ./cronstable.d."""
    if paths:
        return list(paths)
    from ..settings.job_paths import job_paths
    from .shared_options import project_config

    found = job_paths(project_config())
    if found.problem is not None:
        raise click.UsageError(found.problem)
    if not found.paths:
        raise click.UsageError(
            "no PATHS given and neither ./cronstable.yaml nor ./cronstable.d exists; "
            "pass the job files or directories to read (or set `paths` in a config file)"
        )
    return list(found.paths)


def system_crontab_rule() -> Callable[[str], bool] | bool:
    """Which crontabs carry a user column: the config file's `system-crontab` globs."""
    from .shared_options import project_config

    if system_crontab_flag():
        return True
    config = project_config()
    return config.is_system_crontab if config.system_crontab else False


def zone_arg(name: str, option: str = "--tz") -> tzinfo:
    """A zone name as a tzinfo, or a usage error naming the option."""
    try:
        return load_zone(name)
    except ZoneError as err:
        raise click.BadParameter(f"{err}{zone_hint(name)}", param_hint=option) from None


def zone_hint(name: str) -> str:
    """`; did you mean 'Europe/Berlin'?` for a mistyped zone name ('' when nothing is close)."""
    if not name.strip():
        return "; pass an IANA name such as Europe/Berlin, UTC or local"
    from ..loaders.zones import zone_suggestion  # the one did-you-mean for zones

    suggestion = zone_suggestion(name)
    return f"; did you mean {shown(repr(suggestion))}?" if suggestion else ""


_OFFSET_Z = re.compile(r"[zZ]$")


def parse_instant(text: str, zone: tzinfo, option: str = "--from") -> datetime:
    """An ISO-8601 instant or 'now'; a naive value is read as wall time in `zone`."""
    value = text.strip()
    if value.lower() == "now":
        return datetime.now(timezone.utc).astimezone(zone)
    try:
        parsed = datetime.fromisoformat(_OFFSET_Z.sub("+00:00", value))
    except ValueError:
        raise click.BadParameter(
            f"{text!r} is not an ISO-8601 instant (e.g. 2026-03-08T01:30 or "
            "2026-03-08T01:30:00+01:00) or 'now'",
            param_hint=option,
        ) from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=zone)
    if not 1970 <= parsed.year <= 2099:
        raise click.BadParameter("instants must lie in 1970-2099", param_hint=option)
    return parsed


def _jitter(_ctx: click.Context, _param: click.Parameter, value: str | None) -> JitterOption | None:
    """`auto` or 0-900 seconds (a usage error otherwise); None when not given."""
    if value is None:
        return None
    from ..analysis.jitter import parse_jitter_option

    try:
        return parse_jitter_option(value)
    except ValueError as err:
        raise click.BadParameter(str(err)) from None


def jitter_option(help_text: str) -> Callable[[F], F]:
    """`--jitter auto|N`: the docs/fleet-analyses.md jitter width, parsed to "auto" or an int."""
    return click.option(
        "--jitter", callback=_jitter, default=None, metavar="auto|N", help=help_text
    )


def placement_options(hash_help: str, distribution_help: str) -> Callable[[F], F]:
    """`--hash` (owner score function) and `--distribution` (what-if election), as owners
    and diff both take them; each command words its own help."""

    def apply(func: F) -> F:
        func = click.option(
            "--distribution",
            type=click.Choice(["single-leader", "spread"]),
            default=None,
            help=distribution_help,
        )(func)
        return click.option(
            "--hash",
            "hash_name",
            type=click.Choice(["sha256", "fnv1a64"]),
            default="sha256",
            show_default=True,
            help=hash_help,
        )(func)

    return apply


def fail_on_option(func: F) -> F:
    return click.option(
        "--fail-on",
        type=click.Choice(["error", "warning", "note", "never"]),
        default="warning",
        show_default=True,
        help="Exit 1 when findings at or above this level exist ('never' always exits 0).",
    )(func)


def max_per_minute_option(help_text: str) -> Callable[[F], F]:
    """`--max-per-minute N`: the crowded-minute threshold of lint and lsp, with each one's help."""
    return click.option(
        "--max-per-minute",
        type=click.IntRange(min=1),
        default=None,
        metavar="N",
        help=help_text,
    )
