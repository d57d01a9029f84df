"""The registry: every code once, documented in the what/why/example/use-instead shape."""

from __future__ import annotations

import pytest

from cronstable_cli.analysis.lint import BY_CODE, CODES, RULES
from cronstable_cli.analysis.lint.registry import FLEET_RULES, JOB_RULES
from cronstable_cli.load_codes import LOAD_CODES
from cronstable_cli.loaders.problems import Problems

SPEC_SCHEDULE_CODES = {
    "never-fires": "warning",
    "day-fields-both-restricted": "warning",
    "uneven-step": "warning",
    "skipped-months": "warning",
    "leap-day-only": "note",
    "dst-skipped-time": "note",
    "dst-repeated-time": "note",
    "hashed-slot": "note",
    "every-minute": "warning",
    "crowded-minute": "warning",
    # Silent misreadings of pasted Quartz/Spring expressions (issue 11).
    "seconds-first-six-fields": "warning",
    "quartz-weekday-number": "warning",
    # How the schedule meets the job's runtime keys (issue 23); runs-may-overlap is a
    # note under Forbid/Replace, set per finding.
    "runs-may-overlap": "warning",
    "sla-gap-breach": "warning",
    "runtime-alarm-after-timeout": "warning",
    "host-local-zone": "note",
    "implicit-timezone": "note",
}
SPEC_ERRORS = (
    "invalid-schedule",
    "invalid-config",
    "unknown-timezone",
    "duplicate-job-name",
    "include-cycle",
    "unreadable-file",
    "unknown-key",
)


def test_codes_are_unique_and_kebab_case() -> None:
    assert len(CODES) == len(set(CODES))
    for code in CODES:
        assert code == code.lower() and " " not in code and "_" not in code


def test_schedule_rules_have_their_spec_levels() -> None:
    assert {r.code: r.level for r in JOB_RULES + FLEET_RULES} == SPEC_SCHEDULE_CODES


def test_errors_are_errors() -> None:
    assert all(BY_CODE[code].level == "error" for code in SPEC_ERRORS)
    assert BY_CODE["missing-final-newline"].level == "note"


def test_every_loader_code_is_registered_at_the_loaders_level() -> None:
    for code, level in LOAD_CODES.items():
        assert BY_CODE[code].level == level, code


def test_never_fires_runs_before_the_codes_it_replaces() -> None:
    order = list(CODES)
    for code in BY_CODE["never-fires"].replaces:
        assert order.index("never-fires") < order.index(code)


def test_crowded_minute_is_the_only_fleet_rule() -> None:
    assert [r.code for r in FLEET_RULES] == ["crowded-minute"]


@pytest.mark.parametrize("rule", RULES, ids=[r.code for r in RULES])
def test_documentation_shape(rule: object) -> None:
    from cronstable_cli.analysis.lint import Rule

    assert isinstance(rule, Rule)
    assert rule.summary.endswith(".")
    for section in ("What it does", "Why is this bad?", "Example", "Use instead"):
        assert f"## {section}" in rule.doc, f"{rule.code}: missing {section}"
    assert rule.explanation and "\n" not in rule.explanation


def test_an_undeclared_load_code_is_refused() -> None:
    # A code with no declaration would have no level, no docs and no --select.
    with pytest.raises(ValueError, match="undeclared load code 'no-such-code'"):
        Problems("f.yaml").add("no-such-code", "message")
