"""`cronstable explain` and `cronstable why` as rich text."""

from __future__ import annotations

from typing import IO

from ..analysis.explain import Explanation
from ..analysis.why import WhyReport
from .console import make_writer
from .layout import Column, FitTable, Keep, Part, Prose, Row

LEVEL_STYLES = {"error": "bold red", "warning": "yellow", "note": "cyan"}


def render_explain(result: Explanation, file: IO[str] | None = None) -> None:
    """The sentence, then one row per field, then the notes."""
    console = make_writer(file)
    title: list[Part] = [Keep(result.expression, "bold")]
    if result.resolved != result.expression:
        title += ["  →  ", Keep(result.resolved, "bold green")]
    console.print(Prose(*title))
    console.print(Prose(result.description))
    if not result.fields:
        return
    # A field's written and resolved items are kept whole; the words and values wrap.
    columns = [
        Column("field", keep=True),
        Column("written", keep=True),
        Column("resolved", keep=True),
        Column("meaning"),
        Column("values"),
    ]
    rows = [
        Row((f.name, f.source, f.resolved if f.resolved != f.source else "", f.words, f.values))
        for f in result.fields
    ]
    console.print(FitTable(columns, rows))
    for finding in result.findings:
        console.print(
            Prose(
                (finding.level, LEVEL_STYLES.get(finding.level, "")),
                f" [{finding.code}] ",
                finding.message,
            )
        )


def render_why(report: WhyReport, file: IO[str] | None = None) -> None:
    """The verdict, the per-field table, DST notes and the neighbouring fires."""
    console = make_writer(file)
    head: list[Part] = [Keep(report.expression, "bold")]
    if report.resolved != report.expression:
        head += [("  →  ", "green"), Keep(report.resolved, "green")]
    console.print(Prose(*head))
    at = f"At {report.at:%a %Y-%m-%d %H:%M:%S %Z} ({report.timezone})"
    console.print(Prose((at, "dim"), indent=0))
    console.print(Prose(report.verdict, style="bold green" if report.fired else "bold red"))
    if report.fields:
        columns = [
            Column("field", keep=True),
            Column("value"),
            Column("", keep=True),
            Column("why"),
        ]
        rows = [
            Row(
                (
                    f.field,
                    f.value,
                    (("match", "green"),) if f.matched else (("no", "red"),),
                    f.reason,
                )
            )
            for f in report.fields
        ]
        console.print(FitTable(columns, rows))
    if report.dst:
        console.print(Prose(f"DST: {report.dst}", style="yellow"))
    prev = f"{report.previous:%a %Y-%m-%d %H:%M:%S %Z}" if report.previous else "none"
    nxt = f"{report.next:%a %Y-%m-%d %H:%M:%S %Z}" if report.next else "none (never again)"
    console.print(Prose(f"Previous fire: {prev}", indent=0))
    console.print(Prose(f"Next fire:     {nxt}", indent=0))
