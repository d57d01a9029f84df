"""The `dags:` section: a scheduled DAG fires as the job `dag:<name>`; its graph is checked.

For every DAG with a `schedule` the daemon builds a synthetic job named
`dag:<name>` that fires like any other job: H is hashed with that name, and
timezone, utc, enabled and clusterPolicy come from the DAG itself, never
from `defaults:` (the daemon builds it on its built-in defaults so that a
global reporter does not fire on every tick). A DAG without a schedule only
runs when triggered and is no schedule source.

Reported here as errors, as the daemon refuses them at load: the graph (no
tasks, empty, duplicate or unsafe task ids, `dependsOn` naming an unknown
task or the task itself, cycles, `expand` targets), a `@reboot` or invalid
schedule, an unknown zone, and across the loaded files the names a DAG
shares with jobs (`dag:<name>`, and `<dag>.<task id>`, the name a task runs
under). Key names, value types, value ranges, task templates, duplicate DAG
names and the `state` section DAGs need are the schema checks' business:
values of the wrong type are read here as absent, and reported there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from collections.abc import Sequence as Seq
from dataclasses import dataclass

from ... import load_codes as codes
from ...records import Finding, Job, SourceLocation
from ..problems import Problems
from ..shared import Mapping, Node, Scalar, Sequence
from ..suppress import suppressed_codes
from ..zones import is_known_zone, unknown_zone_message
from .env_refs import UNSET, expand_text
from .jobs import JobBuilder

SCHEDULE_PREFIX = "dag:"  # the schedule job of DAG `etl` is `dag:etl`
CLUSTER_POLICIES = ("Leader", "PreferLeader", "EveryNode")
TASK_TYPES = ("task", "sensor", "approval")
# strictyaml's Bool() words (case-insensitive).
_TRUE = frozenset({"yes", "true", "on", "1", "y"})
_FALSE = frozenset({"no", "false", "off", "0", "n"})
_ID_CONTROL = re.compile(r"[\x00-\x1f\x7f]")

Entries = dict[str, tuple[Scalar, Node]]


@dataclass(frozen=True, slots=True)
class Task:
    """One task: its id and where it is (the item, and its `id` value)."""

    id: str
    location: SourceLocation


@dataclass(frozen=True, slots=True)
class Dag:
    """One DAG as loaded: its tasks and, when it has a schedule, its schedule job."""

    name: str
    location: SourceLocation  # the `- name:` item
    tasks: tuple[Task, ...]
    job: Job | None  # None: no schedule (manual-only) or a schedule the daemon refuses


def read_dags(value: Node, out: Problems, lines: Seq[str]) -> list[Dag]:
    """Every DAG of one file's `dags:` section (the schema checks its shape)."""
    if not isinstance(value, Sequence):
        return []
    dags = []
    for item in value.items:
        if isinstance(item, Mapping):
            dag = _read_dag(item, out, lines)
            if dag is not None:
                dags.append(dag)
    return dags


def _read_dag(item: Mapping, out: Problems, lines: Seq[str]) -> Dag | None:
    own: Entries = {}
    for key, value in item.entries:
        own.setdefault(key.value, (key, value))
    name_node = _value(own, "name")
    if not isinstance(name_node, Scalar):
        return None  # the schema reports a missing or non-text name
    name = name_node.value
    tasks = _read_tasks(name, own.get("tasks"), item, out)
    return Dag(
        name,
        SourceLocation(out.file, item.line, item.col),
        tasks,
        _schedule_job(name, own, item, out, lines),
    )


# -- the schedule job -----------------------------------------------------------


def _expanded(text: str) -> object:
    """The text with `${VAR}` read as loaders/schema/env_refs.py says, or UNSET."""
    value, _ = expand_text(text)
    return UNSET if value is None else value


