"""The server's state: its settings, the open documents, what their last lint found.

No pygls here: a `Session` is driven by plain calls (open, change, save,
close) and answers with the findings to publish per file, so every rule of
which document gets which diagnostics is testable without a client.

The server runs in the workspace root (it changes directory there when it
starts, as `cronstable lint` runs in a project), so paths, messages and
config discovery are exactly those of `cronstable lint` run there.

- A document *in the workspace* (a file `cronstable lint` with no PATHS
  reads: the config file's `paths`, else ./cronstable.yaml and
  ./cronstable.d, with their includes) gets the findings of that whole lint
  on open and on save, so the fleet rules (`duplicate-job-name` across
  files, `crowded-minute`, include cycles) update every file they touch.
  While it is edited, its own lint runs (as `lint FILE` would) and keeps
  the cross-file findings of the last whole lint, moved with their lines
  (`carried`). The server runs the whole lint off its event loop
  (`background`): `whole_request`, `whole_lint` in a thread, `apply_whole`.
- Any other job file (a crontab by name, a YAML file that is not a Compose,
  Kubernetes, workflow or OpenAPI document, a `system-crontab` glob) gets
  the findings of `cronstable lint FILE`.
- Anything else gets nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TypeVar

from ..analysis.lint.linter import LintReport
from ..analysis.lint.project import ProjectLint, UnknownCodes, lint_project, project_settings
from ..load_codes import DUPLICATE_JOB_NAME, INCLUDE_CYCLE
from ..loaders import LoadResult, load_paths
from ..loaders.sources.discover import (
    is_crontab_name,
    is_system_path,
    is_yaml_name,
    kind_by_name,
    sniff,
)
from ..loaders.sources.files import TextsOver
from ..records import Finding, Job, SourceLocation
from ..settings.config_file import ConfigError, ProjectConfig, discover
from ..settings.job_paths import job_paths
from .carried import carried_over
from .includes import IncludeIndex

T = TypeVar("T")

WHOLE = ""  # the key of what the whole lint found (no file has an empty key)


def _cross_file_codes() -> frozenset[str]:
    from ..analysis.lint.registry import FLEET_RULES

    return frozenset({DUPLICATE_JOB_NAME, INCLUDE_CYCLE, *(r.code for r in FLEET_RULES)})


@dataclass(frozen=True)
class Settings:
    """What the server lints with, resolved once per workspace (and again when they change)."""

    run: ProjectLint
    paths: tuple[str, ...]  # what `cronstable lint` with no PATHS reads; () when nothing
    problem: str | None = None  # the config file could not be used (told to the client)
    fixed_now: datetime | None = None  # --from: "today" for every lint (tests, benchmarks)

    @property
    def config(self) -> ProjectConfig:
        return self.run.config

    def system_crontab(self) -> bool | Callable[[str], bool]:
        config = self.config
        return config.is_system_crontab if config.system_crontab else False


def load_settings(
    config_file: str | None = None,
    isolated: bool = False,
    *,
    now: datetime | None = None,
    max_per_minute: int | None = None,
) -> Settings:
    """The settings `cronstable lint` would use in the current directory.

    A config file that cannot be used is reported in `problem`, and the
    defaults are used meanwhile (an editor keeps showing what it can).
    """
    problem = None
    try:
        config = discover(".", config_file, isolated)
        settings = project_settings(config, now=now, max_per_minute=max_per_minute)
    except (ConfigError, UnknownCodes) as err:
        problem = f"cronstable: the settings file cannot be used: {err}"
        config = ProjectConfig()
        settings = project_settings(config, now=now, max_per_minute=max_per_minute)
    baseline = None
    baseline_dir = "."
    if config.baseline is not None:
        from ..settings.baseline_file import BaselineError, read_baseline

        try:
            baseline = read_baseline(config.baseline)
            baseline_dir = os.path.dirname(os.path.abspath(config.baseline))
        except BaselineError as err:
            problem = f"cronstable: the baseline cannot be used: {err}"
    found = job_paths(config)
    paths = found.paths
    if found.problem is not None:  # `lint` refuses to run; the editor lints what is there
        problem = f"cronstable: {found.problem}"
    return Settings(ProjectLint(settings, config, baseline, baseline_dir), paths, problem, now)


def document_key(path: str) -> str:
    """How findings name a file: relative to the workspace root below it, else absolute."""
    absolute = os.path.abspath(path)
    rel = os.path.relpath(absolute)
    return absolute if rel.startswith("..") else rel


def looks_like_job_file(path: str, text: str, settings: Settings) -> bool:
    """A file `cronstable lint FILE` is meant for, judged by name (and for YAML, content)."""
    from ..loaders.yaml.foreign import foreign_document

    name = os.path.basename(path)
    if is_crontab_name(name) or is_system_path(path) or settings.config.is_system_crontab(path):
        return True
    if is_yaml_name(name):
        return foreign_document(text) is None
    # A file named neither way is lint's when it reads as a crontab (a cron.d copy).
    return kind_by_name(path) == "sniff" and sniff(text) == "crontab"


@dataclass
class Linted:
    """One file's state after the last lint that covered it."""

    findings: list[Finding]
    jobs: list[Job]


