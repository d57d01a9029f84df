"""Jobs and `defaults` checked against the daemon's schema, one job at a time.

Validation follows strictyaml's (every scalar is text; the tables in
`tables` say which text each key takes) but never stops at the first
problem: each job is checked on its own, every violation is a finding at
its key, and a job with a bad key is still built so the rest of lint can
look at it. The daemon's load-time checks then run on the job merged over
its defaults.
"""

from __future__ import annotations

import math
from collections.abc import Container
from collections.abc import Sequence as Seq
from dataclasses import dataclass, field
from typing import Any

from ... import load_codes as codes
from ...records import Job, KeyOrigins, RuntimeKeys, SourceLocation
from ..problems import Problems
from ..shared import (
    Block,
    FlatItem,
    Mapping,
    Node,
    Scalar,
    Sequence,
    did_you_mean,
    flat_mapping,
    kind_of,
    shown,
)
from ..suppress import suppressed_codes
from ..zones import is_known_zone, unknown_zone_message
from .daemon_checks import JOB_BASE, JOB_CHECKED_KEYS, Issue, job_issues, merge, uses_push
from .env_refs import expand
from .tables import DEFAULTS, JOB, JOB_COMMON, SCHEDULE_FIELDS
from .type_check import INVALID, Checker, Crash, found, scalar_reader

__all__ = ["did_you_mean"]

REQUIRED_KEYS = ("name", "command", "schedule")
JOB_KEYS = JOB.names
DEFAULTS_KEYS = DEFAULTS.names
INTERPRETED_KEYS = ("name", "command", "schedule", "utc", "timezone", "enabled")
# Keys the daemon reads that the schedule analyses do not (all still checked).
PASSTHROUGH_KEYS = tuple(f.name for f in JOB_COMMON if f.name not in INTERPRETED_KEYS)
SCHEDULE_KEYS = SCHEDULE_FIELDS

Where = dict[str, tuple[int, int]]


@dataclass
class Defaults:
    """A file's effective `defaults` (its includes' first, then its own), as checked data."""

    data: dict[str, Any] = field(default_factory=dict)
    # Where each key path of `data` is written (`sla.maxRuntimeSeconds` -> its file,
    # line and column), for findings that point at the default that decides.
    origins: dict[str, SourceLocation] = field(default_factory=dict)
    zone_at: SourceLocation | None = None  # where `timezone`'s value is, when it is set

    def over(self, other: Defaults) -> Defaults:
        """These defaults with `other` merged on top."""
        zone_at = other.zone_at if "timezone" in other.data else self.zone_at
        return Defaults(merge(self.data, other.data), {**self.origins, **other.origins}, zone_at)


def zone_problem(
    value: str, where: str, line: int, col: int, out: Problems, job: str | None
) -> None:
    """unknown-timezone when the zone name is not in the tz database."""
    if not is_known_zone(value):
        out.add(codes.UNKNOWN_TIMEZONE, unknown_zone_message(value, where), line, col, job=job)


def expanded(data: Any, path: str, kind: str, where: Where, out: Problems, job: str | None) -> Any:
    """Checked data with `${VAR}` read as env_refs.py says; references left to the host noted."""
    unset: list[tuple[str, str]] = []
    result = expand(data, path, kind, unset)
    for at, name in unset:
        out.add(
            codes.ENV_REFERENCE,
            f"{shown(at or 'the value')} uses ${{{name}}}, which has no default: its value "
            f"is left to the host (lint never reads its own environment), and the daemon "
            f"refuses the file on a host where it is unset (write ${{{name}:-default}} to "
            f"give one); the value is not checked further",
            *where.get(at, (0, 0)),
            job=job,
        )
    return result


def read_defaults(block: Scalar, node: Node, out: Problems) -> Defaults:
    """The file's own `defaults` block, checked against the daemon's defaults schema."""
    if isinstance(node, Mapping):
        kept = []
        for key, value in node.entries:
            if key.value in REQUIRED_KEYS:
                out.add(
                    codes.INVALID_CONFIG,
                    f"'{key.value}' cannot be set in defaults; it belongs to each job "
                    "(the daemon's schema refuses it here)",
                    key.line,
                    key.col,
                )
            else:
                kept.append((key, value))
        node = Mapping(kept, node.line, node.col)
    checker = Checker(out, root="'defaults'")
    data = checker.check(node, DEFAULTS, "defaults", block)
    if not isinstance(data, dict):
        return Defaults()
    data = expanded(data, "defaults", "defaults", checker.where, out, None)
    zone = data.get("timezone")
    if isinstance(zone, str) and "defaults.timezone" in checker.where:
        zone_node = node.get("timezone") if isinstance(node, Mapping) else None
        at = (
            (zone_node.line, zone_node.col)
            if isinstance(zone_node, Scalar)
            else checker.where["defaults.timezone"]
        )
        # Judged where a job or a DAG task inherits it (yaml_config): the daemon resolves
        # the zone of each job, so one that every job overrides is never read.
        zone_at: SourceLocation | None = SourceLocation(out.file, *at)
    else:
        zone_at = None
    origins = {
        path[len("defaults.") :]: SourceLocation(out.file, *where)
        for path, where in checker.where.items()
        if path.startswith("defaults.")
    }
    return Defaults(data, origins, zone_at)


