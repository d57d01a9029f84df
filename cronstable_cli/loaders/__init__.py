"""Job files into `Job` records; load problems are findings, never exceptions.

Only the loaders open files. `load_paths` reads YAML configs and crontabs
(directories, includes, defaults); `load_user_crontab` reads `crontab -l`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..load_codes import LOAD_CODES
from ..records import Finding, Job, SourceLocation
from .session import SystemCrontab, load_all
from .sources.files import DISK, FileSource

if TYPE_CHECKING:
    from .reuse import LoadMemo


@dataclass(frozen=True)
class LoadResult:
    """Everything one load produced."""

    jobs: tuple[Job, ...]  # load order
    findings: tuple[Finding, ...]  # load problems: errors and the notes
    files: tuple[str, ...]  # every file read, in order, as given or discovered
    cluster: dict[str, object] | None = None  # the first top-level `cluster` section seen
    cluster_file: str | None = None  # the file that section came from
    # Entries of crontab files the daemon refuses whole (one bad line refuses
    # the file): in no command's jobs, but lint still checks each of them.
    withheld: tuple[Job, ...] = ()
    # Every `include` entry followed: (the path it names, where the entry is), in order.
    includes: tuple[tuple[str, SourceLocation], ...] = ()

    def merge(self, other: LoadResult) -> LoadResult:
        """This load followed by `other`; the first cluster section seen stays."""
        first = self if self.cluster is not None else other
        return LoadResult(
            jobs=self.jobs + other.jobs,
            findings=self.findings + other.findings,
            files=self.files + other.files,
            cluster=first.cluster,
            cluster_file=first.cluster_file,
            withheld=self.withheld + other.withheld,
            includes=self.includes + other.includes,
        )


def load_paths(
    paths: Sequence[str],
    *,
    system_crontab: SystemCrontab = False,
    files: FileSource = DISK,
    reuse: LoadMemo | None = None,
) -> LoadResult:
    """Load files and directories; `system_crontab` reads crontabs with a user column
    (all of them when True, those it accepts when a predicate on the path).

    `files` is where paths are read from: the disk, or e.g. a git revision (`git_tree`).
    `reuse` (loaders/reuse.py), shared with another load, reads once what both read
    word for word.
    """
    session = load_all(paths, system_crontab=system_crontab, files=files, reuse=reuse)
    return LoadResult(
        jobs=tuple(session.jobs),
        findings=session.sorted_findings(),
        files=tuple(session.files),
        cluster=session.cluster,
        cluster_file=session.cluster_file,
        withheld=tuple(session.withheld),
        includes=tuple(session.includes),
    )


def load_user_crontab() -> LoadResult:
    """The invoking user's `crontab -l`; a missing program or crontab is a finding."""
    # python-crontab (and what it imports) loads only when a user crontab is read.
    from .crontab.system import USER_CRONTAB, read_user_crontab

    jobs, out, read = read_user_crontab()
    return LoadResult(
        jobs=tuple(jobs),
        findings=tuple(sorted(out.found, key=lambda f: (f.line, f.column))),
        files=(USER_CRONTAB,) if read else (),
    )


__all__ = ["DISK", "LOAD_CODES", "FileSource", "LoadResult", "load_paths", "load_user_crontab"]