def _schedule_job(
    name: str, own: Entries, item: Mapping, out: Problems, lines: Seq[str]
) -> Job | None:
    """The job `dag:<name>` exactly as the daemon builds it, or None."""
    entry = own.get("schedule")
    if entry is None:
        return None  # manual-only: triggered through the API, never by the clock
    job_name = SCHEDULE_PREFIX + name
    schedule = entry[1]
    # The daemon expands ${VAR} before it builds the job (an unset variable
    # without default was noted by the schema check: nothing to build then).
    checked = _expanded(schedule.value) if isinstance(schedule, Scalar) else None
    if checked is UNSET:
        return None
    read = JobBuilder(out, lines)._schedule(entry, job_name, checked)
    if read is None:
        return None
    text, at, schedule_lines, fields_at = read
    if text.strip().lower() == "@reboot":
        out.add(
            codes.INVALID_SCHEDULE,
            f"dag {name!r}: a DAG schedule must be a cron expression; @reboot is not "
            "supported for DAGs (trigger the DAG through the API at start instead)",
            at.line,
            at.column,
            job=job_name,
            schedule=text,
        )
        return None
    zone = _value(own, "timezone")
    expanded = _expanded(zone.value) if isinstance(zone, Scalar) else None
    timezone = expanded if isinstance(expanded, str) else None
    if zone is not None and timezone is not None and not is_known_zone(timezone):
        out.add(
            codes.UNKNOWN_TIMEZONE,
            unknown_zone_message(timezone, f"dag {name!r}"),
            zone.line,
            zone.col,
            job=job_name,
        )
    utc = _bool(_value(own, "utc"))
    enabled = _bool(_value(own, "enabled"))
    policy = _value(own, "clusterPolicy")
    return Job(
        name=job_name,
        schedule=text,
        location=SourceLocation(out.file, item.line, item.col),
        schedule_location=at,
        schedule_fields=fields_at,
        timezone=timezone,
        utc=True if utc is None else utc,
        enabled=True if enabled is None else enabled,
        kind="dag",
        suppressed=suppressed_codes(lines, item.line, schedule_lines),
        keys=tuple(own),
        cluster_policy=(
            policy.value
            if isinstance(policy, Scalar) and policy.value in CLUSTER_POLICIES
            else "Leader"
        ),
    )


# -- tasks and the graph --------------------------------------------------------


@dataclass(slots=True)
class _TaskRead:
    id: str | None
    id_at: tuple[int, int]
    depends: list[Scalar]
    depends_at: tuple[int, int]  # the `dependsOn` key, or the item
    type: str
    expand_from: Scalar | None


def _read_tasks(
    dag: str, entry: tuple[Scalar, Node] | None, item: Mapping, out: Problems
) -> tuple[Task, ...]:
    label = f"dag {dag!r}"
    value = entry[1] if entry is not None else None
    if (
        value is None
        or (isinstance(value, Scalar) and not value.value)
        or (isinstance(value, Sequence) and not value.items)
    ):
        line, col = (item.line, item.col) if entry is None else (entry[0].line, entry[0].col)
        out.add(
            codes.INVALID_CONFIG,
            f"{label} has no tasks: a DAG needs at least one (list them under 'tasks')",
            line,
            col,
        )
        return ()
    if not isinstance(value, Sequence):
        return ()  # the schema reports a mapping or text here
    reads = [_read_task(node) for node in value.items if isinstance(node, Mapping)]
    _check_graph(label, reads, out)
    return tuple(Task(r.id, SourceLocation(out.file, *r.id_at)) for r in reads if r.id is not None)


def _read_task(node: Mapping) -> _TaskRead:
    own: Entries = {}
    for key, value in node.entries:
        own.setdefault(key.value, (key, value))
    id_node = _value(own, "id")
    task_id = id_node.value if isinstance(id_node, Scalar) else None
    id_at = (id_node.line, id_node.col) if isinstance(id_node, Scalar) else (node.line, node.col)
    kind = _value(own, "type")
    task_type = kind.value if isinstance(kind, Scalar) and kind.value in TASK_TYPES else "task"
    depends: list[Scalar] = []
    depends_at = (node.line, node.col)
    if "dependsOn" in own:
        key, value = own["dependsOn"]
        depends_at = (key.line, key.col)
        if isinstance(value, Sequence):
            depends = [v for v in value.items if isinstance(v, Scalar)]
    expand = _value(own, "expand")
    expand_from = expand.get("fromTask") if isinstance(expand, Mapping) else None
    return _TaskRead(
        task_id,
        id_at,
        depends,
        depends_at,
        task_type,
        expand_from if isinstance(expand_from, Scalar) else None,
    )


