"""The linter: precedence, suppression, --select/--ignore, order, summary and exit codes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings as examples
from hypothesis import strategies as st

from cronstable_cli.analysis.lint import LintReport, registry
from cronstable_cli.records import Finding, SourceLocation

from .lint_cases import FILE, codes, make_job, run

# -- precedence -------------------------------------------------------------


@pytest.mark.parametrize(
    ("schedule", "job", "expected"),
    [
        pytest.param("0 0 30 2 *", {}, ["never-fires"], id="drops skipped-months"),
        pytest.param("0 0 29 2 * 2025", {}, ["never-fires"], id="drops leap-day-only"),
        pytest.param(
            "30 2 30 2 *", {"timezone": "America/New_York"}, ["never-fires"], id="drops dst notes"
        ),
        pytest.param(
            "0 0 1 * mon#5",
            {},
            ["never-fires", "day-fields-both-restricted"],
            id="keeps other warnings",
        ),
        pytest.param("*/7 0 30 2 *", {}, ["uneven-step", "never-fires"], id="keeps uneven-step"),
    ],
)
def test_never_fires_replaces_the_notes_it_makes_moot(
    schedule: str, job: dict[str, object], expected: list[str]
) -> None:
    assert codes(schedule, **job) == expected


def test_without_never_fires_the_others_stay() -> None:
    assert codes("0 0 31 1,4 *") == ["skipped-months"]
    assert codes("0 0 29 2 *") == ["leap-day-only"]


def test_disabled_jobs_are_linted_like_enabled_ones() -> None:
    assert codes("*/7 * * * *", enabled=False) == ["uneven-step"]


def test_reboot_jobs_get_no_schedule_findings() -> None:
    assert codes("@reboot") == []


# -- suppression ------------------------------------------------------------


@pytest.mark.parametrize(
    ("suppressed", "expected"),
    [
        pytest.param(None, ["uneven-step", "hashed-slot"], id="no comment"),
        pytest.param(frozenset(), [], id="ignore everything"),
        pytest.param(frozenset({"hashed-slot"}), ["uneven-step"], id="one code"),
        pytest.param(frozenset({"uneven-step", "hashed-slot"}), [], id="both codes"),
        pytest.param(frozenset({"every-minute"}), ["uneven-step", "hashed-slot"], id="other code"),
    ],
)
def test_suppression(suppressed: frozenset[str] | None, expected: list[str]) -> None:
    assert codes("H/7 * * * *", suppressed=suppressed) == expected


def test_suppression_applies_to_load_findings_of_the_job() -> None:
    job = make_job("0 0 * * *", name="a", suppressed=frozenset({"empty-value"}))
    loaded = Finding(
        "empty-value", "warning", "`timezone:` is empty", SourceLocation(FILE, 5, 5), job="a"
    )
    assert run(job, findings=(loaded,)).findings == ()


def test_a_refusal_is_never_suppressed_selected_or_ignored_away() -> None:
    # The daemon refuses the file: a comment, --select or --ignore cannot make it load.
    job = make_job("0 0 * * *", name="a", suppressed=frozenset({"unknown-key"}))
    loaded = Finding(
        "unknown-key", "error", "unknown key 'timeZone'", SourceLocation(FILE, 5, 5), job="a"
    )
    assert [f.code for f in run(job, findings=(loaded,)).findings] == ["unknown-key"]
    for settings in (
        {"select": frozenset({"hashed-slot"})},
        {"ignore": frozenset({"unknown-key"})},
    ):
        found = run(job, findings=(loaded,), **settings).findings  # type: ignore[arg-type]
        assert [f.code for f in found] == ["unknown-key"]


def test_never_fires_still_replaces_when_it_is_suppressed() -> None:
    assert codes("0 0 30 2 *", suppressed=frozenset({"never-fires"})) == []


# -- select / ignore ----------------------------------------------------------

JOBS = (
    make_job("*/7 * * * *", name="a", line=4),
    make_job("H 2 * * *", name="b", line=9),
    make_job("* 2 * * *", name="c", line=14),
)


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        pytest.param({}, ["uneven-step", "hashed-slot", "every-minute"], id="all"),
        pytest.param({"select": frozenset({"hashed-slot"})}, ["hashed-slot"], id="select"),
        pytest.param(
            {"ignore": frozenset({"hashed-slot"})}, ["uneven-step", "every-minute"], id="ignore"
        ),
        pytest.param(
            {
                "select": frozenset({"hashed-slot", "uneven-step"}),
                "ignore": frozenset({"uneven-step"}),
            },
            ["hashed-slot"],
            id="both",
        ),
    ],
)
def test_select_and_ignore(settings: dict[str, Any], expected: list[str]) -> None:
    assert [f.code for f in run(*JOBS, **settings).findings] == expected


@pytest.mark.parametrize(
    ("settings", "ran"),
    [
        pytest.param({"select": frozenset({"hashed-slot"})}, {"hashed-slot"}, id="select"),
        # never-fires replaces skipped-months, so it must still run to drop its findings
        pytest.param(
            {"select": frozenset({"skipped-months"})},
            {"never-fires", "skipped-months"},
            id="replacing rule runs",
        ),
        pytest.param({"ignore": frozenset({"hashed-slot", "uneven-step"})}, None, id="ignore"),
    ],
)
def test_unselected_rules_do_not_run(
    monkeypatch: pytest.MonkeyPatch, settings: dict[str, Any], ran: set[str] | None
) -> None:
    from cronstable_cli.analysis.lint import registry

    called: set[str] = set()

    def spy(rule: registry.Rule) -> registry.Rule:
        def check(ctx: Any) -> Any:
            called.add(rule.code)
            assert rule.check is not None
            return rule.check(ctx)

        return rule._replace(check=check)

    monkeypatch.setattr(registry, "JOB_RULES", tuple(spy(r) for r in registry.JOB_RULES))
    run(*JOBS, make_job("0 0 31 1,4 *", name="d", line=19), **settings)
    every = {r.code for r in registry.JOB_RULES}
    if ran is None:
        ran = every - settings["ignore"] - registry.OFF_BY_DEFAULT  # opt-in rules stay off
        # and the runtime-key rules have nothing to check in jobs without runtime keys
        ran -= {r.code for r in registry.JOB_RULES if r.needs_runtime}
    assert called == ran


# -- order, summary, exit codes -------------------------------------------------


def test_findings_are_sorted_by_file_line_column() -> None:
    late = Finding("unknown-key", "error", "x", SourceLocation("a.yaml", 9, 5), job="z")
    early = Finding("invalid-config", "error", "y", SourceLocation("a.yaml", 2, 1))
    report = run(make_job("*/7 */5 * * *"), findings=(late, early))
    assert [(f.file, f.line, f.column) for f in report.findings] == [
        ("a.yaml", 2, 1),
        ("a.yaml", 9, 5),
        (FILE, 4, 1),
        (FILE, 4, 5),
    ]


def test_report_counts() -> None:
    report = run(*JOBS)
    assert report.jobs == 3
    assert report.files == (FILE,)
    assert report.summary == {"error": 0, "warning": 2, "note": 1}


def _report(*levels: str) -> LintReport:
    findings = tuple(Finding("x", level, "m") for level in levels)  # type: ignore[arg-type]
    return LintReport(findings, 1, (FILE,))


@pytest.mark.parametrize(
    ("levels", "fail_on", "expected"),
    [
        pytest.param((), "note", 0, id="clean"),
        pytest.param(("note",), "warning", 0, id="note below warning"),
        pytest.param(("note",), "note", 1, id="note at note"),
        pytest.param(("warning",), "warning", 1, id="warning at warning"),
        pytest.param(("warning",), "error", 0, id="warning below error"),
        pytest.param(("error",), "error", 1, id="error"),
        pytest.param(("error", "warning"), "never", 0, id="never"),
    ],
)
def test_exit_code(levels: tuple[str, ...], fail_on: str, expected: int) -> None:
    assert _report(*levels).exit_code(fail_on) == expected


def test_focus_limits_the_per_job_rules_but_the_fleet_rules_see_everyone() -> None:
    from cronstable_cli.analysis.lint import LintSettings, lint

    from .lint_cases import NOW, Loaded

    # Four jobs fire at :00 (more than 2); only 'b' is in focus, so only its own
    # uneven-step finding shows ('d' has one too), while the crowd counts all four.
    jobs = (
        make_job("0 * * * *", "a", line=4),
        make_job("*/7 * * * *", "b", line=8),
        make_job("0 * * * *", "c", line=12),
        make_job("*/7 * * * *", "d", line=16),
    )
    report = lint(
        Loaded(jobs), LintSettings(now=NOW, max_per_minute=2), focus=lambda job: job.name == "b"
    )
    assert sorted((f.code, f.job) for f in report.findings) == [
        ("crowded-minute", "a"),
        ("uneven-step", "b"),
    ]
    crowd = next(f for f in report.findings if f.code == "crowded-minute")
    assert crowd.message.startswith("4 jobs fire in minute :00")


# -- findings shared between jobs with the same schedule ---------------------------


@pytest.mark.parametrize(
    "schedule",
    [
        "*/7 0 30 2 *",
        "0 0 31 1,4 *",
        "0 0 29 2 *",
        "* 2 * * *",
        "0 12 13 * 5",
        "30 2 * * *",
        "H/7 * * * *",
        "0 0 */3 * *",
    ],
)
def test_a_shared_finding_reads_as_if_linted_alone(schedule: str) -> None:
    from cronstable_cli.records import Job

    def job(name: str, line: int, column: int) -> Job:
        return Job(
            name=name,
            schedule=schedule,
            timezone="America/New_York",
            location=SourceLocation(FILE, line - 1, 3),
            schedule_location=SourceLocation(FILE, line, column),
        )

    jobs = [job("first", 4, 15), job("second", 9, 21), job("third-one", 30, 7)]
    together = run(*jobs).findings
    for one in jobs:
        alone = run(one).findings
        assert alone, "the case must produce findings to compare"
        assert [f for f in together if f.job == one.name] == list(alone)


def test_no_rule_names_its_job_itself() -> None:
    # JobContext.finding() adds "job 'x': "; a rule that writes it too says it twice.
    rules = Path(registry.__file__).parent / "rules"
    for module in rules.glob("*.py"):
        assert "w.job(ctx.name)}: " not in module.read_text(encoding="utf-8"), module.name


# -- runtime-key verdicts shared between jobs alike in schedule, zone and keys -----------

_RUNTIME_CODES = frozenset({"runs-may-overlap", "sla-gap-breach", "runtime-alarm-after-timeout"})


# Each runtime value's choices: the jobs of a draw share one choice of each and differ
# from it in at most one, so that many are alike but for one key.
_RUNTIME_VALUES: dict[str, list[Any]] = {
    "execution_timeout": [None, 240.0, 300.0, 3600.0, 90000.0],
    "kill_timeout": [0.0, 30.0, 120.0],
    "concurrency_policy": ["Allow", "Forbid", "Replace"],
    "concurrency_scope": ["node", "cluster"],
    "catchup_jitter": [0, 600],
    "on_missed": ["skip", "run_once"],
    "max_time_since_success": [None, 3000, 86400, 93600],
    "late_after": [None, 60],
    "max_runtime": [None, 200, 4000],
}


@st.composite
def _runtime_jobs(draw: st.DrawFn) -> list[Any]:
    """Jobs drawn from a few schedules and zones, alike in their runtime values but for
    at most one each, so many share a timeline and their keys; names and key places
    all differ."""
    from cronstable_cli.records import Job, KeyOrigins, RuntimeKeys

    base = {key: draw(st.sampled_from(choices)) for key, choices in _RUNTIME_VALUES.items()}
    schedules = ["*/5 * * * *", "0 * * * *", "H * * * *", "0 9 * * 1-5"]
    out = []
    for n in range(draw(st.integers(2, 9))):
        line = 10 * n + 4
        own = draw(st.booleans())  # the keys written on the job, or in the defaults
        written = (
            ("executionTimeout", line + 2, 5),
            ("sla.maxTimeSinceSuccessSeconds", line + 3, 7),
        )
        inherited = (
            ("executionTimeout", SourceLocation("defaults.yaml", 2, 3)),
            ("sla.maxTimeSinceSuccessSeconds", SourceLocation("defaults.yaml", 5, 3)),
        )
        values = dict(base)
        varied = draw(st.sampled_from([None, *_RUNTIME_VALUES]))
        if varied is not None:
            values[varied] = draw(st.sampled_from(_RUNTIME_VALUES[varied]))
        origins = KeyOrigins(FILE, written, ()) if own else KeyOrigins(FILE, (), inherited)
        out.append(
            Job(
                name=f"job-{n}-{draw(st.sampled_from(['a', 'bb', 'ccc']))}",
                schedule=draw(st.sampled_from(schedules)),
                timezone=draw(st.sampled_from([None, "America/New_York", "Nowhere/Else"])),
                cluster_policy=draw(st.sampled_from(["Leader", "EveryNode"])),
                location=SourceLocation(FILE, line, 3),
                schedule_location=SourceLocation(FILE, line + 1, 15),
                runtime=RuntimeKeys(**values, origins=origins),
            )
        )
    return out


@given(_runtime_jobs())
@examples(max_examples=150, deadline=None)
def test_runtime_findings_shared_between_jobs_read_as_if_linted_alone(jobs: list[Any]) -> None:
    # The runtime rules decide once per timeline and runtime values; each job's findings
    # must be exactly those it gets linted on its own, with its name and key places.
    together = run(*jobs, select=_RUNTIME_CODES).findings
    for one in jobs:
        alone = run(one, select=_RUNTIME_CODES).findings
        assert [f for f in together if f.job == one.name] == list(alone)
    assert len(together) == sum(len(run(one, select=_RUNTIME_CODES).findings) for one in jobs)
    assert {f.code for f in together} <= _RUNTIME_CODES | {"unknown-timezone"}


def test_without_a_fleet_rule_to_run_a_job_out_of_focus_is_not_prepared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cronstable_cli.analysis.lint import LintSettings, lint, linter

    from .lint_cases import NOW, Loaded

    jobs = (
        make_job("0 * * * *", "a", line=4),
        make_job("*/7 * * * *", "b", line=8),
        make_job("0 * * * *", "c", line=12),
    )
    prepared: list[str] = []
    real = linter._Frames.prepare

    def spy(self: object, job: object, *args: object) -> object:
        prepared.append(job.name)  # type: ignore[attr-defined]
        return real(self, job, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(linter._Frames, "prepare", spy)
    focus = lambda job: job.name == "b"  # noqa: E731
    # No limit: crowded-minute finds nothing, so only 'b' is read.
    report = lint(Loaded(jobs), LintSettings(now=NOW), focus=focus)
    assert prepared == ["b"]
    assert [(f.code, f.job) for f in report.findings] == [("uneven-step", "b")]
    # With a limit every job counts towards the crowd, in focus or not.
    prepared.clear()
    report = lint(Loaded(jobs), LintSettings(now=NOW, max_per_minute=1), focus=focus)
    assert prepared == ["a", "b", "c"]
    assert ("crowded-minute", "a") in [(f.code, f.job) for f in report.findings]
    # Left out by --ignore, the fleet rule needs no one either.
    prepared.clear()
    ignored = LintSettings(now=NOW, max_per_minute=1, ignore=frozenset({"crowded-minute"}))
    lint(Loaded(jobs), ignored, focus=focus)
    assert prepared == ["b"]
