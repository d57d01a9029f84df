"""Loaded jobs in, a lint report out: parse, run the rules, filter, sort.

The rules only find problems; the linter attaches levels, applies the
precedence between codes (never-fires replaces the notes it makes moot),
`# cronstable: ignore[...]` suppression, `--select`/`--ignore`, and the order
findings are reported in (file, line, column).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone, tzinfo
from typing import TYPE_CHECKING

from ...engine import Parsed, Schedule, ScheduleError, Timeline, ZoneError, load_zone
from ...load_codes import INVALID_SCHEDULE, REFUSALS, UNKNOWN_TIMEZONE
from ...records import LEVELS, Finding, Fix, Job, Level, RuntimeKeys, SourceLocation
from ..frames import parse_job
from . import registry
from .context import FleetContext, JobContext, LintSettings
from .runtime import Verdict, said

_RANK = {level: i for i, level in enumerate(LEVELS)}  # error 0, warning 1, note 2


if TYPE_CHECKING:
    from typing import Protocol

    class Loaded(Protocol):
        """What lint needs from a load: `loaders.LoadResult` or any look-alike."""

        @property
        def jobs(self) -> Sequence[Job]: ...
        @property
        def findings(self) -> Sequence[Finding]: ...
        @property
        def files(self) -> Sequence[str]: ...


@dataclass(frozen=True, slots=True)
class LintReport:
    """The findings of one run, sorted, with what was checked."""

    findings: tuple[Finding, ...]
    jobs: int
    files: tuple[str, ...]

    @property
    def summary(self) -> dict[Level, int]:
        counts: dict[Level, int] = {level: 0 for level in LEVELS}
        for finding in self.findings:
            counts[finding.level] += 1
        return counts

    def exit_code(self, fail_on: str = "warning") -> int:
        """1 when a finding is at or above `fail_on` ('never': always 0), else 0."""
        if fail_on == "never":
            return 0
        threshold = _RANK[fail_on]  # type: ignore[index]
        return int(any(_RANK[f.level] <= threshold for f in self.findings))


def lint(
    loaded: Loaded,
    settings: LintSettings | None = None,
    *,
    focus: Callable[[Job], bool] | None = None,
) -> LintReport:
    """Lint every job of a load; load problems become part of the report.

    With `focus`, the per-job rules run only for the jobs it accepts (fleet
    rules still see every job): `diff` lints only what changed, since an
    unchanged job's own findings are the same on both sides.
    """
    settings = settings or LintSettings()
    now = settings.now or datetime.now(timezone.utc)
    if now.tzinfo is None:
        now = now.replace(tzinfo=timezone.utc)
    frames = _Frames()
    rules = _job_rules(settings)
    shared: dict[tuple[object, ...], _Shared] = {}
    found = list(loaded.findings)
    already: set[tuple[str, str | None]] = {(f.code, f.job) for f in loaded.findings if f.job}
    # A zone the loader refused where it is set for many jobs (a CRON_TZ line, a
    # defaults block) is not refused again at each job that uses it.
    refused = _zone_refused_in(loaded.findings)
    if refused:
        already |= {
            (UNKNOWN_TIMEZONE, job.name)
            for job in (*loaded.jobs, *getattr(loaded, "withheld", ()))
            if job.timezone is not None and job.location.file in refused
        }
    contexts: list[JobContext] = []
    # Entries of a crontab the daemon refuses whole get every per-job check,
    # but no say in fleet rules: they never run.
    withheld: Sequence[Job] = getattr(loaded, "withheld", ())
    runs = [True] * len(loaded.jobs) + [False] * len(withheld)
    # The fleet rules that will report (selected, and with what they need set:
    # crowded-minute without --max-per-minute finds nothing); with none, a job
    # out of focus is not even prepared, since only fleet rules would see it.
    fleet_rules = [
        rule
        for rule in registry.FLEET_RULES
        if selected(rule.code, settings) and (rule.applies is None or rule.applies(settings))
    ]
    for job, runs_here in zip([*loaded.jobs, *withheld], runs, strict=True):
        in_focus = focus is None or focus(job)
        if not in_focus and not fleet_rules:
            continue
        ctx, problems = frames.prepare(job, now, already, settings.subject)
        if in_focus:
            if problems:
                found.extend(
                    p for p in problems if p.code in REFUSALS or not job.is_suppressed(p.code)
                )
            if ctx is not None:
                found.extend(_job_findings(ctx, rules, shared))
        if ctx is not None and runs_here:
            contexts.append(ctx)
    fleet = FleetContext(
        tuple(c for c in contexts if c.job.enabled and not c.parsed.reboot and c.zone_known),
        settings,
        now,
    )
    for rule in fleet_rules:
        assert rule.check is not None
        found.extend(rule.check(fleet))
    owners = _Owners([*loaded.jobs, *withheld])
    # Whether a code is reported, asked once per code, not once per finding.
    reported = {
        code: code in REFUSALS or selected(code, settings) for code in {f.code for f in found}
    }
    kept = [f for f in found if reported[f.code]]
    if owners.by_name:  # some `# cronstable: ignore` in the files: ask who owns each finding
        kept = [f for f in kept if f.code in REFUSALS or not owners.suppresses(f)]
    kept.sort(key=_sort_key)
    return LintReport(tuple(kept), len(loaded.jobs), tuple(loaded.files))


def _job_rules(settings: LintSettings) -> list[registry.Rule]:
    """The per-job rules worth running: selected ones, and those that replace a selected one.

    A rule left out by --select/--ignore is not run at all; one that replaces
    another's findings (never-fires replaces skipped-months) still runs while
    the rule it replaces is selected, so the replacement holds as before.
    """
    running = {rule.code for rule in registry.JOB_RULES if selected(rule.code, settings)}
    grew = True
    while grew:  # a rule runs when what it replaces runs (never-fires for skipped-months)
        before = len(running)
        running |= {rule.code for rule in registry.JOB_RULES if rule.replaces & running}
        grew = len(running) != before
    return [rule for rule in registry.JOB_RULES if rule.code in running]


class _Shared:
    """One (schedule, zone, kind, enabled)'s per-schedule verdicts, and the rules still
    worth visiting for its other jobs (a per-schedule rule known to find nothing is not,
    nor a per-runtime one that found nothing in a job with the same runtime values)."""

    __slots__ = ("empty", "group_plans", "parsed", "plans", "told", "verdicts")

    def __init__(self, parsed: Parsed) -> None:
        self.parsed = parsed  # alive while its id is a key
        # rule code -> the job that was checked and what the rule found there
        self.verdicts: dict[str, tuple[JobContext, list[Finding]]] = {}
        # The plan for a job without runtime keys, and for one with them (None: not made).
        self.plans: tuple[Sequence[registry.Rule], Sequence[registry.Rule]] | None = None
        # Per runtime group (`_group`): the per-runtime rules that found nothing there,
        # and the plan without them (made again whenever `plans` is).
        self.empty: dict[object, set[str]] = {}
        self.group_plans: dict[object, Sequence[registry.Rule]] = {}
        # (runtime group, rule code) -> the rule's runtime verdicts for that group's jobs
        # (`registry.Rule.verdicts`): said to each of them without running the rule.
        self.told: dict[tuple[object, str], Sequence[Verdict]] = {}

    def plan(
        self, group: object, runtime: bool, rules: Sequence[registry.Rule]
    ) -> list[registry.Rule]:
        """The rules to visit for a job of `group` (cached until the plans change)."""
        if self.plans is None:  # the first job: every rule its runtime keys allow
            return [r for r in rules if runtime or not r.needs_runtime]
        empty = self.empty.get(group, ())
        plan = [r for r in self.plans[runtime] if r.code not in empty]
        self.group_plans[group] = plan
        return plan


# RuntimeKeys' values without `origins` (where each is written): what a per-runtime
# rule's verdict may depend on.
assert RuntimeKeys._fields[-1] == "origins", "the values come first, where they are written last"
_VALUES = len(RuntimeKeys._fields) - 1


def _group(job: Job) -> object:
    """The job's runtime values and cluster policy: jobs alike in their schedule and in
    these get the same verdict from a per-runtime rule (None: no runtime keys)."""
    runtime = job.runtime
    return None if runtime is None else (runtime[:_VALUES], job.cluster_policy)


def _alike(ctx: JobContext) -> tuple[object, ...]:
    """What a per-schedule verdict depends on: jobs alike in it share a `_Shared`."""
    job = ctx.job
    return (
        id(ctx.parsed),  # the entry holds the parse: its id is not reused meanwhile
        job.schedule,
        job.timezone,  # with `utc`, what the zone is and whether it was named
        job.utc,
        ctx.zone_known,
        job.kind,
        job.enabled,
    )


def _job_findings(
    ctx: JobContext,
    rules: Sequence[registry.Rule],
    shared: dict[tuple[object, ...], _Shared],
) -> list[Finding]:
    """Run the per-job rules in registry order, honouring `replaces`.

    A fleet repeats a handful of schedules thousands of times: a `per_schedule`
    rule runs once per (parse, schedule, zone, kind, enabled) and the other jobs
    get its findings moved onto them; a rule that found nothing there is not
    even visited for them, nor a `per_runtime` rule for the jobs whose runtime
    values match a job it found nothing in; where such a rule says only
    `runtime.Verdict`s (`Rule.verdicts`), those it found in one job of a runtime
    group are said to the group's other jobs without running it again. A hashed
    schedule's parse depends on the job's name only through where its H items
    land, and the engine shares one parse between the names whose items land
    alike: they share verdicts too.
    """
    parsed = ctx.parsed
    if parsed.reboot:
        return []  # fires only at daemon start: no time schedule to check
    job = ctx.job
    key = _alike(ctx)
    alike = shared.get(key)
    if alike is None:
        alike = shared[key] = _Shared(parsed)
    group = _group(job)
    plan = alike.group_plans.get(group)
    if plan is None:
        plan = alike.plan(group, group is not None, rules)
    out: list[Finding] = []
    replaced = _NOTHING
    bare: JobContext | None = None  # this job without a subject, for findings others share
    learned = False  # a verdict found here: the plans are made again
    nothing: list[str] = []  # per-runtime rules that found nothing for this job's group
    for rule in plan:
        if rule.code in replaced:
            continue
        if rule.per_schedule:
            known = alike.verdicts.get(rule.code)
            if known is None:
                assert rule.check is not None
                bare = bare or replace(ctx, subject=False)
                known = alike.verdicts[rule.code] = (ctx, list(rule.check(bare)))
                learned = True
            if not known[1]:
                continue  # the common case: nothing found, nothing to move or replace
            emitted = [_moved(f, known[0], ctx) for f in known[1]]
        else:
            per_runtime = rule.per_runtime
            values_decide = per_runtime is True or bool(
                per_runtime and (job.runtime is None or per_runtime(job.runtime))
            )
            if rule.verdicts is not None and values_decide:
                told = alike.told.get((group, rule.code))
                if told is None:  # the group's first job: the verdicts the others get too
                    told = rule.verdicts(ctx)
                    if told:  # (nothing found leaves the rule out of the group's plan)
                        alike.told[(group, rule.code)] = told
                emitted = [said(ctx, rule.code, verdict) for verdict in told]
            else:
                assert rule.check is not None
                emitted = list(rule.check(ctx))
            if not emitted and values_decide:
                nothing.append(rule.code)
        if emitted:
            out.extend(emitted)
            if rule.replaces:
                replaced |= rule.replaces
    if nothing:
        alike.empty.setdefault(group, set()).update(nothing)
        alike.group_plans.pop(group, None)  # made again without them
    if learned or alike.plans is None:
        # Left out for this parse's other jobs: a per-schedule rule that found nothing,
        # and a rule that finds nothing in this parse whatever the job.
        verdicts = alike.verdicts
        full = [
            r
            for r in rules
            if not (r.per_schedule and r.code in verdicts and not verdicts[r.code][1])
            and (r.applies is None or r.applies(parsed))
        ]
        alike.plans = ([r for r in full if not r.needs_runtime], full)
        alike.group_plans.clear()
    if not out or (not replaced and job.suppressed is None):
        return out
    return [f for f in out if f.code not in replaced and not job.is_suppressed(f.code)]


_NOTHING: frozenset[str] = frozenset()


def _moved(finding: Finding, source: JobContext, target: JobContext) -> Finding:
    """A shared finding (its message names no job) said about `target`, at its schedule."""
    message = target.about(finding.message)
    if source is target:
        return replace(finding, message=message)
    origin, at = source.location(), finding.location
    column = at.column - origin.column + 1 if at and at.line == origin.line and at.column else 0
    return replace(
        finding,
        message=message,
        location=target.location(max(column, 0)),
        job=target.name,
        schedule=target.job.schedule,
        fix=_moved_fix(finding.fix, origin, target),
    )


def _moved_fix(fix: Fix | None, origin: SourceLocation, target: JobContext) -> Fix | None:
    """A fix's edits moved from one job's schedule onto another's (None if they cannot be)."""
    if fix is None:
        return None
    edits = []
    for edit in fix.edits:
        if edit.line != origin.line or not origin.column:
            return None  # not inside the schedule text: nothing to move it by
        where = target.location(edit.column - origin.column + 1)
        edits.append(replace(edit, line=where.line, column=where.column))
    return replace(fix, edits=tuple(edits))


