"""One YAML job file: top-level keys, includes, defaults, sections, then job by job."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .. import load_codes as codes
from ..records import Finding, Job, SourceLocation
from .problems import Problems
from .schema import daemon_checks as checks
from .schema.jobs import (
    Defaults,
    Draft,
    JobBase,
    JobBuilder,
    Where,
    expanded,
    finish,
    read_defaults,
    report_issues,
)
from .schema.tables import TOP
from .schema.type_check import Checker
from .yaml.fast import FlatItem
from .yaml.foreign import foreign_document, top_level_keys
from .yaml.foreign import message as foreign_message
from .yaml.messages import did_you_mean, explain_syntax
from .yaml.nodes import (
    Mapping,
    Node,
    Scalar,
    Sequence,
    SyntaxProblem,
    kind_of,
    problem_at,
    to_python,
)
from .yaml.parse import parse_document, salvage

if TYPE_CHECKING:  # dags is imported only for a file with DAGs (start-up)
    from .schema.dags import Dag

CONFIG_KEYS = ("jobs", "defaults", "include")
# The daemon's other top-level sections: each is checked against its schema.
DAEMON_SECTIONS = tuple(name for name in TOP.names if name not in CONFIG_KEYS)
TOP_KEYS = TOP.names

# Called for each `include` entry; returns the included file's effective defaults.
Includer = Callable[[Scalar, Problems], Defaults]

_SECTION_CHECKS: dict[str, Callable[[object], list[checks.Issue]]] = {
    "pools": checks.pool_issues,
    "cluster": checks.cluster_issues,
    "state": checks.state_issues,
    "web": checks.web_issues,
    "mcp": checks.mcp_issues,
    "push": checks.push_issues,
    "notify": checks.notify_issues,
}


@dataclass(frozen=True)
class JobFacts:
    """What the whole-config checks need to know about one job of a file."""

    name: str
    location: SourceLocation
    pool: str | None
    pool_slots: int
    scope: str | None
    has_secrets: bool
    where: Where


@dataclass
class YamlFile:
    """What one YAML file contributes."""

    jobs: list[Job] = field(default_factory=list)
    dag_graphs: list[Dag] = field(default_factory=list)  # schedule jobs are in `jobs` too
    defaults: Defaults = field(default_factory=Defaults)  # effective: includes' first, then own
    cluster: dict[str, object] | None = None  # the raw cluster section (owners reads it)
    sections: dict[str, Any] = field(default_factory=dict)  # checked daemon sections
    section_keys: dict[str, SourceLocation] = field(default_factory=dict)  # where each starts
    where: Where = field(default_factory=dict)  # positions of the section keys
    job_facts: list[JobFacts] = field(default_factory=list)  # the jobs those checks read
    dags: list[Any] = field(default_factory=list)  # checked `dags` entries (dicts)
    push_users: list[SourceLocation] = field(default_factory=list)  # where report.push is on


def load_yaml(text: str, out: Problems, include: Includer) -> YamlFile:
    """Read one YAML config; every problem becomes a finding in `out`."""
    if "\r" in text:
        # YAML reads CR and CRLF as line breaks: so must line numbers, columns and
        # the suppression comments, which all work on "\n"-split lines.
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    result = _load_yaml(text, out, include)
    _inside_the_file(text, result)
    return result


def _inside_the_file(text: str, result: YamlFile) -> None:
    """An empty value at the very end is placed after the parser's end of stream, one
    line past the last; point such a job's positions at the end of the last line."""
    count = text.count("\n") + (0 if text.endswith("\n") else 1)
    if not text or not any(
        j.location.line > count or j.schedule_location.line > count for j in result.jobs
    ):
        return
    end = SourceLocation(result.jobs[0].location.file, count, len(text.split("\n")[count - 1]) + 1)

    def clamp(where: SourceLocation) -> SourceLocation:
        return end if where.line > count else where

    result.jobs = [
        replace(job, location=clamp(job.location), schedule_location=clamp(job.schedule_location))
        for job in result.jobs
    ]


