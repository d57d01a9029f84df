"""What `pressure`, `suggest` and `duplicates` share: load, group, report, write.

Load problems are reported on stderr and the analysis covers the jobs that
did load; jobs with an invalid schedule or zone are left out and named.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..records import Finding, Job

if TYPE_CHECKING:
    from ..analysis.fires import Fleet, Progress

PROGRESS_AFTER = 0.4  # seconds of enumeration before a progress bar appears
SKIPPED_NAMED = 5

# Where progress goes instead of a bar: (label, done, total), for a front-end that
# reports it another way (`cronstable mcp` sends the protocol's progress notifications).
ProgressSink = Callable[[str, int, int], None]
PROGRESS_SINK: ContextVar[ProgressSink | None] = ContextVar("cronstable_progress", default=None)


@dataclass(frozen=True)
class LoadedFleet:
    """The loaded jobs, their grouped fleet, the load errors and the files read."""

    jobs: tuple[Job, ...]
    fleet: Fleet
    errors: tuple[Finding, ...]
    files: tuple[str, ...] = ()

    @property
    def exit_code(self) -> int:
        """1 when a file (or part of one) failed to load: the answer covers only the rest.

        Jobs left out for an invalid schedule or zone are named on stderr but do not
        change the exit status (`lint` is the command that fails on them).
        """
        return 1 if self.errors else 0


def load_fleet(
    paths: Sequence[str],
    command: str,
    select: Callable[[Sequence[Job]], Sequence[Job]] | None = None,
) -> LoadedFleet | None:
    """Load PATHS and group the jobs (those `select` keeps, when given); None (after
    saying why) when nothing loaded."""
    from ..analysis.fires import build_fleet
    from .loading import load_telling_errors, say

    told = load_telling_errors(paths, command)
    if told is None:
        return None
    load, errors = told
    fleet = build_fleet(load.jobs if select is None else select(load.jobs))
    if fleet.skipped:
        names = ", ".join(s.job.name for s in fleet.skipped[:SKIPPED_NAMED])
        more = len(fleet.skipped) - SKIPPED_NAMED
        if more > 0:
            names += f" and {more} more"
        say(
            f"{command}: left out {len(fleet.skipped)} job(s) with an invalid "
            f"schedule or zone: {names} (run `cronstable lint` for details)"
        )
    return LoadedFleet(tuple(load.jobs), fleet, errors, tuple(load.files))


@contextmanager
def progress_bar(label: str) -> Iterator[Progress | None]:
    """A callback drawing a progress bar on stderr once work takes a moment (TTY only)."""
    from .shared_options import quiet

    sink = PROGRESS_SINK.get()
    if sink is not None:
        yield lambda done, total: sink(label, done, total)
        return
    if quiet() or not _stderr_is_tty():
        yield None
        return
    from ..render.console import make_console

    started = time.monotonic()
    state: dict[str, Any] = {}

    def report(done: int, total: int) -> None:
        if "bar" not in state:
            if time.monotonic() - started < PROGRESS_AFTER or done >= total:
                return
            from rich.progress import Progress

            bar = Progress(console=make_console(stderr=True), transient=True)
            bar.start()
            state["bar"], state["task"] = bar, bar.add_task(label, total=total)
        state["bar"].update(state["task"], completed=done)

    try:
        yield report
    finally:
        if "bar" in state:
            state["bar"].stop()


def _stderr_is_tty() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False