_JOB_HINTS = {
    "retry": "; 'retry' goes under onFailure (onFailure: retry: maximumRetries: ...)",
    "report": "; 'report' goes under a hook (onFailure, onPermanentFailure, onSuccess, onLate)",
    "tasks": "; 'tasks' belongs to a DAG (under dags:), not to a job",
    "dependsOn": "; 'dependsOn' belongs to a DAG task (under dags: ... tasks:), not to a job",
}


@dataclass(slots=True)
class Draft:
    """A job read from its own keys; `finish` applies the file's defaults."""

    name: str
    schedule: str
    location: SourceLocation
    schedule_location: SourceLocation
    schedule_fields: tuple[SourceLocation | None, ...]
    command: str
    suppressed: frozenset[str] | None
    keys: tuple[str, ...]
    data: dict[str, Any]  # the job's own keys as checked data (INVALID where they failed)
    where: Where  # position of each key path of the job (with `flat`: made when asked)
    # For a job `build_flat` read: its positions as the item holds them, until asked.
    flat: FlatPositions | None = None

    def positions(self) -> Where:
        """The position of each key path of the job (`where`, made now if it waited)."""
        if self.flat is not None:
            self.where = self.flat.table()
            self.flat = None
        return self.where


class FlatPositions:
    """Where each key path of a job read by `build_flat` is written, held as the item
    holds it (each key's line; each block's places relative to its key) until a
    finding or a runtime record asks: most jobs that set a checked key never need
    their table, and building it cost more than the rest of their Draft."""

    __slots__ = ("col", "item", "line", "places")

    def __init__(
        self,
        item: FlatItem,
        line: int,
        col: int,
        places: dict[str, tuple[tuple[str, int, int], ...]],
    ) -> None:
        self.item = item
        self.line = line
        self.col = col
        self.places = places  # a nested block's key -> its places (see JobBuilder._block)

    def table(self) -> Where:
        """The table `build` records for the job: its own position, then each key's
        (a nested block's: each of its places), in the item's order."""
        where: Where = {"": (self.line, self.col)}
        col, places = self.col, self.places
        for key, (at, _, value) in self.item.items():
            if isinstance(value, str):
                where[key] = (at, col)
            else:
                for path, below, column in places[key]:
                    where[path] = (at + below, column)
        return where

    def own_at(self, paths: tuple[str, ...]) -> tuple[tuple[str, int, int], ...]:
        """(path, line, column) of each of `paths` that `get` finds, in their order (a
        key with a scalar value, as most runtime keys are, read here without `get`)."""
        item, col, found = self.item, self.col, []
        for path in paths:
            entry = item.get(path)
            if entry is not None and type(entry[2]) is str:
                found.append((path, entry[0], col))
            elif (at := self.get(path)) is not None:
                found.append((path, *at))
        return tuple(found)

    def get(self, path: str) -> tuple[int, int] | None:
        """`table().get(path)`, without the table."""
        if not path:
            return self.line, self.col
        entry = self.item.get(path)
        if entry is not None and type(entry[2]) is str:  # a key with a scalar value
            return entry[0], self.col
        head = path.split(".", 1)[0].split("[", 1)[0]
        entry = self.item.get(head)
        if entry is None:
            return None
        at, _, value = entry
        if isinstance(value, str):
            return (at, self.col) if path == head else None
        for place, below, column in self.places[head]:
            if place == path:
                return at + below, column
        return None


_new_tuple = tuple.__new__  # a NamedTuple from all its fields, in order

# How many block values' reprs a JobBase keeps: a file's repeated blocks are a few
# shared objects, and values made anew for each job are not held for the whole file.
_REPRS_KEPT = 1024