def _load_yaml(text: str, out: Problems, include: Includer) -> YamlFile:
    foreign = foreign_document(text)
    if foreign is not None:
        # Another tool's file: advice on its YAML (anchors, flow style) would mislead.
        out.add(codes.INVALID_CONFIG, foreign_message(foreign, CONFIG_KEYS), foreign.line, 1)
        return YamlFile()
    lines = text.split("\n")
    # Job items are read while the fast parser streams them; if it hands the
    # text over to strictyaml instead, those drafts and findings are dropped.
    streamed = Problems(out.file)
    drafts: list[Draft] = []
    builder = JobBuilder(streamed, lines, text)

    # Set as the `jobs` key is met when the file's defaults are known by then: each job
    # is then finished as soon as it is read, while its draft is fresh in memory.
    early: list[_Finisher] = []

    def on_jobs(before: list[tuple[Scalar, Node]], indent: int) -> None:
        if _defaults_known(text, before, indent):
            result = YamlFile()
            own = next((pair for pair in before if pair[0].value == "defaults"), None)
            # Its findings join the file's where `_assemble` would report them: an empty
            # value last in `defaults` sits at the next key, which may have its own.
            read = Problems(out.file)
            if own is not None:
                result.defaults = result.defaults.over(read_defaults(*own, read))
            early.append(_Finisher(result, streamed, read.found))

    def on_job(node: Node) -> None:
        draft = builder.build(node)
        if draft is not None:
            if early:
                early[0].take(draft)
            else:
                drafts.append(draft)

    def on_flat_job(item: FlatItem, line: int, col: int) -> None:
        draft = builder.build_flat(item, line, col)
        if draft is not None:
            if early:
                early[0].take(draft)
            else:
                drafts.append(draft)

    tree, was_streamed = parse_document(text, on_job, lines, on_flat_job, on_jobs)
    if was_streamed:
        out.found.extend(streamed.found)
    else:
        drafts.clear()
        early.clear()
    if isinstance(tree, SyntaxProblem):
        stranger = _no_config_keys(text)
        if stranger is not None:
            out.add(codes.INVALID_CONFIG, stranger[0], stranger[1], 1)
            return YamlFile()
        tree = explain_syntax(tree, lines)
        out.add(codes.INVALID_CONFIG, tree.message, tree.line, tree.col)
        return _from_salvage(text, tree, out, lines, include)
    if tree is None:
        _no_document(text, out)
        return YamlFile()
    if not isinstance(tree, Mapping):
        out.add(
            codes.INVALID_CONFIG,
            "not a cronstable config: expected a mapping with 'jobs' (and optionally "
            f"'defaults', 'include'); found {kind_of(tree)}{_bom_hint(text)}",
            tree.line,
            tree.col,
        )
        return YamlFile()
    entries = _top_level(tree.entries, out)
    return _assemble(
        entries, drafts, out, lines, include, text=text, begun=early[0] if early else None
    )


def _defaults_known(text: str, before: list[tuple[Scalar, Node]], indent: int) -> bool:
    """Whether the file's effective defaults are known when its `jobs` key is met: no
    `include` (what it reads is another file's, loaded after the parse) and no
    `defaults` written after the jobs (judged on the text: a line of the top-level
    mapping's indentation that starts so; any doubt answers no)."""
    keys = {key.value for key, _ in before}
    if "include" in keys:
        return False
    later = ("include",) if "defaults" in keys else ("include", "defaults")
    margin = "\n" + " " * indent
    return not any(text.startswith(name) or margin + name in text for name in later)


def _no_document(text: str, out: Problems) -> None:
    """A file without a YAML document: only a 0-byte file is a config (with no jobs).

    The daemon's strictyaml reads a file of comments, blank lines, spaces, a
    byte-order mark or `---` as a blank scalar where its schema expects the
    config's mapping, and refuses it ("when expecting a mapping"); with it, a
    config directory that holds the file is refused whole.
    """
    if not text:
        out.add(codes.EMPTY_CONFIG, "empty file: a config with no jobs", 1)
        return
    out.add(
        codes.INVALID_CONFIG,
        "the file holds no YAML document (only comments, blank lines, spaces or '---'); "
        'the daemon refuses it ("when expecting a mapping" at line 1, column 1), and with '
        "it a config directory that holds it: only an empty (0-byte) file is a config with "
        "no jobs. Empty the file, delete it, or give it a 'jobs:' list",
        1,
        1,
    )


def _no_config_keys(text: str) -> tuple[str, int] | None:
    """For a file that does not parse: 'not a config' when no top-level key is (near) one.

    Its YAML errors would be the wrong advice for a file of another kind.
    """
    keys = top_level_keys(text)
    if not keys or any(k in TOP_KEYS or did_you_mean(k, TOP_KEYS) for k in keys):
        return None
    # Only key-like keys are echoed: the file may be anything the host can read.
    named = [k for k in keys if _IDENTIFIER.fullmatch(k)]
    hidden = len(keys) - len(named)
    shown = ", ".join(repr(k) for k in named[:5]) + (", ..." if len(named) > 5 else "")
    if hidden:
        shown += f"{' and ' if named else ''}{hidden} not shown (not key-like)"
    return (
        f"not a cronstable config: its top-level keys ({shown}) are none of a config's "
        f"('jobs', 'defaults', 'include' and the daemon sections)",
        min(keys.values()),
    )


