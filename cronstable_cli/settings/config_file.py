"""The project's own settings: `[tool.cronstable]` in pyproject.toml or `.cronstable.toml`.

Discovery walks up from a start directory and takes the nearest directory
holding either file (`.cronstable.toml` first; a pyproject.toml counts only
when it has a `[tool.cronstable]` table). Every key is checked here: an
unknown key or a bad value raises `ConfigError` naming the file and key,
with a did-you-mean, so every command reports it the same way. Paths in the
file are relative to the file's directory.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .globs import GlobError, check_glob, glob_matches

PYPROJECT = "pyproject.toml"
DOTFILE = ".cronstable.toml"
FAIL_ON = ("error", "warning", "note", "never")


class ConfigError(ValueError):
    """A config file that cannot be used: unreadable, not TOML, an unknown key or a bad value."""


@dataclass(frozen=True)
class ProjectConfig:
    """The settings of one config file (all None/empty when there is none)."""

    source: str | None = None  # the file read, None when none was found or --isolated
    root: str = "."  # the file's directory: relative paths and globs start here
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    fail_on: str | None = None
    max_per_minute: int | None = None
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (glob, codes) in file order
    paths: tuple[str, ...] = ()  # default PATHS, already joined to `root`
    system_crontab: tuple[str, ...] = ()  # globs of crontabs read with a user column
    baseline: str | None = None  # joined to `root`

    def ignored_for(self, path: str) -> frozenset[str]:
        """The codes per-file-ignores silences for one file."""
        rel = self.relative(path)
        codes: set[str] = set()
        for pattern, listed in self.per_file_ignores:
            if glob_matches(pattern, rel):
                codes.update(listed)
        return frozenset(codes)

    def is_system_crontab(self, path: str) -> bool:
        """True when a `system-crontab` glob names this file."""
        rel = self.relative(path)
        return any(glob_matches(pattern, rel) for pattern in self.system_crontab)

    def relative(self, path: str) -> str:
        """`path` relative to the config's directory, with forward slashes."""
        absolute = os.path.abspath(path)
        try:
            rel = os.path.relpath(absolute, os.path.abspath(self.root))
        except ValueError:  # another drive on Windows
            rel = absolute
        return rel.replace(os.sep, "/")


# key -> (checker, one-line meaning). The only list of keys: discovery, the
# error messages and docs/configuration.md are checked against it.
Checker = Callable[[str, Any], Any]


def _strings(key: str, value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"`{key}` must be a list of strings, not {_kind(value)}")
    return tuple(value)


def _codes(key: str, value: Any) -> tuple[str, ...]:
    parts = [c.strip() for v in _strings(key, value) for c in v.split(",")]
    return tuple(c for c in parts if c)


def _fail_on(key: str, value: Any) -> str:
    if not isinstance(value, str) or value not in FAIL_ON:
        raise ConfigError(
            f"`{key}` must be one of {', '.join(FAIL_ON)}, not {value!r}"
            + _did_you_mean(str(value), FAIL_ON)
        )
    return value


def _positive(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(f"`{key}` must be a whole number of at least 1, not {value!r}")
    return value


def _path(key: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"`{key}` must be a path (a string), not {_kind(value)}")
    return value


def _per_file(key: str, value: Any) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if not isinstance(value, dict):
        raise ConfigError(f"`{key}` must be a table of glob = [codes], not {_kind(value)}")
    for glob in value:
        _glob(key, glob)
    return tuple((glob, _codes(f"{key}.{glob}", codes)) for glob, codes in value.items())


def _glob(key: str, pattern: str) -> str:
    try:
        check_glob(pattern)
    except GlobError as err:
        raise ConfigError(f"`{key}`: bad glob {pattern!r}: {err}") from None
    return pattern


def _globs(key: str, value: Any) -> tuple[str, ...]:
    return tuple(_glob(key, pattern) for pattern in _strings(key, value))


KEYS: dict[str, tuple[Checker, str]] = {
    "select": (_codes, "report only these codes"),
    "ignore": (_codes, "never report these codes"),
    "fail-on": (_fail_on, "exit 1 at or above this level: error, warning, note or never"),
    "max-per-minute": (_positive, "report minutes where more than N jobs fire"),
    "per-file-ignores": (_per_file, "glob = [codes] never reported for matching files"),
    "paths": (_strings, "files and directories read when a command is given no PATHS"),
    "system-crontab": (_globs, "globs of crontabs that carry a user column"),
    "baseline": (_path, "the baseline file `lint` compares against"),
}


def find_config(start: str) -> str | None:
    """The nearest config file at or above `start`, or None."""
    directory = os.path.abspath(start)
    while True:
        dotfile = os.path.join(directory, DOTFILE)
        if os.path.isfile(dotfile):
            return dotfile
        pyproject = os.path.join(directory, PYPROJECT)
        if os.path.isfile(pyproject) and _has_tool_table(pyproject):
            return pyproject
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _has_tool_table(path: str) -> bool:
    try:
        data = _read_toml(path)
    except ConfigError:
        return True  # a broken pyproject.toml is reported, not silently skipped
    tool = data.get("tool")
    return isinstance(tool, dict) and "cronstable" in tool


def _read_toml(path: str) -> dict[str, Any]:
    # Imported here, not at the top: most runs find no config file, and tomllib
    # compiles its regular expressions on import (about 1 ms of every start-up).
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised only on 3.10
        import tomli as tomllib
    from ..loaders.sources.reading import CONFIG_LIMIT
    from .own_file import read_own_file

    raw = read_own_file(
        path,
        CONFIG_LIMIT,
        ConfigError,
        named=path,
        too_deep="nests arrays or tables deeper than {limit} levels",
    )
    try:
        data: dict[str, Any] = tomllib.loads(raw.decode("utf-8"))
        return data
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"{path} is not valid TOML: {err}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not UTF-8 text") from None
    except RecursionError:
        raise ConfigError(f"{path} nests too deeply to be read") from None


