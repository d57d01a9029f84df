"""One load: PATHS grouped into configs, each file read per config, names checked in each."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .. import load_codes as codes
from ..records import Finding, Job, SourceLocation
from .problems import Problems
from .schema.config_checks import ConfigParts, whole_config_findings
from .schema.jobs import Defaults
from .sources.discover import (
    Source,
    directory_entries,
    is_crontab_name,
    is_system_path,
    is_yaml_name,
    kind_by_name,
    skipped,
    sniff,
)
from .sources.files import DISK, FileSource
from .yaml.nodes import Scalar
from .yaml_config import YamlFile, load_yaml

if TYPE_CHECKING:
    from .reuse import LoadMemo
    from .schema.dags import Dag

# crontab.classic and schema.dags are imported where a crontab or a DAG is met: a YAML-only
# lint (the pre-commit case) should not pay their start-up.

# Each level of include nests the reading of one file in another (recursion); the
# released daemon fails with a RecursionError somewhere near 200 levels.
MAX_INCLUDE_DEPTH = 150  # the daemon loads 150 (checked), fails by 250

SystemCrontab = bool | Callable[[str], bool]


@dataclass(frozen=True)
class Repeat:
    """A file's jobs met again in one config: how it was loaded first, and now."""

    path: str
    first: str  # "as a file of the directory", "through the include at f:1:3", ...
    again: str
    at: SourceLocation | None  # the include that loads it again (or first), if any


@dataclass
class _Config:
    """What one daemon load holds: the checks across files look no further."""

    directory: bool  # a config directory (or files of one given one by one)
    defaults: dict[str, Defaults] = field(default_factory=dict)  # real path -> effective
    how: dict[str, tuple[str, SourceLocation | None]] = field(default_factory=dict)
    # real path -> (first, end) of what loading it added to `names`, `dags`, `parts`
    spans: dict[str, tuple[int, int, int, int, int, int]] = field(default_factory=dict)
    names: list[tuple[Job, Repeat | None]] = field(default_factory=list)  # load order
    dags: list[Dag] = field(default_factory=list)
    parts: ConfigParts = field(default_factory=ConfigParts)
    entries: set[str] = field(default_factory=set)  # real paths loaded as entries


