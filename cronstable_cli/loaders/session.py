"""One load: files in order, each read once, includes followed, names checked."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from .. import load_codes as codes
from ..records import Finding, Job
from .config_checks import ConfigParts, whole_config_findings
from .discover import Source, directory_entries, is_system_path, kind_by_name, sniff
from .files import DISK, FileSource
from .problems import Problems
from .yaml_config import load_yaml
from .yaml_nodes import Scalar
from .yaml_schema import Defaults

if TYPE_CHECKING:
    from .dags import Dag

# crontab_file and dags are imported where a crontab or a DAG is met: a YAML-only
# lint (the pre-commit case) should not pay their start-up.

# Each level of include nests the reading of one file in another (recursion); the
# released daemon fails with a RecursionError somewhere near 200 levels.
MAX_INCLUDE_DEPTH = 150  # the daemon loads 150 (checked), fails by 250

SystemCrontab = bool | Callable[[str], bool]


class Session:
    """Accumulates jobs, findings and files across everything one call loads."""

    def __init__(self, *, system_crontab: SystemCrontab = False, files: FileSource = DISK) -> None:
        # True: every crontab has a user column; a predicate: the crontabs it names.
        self.system_crontab = system_crontab
        self.source = files
        self.jobs: list[Job] = []
        # Entries of crontab files the daemon refuses whole: they load nowhere,
        # but lint still checks them.
        self.withheld: list[Job] = []
        self.findings: list[Finding] = []
        self.files: list[str] = []
        self.cluster: dict[str, object] | None = None
        self.cluster_file: str | None = None
        self.dags: list[Dag] = []
        self._defaults: dict[str, Defaults] = {}  # real path -> effective defaults
        self.parts = ConfigParts()  # what the whole-config checks read, file by file
        self._stack: list[tuple[str, str]] = []  # (real path, path) of the files being read

    # -- entry points ---------------------------------------------------------

    def load_path(self, path: str) -> None:
        """A file or a directory given by the user."""
        if self.source.is_dir(path):
            try:
                # Only --system-crontab reads a whole directory as cron.d; config-file
                # globs (a predicate) pick crontabs by name when each is parsed.
                sources = directory_entries(path, self.source, system=self.system_crontab is True)
            except OSError as error:
                self._problem(path, f"cannot list the directory: {error.strerror or error}")
                return
            for source in sources:
                self.load_source(source)
            return
        if not self.source.exists(path):
            self._problem(path, "cannot read: no such file or directory")
            return
        kind = kind_by_name(path)
        if kind == "sniff" and self.system_crontab:
            kind = "crontab"  # --system-crontab names it: a cron.d file has no suffix
        system = kind == "crontab" and self.source is DISK and is_system_path(path)
        self.load_source(Source(path, kind, system=system))

    def load_source(self, source: Source) -> Defaults:
        """Read one file unless it was read already; returns its effective defaults."""
        real = self.source.identity(source.path)
        if real in self._defaults:
            return self._defaults[real]
        self._defaults[real] = Defaults()
        self.files.append(source.path)
        out = Problems(source.path)
        text = self.source.read_text(source.path, out)
        defaults = Defaults()
        if text is not None:
            kind = sniff(text) if source.kind == "sniff" else source.kind
            if kind == "crontab":
                from .crontab_file import parse_crontab, refuse_whole

                system = source.system or (
                    self.system_crontab(source.path)
                    if callable(self.system_crontab)
                    else self.system_crontab
                )
                entries = parse_crontab(text, out, system=system)
                (self.withheld if refuse_whole(out, entries) else self.jobs).extend(entries)
            else:
                self._stack.append((real, source.path))
                try:
                    loaded = load_yaml(text, out, self._include)
                finally:
                    self._stack.pop()
                self.jobs.extend(loaded.jobs)
                self.parts.add(source.path, loaded)
                defaults = loaded.defaults
                if self.cluster is None and loaded.cluster is not None:
                    self.cluster, self.cluster_file = loaded.cluster, source.path
                self.dags.extend(loaded.dag_graphs)
        self._defaults[real] = defaults
        self.findings.extend(out.found)
        return defaults

    # -- includes -------------------------------------------------------------

    def _include(self, target: Scalar, out: Problems) -> Defaults:
        """Follow one `include` entry of the file on top of the stack."""
        including = self._stack[-1][1]
        path = os.path.join(os.path.dirname(including), target.value.strip())
        real = self.source.identity(path)
        chain = [p for r, p in self._stack]
        for index, (open_real, _) in enumerate(self._stack):
            if open_real == real:
                cycle = " -> ".join([*chain[index:], path])
                out.add(
                    codes.INCLUDE_CYCLE,
                    f"include cycle: {cycle}; a file cannot include itself, even indirectly",
                    target.line,
                    target.col,
                )
                return Defaults()
        if len(self._stack) > MAX_INCLUDE_DEPTH:
            out.add(
                codes.INVALID_CONFIG,
                f"include chain more than {MAX_INCLUDE_DEPTH} files deep (from "
                f"{self._stack[0][1]}); {target.value.strip()!r} and what it includes are not "
                "read: the daemon itself runs out of recursion on chains about 200 deep",
                target.line,
                target.col,
            )
            return Defaults()
        if self.source.is_dir(path):
            out.add(
                codes.INVALID_CONFIG,
                f"included path {target.value!r} is a directory; the daemon's include takes "
                "files only (its jobs are still analysed here)",
                target.line,
                target.col,
            )
            merged = Defaults()
            try:
                sources = directory_entries(path, self.source)
            except OSError as error:
                out.add(
                    codes.UNREADABLE_FILE,
                    f"cannot list included directory {target.value!r}: {error.strerror}",
                    target.line,
                    target.col,
                )
                return Defaults()
            for source in sources:
                merged = merged.over(self.load_source(source))
            return merged
        if not self.source.exists(path):
            out.add(
                codes.INVALID_CONFIG,
                f"included file {target.value!r} does not exist (looked for {path})",
                target.line,
                target.col,
            )
            return Defaults()
        kind = kind_by_name(path)
        return self.load_source(Source(path, "yaml" if kind == "sniff" else kind))

    # -- bookkeeping ------------------------------------------------------------

    def _problem(self, path: str, message: str) -> None:
        self.files.append(path)
        out = Problems(path)
        out.add(codes.UNREADABLE_FILE, message)
        self.findings.extend(out.found)

    def check_names(self) -> None:
        """duplicate-job-name at every occurrence after the first, in load order."""
        first: dict[str, Job] = {}
        for job in self.jobs:
            seen = first.setdefault(job.name, job)
            if seen is job or job.kind == seen.kind == "dag":
                continue  # two DAGs of one name: a duplicate DAG name, reported as such
            from .dags import schedule_collision

            collision = schedule_collision(job, seen)
            self.findings.append(
                Finding(
                    code=codes.DUPLICATE_JOB_NAME,
                    level="error",
                    message=collision
                    or f"duplicate job name {job.name!r}: already used at "
                    f"{seen.location}; job names must be unique across the loaded files",
                    location=job.location,
                    job=job.name,
                    schedule=job.schedule,
                )
            )

    def check_config(self) -> None:
        """The daemon's checks across the whole loaded config (pools, state, sections)."""
        self.findings.extend(whole_config_findings(self.parts))

    def sorted_findings(self) -> tuple[Finding, ...]:
        """Findings in file load order, then by position."""
        order = {path: index for index, path in enumerate(self.files)}

        def key(finding: Finding) -> tuple[int, int, int]:
            file = finding.file or ""
            return order.get(file, len(order)), finding.line, finding.column

        return tuple(sorted(self.findings, key=key))


@contextmanager
def collector_paused() -> Iterator[None]:
    """Loading builds many small acyclic objects; the cyclic GC only slows it down."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def load_all(
    paths: Sequence[str], *, system_crontab: SystemCrontab = False, files: FileSource = DISK
) -> Session:
    session = Session(system_crontab=system_crontab, files=files)
    with collector_paused():
        for path in paths:
            session.load_path(path)
        session.check_names()
        if session.dags:
            from .dags import check_dags

            session.findings.extend(check_dags(session.dags, session.jobs))
        session.check_config()
    return session
