"""A rule's gates (`applies(parsed)`, NEEDS_RUNTIME) only skip jobs it finds nothing in.

The linter leaves a rule out for every job of a parse its `applies` refuses,
and for every job without runtime keys when it NEEDS_RUNTIME: on each rule's
own check, a refused case must find nothing, or the gate would hide a finding.
"""

from __future__ import annotations

from datetime import datetime, timezone
from itertools import product

import pytest

from cronstable_cli.analysis.lint import registry
from cronstable_cli.analysis.lint.linter import _Frames
from cronstable_cli.records import Job, RuntimeKeys, SourceLocation

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