class JobBase:
    """A file's defaults over the daemon's built-in job defaults, and the verdicts of
    the daemon's per-job checks for a job that sets none of JOB_CHECKED_KEYS: the
    same for every such job, so they are found once per file, not once per job."""

    def __init__(self, defaults: Defaults) -> None:
        self.data = merge(JOB_BASE, defaults.data)
        self.issues = job_issues(self.data)
        self.push = uses_push(self.data)
        self.origins = tuple((p, at) for p, at in defaults.origins.items() if p in _ORIGIN_SET)
        # The runtime keys of a job that sets none itself: one record per file.
        self.runtime = runtime_keys(self.data, {}, "", self.origins)
        # By the values a job gives the checked keys (as their reprs): those keys merged
        # over these defaults, the issues of the job checks, whether it pushes.
        self._verdicts: dict[tuple[object, ...], tuple[dict[str, Any], list[Issue], bool]] = {}
        self._reprs: dict[int, tuple[object, str]] = {}  # a block value's repr, by its id
        # The runtime records of jobs that set no checked key, by what of their own
        # keys `runtime_keys` reads (the rest is this base's).
        self._runtimes: dict[tuple[object, bool, bool, bool], RuntimeKeys] = {}
        # The runtime records of jobs that set a runtime key, but for their own keys'
        # positions: by the merged mapping (this base's or a verdict's, which it keeps;
        # held beside the record, so an id is never taken for another's), the job's
        # own onMissed, and which of the defaults' runtime paths the job sets itself (or
        # its key list, which decides them with the merged mapping: see runtime_for).
        self._shared: dict[tuple[int, str, str, object], tuple[object, RuntimeKeys]] = {}
        # By a job's key list: the runtime paths its positions can hold (`runtime_for`).
        self._paths: dict[tuple[str, ...], tuple[str, ...]] = {}

    def merged(self, draft: Draft) -> tuple[dict[str, Any], list[Issue], bool]:
        """The job's checked keys over these defaults, the issues of the job checks,
        whether it pushes.

        Only the checked keys of the job are merged: the checks read nothing else (a
        test holds them to it), and neither do `finish` and `runtime_keys` (they read
        the job's own `utc`, `enabled`, `timezone`, `clusterPolicy` and `onMissed`
        first). Jobs that give the checked keys the same values (the same repr: plain
        data) share one merged mapping and one verdict, which nothing changes.
        """
        if JOB_CHECKED_KEYS.isdisjoint(draft.data):
            # The job's own keys are none the checks read: its verdicts are the base's.
            return self.data, self.issues, self.push
        # The values' reprs, as a key: a text, whole number or bool stands for itself
        # with its type (the same classes as its repr); a block's repr is made once per
        # value object (a repeated block's value is one object: build_flat shares it).
        key: list[object] = []
        reprs = self._reprs
        for k, v in draft.data.items():
            if k not in JOB_CHECKED_KEYS:
                continue
            kind = type(v)
            if kind is str or kind is int or kind is bool:
                key.append((k, kind, v))
            elif kind is float:
                key.append((k, repr(v)))  # 0.0 and -0.0 are equal, and read differently
            else:
                known = reprs.get(id(v))
                if known is None or known[0] is not v:  # the value held: no id taken twice
                    if len(reprs) >= _REPRS_KEPT:
                        reprs.clear()  # values made anew for each job (`build`): let them go
                    known = reprs[id(v)] = (v, repr(v))
                key.append((k, known[1]))
        spelling = tuple(key)
        verdict = self._verdicts.get(spelling)
        if verdict is None:
            merged = merge(
                self.data, {k: v for k, v in draft.data.items() if k in JOB_CHECKED_KEYS}
            )
            verdict = self._verdicts[spelling] = (merged, job_issues(merged), uses_push(merged))
        return verdict

    def runtime_of(self, own: dict[str, Any], file: str) -> RuntimeKeys:
        """`runtime_keys` of a job that sets no checked key (its `merged` is this base's
        and it keeps no position table): one record per spelling of what it reads."""
        key = (own.get("onMissed"), "utc" in own, "timezone" in own, "onMissed" in own)
        runtime = self._runtimes.get(key)
        if runtime is None:
            runtime = self._runtimes[key] = runtime_keys(
                self.data, _NOWHERE, file, self.origins, own.get("onMissed"), own
            )
        return runtime

    def _overridden(self, own: dict[str, Any]) -> tuple[str, ...]:
        """The runtime paths of these defaults that the job's own keys set."""
        return tuple(p for p, _ in self.origins if _sets(own, p)) if self.origins else ()

    def runtime_for(
        self,
        merged: dict[str, Any],
        where: Where | FlatPositions,
        file: str,
        own: dict[str, Any],
        keys: tuple[str, ...] = (),
    ) -> RuntimeKeys:
        """`runtime_keys` of a job that sets a runtime key: its values follow from
        `merged`, its own onMissed and the defaults it overrides, shared by every job
        that has them alike; only where its own keys are written is its own. `keys`:
        the job's keys (Draft.keys), when given, say which of its positions to look up."""
        on_missed = own.get("onMissed")
        # Which defaults the job overrides follows from its keys and, for a dotted path
        # (`sla.maxRuntimeSeconds`), from its value of a checked key, which `merged`
        # holds: with the job's key list, the record is looked up before working it out.
        overridden: object = keys if keys else self._overridden(own)
        key = (id(merged), file, repr(on_missed), overridden)
        known = self._shared.get(key)
        if known is None or known[0] is not merged:
            shared = runtime_keys(merged, _NOWHERE, file, self.origins, on_missed, own)
            known = self._shared[key] = (merged, shared)
        shared = known[1]
        if not where:
            return shared
        paths = self._paths.get(keys) if keys else _ORIGIN_PATHS
        if paths is None:
            # A position `where` holds is under one of the job's keys: only the runtime
            # paths under its keys can be there (most jobs: one or two of the eleven).
            paths = self._paths[keys] = tuple(
                p for p in _ORIGIN_PATHS if p.partition(".")[0] in keys
            )
        if type(where) is FlatPositions:
            own_at = where.own_at(paths)
        else:
            own_at = tuple((p, *at) for p in paths if (at := where.get(p)) is not None)
        # The shared record with these positions for its last field, `origins` (made as
        # the tuples they are: NamedTuple's keyword-taking __new__ is a Python frame each).
        origins = _new_tuple(KeyOrigins, (file, own_at, shared.origins.defaults))
        return _new_tuple(RuntimeKeys, (*shared[:-1], origins))


