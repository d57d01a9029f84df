"""A runtime verdict found in one job of a class is said to the class's other jobs.

For a rule with `Rule.verdicts` (runs-may-overlap, sla-gap-breach) the linter asks
the rule once per class of jobs alike in their parse and zone (`linter._alike`) and
in their runtime values and cluster policy (`linter._group`), and says what it found
to each of the class's jobs. Each job's findings must be what the rule finds in that
job alone, in a run of its own. Generated fleets draw every field the verdicts read
from a few values, so jobs that differ in one field only are common: a class key
that forgot a field would hand one job's verdict to another (the last tests show the
comparison catches every such omission).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from itertools import count

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as examples
from hypothesis import strategies as st

from cronstable_cli.analysis.lint import LintSettings, lint, linter, registry
from cronstable_cli.records import Finding, Job, KeyOrigins, RuntimeKeys, SourceLocation

NOW = datetime(2026, 3, 7, tzinfo=timezone.utc)
TOLD = [r for r in registry.JOB_RULES if r.verdicts is not None]
CODES = frozenset(r.code for r in TOLD)
SCHEDULES = ("0 * * * *", "H * * * *", "H H * * *", "*/20 * * * *", "0 9 * * 1-5", "0 2 * * *")
ZONES = (None, "America/New_York", "Nowhere/Else")
# Each value the verdicts read, from a few choices that change what they say.
VALUES: dict[str, Sequence[object]] = {
    "execution_timeout": (None, 1200.0, 3600.0, 90000.0),
    "kill_timeout": (0.0, 30.0),
    "concurrency_policy": ("Allow", "Forbid", "Replace"),
    "concurrency_scope": ("node", "cluster"),
    "max_runtime": (None, 1500, 4000),
    "max_time_since_success": (None, 3000, 86400, 300000),
}


@dataclass(frozen=True)
class _Load:
    jobs: tuple[Job, ...]
    findings: tuple[Finding, ...] = ()
    files: tuple[str, ...] = ("jobs.yaml",)


def test_the_told_rules_are_the_ones_meant() -> None:
    assert {"runs-may-overlap", "sla-gap-breach"} == CODES
    assert all(r.per_runtime and not r.per_schedule for r in TOLD)


def _job(n: int, name: str, schedule: str, zone: str | None, utc: bool, policy: str,
         values: dict[str, object], own: bool) -> Job:  # fmt: skip
    line = 10 * n + 4
    if own:  # the job's own keys, or the defaults' (another file)
        origins = KeyOrigins("jobs.yaml", tuple((p, line + 2 + i, 5) for i, p in enumerate(_PATHS)))
    else:
        origins = KeyOrigins("", (), tuple((p, SourceLocation("d.yaml", 2 + i, 3))
                                            for i, p in enumerate(_PATHS)))  # fmt: skip
    at = SourceLocation("jobs.yaml", line, 3)
    return Job(
        name,
        schedule,
        at,
        SourceLocation("jobs.yaml", line + 1, 15),
        timezone=zone,
        utc=utc,
        cluster_policy=policy,
        runtime=RuntimeKeys(**values, origins=origins),  # type: ignore[arg-type]
    )


_PATHS = ("executionTimeout", "sla.maxRuntimeSeconds", "sla.maxTimeSinceSuccessSeconds")


@st.composite
def _fleets(draw: st.DrawFn) -> list[Job]:
    """A few kinds of job (each field drawn from its few values), each repeated under
    other names and places: jobs alike in all but a name, and unlike in one field."""
    kinds = []
    for _ in range(draw(st.integers(1, 4))):
        kinds.append(
            (
                draw(st.sampled_from(SCHEDULES)),
                draw(st.sampled_from(ZONES)),
                draw(st.booleans()),
                draw(st.sampled_from(["Leader", "EveryNode"])),
                {key: draw(st.sampled_from(choices)) for key, choices in VALUES.items()},
            )
        )
    jobs = []
    numbers = count()
    for kind in draw(st.lists(st.sampled_from(kinds), min_size=2, max_size=10)):
        schedule, zone, utc, policy, values = kind
        if draw(st.booleans()):  # the same kind but for one field
            field = draw(st.sampled_from(sorted(VALUES)))
            values = {**values, field: draw(st.sampled_from(VALUES[field]))}
        name = draw(st.sampled_from(["a", "b", "ingest", "job-7", "x-y"]))
        jobs.append(
            _job(next(numbers), name, schedule, zone, utc, policy, values, draw(st.booleans()))
        )
    return jobs


def _each_alone(jobs: Sequence[Job]) -> list[Finding]:
    """The told rules' findings with each job checked in a run of its own."""
    found = []
    for job in jobs:
        ctx, _ = linter._Frames().prepare(job, NOW, set())  # nothing shared with the others
        if ctx is None or ctx.parsed.reboot:
            continue
        for rule in TOLD:
            assert rule.check is not None
            found += rule.check(ctx)
    return sorted(found, key=linter._sort_key)


def _linted(jobs: Sequence[Job]) -> list[Finding]:
    report = lint(_Load(tuple(jobs)), LintSettings(now=NOW, select=CODES))
    return [f for f in report.findings if f.code in CODES]  # not the unknown zone's refusal


