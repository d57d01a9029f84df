"""Every lint code, in report order: the one explicit list (no import scanning).

Load problems (emitted by the loaders, or by the linter for schedules that
do not parse) have documentation but no `check`; schedule rules are modules
under `rules/` with `CODE`, `LEVEL`, a `check(ctx)` generator and a module
docstring that is their user documentation.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import Any, Literal, NamedTuple

from ...load_codes import LOAD_RULES
from ...records import Finding, FixKind, Level, RuntimeKeys
from .rules import (
    crowded_minute,
    day_fields_both_restricted,
    dst_repeated_time,
    dst_skipped_time,
    every_minute,
    hashed_slot,
    host_local_zone,
    implicit_timezone,
    leap_day_only,
    never_fires,
    quartz_weekday_number,
    runs_may_overlap,
    runtime_alarm_after_timeout,
    seconds_first_six_fields,
    skipped_months,
    sla_gap_breach,
    uneven_step,
)
from .runtime import Verdict

Scope = Literal["load", "job", "fleet"]
Check = Callable[[Any], Iterator[Finding]]


class Rule(NamedTuple):
    """A lint code: its default level, documentation and (for schedule rules) its check."""

    code: str
    level: Level
    doc: str  # Markdown: summary line, then What it does / Why is this bad? / Example / Use instead
    check: Check | None = None
    scope: Scope = "load"
    replaces: frozenset[str] = frozenset()  # codes this one drops for the same job
    # True when the findings depend only on the schedule's text and parse and the
    # job's zone, kind and enabled flag (never its name but through the parse, as a
    # hashed item's value does): jobs alike in those share them.
    per_schedule: bool = False
    fix: FixKind | None = None  # whether some findings carry a fix, and of which kind
    default_on: bool = True  # False: runs only when selected (--select or the config file)
    # False for a parse the rule finds nothing in, whatever the job (hashed-slot: one
    # without H): the linter does not run the rule for the jobs with that parse. A
    # fleet rule's takes the run's LintSettings (crowded-minute: a limit is set).
    applies: Callable[[Any], bool] | None = None
    needs_runtime: bool = False  # True: finds nothing in a job without runtime keys
    # True when whether the rule finds anything in a job depends only on what
    # `per_schedule` findings depend on and on the job's runtime values and cluster
    # policy (never its name, nor where its keys are written): where it found nothing
    # in one such job, the linter does not run it for the others. A function of the
    # runtime values says for which values that holds (sla-gap-breach: unless a
    # catch-up offset, made from the name, is compared).
    per_runtime: bool | Callable[[RuntimeKeys], bool] = False
    # For a per_runtime rule that says only what runtime.Verdicts say (runs-may-overlap,
    # sla-gap-breach): them, before they are said about the job. Where per_runtime
    # holds they are the same for the jobs alike in what it names, and the linter says
    # the first one's to the others (`runtime.said`) instead of running the rule again.
    verdicts: Callable[[Any], Sequence[Verdict]] | None = None

    @property
    def summary(self) -> str:
        return self.doc.strip().splitlines()[0].strip()

    def section(self, title: str) -> str:
        """One `## title` section of the doc, as a single paragraph of plain text."""
        match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", self.doc, re.S | re.M)
        return " ".join(match.group(1).split()) if match else ""

    @property
    def explanation(self) -> str:
        """What it does and why it matters, in one paragraph (for `--list-rules`)."""
        return " ".join(
            p for p in (self.section("What it does"), self.section("Why is this bad?")) if p
        )


def _rule(module: ModuleType) -> Rule:
    return Rule(
        code=module.CODE,
        level=module.LEVEL,
        doc=module.__doc__ or "",
        check=module.check,
        scope=getattr(module, "SCOPE", "job"),
        replaces=getattr(module, "REPLACES", frozenset()),
        per_schedule=getattr(module, "PER_SCHEDULE", False),
        fix=getattr(module, "FIX", None),
        default_on=getattr(module, "DEFAULT_ON", True),
        applies=getattr(module, "applies", None),
        needs_runtime=getattr(module, "NEEDS_RUNTIME", False),
        per_runtime=getattr(module, "PER_RUNTIME", False),
        verdicts=getattr(module, "verdicts", None),
    )


RULES: tuple[Rule, ...] = (
    *(Rule(c.code, c.level, c.doc, fix=c.fix) for c in LOAD_RULES),
    # never-fires first: it replaces later codes for the same job.
    _rule(never_fires),
    _rule(seconds_first_six_fields),
    _rule(quartz_weekday_number),
    _rule(day_fields_both_restricted),
    _rule(uneven_step),
    _rule(skipped_months),
    _rule(leap_day_only),
    _rule(dst_skipped_time),
    _rule(dst_repeated_time),
    _rule(hashed_slot),
    _rule(every_minute),
    # How the schedule meets the job's runtime keys (timeouts, concurrency, sla).
    _rule(runs_may_overlap),
    _rule(sla_gap_breach),
    _rule(runtime_alarm_after_timeout),
    _rule(host_local_zone),
    _rule(implicit_timezone),
    _rule(crowded_minute),
)

BY_CODE: dict[str, Rule] = {rule.code: rule for rule in RULES}
CODES: tuple[str, ...] = tuple(BY_CODE)
LEVELS: dict[str, Level] = {rule.code: rule.level for rule in RULES}
ORDER: dict[str, int] = {code: i for i, code in enumerate(CODES)}
JOB_RULES: tuple[Rule, ...] = tuple(r for r in RULES if r.scope == "job")
FLEET_RULES: tuple[Rule, ...] = tuple(r for r in RULES if r.scope == "fleet")
OFF_BY_DEFAULT: frozenset[str] = frozenset(r.code for r in RULES if not r.default_on)