@dataclass
class Session:
    """The open documents and what the last lints found, by file key (`document_key`)."""

    settings: Settings
    texts: dict[str, str] = field(default_factory=dict)  # open documents
    files: dict[str, Linted] = field(default_factory=dict)
    workspace_files: frozenset[str] = frozenset()  # what the last whole lint read
    cross_file: dict[str, list[Finding]] = field(default_factory=dict)  # from the whole lint
    published: set[str] = field(default_factory=set)  # files with diagnostics out there
    # The include entries each lint followed: "" the whole lint's, else a document's own.
    include_edges: dict[str, tuple[tuple[str, SourceLocation], ...]] = field(default_factory=dict)
    # The text each file's cross-file findings are at (moved along as the file is edited).
    cross_file_text: dict[str, str] = field(default_factory=dict)
    workspace_linted: bool = False
    # The server runs the whole lint itself, off its event loop (`whole_lint`): a document
    # is never made to wait for one; until the first is in, it is judged by its name.
    defer_whole: bool = False
    # Called in the whole lint's thread before it starts (tests hold a lint there).
    hold: Callable[[], None] | None = None

    # -- the lints ------------------------------------------------------------

    def now(self) -> datetime:
        return self.settings.fixed_now or datetime.now(timezone.utc)

    def _run(self) -> ProjectLint:
        return _run_at(self.settings, self.now())

    def lint_files(self, paths: Iterable[str]) -> tuple[LoadResult, LintReport]:
        """`cronstable lint PATHS` over the open documents' texts."""
        load, report, _ = _lint(paths, self.settings, self.texts, self.now())
        return load, report

    def in_workspace(self, key: str) -> bool:
        if not self.workspace_linted and not self.defer_whole:
            self.lint_workspace()
        return key in self.workspace_files

    def is_job_document(self, key: str) -> bool:
        """True for the documents lint reads (see the module docstring)."""
        if self.in_workspace(key):
            return True
        return looks_like_job_file(key, self.texts.get(key, ""), self.settings)

    def lint_workspace(self) -> dict[str, list[Finding]]:
        """The whole lint: findings for every file it read (and for those it no longer does)."""
        return self.apply_whole(whole_lint(self.whole_request()))

    def whole_request(self) -> WholeRequest:
        """What the whole lint reads, as of now (it may run in another thread)."""
        return WholeRequest(self.settings, dict(self.texts), self.now())

    def apply_whole(self, result: WholeResult) -> dict[str, list[Finding]]:
        """Take a whole lint's findings: every file it read (and those it no longer does).

        A document edited since the lint's texts were taken gets its own lint
        again, with the cross-file findings moved to its new lines.
        """
        self.workspace_linted = True
        if result.load is None or result.report is None:
            self.workspace_files = frozenset()
            self.include_edges.pop(WHOLE, None)
            return {}
        load = result.load
        read = {document_key(f) for f in load.files}
        by_file = _by_file(result.report.findings, read)
        jobs = _jobs_by_file([*load.jobs, *load.withheld])
        cross = _cross_file_codes()
        self.cross_file = {
            key: [f for f in found if f.code in cross] for key, found in by_file.items()
        }
        self.cross_file_text = {
            key: result.read[key] for key in self.cross_file if key in result.read
        }
        self.include_edges[WHOLE] = load.includes
        gone = self.workspace_files - read
        self.workspace_files = frozenset(read)
        out: dict[str, list[Finding]] = {}
        for key in read:
            if key in self.texts and self.texts[key] != result.request.texts.get(key):
                out[key] = self.lint_document(key)  # edited while the lint ran
                continue
            self.files[key] = Linted(by_file.get(key, []), jobs.get(key, []))
            out[key] = by_file.get(key, [])
        for key in gone:
            if key not in self.texts:
                self.files.pop(key, None)
            out[key] = self.lint_document(key) if key in self.texts else []
        return out

    def _carried(self, key: str) -> list[Finding]:
        """The last whole lint's cross-file findings of `key`, moved to its current text."""
        found = self.cross_file.get(key, [])
        text = self.texts.get(key)
        if not found or text is None:
            return found
        old = self.cross_file_text.get(key)
        found = [] if old is None else carried_over(found, old, text)
        self.cross_file[key] = found
        self.cross_file_text[key] = text
        return found

    def lint_document(self, key: str) -> list[Finding]:
        """`cronstable lint FILE` for one document (its includes followed)."""
        if not self.is_job_document(key):
            self.files.pop(key, None)
            self.include_edges.pop(key, None)
            return []
        load, report = self.lint_files([key])
        by_file = _by_file(report.findings, {key})
        found = by_file.get(key, [])
        if key in self.workspace_files:
            seen = {_identity(f) for f in found}
            found = [*found, *(f for f in self._carried(key) if _identity(f) not in seen)]
            found.sort(key=lambda f: (f.line, f.column))
        jobs = _jobs_by_file([*load.jobs, *load.withheld])
        self.files[key] = Linted(found, jobs.get(key, []))
        self.include_edges[key] = load.includes
        return found

    # -- the document events -----------------------------------------------------

    def open(self, key: str, text: str) -> dict[str, list[Finding]]:
        """A document opened: its findings (and, in the workspace, every file's)."""
        self.texts[key] = text
        return self.refresh(key)

    def change(self, key: str, text: str) -> dict[str, list[Finding]]:
        """A document edited: its own lint, with the last whole lint's cross-file findings."""
        self.texts[key] = text
        return {key: self.lint_document(key)}

    def save(self, key: str, text: str | None = None) -> dict[str, list[Finding]]:
        """A document saved: the whole lint again (a settings file: the settings too)."""
        if text is not None:
            self.texts[key] = text
        return self.refresh(key)

    def close(self, key: str) -> dict[str, list[Finding]]:
        """A document closed: the disk's text is the truth again."""
        if self.closed(key):
            return self.refresh(key)
        return {key: []}

    def closed(self, key: str) -> bool:
        """Forget an open document's text; True when the whole lint must read its file again."""
        self.texts.pop(key, None)
        if key in self.workspace_files:
            return True
        self.files.pop(key, None)
        self.include_edges.pop(key, None)
        return False

    def refresh(self, key: str | None = None) -> dict[str, list[Finding]]:
        out = self.lint_workspace()
        if key is not None and key not in self.workspace_files:
            out[key] = self.lint_document(key)
        return out

    def reload(self, settings: Settings) -> dict[str, list[Finding]]:
        """New settings (a config or baseline file changed): lint everything again."""
        self.settings = settings
        out = self.lint_workspace()
        for key in self.texts:
            if key not in self.workspace_files:
                out[key] = self.lint_document(key)
        return out

    def publishable(self, found: Mapping[str, list[Finding]]) -> dict[str, list[Finding]]:
        """What to send: files with findings, and files whose findings are now gone."""
        out = {}
        for key, findings in found.items():
            if findings or key in self.published or key in self.texts:
                out[key] = findings
            if findings:
                self.published.add(key)
            else:
                self.published.discard(key)
        return out

    # -- lookups -------------------------------------------------------------------

    def findings(self, key: str) -> list[Finding]:
        linted = self.files.get(key)
        return linted.findings if linted else []

    def includes(self) -> IncludeIndex:
        """Where each file is included from, over the whole lint and the documents' own."""
        return IncludeIndex(
            (edge for edges in self.include_edges.values() for edge in edges), document_key
        )

    def jobs(self, key: str) -> list[Job]:
        linted = self.files.get(key)
        return linted.jobs if linted else []