def load_config(path: str) -> ProjectConfig:
    """Read and check one config file (a pyproject.toml's `[tool.cronstable]` or a dotfile)."""
    data = _read_toml(path)
    if os.path.basename(path) == PYPROJECT:
        tool = data.get("tool")
        table = tool.get("cronstable", {}) if isinstance(tool, dict) else {}
        prefix = "tool.cronstable."
    else:
        # A dotfile may use the bare keys or the same [tool.cronstable] table.
        tool = data.get("tool")
        nested = tool.get("cronstable") if isinstance(tool, dict) and len(data) == 1 else None
        table = nested if isinstance(nested, dict) else data
        prefix = "tool.cronstable." if nested is not None else ""
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: `tool.cronstable` must be a table")
    root = os.path.dirname(os.path.abspath(path))
    values: dict[str, Any] = {}
    for key, value in table.items():
        entry = KEYS.get(key)
        if entry is None:
            raise ConfigError(
                f"{path}: unknown key `{prefix}{key}`" + _did_you_mean(key, KEYS, "`{}`")
            )
        try:
            values[key] = entry[0](prefix + key, value)
        except ConfigError as err:
            raise ConfigError(f"{path}: {err}") from None
    base = os.path.relpath(root) if not os.path.isabs(path) else root
    return ProjectConfig(
        source=path,
        root=base,
        select=values.get("select"),
        ignore=values.get("ignore", ()),
        fail_on=values.get("fail-on"),
        max_per_minute=values.get("max-per-minute"),
        per_file_ignores=values.get("per-file-ignores", ()),
        paths=tuple(_join(base, p) for p in values.get("paths", ())),
        system_crontab=values.get("system-crontab", ()),
        baseline=_join(base, values["baseline"]) if "baseline" in values else None,
    )


def discover(
    start: str = ".", explicit: str | None = None, isolated: bool = False
) -> ProjectConfig:
    """The settings a command runs with: --config, else the nearest file; --isolated: none."""
    if isolated:
        return ProjectConfig()
    if explicit is not None:
        # Anything else that is there (a directory, a FIFO, a device) is refused by the
        # reader, with what it is.
        if not os.path.lexists(explicit):
            raise ConfigError(f"config file {explicit} does not exist")
        return load_config(explicit)
    found = find_config(start)
    if found is None:
        return ProjectConfig()
    # Shown relative when it is below the working directory, as paths in findings are.
    return load_config(_shorten(found))


def _shorten(path: str) -> str:
    rel = os.path.relpath(path)
    return rel if not rel.startswith("..") else path


def _join(root: str, path: str) -> str:
    if os.path.isabs(path) or root in ("", "."):
        return os.path.normpath(path) if not os.path.isabs(path) else path
    return os.path.normpath(os.path.join(root, path))


def _did_you_mean(
    word: str, choices: Sequence[str] | Mapping[str, Any], template: str = "{!r}"
) -> str:
    import difflib  # only for a misspelt key (start-up)

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean {template.format(close[0])}?" if close else ""


def _kind(value: Any) -> str:
    names = {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "a table",
    }
    return names.get(type(value), type(value).__name__)
