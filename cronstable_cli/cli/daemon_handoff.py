"""Sharing the `cronstable` command with the daemon installed beside this toolkit.

The daemon's distribution is also called `cronstable` and installs a
`cronstable` console script. When both live in one environment, whichever
was installed last owns that script; ours keeps every daemon invocation
working by handing anything that is not one of this toolkit's commands or
options, unchanged, to the entry point the daemon itself declares.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib import metadata

DAEMON_DIST = "cronstable"
DAEMON_SCRIPT = "cronstable"
# Options the toolkit's group answers itself; every other leading option
# (-c, --log-level, --validate-config, ...) belongs to the daemon.
OWN_OPTIONS = frozenset({"-h", "--help", "--version"})
# A command both programs have stays the toolkit's unless it is given an option only
# the daemon's takes: `cronstable mcp --url URL` is the daemon's bridge to a running
# daemon, `cronstable mcp [--root DIR]` this toolkit's server over the files.
SHARED_COMMANDS: dict[str, frozenset[str]] = {
    "mcp": frozenset(
        {
            "--url",
            "--token",
            "--token-env",
            "--cacert",
            "--client-cert",
            "--client-key",
            "--insecure",
            "--protocol-version",
            "--timeout",
            "--check",
        }
    ),
}
# After the daemon refuses a near-miss of one of our commands, say which one
# was probably meant (the daemon's own `init` is as close to `lint` as `lnit`
# is, so near-misses cannot simply be kept).
_TYPO_CUTOFF = 0.75


def daemon_version() -> str | None:
    """The installed daemon's version, or None when the daemon is not installed."""
    from importlib import metadata  # only when the daemon is looked for (start-up)

    try:
        dist = metadata.distribution(DAEMON_DIST)
    except metadata.PackageNotFoundError:
        return None
    if not _script(dist):
        return None  # this project under its old distribution name, not the daemon
    return dist.version


def _script(dist: metadata.Distribution) -> metadata.EntryPoint | None:
    for entry in dist.entry_points:
        if (
            entry.group == "console_scripts"
            and entry.name == DAEMON_SCRIPT
            and not entry.value.startswith("cronstable_cli")
        ):
            return entry
    return None


def daemon_entry() -> Callable[[], object] | None:
    """The daemon's own `cronstable` entry point, loaded; None without the daemon."""
    from importlib import metadata  # only when the daemon is looked for (start-up)

    try:
        dist = metadata.distribution(DAEMON_DIST)
    except metadata.PackageNotFoundError:
        return None
    entry = _script(dist)
    if entry is None:
        return None
    try:
        loaded = entry.load()
    except ImportError:
        return None  # metadata left behind by a half-removed install
    return loaded if callable(loaded) else None


def belongs_to_daemon(argv: Sequence[str], commands: Collection[str]) -> bool:
    """True when argv is not a toolkit invocation: no arguments, a daemon option or command."""
    if not argv:
        return True  # bare `cronstable` starts the daemon, as its service units expect
    first = argv[0]
    if first.startswith("-"):
        return first not in OWN_OPTIONS
    daemons = SHARED_COMMANDS.get(first)
    if daemons and any(arg.split("=", 1)[0] in daemons for arg in argv[1:]):
        return True
    return first not in commands


def near_miss(argv: Sequence[str], commands: Collection[str]) -> str | None:
    """The toolkit command argv[0] probably misspells, if any."""
    if not argv or argv[0].startswith("-"):
        return None
    import difflib

    close = difflib.get_close_matches(argv[0], list(commands), n=1, cutoff=_TYPO_CUTOFF)
    return close[0] if close else None


def hand_off(argv: Sequence[str], entry: Callable[[], object]) -> int:
    """Run the daemon's entry point with argv as its own command line; its exit status."""
    # The daemon reads sys.argv itself, so the arguments go through unchanged.
    saved = sys.argv
    sys.argv = [DAEMON_SCRIPT, *argv]
    try:
        result = entry()
    except SystemExit as exc:
        code = exc.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        print(code, file=sys.stderr)
        return 1
    finally:
        sys.argv = saved
    return result if isinstance(result, int) else 0