@dataclass(frozen=True)
class WholeRequest:
    """What one whole lint reads: the settings, the open documents' texts, "today"."""

    settings: Settings
    texts: dict[str, str]
    now: datetime


@dataclass(frozen=True)
class WholeResult:
    """What one whole lint found (load and report None: the workspace has no paths)."""

    request: WholeRequest
    load: LoadResult | None
    report: LintReport | None
    read: dict[str, str]  # by file key: the text each file was read as


def whole_lint(request: WholeRequest) -> WholeResult:
    """`cronstable lint` with no paths over the request's texts; touches no session."""
    if not request.settings.paths:
        return WholeResult(request, None, None, {})
    load, report, read = _lint(request.settings.paths, request.settings, request.texts, request.now)
    texts = {document_key(path): text for path, text in read.items()}
    texts.update(request.texts)  # an open document: the editor's text, as it is compared later
    return WholeResult(request, load, report, texts)


def _run_at(settings: Settings, now: datetime) -> ProjectLint:
    from dataclasses import replace

    run = settings.run
    return replace(run, settings=replace(run.settings, now=now))


def _lint(
    paths: Iterable[str], settings: Settings, texts: Mapping[str, str], now: datetime
) -> tuple[LoadResult, LintReport, dict[str, str]]:
    """`cronstable lint PATHS` over `texts` (open documents, by key); also what it read.

    The cyclic collector is paused for the run, as for a CLI command: a lint
    makes many small acyclic objects, and a collection pass over them (and
    over every loaded job the session keeps) frees nothing.
    """
    import gc

    from ..loaders.sources.files import Remembering
    from ..names import reset_suggestions

    # Each lint is a run of its own, as each `cronstable lint` is: its whole did-you-mean
    # budget (spent over a session, the suggestions of lint's messages went missing).
    reset_suggestions()
    enabled = gc.isenabled()
    gc.disable()
    try:
        files = Remembering(TextsOver({os.path.abspath(k): v for k, v in texts.items()}))
        load = load_paths(list(paths), system_crontab=settings.system_crontab(), files=files)
        return load, lint_project(load, _run_at(settings, now)), files.texts
    finally:
        if enabled:
            gc.enable()


def _identity(finding: Finding) -> tuple[str, int, int, str]:
    return finding.code, finding.line, finding.column, finding.message


def _by_file(findings: Iterable[Finding], read: Iterable[str]) -> dict[str, list[Finding]]:
    out: dict[str, list[Finding]] = {key: [] for key in read}
    return _grouped(findings, lambda finding: finding.file, out)


def _jobs_by_file(jobs: Iterable[Job]) -> dict[str, list[Job]]:
    return _grouped(jobs, lambda job: job.location.file, {})


def _grouped(
    items: Iterable[T], file_of: Callable[[T], str | None], out: dict[str, list[T]]
) -> dict[str, list[T]]:
    """`items` added to `out` under their file's key; items without a file left out.

    The key is worked out once per file named (`document_key` asks the file
    system for the working directory, twice, and a lint names one file
    thousands of times); every call works it out afresh, so a changed working
    directory is seen by the next call.
    """
    keys: dict[str, str] = {}
    for item in items:
        file = file_of(item)
        if file:
            key = keys.get(file)
            if key is None:
                key = keys[file] = document_key(file)
            out.setdefault(key, []).append(item)
    return out