def _bom_hint(text: str) -> str:
    """Why a crontab with a byte-order mark was read as YAML, when that is what happened."""
    from .sources.discover import sniff

    if text.startswith("\ufeff") and sniff(text[1:]) == "crontab":
        return (
            "; the file reads as a crontab but starts with a byte-order mark (U+FEFF), "
            "so it is taken as YAML, as the daemon takes it: save it as UTF-8 without "
            "the mark"
        )
    return ""


def _top_level(pairs: list[tuple[Scalar, Node]], out: Problems) -> dict[str, tuple[Scalar, Node]]:
    known = [key for key, _ in pairs if key.value in TOP_KEYS]
    entries: dict[str, tuple[Scalar, Node]] = {}
    for key, value in pairs:
        if key.value in TOP_KEYS:
            entries.setdefault(key.value, (key, value))
        elif not known:
            out.add(
                codes.INVALID_CONFIG,
                f"not a cronstable config: unexpected key {_key_shown(key.value)}"
                f"{_looks_like(pairs)}",
                key.line,
                key.col,
            )
            break  # one finding is enough for a file of another kind
        else:
            out.add(
                codes.INVALID_CONFIG,
                f"unexpected top-level key {key.value!r} (a config has jobs, defaults, include "
                f"and the daemon sections {', '.join(DAEMON_SECTIONS)})"
                f"{did_you_mean(key.value, TOP_KEYS)}",
                key.line,
                key.col,
            )
    return entries


# Keys a config (or a Kubernetes/Compose file) uses; anything else is not echoed.
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_-]{0,63}")


def _key_shown(key: str) -> str:
    """The key quoted when it looks like one; otherwise not echoed at all.

    An `include:` can name any file the linting host can read (/etc/shadow);
    its first line must not end up in a CI log as "unexpected key '...'".
    """
    if _IDENTIFIER.fullmatch(key):
        return repr(key)
    return "(not shown: it does not look like a config key; is this a job file?)"


def _looks_like(pairs: list[tuple[Scalar, Node]]) -> str:
    keys = {key.value for key, _ in pairs}
    if {"apiVersion", "kind"} & keys:
        what = "a Kubernetes manifest"
    elif "services" in keys:
        what = "a Docker Compose file"
    else:
        return "; a cronstable config has 'jobs', 'defaults' and 'include'"
    return f"; this looks like {what}, and a cronstable config has 'jobs', 'defaults', 'include'"


def _assemble(
    entries: dict[str, tuple[Scalar, Node]],
    drafts: list[Draft],
    out: Problems,
    lines: list[str],
    include: Includer,
    extra_items: list[Node] | None = None,
    text: str | None = None,
    begun: _Finisher | None = None,
) -> YamlFile:
    """The file's YamlFile from its top-level entries and its job drafts. `begun`: the
    file's jobs were finished as they streamed (its defaults, read then, are known)."""
    if begun is None:
        result = YamlFile()
        if "include" in entries:
            for target in _include_targets(*entries["include"], out):
                path = _expanded_path(target, out)
                if path is not None:
                    result.defaults = result.defaults.over(include(path, out))
        if "defaults" in entries:
            result.defaults = result.defaults.over(read_defaults(*entries["defaults"], out))
    else:
        result = begun.result
        out.found.extend(begun.defaults_found)
    _sections(entries, result, out)
    items = _job_items(*entries["jobs"], out) if "jobs" in entries else []
    extra = [*items, *(extra_items or [])]
    if extra:
        builder = JobBuilder(out, lines, text)
        for item in extra:
            draft = builder.build(item)
            if draft is not None:
                drafts.append(draft)
    finisher = _Finisher(result, out) if begun is None else begun
    # Each draft is dropped as soon as its Job is made: the two sets never both sit
    # in memory whole.
    drafts.reverse()
    while drafts:
        finisher.take(drafts.pop())
    _push_users(result)
    _inherited_zone(result, out, has_tasks="dags" in entries)
    if "dags" in entries:
        from .schema.dags import read_dags

        # After the file's jobs, as the daemon lists a file's jobs, then its DAGs.
        result.dag_graphs = read_dags(entries["dags"][1], out, lines)
        result.jobs.extend(dag.job for dag in result.dag_graphs if dag.job is not None)
    return result


