"""`cronstable explain`: the description and a per-field breakdown."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import CronTab
from ..engine.describe import FieldWords, describe, explain_fields
from ..records import Finding


@dataclass(frozen=True)
class Explanation:
    """An expression in words."""

    expression: str
    resolved: str
    description: str
    timezone: str
    fields: tuple[FieldWords, ...]
    findings: tuple[Finding, ...] = ()
    job: str | None = None


def explain(
    tab: CronTab,
    expression: str,
    zone_label: str,
    *,
    job: str | None = None,
    findings: tuple[Finding, ...] = (),
) -> Explanation:
    """Describe a schedule and each of its fields."""
    return Explanation(
        expression,
        tab.resolved,
        describe(tab.parsed),
        zone_label,
        tuple(explain_fields(tab.parsed)),
        findings,
        job,
    )