def _zone_refused_in(findings: Sequence[Finding]) -> frozenset[str | None]:
    """The files where the loader refused a zone that is not one job's own."""
    return frozenset(f.file for f in findings if f.code == UNKNOWN_TIMEZONE and f.job is None)


class _Frames:
    """Parses, zones, schedules and timelines, shared between equivalent jobs."""

    def __init__(self) -> None:
        self.zones: dict[str, tzinfo | None] = {}
        self.timelines: dict[tuple[int, str], tuple[Parsed, Timeline]] = {}
        self.facts: dict[object, object] = {}  # run-wide per-schedule facts (gaps)

    def zone(self, name: str) -> tzinfo | None:
        if name not in self.zones:
            try:
                self.zones[name] = load_zone(name)
            except ZoneError:
                self.zones[name] = None
        return self.zones[name]

    def prepare(
        self, job: Job, now: datetime, already: set[tuple[str, str | None]], subject: bool = True
    ) -> tuple[JobContext | None, list[Finding]]:
        problems: list[Finding] = []
        zone = self.zone(job.zone)
        if zone is None and (UNKNOWN_TIMEZONE, job.name) not in already:
            problems.append(_unknown_zone(job))
        try:
            parsed = parse_job(job)
        except ScheduleError as err:
            if (INVALID_SCHEDULE, job.name) not in already:
                problems.append(_invalid_schedule(job, err))
            return None, problems
        frame = job.zone if zone is not None else "UTC"
        key = (id(parsed), frame)
        entry = self.timelines.get(key)
        if entry is None:
            timeline = Timeline(Schedule(parsed), zone or timezone.utc)
            entry = self.timelines[key] = (parsed, timeline)
        ctx = JobContext(
            job,
            parsed,
            entry[1],
            zone is not None,
            now,
            registry.LEVELS,
            subject=subject,
            facts=self.facts,
        )
        return ctx, problems