def _check_graph(label: str, tasks: list[_TaskRead], out: Problems) -> None:
    """The daemon's graph checks: ids, dependencies, expand targets, cycles."""
    seen: dict[str, _TaskRead] = {}
    for task in tasks:
        if task.id is None:
            continue
        problem = _id_problem(task.id)
        if problem:
            out.add(codes.INVALID_CONFIG, f"{label}: {problem}", *task.id_at)
            continue
        first = seen.setdefault(task.id, task)
        if first is not task:
            out.add(
                codes.INVALID_CONFIG,
                f"{label}: duplicate task id {task.id!r} (first at line "
                f"{first.id_at[0]}); task ids must be unique within a DAG",
                *task.id_at,
            )
    edges: dict[str, list[tuple[str, Scalar]]] = {}
    for task in tasks:
        if task.id is None or seen.get(task.id) is not task:
            continue
        for dep in task.depends:
            if dep.value not in seen:
                out.add(
                    codes.INVALID_CONFIG,
                    f"{label}: task {task.id!r} dependsOn unknown task {dep.value!r}"
                    f"{_close(dep.value, seen)}",
                    dep.line,
                    dep.col,
                )
            elif dep.value == task.id:
                out.add(
                    codes.INVALID_CONFIG,
                    f"{label}: task {task.id!r} dependsOn itself, so it could never start",
                    dep.line,
                    dep.col,
                )
            else:
                edges.setdefault(task.id, []).append((dep.value, dep))
        _check_expand(label, task, seen, out)
    cycle = _find_cycle(
        [t.id for t in tasks if t.id is not None and seen.get(t.id) is t],
        lambda tid: [d for d, _ in edges.get(tid, ())],
    )
    if cycle:
        path = " -> ".join(repr(t) for t in cycle)
        first = seen[cycle[0]]
        out.add(
            codes.INVALID_CONFIG,
            f"{label}: the tasks form a dependency cycle ({path}; each dependsOn the "
            "next), so none of them could ever start",
            *first.depends_at,
        )


def _id_problem(task_id: str) -> str | None:
    if not task_id:
        return "a task id must not be empty"
    if "#" in task_id or "/" in task_id:
        return (
            f"task id {task_id!r} may not contain '#' or '/' (they separate mapped "
            "instances and task outputs in the daemon's keys)"
        )
    if _ID_CONTROL.search(task_id):
        return f"task id {task_id!r} may not contain control characters"
    return None


def _check_expand(label: str, task: _TaskRead, seen: dict[str, _TaskRead], out: Problems) -> None:
    source = task.expand_from
    if source is None:
        return
    where = (source.line, source.col)
    if task.type != "task":
        out.add(
            codes.INVALID_CONFIG,
            f"{label}: task {task.id!r}: only a plain task can be mapped with expand, "
            f"not a {task.type}",
            *where,
        )
    elif source.value not in seen:
        out.add(
            codes.INVALID_CONFIG,
            f"{label}: task {task.id!r}: expand.fromTask {source.value!r} is not a task "
            f"of this DAG{_close(source.value, seen)}",
            *where,
        )
    elif source.value not in {d.value for d in task.depends}:
        out.add(
            codes.INVALID_CONFIG,
            f"{label}: task {task.id!r}: expand.fromTask {source.value!r} must also be "
            "one of its dependsOn",
            *where,
        )
    elif seen[source.value].expand_from is not None:
        out.add(
            codes.INVALID_CONFIG,
            f"{label}: task {task.id!r}: expand.fromTask {source.value!r} is itself "
            "mapped; mapped tasks cannot be chained",
            *where,
        )