class _Finisher:
    """Makes the Jobs of one file's drafts over its defaults, into `result` (its jobs,
    the facts the whole-config checks read, the push users), reporting into `out`."""

    def __init__(
        self, result: YamlFile, out: Problems, defaults_found: list[Finding] | None = None
    ) -> None:
        self.result = result
        self.out = out
        self.defaults_found = defaults_found or []  # what reading the defaults found
        self.base = JobBase(result.defaults)
        # A job that sets no checked key has its file's base as `merged`: whether the
        # whole-config checks need its facts is then the base's answer, found once.
        self.base_has_facts = _has_facts(self.base.data)
        # Jobs that give the checked keys the same values share one merged mapping (see
        # JobBase.merged), and so one answer: found once per mapping (held with it).
        self.has_facts: dict[int, tuple[dict[str, Any], bool]] = {}

    def take(self, draft: Draft) -> None:
        """The Job of `draft`, and what the file's checks need of it."""
        base, result = self.base, self.result
        merged, issues, push = base.merged(draft)
        result.jobs.append(finish(draft, merged, issues, self.out, base))
        if merged is base.data:
            needed = self.base_has_facts
        else:
            known = self.has_facts.get(id(merged))
            if known is None or known[0] is not merged:
                known = self.has_facts[id(merged)] = (merged, _has_facts(merged))
            needed = known[1]
        if needed:
            facts = _facts(draft, merged)
            if facts is not None:
                result.job_facts.append(facts)
        if push:
            result.push_users.append(draft.location)


def _inherited_zone(result: YamlFile, out: Problems, *, has_tasks: bool) -> None:
    """A `defaults:` zone the daemon refuses, once, when a job (or a DAG task) inherits it."""
    from .zones import is_known_zone, unknown_zone_message

    zone = result.defaults.data.get("timezone")
    if not isinstance(zone, str) or is_known_zone(zone):
        return
    heirs = [job for job in result.jobs if "timezone" not in job.keys]
    if not heirs and not has_tasks:
        return  # every job names its own zone: the daemon never resolves this one
    at = result.defaults.zone_at
    if at is None or at.file != out.file:
        at = heirs[0].location if heirs else SourceLocation(out.file, 1, 1)
    whom = f"job {heirs[0].name!r}" if heirs else "the DAG tasks"
    if len(heirs) > 1:
        whom += f" and {len(heirs) - 1} more"
    out.add(
        codes.UNKNOWN_TIMEZONE,
        f"{unknown_zone_message(zone, 'defaults')} (inherited by {whom})",
        at.line,
        at.column,
        job=heirs[0].name if len(heirs) == 1 else None,
    )


def _push_users(result: YamlFile) -> None:
    """DAG task templates and notify blocks that enable the push reporter."""
    for dag in result.dags:
        for task in dag.get("tasks") or () if isinstance(dag, dict) else ():
            if isinstance(task, dict) and checks.uses_push(
                checks.merge(result.defaults.data, task)
            ):
                result.push_users.append(result.section_keys["dags"])
    notify = result.sections.get("notify")
    if isinstance(notify, dict) and checks.uses_push({"onFailure": notify}):
        result.push_users.append(result.section_keys["notify"])


def _sections(entries: dict[str, tuple[Scalar, Node]], result: YamlFile, out: Problems) -> None:
    """Check each daemon section against its schema, then its load-time checks."""
    cluster = entries.get("cluster")
    if cluster is not None and isinstance(cluster[1], Mapping):
        python = to_python(cluster[1])
        result.cluster = python if isinstance(python, dict) else None
    for name in DAEMON_SECTIONS:
        if name not in entries:
            continue
        key, value = entries[name]
        entry = TOP.field(name)
        assert entry is not None
        # dags.py reports a DAG without tasks (with the graph checks).
        elsewhere = frozenset({"tasks"}) if name == "dags" else frozenset()
        hint: Callable[[str, str], str] | None = None
        if name == "dags":
            from .schema.dags import misplaced_key_hint

            hint = misplaced_key_hint
        checker = Checker(
            out, where=result.where, root=f"'{name}'", elsewhere=elsewhere, key_hint=hint
        )
        data = checker.check(value, entry.type, name, key)
        if name != "logging":  # handed to logging.config verbatim: `${asctime}` is its own
            kind = "dag-seq" if name == "dags" else "other"
            data = expanded(data, name, kind, result.where, out, None)
        result.section_keys[name] = SourceLocation(out.file, key.line, key.col)
        if name == "dags":
            result.dags = data if isinstance(data, list) else []
            issues = checks.dag_issues(data, result.defaults.data)
            report_issues(issues, result.where, out, result.section_keys[name])
            continue
        result.sections[name] = data
        check = _SECTION_CHECKS.get(name)
        issues = check(data) if check is not None else []
        report_issues(issues, result.where, out, result.section_keys[name])