class Session:
    """Accumulates jobs, findings and files across everything one call loads.

    PATHS are grouped into configs, each what one daemon would load (see
    `config_key`); duplicate names, include cycles and the daemon's other
    checks across files apply within one config. Jobs, findings and files are
    gathered over all of them, each file's jobs once (the fleet analyses see
    every PATH).
    """

    def __init__(
        self,
        *,
        system_crontab: SystemCrontab = False,
        files: FileSource = DISK,
        reuse: LoadMemo | None = None,
    ) -> None:
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
        self._seen_files: set[str] = set()  # real paths in `files`
        self._contributed: set[str] = set()  # real paths whose jobs are in `jobs`
        self._reported: set[tuple[object, ...]] = set()  # findings already in `findings`
        self.config = _Config(directory=False)
        self._stack: list[tuple[str, str]] = []  # (real path, path) of the files being read
        # Every `include` entry followed: (the path it names, the entry's place), in order.
        self.includes: list[tuple[str, SourceLocation]] = []
        # Files another load read with the same text (loaders/reuse.py), and how many
        # include entries this one has followed (a file that followed one is not kept).
        self.reuse = reuse
        self._followed = 0

    # -- entry points ---------------------------------------------------------

    def load_config(self, paths: Sequence[str], *, directory: bool) -> None:
        """One config: a directory, files of one directory, or a file alone; then its checks."""
        self.config = _Config(directory=directory)
        for path in paths:
            self.load_path(path)
        self.check_names()
        if self.config.dags:
            from .schema.dags import check_dags

            originals = [job for job, again in self.config.names if again is None]
            self._report(check_dags(self.config.dags, originals))
        self.check_config()

    def load_path(self, path: str) -> None:
        """A file or a directory given by the user."""
        if self.source.is_dir(path):
            try:
                # Only --system-crontab reads a whole directory as cron.d; config-file
                # globs (a predicate) pick the crontabs of a directory by name.
                sources = directory_entries(
                    path,
                    self.source,
                    system=self.system_crontab is True,
                    system_rule=self.system_crontab if callable(self.system_crontab) else None,
                )
            except OSError as error:
                self._problem(path, f"cannot list the directory: {error.strerror or error}")
                return
            if not sources:
                self._empty_directory(path)
            for source in sources:
                self.load_entry(source)
            return
        if not self.source.exists(path):
            self._problem(path, "cannot read: no such file or directory")
            return
        kind = kind_by_name(path)
        if kind == "sniff" and self.system_crontab is True:
            kind = "crontab"  # --system-crontab names it: a cron.d file has no suffix
        system = kind == "crontab" and self.source is DISK and is_system_path(path)
        self.load_entry(Source(path, kind, system=system))

    def load_entry(self, source: Source) -> None:
        """A file loaded on its own (given, or listed in a directory): once per config."""
        real = self.source.identity(source.path)
        if real in self.config.entries:
            return  # given twice (or given and listed): the daemon lists it once
        self.config.entries.add(real)
        how = "as a file of the directory" if self.config.directory else "as given"
        self.load_source(source, (how, None))

    def load_source(self, source: Source, how: tuple[str, SourceLocation | None]) -> Defaults:
        """Read one file (again, if it was read in this config); returns its effective defaults."""
        config = self.config
        real = self.source.identity(source.path)
        if real in config.defaults:
            self._repeat(real, source.path, how)
            return config.defaults[real]
        config.defaults[real] = Defaults()
        config.how[real] = how
        if real not in self._seen_files:
            self._seen_files.add(real)
            self.files.append(source.path)
        marks = (len(config.names), len(config.dags), len(config.parts.files))
        out = Problems(source.path)
        text = self.source.read_text(source.path, out)
        defaults = Defaults()
        first = real not in self._contributed
        self._contributed.add(real)
        if text is not None:
            kind = sniff(text) if source.kind == "sniff" else source.kind
            if kind == "crontab":
                from .crontab.classic import refuse_whole

                system = source.system or (
                    self.system_crontab(source.path)
                    if callable(self.system_crontab)
                    else self.system_crontab
                )
                entries = self._crontab(source.path, text, out, system)
                if refuse_whole(out, entries):
                    if first:
                        self.withheld.extend(entries)
                else:
                    self._add_jobs(entries, first)
            else:
                loaded = self._yaml(real, source.path, text, out)
                self._add_jobs(loaded.jobs, first)
                config.parts.add(source.path, loaded)
                defaults = loaded.defaults
                if self.cluster is None and loaded.cluster is not None:
                    self.cluster, self.cluster_file = loaded.cluster, source.path
                config.dags.extend(loaded.dag_graphs)
        config.defaults[real] = defaults
        config.spans[real] = (
            marks[0],
            len(config.names),
            marks[1],
            len(config.dags),
            marks[2],
            len(config.parts.files),
        )
        self._report(out.found)
        return defaults

    def _crontab(self, path: str, text: str, out: Problems, system: bool) -> list[Job]:
        """`parse_crontab` of one file, or what a load sharing the memo made of it."""
        from .crontab.classic import parse_crontab

        key = (path, text, system)
        known = self.reuse.crontabs.get(key) if self.reuse is not None else None
        if known is not None:
            out.found.extend(known[1])
            return known[0]
        mark = len(out.found)
        entries = parse_crontab(text, out, system=system)
        if self.reuse is not None:
            self.reuse.crontabs[key] = (entries, tuple(out.found[mark:]))
        return entries

    def _yaml(self, real: str, path: str, text: str, out: Problems) -> YamlFile:
        """`load_yaml` of one file, or what a load sharing the memo made of it; a file
        that follows an include is not kept (what it reads depends on other files)."""
        key = (path, text)
        known = self.reuse.yaml.get(key) if self.reuse is not None else None
        if known is not None:
            out.found.extend(known[1])
            return known[0]
        mark, followed = len(out.found), self._followed
        loaded = self._yaml_again(path, text, out) if self.reuse is not None else None
        if loaded is None:
            self._stack.append((real, path))
            try:
                loaded = load_yaml(text, out, self._include)
            finally:
                self._stack.pop()
        if self.reuse is not None and self._followed == followed:
            self.reuse.yaml[key] = (loaded, tuple(out.found[mark:]))
            if path not in self.reuse.texts:
                self.reuse.texts[path] = text
        return loaded

    def _yaml_again(self, path: str, text: str, out: Problems) -> YamlFile | None:
        """The file as another load read it at other text, its unchanged job items
        reused (loaders/incremental.py); None when that load cannot serve."""
        assert self.reuse is not None
        other = self.reuse.texts.get(path)
        if other is None or other == text:
            return None
        from .incremental import load_changed

        known = self.reuse.yaml.get((path, other))
        if known is None:
            return None
        return load_changed(other, known[0], known[1], text, out, load_yaml)

    def _add_jobs(self, jobs: list[Job], first: bool) -> None:
        if first:
            self.jobs.extend(jobs)
        self.config.names.extend((job, None) for job in jobs)

    def _repeat(self, real: str, path: str, how: tuple[str, SourceLocation | None]) -> None:
        """The daemon loads a file each time it is named: its jobs, DAGs and sections again."""
        config = self.config
        span = config.spans.get(real)
        if span is None:
            return  # still being read: an include cycle, reported where it closes
        first, first_at = config.how[real]
        again, again_at = how
        repeat = Repeat(path, first, again, again_at or first_at)
        names_from, names_to, dags_from, dags_to, parts_from, parts_to = span
        config.names.extend((job, repeat) for job, _ in config.names[names_from:names_to])
        config.dags.extend(config.dags[dags_from:dags_to])
        config.parts.files.extend(config.parts.files[parts_from:parts_to])

    # -- includes -------------------------------------------------------------

    def _include(self, target: Scalar, out: Problems) -> Defaults:
        """Follow one `include` entry of the file on top of the stack."""
        self._followed += 1
        including = self._stack[-1][1]
        path = os.path.join(os.path.dirname(including), target.value.strip())
        real = self.source.identity(path)
        self.includes.append((path, SourceLocation(including, target.line, target.col)))
        chain = [p for r, p in self._stack]
        for index, (open_real, _) in enumerate(self._stack):
            if open_real == real:
                cycle = " -> ".join([*chain[index:], path])
                out.add(
                    codes.INCLUDE_CYCLE,
                    f"include cycle: {cycle}; a file cannot include itself, even indirectly "
                    f'(the daemon: "include cycle detected at {path}")',
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
        at = SourceLocation(including, target.line, target.col)
        how = (f"through the include at {at}", at)
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
                self.includes.append((source.path, at))
                merged = merged.over(self.load_source(source, how))
            return merged
        if not self.source.exists(path):
            out.add(
                codes.INVALID_CONFIG,
                f"included file {target.value!r} does not exist (looked for {path})",
                target.line,
                target.col,
            )
            return Defaults()
        # The daemon reads an included file as it reads a file given alone: by its
        # name, else by its first meaningful line.
        return self.load_source(Source(path, kind_by_name(path)), how)

    # -- bookkeeping ------------------------------------------------------------

    def _report(self, findings: Iterable[Finding]) -> None:
        """Findings not reported yet (a file read by two configs reports once)."""
        for finding in findings:
            key = (finding.code, finding.location, finding.message, finding.job)
            if key not in self._reported:
                self._reported.add(key)
                self.findings.append(finding)

    def _problem(self, path: str, message: str) -> None:
        # Not in `files`: nothing was read (with no other file, "no job files under ...").
        out = Problems(path)
        out.add(codes.UNREADABLE_FILE, message)
        self._report(out.found)

    def _empty_directory(self, path: str) -> None:
        """A directory without job files: say what a directory load reads, and what is there."""
        from .sources.discover import cron_d_hint

        hint = cron_d_hint(path, self.source)
        if hint is not None:
            out = Problems(path)
            out.add(codes.LIKELY_USER_COLUMN, hint)
            self._report(out.found)

    def check_names(self) -> None:
        """duplicate-job-name at every occurrence after the first, in load order."""
        first: dict[str, Job] = {}
        found: list[Finding] = []
        for job, again in self.config.names:
            seen = first.setdefault(job.name, job)
            if (seen is job and again is None) or job.kind == seen.kind == "dag":
                continue  # two DAGs of one name: a duplicate DAG name, reported as such
            if again is not None and seen is job:
                found.append(_loaded_twice(job, again))
                continue
            from .schema.dags import schedule_collision

            collision = schedule_collision(job, seen)
            found.append(
                Finding(
                    code=codes.DUPLICATE_JOB_NAME,
                    level="error",
                    message=collision
                    or f"duplicate job name {job.name!r}: already used at "
                    f"{seen.location}; job names must be unique across the files of one "
                    f'config (the daemon: "duplicate job name(s): {job.name}")',
                    location=again.at if again is not None and again.at else job.location,
                    job=job.name,
                    schedule=job.schedule,
                )
            )
        self._report(found)

    def check_config(self) -> None:
        """The daemon's checks across the whole loaded config (pools, state, sections)."""
        self._report(whole_config_findings(self.config.parts))

    def sorted_findings(self) -> tuple[Finding, ...]:
        """Findings in file load order, then by position."""
        order = {path: index for index, path in enumerate(self.files)}

        def key(finding: Finding) -> tuple[int, int, int]:
            file = finding.file or ""
            return order.get(file, len(order)), finding.line, finding.column

        return tuple(sorted(self.findings, key=key))


def _loaded_twice(job: Job, again: Repeat) -> Finding:
    return Finding(
        code=codes.DUPLICATE_JOB_NAME,
        level="error",
        message=f"duplicate job name {job.name!r}: {again.path} is loaded twice in one config, "
        f"{again.first} and again {again.again}; the daemon loads every file of a config "
        "directory on its own and again wherever an include names it, and refuses the "
        f'config ("duplicate job name(s): {job.name}"). Name the included file with a '
        "leading '_' (a fragment the directory load skips), or drop the include",
        location=again.at or job.location,
        job=job.name,
        schedule=job.schedule,
    )


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


def config_key(path: str, files: FileSource) -> tuple[str, bool]:
    """Which daemon config a PATH belongs to: (key, is a directory config).

    A directory is one config. A file a directory load reads (a `*.yaml`,
    `*.yml` or crontab name, not `_`/`.`) belongs to its directory's config:
    files of one directory given one by one (a pre-commit batch) are loaded
    as that directory would load them. Any other file given alone is a
    config of its own.
    """
    if files.is_dir(path):
        return files.identity(path), True
    name = os.path.basename(path)
    if not skipped(name) and (is_yaml_name(name) or is_crontab_name(name)):
        return files.identity(os.path.dirname(path) or "."), True
    return "\0file:" + files.identity(path), False


def load_all(
    paths: Sequence[str],
    *,
    system_crontab: SystemCrontab = False,
    files: FileSource = DISK,
    reuse: LoadMemo | None = None,
) -> Session:
    session = Session(system_crontab=system_crontab, files=files, reuse=reuse)
    groups: dict[str, tuple[bool, list[str]]] = {}
    for path in paths:
        key, directory = config_key(path, files)
        groups.setdefault(key, (directory, []))[1].append(path)
    with collector_paused():
        for directory, members in groups.values():
            # A directory load reads its files in sorted order: so do files given one by one.
            ordered = (
                sorted(members, key=lambda p: _entry_order(p, files))
                if len(members) > 1
                else members
            )
            session.load_config(ordered, directory=directory)
    return session


def _entry_order(path: str, files: FileSource) -> tuple[int, str]:
    """A directory itself first (it lists every file), then files by name."""
    return (0, "") if files.is_dir(path) else (1, os.path.basename(path))