def finish(
    draft: Draft,
    merged: dict[str, Any],
    issues: list[Issue],
    out: Problems,
    base: JobBase | None = None,
) -> Job:
    """The Job as the daemon loads it (the job's keys win over the defaults), checked.

    `merged` and `issues` come from `JobBase.merged`: when the job sets no checked
    key, `merged` is its file's base and the job's own keys are read from the draft.
    """
    for path, message in issues:
        line, col = locate(draft.positions(), path, draft.location)
        if path.split(".")[0].split("[")[0] not in draft.data:
            message += " (the value comes from defaults)"
        out.add(
            codes.INVALID_CONFIG, f"job {shown(draft.name)}: {message}", line, col, job=draft.name
        )
    own = draft.data
    utc = own["utc"] if "utc" in own else merged.get("utc")
    enabled = own["enabled"] if "enabled" in own else merged.get("enabled")
    zone = own["timezone"] if "timezone" in own else merged.get("timezone")
    policy = own["clusterPolicy"] if "clusterPolicy" in own else merged.get("clusterPolicy")
    if base is not None and _OWN_RUNTIME.isdisjoint(own):
        runtime = base.runtime  # the job sets no runtime key: its file's record
    elif base is not None and merged is base.data and not draft.where and draft.flat is None:
        runtime = base.runtime_of(own, out.file)  # no checked key: shared by spelling
    elif base is not None:
        where = draft.flat if draft.flat is not None else draft.where
        runtime = base.runtime_for(merged, where, out.file, own, draft.keys)
    else:
        runtime = runtime_keys(merged, draft.positions(), out.file, (), own.get("onMissed"), own)
    # Positional (in JOB_FIELDS' order): keywords cost a third of making a Job.
    return Job(
        draft.name,
        draft.schedule,
        draft.location,
        draft.schedule_location,
        draft.schedule_fields,
        draft.command,
        zone if isinstance(zone, str) else None,
        utc if isinstance(utc, bool) else True,
        enabled if isinstance(enabled, bool) else True,
        "yaml",
        draft.suppressed,
        draft.keys,
        None,  # user: only a system crontab's line has one
        policy if isinstance(policy, str) else "Leader",
        runtime,
    )


# The order `finish` passes a Job's fields in (a test holds it to records.Job's).
JOB_FIELDS = (
    "name", "schedule", "location", "schedule_location", "schedule_fields", "command",
    "timezone", "utc", "enabled", "kind", "suppressed", "keys", "user", "cluster_policy",
    "runtime",
)  # fmt: skip