def _has_facts(merged: dict[str, Any]) -> bool:
    """Whether the whole-config checks read anything of a job merged so: a pool, the
    cluster scope or secrets (every other job is skipped there)."""
    secrets = merged.get("secrets")
    return (
        isinstance(merged.get("pool"), str)
        or merged.get("concurrencyScope") == "cluster"
        or (bool(secrets) and isinstance(secrets, list))
    )


def _facts(draft: Draft, merged: dict[str, Any]) -> JobFacts | None:
    """What the whole-config checks read of a job; None when they have nothing to check."""
    if not _has_facts(merged):
        return None
    pool = merged.get("pool")
    slots = merged.get("poolSlots")
    scope = merged.get("concurrencyScope")
    secrets = merged.get("secrets")
    has_secrets = bool(secrets) and isinstance(secrets, list)
    return JobFacts(
        name=draft.name,
        location=draft.location,
        pool=pool if isinstance(pool, str) else None,
        pool_slots=slots if isinstance(slots, int) and not isinstance(slots, bool) else 1,
        scope=scope if isinstance(scope, str) else None,
        has_secrets=has_secrets,
        where=draft.positions(),
    )


def _include_targets(key: Scalar, value: Node, out: Problems) -> list[Scalar]:
    if isinstance(value, Scalar) and value.value.strip():
        out.add(
            codes.INVALID_CONFIG,
            f"'include' must be a list of paths (- {value.value} on its own line); the "
            "daemon's schema refuses a single path",
            value.line,
            value.col,
        )
        return [value]  # still followed, so its jobs are analysed
    items = value.items if isinstance(value, Sequence) else [value]
    targets: list[Scalar] = []
    for item in items:
        if isinstance(item, Scalar) and item.value.strip():
            targets.append(item)
            continue
        found = kind_of(item) if not isinstance(item, Scalar) else "an empty string"
        line, col = problem_at(key, item) if item is value else (item.line, item.col)
        out.add(
            codes.INVALID_CONFIG,
            f"'include' takes a list of paths; found {found}",
            line,
            col,
        )
    return targets


def _expanded_path(target: Scalar, out: Problems) -> Scalar | None:
    """An include path with `${VAR}` expanded as the daemon does (None: unknown here)."""
    if "${" not in target.value:
        return target
    where = {"include": (target.line, target.col)}
    text = expanded(target.value, "include", "other", where, out, None)
    return Scalar(text, target.line, target.col) if isinstance(text, str) else None


def _job_items(key: Scalar, value: Node, out: Problems) -> list[Node]:
    if isinstance(value, Sequence):
        return value.items
    if isinstance(value, Scalar) and not value.value:
        message = (
            "'jobs' has no items; list jobs under it (- name: ...) or remove the key "
            "(strictyaml expects a sequence here)"
        )
    elif isinstance(value, Mapping):
        message = (
            "'jobs' must be a sequence of jobs (- name: ...); found a mapping "
            "(each job is a list item with its own 'name')"
        )
    else:
        message = f"'jobs' must be a sequence of jobs (- name: ...); found {kind_of(value)}"
    empty = isinstance(value, Scalar) and not value.value
    line, col = (key.line, key.col) if empty else problem_at(key, value)
    out.add(codes.INVALID_CONFIG, message, line, col)
    return []


def _from_salvage(
    text: str, primary: SyntaxProblem, out: Problems, lines: list[str], include: Includer
) -> YamlFile:
    """After a syntax error: check what still parses, so one bad job hides no others."""
    found = salvage(text, primary.line)
    for problem in found.problems:
        if problem.line != primary.line:
            problem = explain_syntax(problem, lines)
            out.add(codes.INVALID_CONFIG, problem.message, problem.line, problem.col)
    entries: dict[str, tuple[Scalar, Node]] = {}
    for key, value in found.entries:
        if key.value in TOP_KEYS:
            entries.setdefault(key.value, (key, value))
    return _assemble(entries, [], out, lines, include, found.jobs)