def _invalid_schedule(job: Job, err: ScheduleError) -> Finding:
    where = job.schedule_location if job.schedule_location.line else job.location
    if err.column and where.column:
        where = SourceLocation(where.file, where.line, where.column + err.column - 1)
    return Finding(
        code=INVALID_SCHEDULE,
        level=registry.LEVELS[INVALID_SCHEDULE],
        message=f"job {job.name!r}: invalid schedule `{job.schedule}`: {err.message}",
        location=where,
        job=job.name,
        schedule=job.schedule,
    )


def _unknown_zone(job: Job) -> Finding:
    from ...loaders.zones import unknown_zone_message

    return Finding(
        code=UNKNOWN_TIMEZONE,
        level=registry.LEVELS[UNKNOWN_TIMEZONE],
        message=unknown_zone_message(job.zone, f"job {job.name!r}"),
        location=job.location,
        job=job.name,
        schedule=job.schedule,
    )


class _Owners:
    """Which job a load finding belongs to, for `# cronstable: ignore[...]`."""

    def __init__(self, jobs: Sequence[Job]) -> None:
        self.by_name: dict[str, list[Job]] = {}
        if all(job.suppressed is None for job in jobs):
            return  # no `# cronstable: ignore` anywhere: no finding has an owner to ask
        for job in jobs:
            self.by_name.setdefault(job.name, []).append(job)

    def suppresses(self, finding: Finding) -> bool:
        if not self.by_name:
            return False
        candidates = [
            j for j in self.by_name.get(finding.job or "", ()) if j.location.file == finding.file
        ]
        if not candidates:
            return False
        before = [j for j in candidates if j.location.line <= finding.line]
        owner = max(before, key=lambda j: j.location.line) if before else candidates[0]
        return owner.is_suppressed(finding.code)


def selected(code: str, settings: LintSettings) -> bool:
    """Whether --select/--ignore (and the opt-in rules) let `code` run and report.

    A refusal is reported whatever this says; its fix is applied only when it is.
    """
    if settings.select is None:
        if code in registry.OFF_BY_DEFAULT:
            return False  # an opt-in rule (implicit-timezone) runs only when selected
    elif code not in settings.select:
        return False
    return code not in settings.ignore


def _sort_key(finding: Finding) -> tuple[str, int, int, int, str]:
    at = finding.location
    order = registry.ORDER.get(finding.code, len(registry.ORDER))
    if at is None:
        return ("", 0, 0, order, finding.message)
    return (at.file or "", at.line, at.column, order, finding.message)