@given(jobs=_fleets())
@examples(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_each_job_is_told_what_it_alone_would_be(jobs: list[Job]) -> None:
    assert _linted(jobs) == _each_alone(jobs)


def _pairs() -> list[list[Job]]:
    """Two jobs that differ in one field the verdicts read, for each such field."""
    base: dict[str, object] = {
        "execution_timeout": 3600.0,
        "kill_timeout": 30.0,
        "concurrency_policy": "Allow",
        "concurrency_scope": "node",
        "max_runtime": None,
        "max_time_since_success": 86400,
    }
    other = {
        "execution_timeout": 90000.0,
        "kill_timeout": 0.0,
        "concurrency_policy": "Forbid",
        "concurrency_scope": "cluster",
        "max_runtime": 4000,
        "max_time_since_success": 3000,
    }
    out = []
    for field in VALUES:
        first = _job(0, "a", "0 * * * *", None, True, "EveryNode", base, True)
        values = {**base, field: other[field]}
        if field == "max_runtime":
            values["execution_timeout"] = None  # the bound is the expected one then
            first = _job(
                0,
                "a",
                "0 * * * *",
                None,
                True,
                "EveryNode",
                {**base, "execution_timeout": None},
                True,
            )
        out.append([first, _job(1, "b", "0 * * * *", None, True, "EveryNode", values, True)])
    both = {**base, "concurrency_scope": "cluster"}
    out.append(
        [
            _job(0, "a", "0 * * * *", None, True, "EveryNode", both, True),
            _job(1, "b", "0 * * * *", None, True, "Leader", both, True),
        ]
    )
    for first, second in (
        (("H * * * *", None, True), ("H * * * *", None, True)),  # H lands by the name
        (("0 * * * *", None, True), ("0 * * * *", "America/New_York", True)),
        (("0 2 * * *", "America/New_York", True), ("0 2 * * *", "Nowhere/Else", True)),
        (("0 * * * *", None, True), ("0 * * * *", None, False)),  # UTC, the host's clock
    ):
        out.append(
            [
                _job(0, "a", *first, "Leader", base, True),
                _job(1, "zz", *second, "Leader", base, True),
            ]
        )
    return out


def _forgetting(key: Callable[..., object], index: int) -> Callable[..., object]:
    def forgot(arg: object) -> object:
        made = key(arg)
        if made is None:
            return None
        parts = list(made)  # type: ignore[call-overload]
        parts[index] = "forgotten"
        return tuple(parts)

    return forgot


@pytest.mark.parametrize("field", [*VALUES, "cluster_policy"])
def test_a_group_that_forgets_a_value_is_caught(
    field: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert all(_linted(jobs) == _each_alone(jobs) for jobs in _pairs())
    group = linter._group

    def forgot(job: Job) -> object:
        runtime = job.runtime
        if runtime is None:
            return group(job)
        if field == "cluster_policy":
            return (runtime[: linter._VALUES], "forgotten")
        return (runtime._replace(**{field: "forgotten"})[: linter._VALUES], job.cluster_policy)

    monkeypatch.setattr(linter, "_group", forgot)
    assert any(_linted(jobs) != _each_alone(jobs) for jobs in _pairs()), field


# The parts of `_alike` a verdict reads (the parse, its zone as named, utc): each forgotten.
@pytest.mark.parametrize("index", [0, 2, 3])
def test_a_class_that_forgets_its_parse_or_zone_is_caught(
    index: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(linter, "_alike", _forgetting(linter._alike, index))
    assert any(_linted(jobs) != _each_alone(jobs) for jobs in _pairs()), index


@pytest.mark.parametrize(
    ("keys", "seconds", "said"),
    [
        (
            RuntimeKeys(execution_timeout=3600.0, kill_timeout=30.0),
            3630.0,
            "executionTimeout 3600 s plus killTimeout 30 s before the kill",
        ),
        (RuntimeKeys(execution_timeout=900.5, kill_timeout=0.0), 900.5, "executionTimeout 900.5 s"),
        (
            RuntimeKeys(execution_timeout=60.0, kill_timeout=0.5, max_runtime=10),
            60.5,
            "executionTimeout 60 s plus killTimeout 0.5 s before the kill",
        ),
        (RuntimeKeys(max_runtime=4000), 4000.0, "sla.maxRuntimeSeconds 4000 s, the expected bound"),
        (
            RuntimeKeys(max_runtime=2**60 + 1),  # said as written, not as the float it bounds by
            float(2**60),
            f"sla.maxRuntimeSeconds {2**60 + 1} s, the expected bound",
        ),
    ],
)
def test_a_bound_says_what_sets_it(keys: RuntimeKeys, seconds: float, said: str) -> None:
    # The wording is made only when a message needs it (hand-written vectors).
    from cronstable_cli.analysis.lint.runtime import run_bound

    bound = run_bound(keys)
    assert bound is not None
    assert (bound.seconds, bound.said) == (seconds, said)
    assert run_bound(RuntimeKeys()) is None
