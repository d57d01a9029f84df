"""A rule's gates (`applies(parsed)`, NEEDS_RUNTIME, PER_RUNTIME) skip only jobs it finds
nothing in.

The linter leaves a rule out for every job of a parse its `applies` refuses,
and for every job without runtime keys when it NEEDS_RUNTIME: on each rule's
own check, a refused case must find nothing, or the gate would hide a finding.
A PER_RUNTIME rule is left out for the jobs alike in schedule and runtime values
to one it found nothing in: in such jobs it finds in all or in none.
"""

from __future__ import annotations

from datetime import datetime, timezone
from itertools import product

import pytest
from hypothesis import given
from hypothesis import settings as examples
from hypothesis import strategies as st

from cronstable_cli.analysis.lint import registry
from cronstable_cli.analysis.lint.linter import _Frames
from cronstable_cli.records import Job, KeyOrigins, RuntimeKeys, SourceLocation

NOW = datetime(2026, 3, 7, tzinfo=timezone.utc)
SCHEDULES = (
    "0 * * * *",
    "H * * * *",
    "H H * * *",
    "H/15 * * * *",
    "h(0-29) 3 * * *",
    "*/7 * * * *",
    "0 0 1,15 * mon",
    "@daily",
    "@reboot",
    "0 5 * * * *",
    "0 5 * * * 2027",
    "H 5 * * * *",
    "0 0 12 ? * 2",
    "0 0 12 ? * 2-6",
    "0 0 12 ? * 0",
    "0 H 12 ? * 2 *",
    "*/20 * * * * *",
    "0 0 12 * * ? 2027",
)
RUNTIMES = (
    None,
    RuntimeKeys(),
    RuntimeKeys(execution_timeout=7200.0, max_runtime=7200),
    RuntimeKeys(max_time_since_success=60, late_after=1, on_missed="run", catchup_jitter=300),
)
GATED = [r for r in registry.JOB_RULES if r.applies is not None or r.needs_runtime]


def _job(schedule: str, runtime: RuntimeKeys | None, zone: str | None) -> Job:
    at = SourceLocation("jobs.yaml", 4, 15)
    return Job("a-job", schedule, at, at, timezone=zone, runtime=runtime)


def test_the_gated_rules_are_the_ones_meant() -> None:
    gated = {r.code for r in GATED}
    assert {"hashed-slot", "seconds-first-six-fields", "quartz-weekday-number"} <= gated
    assert {"runs-may-overlap", "sla-gap-breach", "runtime-alarm-after-timeout"} <= gated


@pytest.mark.parametrize("rule", GATED, ids=lambda r: r.code)
def test_a_gate_skips_only_jobs_the_rule_finds_nothing_in(rule: registry.Rule) -> None:
    frames = _Frames()
    found_somewhere = False
    for schedule, runtime, zone in product(SCHEDULES, RUNTIMES, (None, "America/New_York")):
        ctx, _ = frames.prepare(_job(schedule, runtime, zone), NOW, set())
        if ctx is None:
            continue
        assert rule.check is not None
        found = list(rule.check(ctx))
        skipped = (rule.applies is not None and not rule.applies(ctx.parsed)) or (
            rule.needs_runtime and ctx.job.runtime is None
        )
        if skipped:
            assert not found, f"{rule.code} skips {schedule!r} ({runtime}) yet finds {found}"
        found_somewhere = found_somewhere or bool(found)
    assert found_somewhere, f"no case where {rule.code} finds anything: the test proves nothing"


# -- PER_RUNTIME: one job's empty verdict stands for every job alike in schedule and values

PER_RUNTIME = [r for r in registry.JOB_RULES if r.per_runtime]
_VALUES = {
    "execution_timeout": [None, 240.0, 3600.0],
    "kill_timeout": [0.0, 30.0],
    "concurrency_policy": ["Allow", "Forbid"],
    "concurrency_scope": ["node", "cluster"],
    "max_runtime": [None, 200, 4000],
    "max_time_since_success": [None, 60, 86400, 93600],
    "late_after": [None, 1, 400],
    "on_missed": ["skip", "run"],
    "catchup_jitter": [0, 600],
}


def test_the_per_runtime_rules_are_the_ones_meant() -> None:
    codes = {r.code for r in PER_RUNTIME}
    assert codes == {
        "runs-may-overlap",
        "runtime-alarm-after-timeout",
        "host-local-zone",
        "sla-gap-breach",
    }
    assert not any(r.per_schedule for r in PER_RUNTIME)
    # sla-gap-breach reads the job's name where it compares a catch-up offset: not then.
    sla = registry.BY_CODE["sla-gap-breach"]
    assert callable(sla.per_runtime)
    assert not sla.per_runtime(RuntimeKeys(late_after=1, on_missed="run", catchup_jitter=300))
    assert sla.per_runtime(RuntimeKeys(late_after=1, catchup_jitter=300))


@st.composite
def _alike_jobs(draw: st.DrawFn) -> list[Job]:
    """Jobs alike in schedule, zone, kind, enabled, runtime values and cluster policy;
    different in name, place and where their keys are written."""
    schedule = draw(st.sampled_from(SCHEDULES))
    zone = draw(st.sampled_from([None, "America/New_York", "Nowhere/Else"]))
    utc = draw(st.booleans())
    policy = draw(st.sampled_from(["Leader", "EveryNode"]))
    values = {key: draw(st.sampled_from(choices)) for key, choices in _VALUES.items()}
    out = []
    for n in range(draw(st.integers(2, 5))):
        line = 10 * n + 4
        if draw(st.booleans()):
            origins = KeyOrigins("jobs.yaml", (("executionTimeout", line + 2, 5),), ())
        else:
            origins = KeyOrigins("", (), (("executionTimeout", SourceLocation("d.yaml", 2, 3)),))
        name = draw(st.text("abcxyz-", min_size=1, max_size=12))
        at = SourceLocation("jobs.yaml", line, 3)
        runtime = RuntimeKeys(**values, origins=origins)
        out.append(
            Job(
                name,
                schedule,
                at,
                at,
                timezone=zone,
                utc=utc,
                cluster_policy=policy,
                runtime=runtime,
            )
        )
    return out


@pytest.mark.parametrize("rule", PER_RUNTIME, ids=lambda r: r.code)
@given(jobs=_alike_jobs())
@examples(max_examples=80, deadline=None)
def test_a_per_runtime_rule_finds_in_every_alike_job_or_in_none(
    rule: registry.Rule, jobs: list[Job]
) -> None:
    assert jobs[0].runtime is not None
    if callable(rule.per_runtime) and not rule.per_runtime(jobs[0].runtime):
        return  # these values are not the rule's alone: each job is checked
    frames = _Frames()
    found = []
    for job in jobs:
        ctx, _ = frames.prepare(job, NOW, set())
        if ctx is None:
            return  # the schedule does not parse: no rule runs
        assert rule.check is not None
        found.append(bool(list(rule.check(ctx))))
    assert len(set(found)) == 1, f"{rule.code} finds in some alike jobs only: {found}"
