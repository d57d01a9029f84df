"""Loading PATHS for a command: no job files is an error, load errors are told on stderr.

Every command that reads job files loads them here, so each one treats a
missing path, an empty directory and a file that failed to load the same way:
a missing path is an `unreadable-file` finding while the other paths are read;
no job file at all under the PATHS given is an error (exit 1) naming them;
load errors are printed on stderr (escaped) and make the command exit 1 while
it still answers for what did load.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from ..safe_text import shown
from .options import resolve_paths, system_crontab_rule

if TYPE_CHECKING:
    from ..loaders import LoadResult
    from ..loaders.sources.files import FileSource
    from ..records import Finding

JOB_FILE_NAMES = "*.yaml, *.yml, *.cron, *.crontab or crontab"


class LoadFailed(click.ClickException):
    """Nothing (or not the thing asked for) could be loaded: exit 1, not a usage error."""

    exit_code = 1


def say(line: str) -> None:
    """One line on stderr, config-supplied text escaped, wrapped to the width like stdout."""
    import sys

    from ..render.layout import fit_lines, text_width

    click.echo(fit_lines(shown(line), text_width(sys.stderr)), err=True)


def load_jobs(
    paths: Sequence[str],
    *,
    system_crontab: bool = False,
    files: FileSource | None = None,
    findings_suffice: bool = False,
) -> LoadResult:
    """Load PATHS (default ./cronstable.yaml, ./cronstable.d); LoadFailed when no file is
    there (unless `findings_suffice`, for lint: a missing path is then its finding)."""
    from ..loaders import load_paths
    from ..loaders.sources.files import DISK

    given = resolve_paths(paths)
    # The config file's `system-crontab` globs name crontabs with a user column.
    with _frozen_when_loaded():
        load = load_paths(
            given, system_crontab=system_crontab or system_crontab_rule(), files=files or DISK
        )
    if not load.files and not (findings_suffice and load.findings):
        hints = "".join(f"; {f.location}: {f.message} [{f.code}]" for f in load.findings)
        raise LoadFailed(
            f"no job files under {', '.join(shown(p) for p in given)} (looked for "
            f"{JOB_FILE_NAMES}){shown(hints) if hints else '; check the path'}"
        )
    return load


@contextmanager
def _frozen_when_loaded() -> Iterator[None]:
    """Keep the cyclic collector off the loaded jobs for the rest of the command.

    A load makes some ten objects per job that all live until the command ends; the
    collector would walk every one of them each time it ran a full pass (half a
    second per pass at 100,000 jobs) and never free one. It is paused during the
    load, and what the load made is frozen out of its later passes. `main` unfreezes
    when the command is done (tests run many commands in one process).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


def load_telling_errors(
    paths: Sequence[str], command: str
) -> tuple[LoadResult, tuple[Finding, ...]] | None:
    """Load PATHS, each load error on stderr; None (after saying so) when no job loaded."""
    load = load_jobs(paths)
    errors = load_errors(load.findings)
    report_load_errors(errors)
    if errors and not load.jobs:
        say(f"{command}: no jobs could be loaded ({len(errors)} load errors)")
        return None
    return load, errors


def load_errors(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """The load findings that are errors (a file, or part of one, was not loaded)."""
    return tuple(f for f in findings if f.level == "error")


def report_load_errors(errors: Iterable[Finding]) -> None:
    """Each load error as `file:line:col: error: message [code]` on stderr."""
    import sys

    from ..render.layout import fit_lines, text_width

    width = text_width(sys.stderr)
    lines = []
    for finding in errors:
        where = f"{finding.location}: " if finding.location else ""
        line = shown(f"{where}error: {finding.message} [{finding.code}]")
        lines.append(fit_lines(line, width, whole_lead=bool(where)))  # editors follow `where`
    if lines:  # one write: a 100,000-job fleet can have thousands of them
        click.echo("\n".join(lines), err=True)