# The job's own keys that make its runtime record differ from its file's shared one
# (the top-level keys of every path a RuntimeKeys reads, and where it is written).
_OWN_RUNTIME = frozenset({
    "executionTimeout", "killTimeout", "concurrencyPolicy", "concurrencyScope",
    "catchupJitterSeconds", "onMissed", "sla", "utc", "timezone",
})  # fmt: skip

# The runtime key paths `runtime_keys` reads, by RuntimeKeys field.
RUNTIME_PATHS = {
    "execution_timeout": "executionTimeout",
    "kill_timeout": "killTimeout",
    "concurrency_policy": "concurrencyPolicy",
    "concurrency_scope": "concurrencyScope",
    "catchup_jitter": "catchupJitterSeconds",
    "on_missed": "onMissed",
    "max_time_since_success": "sla.maxTimeSinceSuccessSeconds",
    "late_after": "sla.lateAfterSeconds",
    "max_runtime": "sla.maxRuntimeSeconds",
}


_ORIGIN_PATHS = (*RUNTIME_PATHS.values(), "utc", "timezone")
_ORIGIN_SET = frozenset(_ORIGIN_PATHS)
_NO_SLA: dict[str, Any] = {}


def _number(value: Any) -> float | None:
    """A number the daemon would compare with; NaN and infinity (which a YAML float can
    spell and the daemon's range checks let through) never trip a deadline: unset."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return value if math.isfinite(value) else None


def _sets(own: dict[str, Any], path: str) -> bool:
    """Whether the job's own keys set the dotted `path` (then no default decides it)."""
    head, _, rest = path.partition(".")
    if head not in own:
        return False
    value = own[head]
    return not rest or (isinstance(value, dict) and _sets(value, rest))


def runtime_keys(
    merged: dict[str, Any],
    where: Where,
    file: str,
    origins: tuple[tuple[str, SourceLocation], ...],
    own_on_missed: Any = None,
    own: dict[str, Any] | None = None,
) -> RuntimeKeys:
    """The runtime keys of a job merged over its defaults, each with where it is written.

    A value that failed its check (INVALID) reads as the built-in default: the
    file is refused for it already, and no runtime finding should add to that.
    `origins` are the defaults' positions (only the runtime paths are read).
    """
    sla = merged.get("sla")
    sla = sla if isinstance(sla, dict) else _NO_SLA
    on_missed = own_on_missed if own_on_missed is not None else merged.get("onMissed")
    timeout = _number(merged.get("executionTimeout"))
    kill = _number(merged.get("killTimeout"))
    jitter = _number(merged.get("catchupJitterSeconds"))
    stale = _number(sla.get("maxTimeSinceSuccessSeconds"))
    late = _number(sla.get("lateAfterSeconds"))
    runtime = _number(sla.get("maxRuntimeSeconds"))
    own_at = (
        tuple((p, *at) for p in _ORIGIN_PATHS if (at := where.get(p)) is not None) if where else ()
    )
    if own and origins:  # a default the job overrides decides nothing
        origins = tuple((p, at) for p, at in origins if not _sets(own, p))
    policy, scope = merged.get("concurrencyPolicy"), merged.get("concurrencyScope")
    return RuntimeKeys(  # positional, in the record's order: a job each
        None if timeout is None else float(timeout),
        30.0 if kill is None else float(kill),
        policy if isinstance(policy, str) else "Allow",
        scope if isinstance(scope, str) else "node",
        0 if jitter is None else int(jitter),
        on_missed if isinstance(on_missed, str) else "skip",
        None if stale is None else int(stale),
        None if late is None else int(late),
        None if runtime is None else int(runtime),
        KeyOrigins(file, own_at, origins),
    )


def locate(where: Where, path: str, fallback: SourceLocation) -> tuple[int, int]:
    """The position of `path`, else of its nearest recorded parent, else `fallback`."""
    while path:
        if path in where:
            return where[path]
        cut = max(path.rfind("."), path.rfind("["))
        path = path[:cut] if cut > 0 else ""
    return fallback.line, fallback.column


def report_issues(
    issues: list[Issue], where: Where, out: Problems, fallback: SourceLocation
) -> None:
    """Findings for section-level issues, each at its key."""
    for path, message in issues:
        out.add(codes.INVALID_CONFIG, message, *locate(where, path, fallback))


# How each job key a scalar can satisfy reads its text, for `build_flat`.
_FLAT_READERS = {
    f.name: reader for f in JOB.fields if (reader := scalar_reader(f.type)) is not None
}
_JOB_ROOTS = frozenset({""})
_NOWHERE: Where = {}  # the positions a job that sets no checked key never needs
_FINISH_KEYS = frozenset(
    {"utc", "enabled", "timezone", "clusterPolicy", "onMissed"}
)  # `finish` reads


