"""Options every command takes: --config, --isolated, --color, --quiet.

The command group attaches them to each command it loads (cli/main.py), so
a new command gets them without declaring anything. Their values live in
the click context; commands ask for them through the functions below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from ..settings.config_file import ProjectConfig

_META = "cronstable.shared"


def _store(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    ctx.meta.setdefault(_META, {})[param.name] = value
    if param.name == "config_file" and value is not None:
        # A config file named on the command line is read (through the guarded
        # reader) even by a command that uses none of its keys: one that cannot be
        # read is an error everywhere, never silently ignored.
        from ..settings.config_file import ConfigError, discover

        try:
            discover(".", value)
        except ConfigError as err:
            raise click.BadParameter(str(err), ctx=ctx, param=param) from None
    if param.name == "color" and value is not None:
        from ..render.console import set_color

        set_color(value)
    return value


SHARED: tuple[click.Option, ...] = (
    click.Option(
        ["--config", "config_file"],
        metavar="FILE",
        default=None,
        expose_value=False,
        callback=_store,
        type=click.Path(dir_okay=False),
        help="Read settings from FILE instead of the nearest .cronstable.toml or "
        "pyproject.toml [tool.cronstable].",
    ),
    click.Option(
        ["--isolated"],
        is_flag=True,
        expose_value=False,
        callback=_store,
        help="Ignore every config file.",
    ),
    click.Option(
        ["--color"],
        type=click.Choice(["auto", "always", "never"]),
        default="auto",
        show_default=True,
        expose_value=False,
        callback=_store,
        help="Colour text output: auto (a terminal without NO_COLOR), always, never.",
    ),
    click.Option(
        ["-q", "--quiet"],
        is_flag=True,
        expose_value=False,
        callback=_store,
        help="Print findings and results only: no summary or progress lines.",
    ),
)


def add_shared_options(command: click.Command) -> click.Command:
    """Give a command the shared options (once; a command's own option of a name wins)."""
    taken = {opt for p in command.params for opt in getattr(p, "opts", ())}
    for option in SHARED:
        if option in command.params or taken.intersection(option.opts):
            continue
        command.params.append(option)
    return command


def _values() -> dict[str, Any]:
    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if _META in ctx.meta:
            return dict(ctx.meta[_META])
        ctx = ctx.parent
    return {}


def quiet() -> bool:
    """True under --quiet."""
    return bool(_values().get("quiet"))


def project_config() -> ProjectConfig:
    """The settings file for this run (--config, the nearest one, or none under --isolated)."""
    ctx = click.get_current_context(silent=True)
    cache = ctx.meta if ctx is not None else {}
    if "cronstable.config" not in cache:
        from ..settings.config_file import ConfigError, discover

        values = _values()
        try:
            cache["cronstable.config"] = discover(
                ".", values.get("config_file"), bool(values.get("isolated"))
            )
        except ConfigError as err:
            raise click.UsageError(str(err)) from None
    config: ProjectConfig = cache["cronstable.config"]
    return config


def config_choice() -> tuple[str | None, bool]:
    """--config FILE (None: discover) and --isolated, for a front-end that discovers later."""
    values = _values()
    return values.get("config_file"), bool(values.get("isolated"))