def _find_cycle(nodes: list[str], upstream: Callable[[str], list[str]]) -> list[str]:
    """One dependency cycle as [a, b, ..., a] (a dependsOn b ...), or [] when acyclic."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for root in nodes:
        if root in state:
            continue
        path: list[str] = [root]
        stack: list[Iterator[str]] = [iter(upstream(root))]
        state[root] = 1
        while stack:
            step = next(stack[-1], None)
            if step is None:
                state[path.pop()] = 2
                stack.pop()
                continue
            if state.get(step) == 1:
                return [*path[path.index(step) :], step]
            if step not in state:
                state[step] = 1
                path.append(step)
                stack.append(iter(upstream(step)))
    return []


def _close(word: str, known: Iterable[str]) -> str:
    from .jobs import did_you_mean

    return did_you_mean(word, list(known))


# -- hints for keys in the wrong place ------------------------------------------------

_TASK_PATH = re.compile(r"dags\[\d+\]\.tasks\[\d+\]")
_DAG_PATH = re.compile(r"dags\[\d+\]")
# Job keys that a DAG sets for all its tasks (its schedule job's frame).
_DAG_FRAME = (
    "schedule",
    "timezone",
    "utc",
    "enabled",
    "onMissed",
    "startingDeadlineSeconds",
    "catchupJitterSeconds",
    "clusterPolicy",
)


def misplaced_key_hint(path: str, key: str) -> str:
    """Advice for a key the schema refuses inside `dags:` because it belongs elsewhere."""
    from .tables import JOB, TASK

    if _TASK_PATH.fullmatch(path):
        if key in _DAG_FRAME:
            return (
                f"; {key!r} is set on the DAG, not on a task: a task runs when its DAG "
                "runs and its dependsOn are done"
            )
        if key == "name":
            return "; a task is named by its 'id'"
        if key in JOB.names:
            return (
                f"; {key!r} is a job key that a DAG task does not have (a task shares "
                "only the launch keys with jobs)"
            )
    elif _TASK_PATH.fullmatch(path.removesuffix(".onFailure")) and key == "retry":
        return "; a task retries by its own 'retries' and 'retryDelaySeconds', not onFailure.retry"
    elif _DAG_PATH.fullmatch(path) and key in TASK.names:
        return f"; {key!r} belongs to a task (under 'tasks:'), not to the DAG"
    return ""


# -- across the loaded files --------------------------------------------------------


def check_dags(dags: Seq[Dag], jobs: Seq[Job]) -> list[Finding]:
    """Names a DAG's tasks share with jobs or with another DAG's tasks, over all files."""
    found: list[Finding] = []
    # A task runs under the name '<dag>.<task id>', which shares the daemon's
    # per-name bookkeeping with jobs (and ids may contain '.').
    job_names = {job.name for job in jobs if job.kind != "dag"}
    owner: dict[str, tuple[str, str]] = {}
    for dag in dags:
        for task in dag.tasks:
            template = f"{dag.name}.{task.id}"
            if template in job_names:
                found.append(
                    _error(
                        f"job {template!r} collides with dag {dag.name!r} task {task.id!r}: a "
                        "task runs under the name '<dag>.<task id>' and would share that job's "
                        "bookkeeping; rename the job or the task",
                        task.location,
                    )
                )
                continue
            other = owner.setdefault(template, (dag.name, task.id))
            if other != (dag.name, task.id):
                found.append(
                    _error(
                        f"dag {dag.name!r} task {task.id!r} and dag {other[0]!r} task "
                        f"{other[1]!r} both run under the name {template!r}; rename one",
                        task.location,
                    )
                )
    return found


def schedule_collision(job: Job, other: Job) -> str | None:
    """The message when a job's name is a DAG's schedule job name (None otherwise)."""
    dag = job if job.kind == "dag" else other if other.kind == "dag" else None
    if dag is None:
        return None
    plain = other if dag is job else job
    return (
        f"job {plain.name!r} collides with the schedule of dag "
        f"{dag.name[len(SCHEDULE_PREFIX) :]!r} at {other.location} (a scheduled DAG "
        f"fires as the job {dag.name!r}); rename the job or the dag"
        + (
            " (a crontab job is named after its file: rename the file)"
            if plain.kind == "crontab"
            else ""
        )
    )


def _error(message: str, where: SourceLocation) -> Finding:
    return Finding(code=codes.INVALID_CONFIG, level="error", message=message, location=where)


# -- quiet value readers (the schema reports wrong types) ----------------------------


def _value(own: Entries, key: str) -> Node | None:
    entry = own.get(key)
    return entry[1] if entry is not None else None


def _bool(node: Node | None) -> bool | None:
    if not isinstance(node, Scalar):
        return None
    word = node.value.lower()
    return True if word in _TRUE else False if word in _FALSE else None