class JobBuilder:
    """Reads job mappings of one file into Drafts, reporting into `out`."""

    def __init__(self, out: Problems, lines: Seq[str], text: str | None = None) -> None:
        self.out = out
        self.lines = lines
        # Only a file with `${` in it can need expansion (most files: skip the walk),
        # and only one that says `cronstable` can hold an ignore comment.
        if text is None:
            text = "\n".join(lines)
        self.has_references = "${" in text
        self.has_directives = "cronstable" in text.lower()
        # Jobs of a file mostly share their key lists and schedules: one object each.
        self._checker = Checker(out, job_roots=_JOB_ROOTS, hints=_JOB_HINTS, root=None)
        # The same walk for `build_flat`'s nested blocks, reporting into a scratch list:
        # any finding there sends the job to `build`, which reports it.
        self._probe = Checker(Problems(out.file), job_roots=_JOB_ROOTS, hints=_JOB_HINTS, root=None)
        self._blocks: dict[tuple[str, Block], tuple[object, Any]] = {}  # by `_block`
        self._schedules: dict[str, str] = {}
        self._keys: dict[tuple[str, ...], tuple[str, ...]] = {}

    def build(self, node: Node) -> Draft | None:
        out = self.out
        if not isinstance(node, Mapping):
            out.add(
                codes.INVALID_CONFIG,
                "expected a job (a mapping with name, command and schedule); "
                f"found {kind_of(node)}",
                node.line,
                node.col,
            )
            return None
        own = {key.value: (key, value) for key, value in node.entries}
        given = node.get("name")
        label = given.value if isinstance(given, Scalar) else None
        # One checker serves every job of the file; only its job and positions change.
        checker = self._checker
        checker.job, checker.where = label, {}
        data = checker.check(node, JOB, "")
        if not isinstance(data, dict):
            return None
        if self.has_references:
            data = expanded(data, "", "job", checker.where, out, label)
        name = data.get("name")
        name = name if isinstance(name, str) else None
        if name is not None and not name.strip():
            out.add(
                codes.EMPTY_VALUE,
                f"the job's 'name' is blank ({shown(name)}); the daemon accepts it, but a "
                "blank name cannot be told apart in logs and it seeds the H hash",
                given.line if isinstance(given, Scalar) else node.line,
                given.col if isinstance(given, Scalar) else node.col,
                job=name,
            )
        if isinstance(data.get("schedule"), dict):
            self._fields(own["schedule"][1], data["schedule"], name)
        command = self._command(own.get("command"), data.get("command"), name)
        schedule = self._schedule(own.get("schedule"), name, data.get("schedule"))
        zone = data.get("timezone")
        if isinstance(zone, str) and not is_known_zone(zone):
            where = f"job {name!r}" if name is not None else "a job"
            zone_node = own["timezone"][1]
            zone_problem(zone, where, zone_node.line, zone_node.col, out, name)
        if name is None or schedule is None or data.get("schedule") is INVALID:
            return None
        text, schedule_at, schedule_lines, fields_at = schedule
        keys = tuple(own)
        checked = not JOB_CHECKED_KEYS.isdisjoint(data)
        return Draft(
            name=name,
            schedule=self._schedules.setdefault(text, text),
            location=SourceLocation(out.file, node.line, node.col),
            schedule_location=schedule_at,
            schedule_fields=fields_at,
            command=command,
            suppressed=suppressed_codes(self.lines, node.line, schedule_lines)
            if self.has_directives
            else None,
            keys=self._keys.setdefault(keys, keys),
            # A job that sets no checked key keeps only what `finish` reads of its own
            # keys, and no position table: any issue it has is its defaults', reported
            # at the job itself. (Drafts of a whole file wait for its defaults at once.)
            data=data if checked else {k: data[k] for k in _FINISH_KEYS if k in data},
            where=checker.where if checked else _NOWHERE,
        )

    def build_flat(self, item: FlatItem, line: int, col: int) -> Draft | None:
        """`build` for a job item as the fast parser streams it, without the generic walk
        when every key reads cleanly: a known key, a value of its type (a nested block
        checked by the schema walk on its own, into a scratch list of findings), the
        three required keys, a name and a command that are not blank, well-formed map
        schedule fields, a known zone, no `${`. Anything else (each of which `build`
        reports) goes to `build`, so the Draft and the findings are the same."""
        readers = _FLAT_READERS
        # A job that sets a checked key keeps its data and positions whole (as `build`);
        # any other only what `finish` reads of its own keys.
        checked = not JOB_CHECKED_KEYS.isdisjoint(item)
        data: dict[str, Any] = {}
        # A checked job's nested blocks' places, by key: its positions (FlatPositions).
        places_of: dict[str, tuple[tuple[str, int, int], ...]] = {}
        blocks: dict[str, Any] = data if checked else {}  # the nested blocks' values
        shared = self._blocks  # by `_block`, looked up here first (most blocks repeat)
        try:
            for key, (_, _, value) in item.items():
                if isinstance(value, str):
                    reader = readers.get(key)
                    if reader is None or (got := reader(value)) is INVALID:
                        return self.build(flat_mapping(item, line, col))
                    if checked or key in _FINISH_KEYS:
                        data[key] = got
                else:
                    known = shared.get((key, value))
                    got, places = self._block(key, col, value) if known is None else known
                    if got is INVALID:
                        return self.build(flat_mapping(item, line, col))
                    if checked:
                        places_of[key] = places
                    blocks[key] = got
        except Crash:
            return self.build(flat_mapping(item, line, col))
        # name, command and schedule read as their text (each type's first option).
        name, command, schedule = item.get("name"), item.get("command"), item.get("schedule")
        if (
            name is None
            or command is None
            or schedule is None
            or self.has_references
            or not isinstance(name[2], str)
            or not name[2].strip()
            or (isinstance(command[2], str) and not command[2].strip())
            or ("timezone" in data and not is_known_zone(data["timezone"]))
        ):
            return self.build(flat_mapping(item, line, col))
        schedule_line, schedule_col, text = schedule
        file = self.out.file
        if isinstance(text, str):
            # `_text_start`, its common cases inline: a quoted or a plain one-line value.
            first = self.lines[schedule_line - 1][schedule_col - 1 : schedule_col]
            if first == '"' or first == "'":
                at_line, at_col = schedule_line, schedule_col + 1
            elif first == "|" or first == ">":
                at_line, at_col = self._text_start(schedule_line, schedule_col)
            else:
                at_line, at_col = schedule_line, schedule_col
            schedule_at = SourceLocation(file, at_line, at_col)
            fields_at: tuple[SourceLocation | None, ...] = ()
        else:
            # A map schedule: `_lower` takes it only when every field is one cron token,
            # as `_fields` wants (else `build` reports which).
            entry = (Scalar("schedule", schedule_line, col), text.at(schedule_line))
            found = self._schedule(entry, name[2], blocks["schedule"])
            if found is None:
                return self.build(flat_mapping(item, line, col))
            text, schedule_at, (_, at_line), fields_at = found
        words = command[2]
        if isinstance(words, str):
            shell = words
        else:
            import shlex  # only list-form commands need it

            shell = shlex.join(str(word) for word in blocks["command"])
        keys = tuple(item)
        return Draft(  # positional, in the order of Draft's fields (keywords cost more)
            name[2],
            self._schedules.setdefault(text, text),
            SourceLocation(file, line, col),
            schedule_at,
            fields_at,
            shell,
            suppressed_codes(self.lines, line, (schedule_line, at_line))
            if self.has_directives
            else None,
            self._keys.setdefault(keys, keys),
            data,
            _NOWHERE,
            FlatPositions(item, line, col, places_of) if checked else None,
        )

    def _block(
        self, key: str, col: int, block: Block
    ) -> tuple[object, tuple[tuple[str, int, int], ...]]:
        """The checked value of a nested block under a job key (INVALID when the schema
        walk would report anything there), and the positions the walk records in it,
        each as (path, lines below the key, column). Both depend only on the block's
        tree and its key: a fleet's jobs mostly repeat their blocks (an `environment:`
        list, a retry policy), which the parser hands over as one Block per spelling, so
        each is walked once per file and its value shared (checked data is never changed
        once made)."""
        spelling = (key, block)
        known = self._blocks.get(spelling)
        if known is None:
            where: Where = {}
            at = block.line
            got = self._nested(key, at, col, block.node, where)
            places = tuple((path, line - at, column) for path, (line, column) in where.items())
            known = self._blocks[spelling] = (got, places)
        return known

    def _nested(self, key: str, at: int, col: int, node: Node, where: Where) -> object:
        """The checked value of a nested block under a job key, INVALID when the schema
        walk would report anything there (it reports into a scratch list, not `out`)."""
        entry = JOB.field(key)
        if entry is None:
            return INVALID
        probe = self._probe
        probe.where = where
        if type(node) is Sequence:
            # A list of scalars (a list-form command, mostly one of its own per job):
            # read without the generic walk when no item needs it.
            quick = probe.scalar_list(node, entry.type, key, Scalar(key, at, col))
            if quick is not None:
                return quick
        got = probe.check(node, entry.type, key, Scalar(key, at, col))
        if probe.out.found:
            probe.out.found.clear()
            return INVALID
        return got

    # -- the interpreted keys -------------------------------------------------

    def _command(self, entry: tuple[Scalar, Node] | None, value: object, job: str | None) -> str:
        if entry is None or value is INVALID:
            return ""
        if isinstance(value, list):
            if INVALID in value:
                return ""
            import shlex  # only list-form commands need it

            return shlex.join(str(word) for word in value)
        text = str(value)
        if not text.strip():
            node = entry[1]
            self.out.add(
                codes.EMPTY_VALUE,
                "'command' is blank; the daemon accepts it, but the job runs nothing",
                node.line,
                node.col,
                job=job,
            )
        return text

    def _schedule(
        self, entry: tuple[Scalar, Node] | None, job: str | None, checked: object = None
    ) -> tuple[str, SourceLocation, tuple[int, ...], tuple[SourceLocation | None, ...]] | None:
        """The schedule text (`checked`: its value after `${VAR}` expansion), where it is,
        its lines, and for a map schedule where each field of the text is written."""
        if entry is None or checked is INVALID:
            return None
        key, value = entry
        file = self.out.file
        if isinstance(value, Scalar):
            line, col = self._text_start(value.line, value.col)
            text = checked if isinstance(checked, str) else value.value
            return text, SourceLocation(file, line, col), (key.line, line), ()
        if isinstance(value, Mapping):
            lowered = self._lower(value, checked if isinstance(checked, dict) else None)
            if lowered is None:
                return None
            at = SourceLocation(file, value.line, value.col)
            written = {k.value: v for k, v in value.entries if isinstance(v, Scalar)}
            fields_at = tuple(
                SourceLocation(file, *self._text_start(written[name].line, written[name].col))
                if name in written
                else None
                for name in self._order(written)
            )
            return lowered, at, (key.line, value.line), fields_at
        return None  # a sequence: reported by the schema check

    def _fields(self, node: Node, checked: dict[str, Any], job: str | None) -> None:
        """Each map-schedule field must be one cron token (blank or spaced text shifts fields)."""
        for key, value in node.entries if isinstance(node, Mapping) else ():
            text = checked.get(key.value)
            if isinstance(value, Scalar) and isinstance(text, str) and text.split() != [text]:
                self.out.add(
                    codes.INVALID_CONFIG,
                    f"schedule field {key.value!r} must be a single cron field with no "
                    f"whitespace; found {found(value)} (leave the key out to mean '*')",
                    value.line if value.value else key.line,
                    value.col if value.value else key.col,
                    job=job,
                )

    @staticmethod
    def _lower(node: Mapping, checked: dict[str, Any] | None = None) -> str | None:
        """A map schedule as its 5-, 6- or 7-field string (docs/job-files.md).

        Bad fields were reported by the schema check and the job checks; such a
        schedule is not analysed further. `checked` holds the expanded values.
        """
        fields: dict[str, str] = {}
        for key, value in node.entries:
            if key.value not in SCHEDULE_KEYS or not isinstance(value, Scalar):
                return None
            text = value.value if checked is None else checked.get(key.value)
            if not isinstance(text, str) or text.split() != [text]:
                return None
            fields[key.value] = text
        return " ".join(fields.get(name, "*") for name in JobBuilder._order(fields))

    @staticmethod
    def _order(written: Container[str]) -> list[str]:
        """The fields a map schedule's text has, in order (5, 6 or 7 of them)."""
        order = ["minute", "hour", "dayOfMonth", "month", "dayOfWeek"]
        if "second" in written:
            return ["second", *order, "year"]
        if "year" in written:
            return [*order, "year"]
        return order

    def _text_start(self, line: int, col: int) -> tuple[int, int]:
        """Line and column of the first character of the string value at line:col
        (inside its quotes, or on the first line of a block scalar)."""
        if not 1 <= line <= len(self.lines):
            return line, col
        row = self.lines[line - 1]
        first = row[col - 1 : col]
        if first in ("'", '"'):
            return line, col + 1
        if first in ("|", ">"):
            for number in range(line + 1, len(self.lines) + 1):
                text = self.lines[number - 1]
                if text.strip():
                    return number, len(text) - len(text.lstrip(" ")) + 1
        return line, col
