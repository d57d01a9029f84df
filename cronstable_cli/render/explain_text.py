"""`cronstable explain` and `cronstable why` as rich text."""

from __future__ import annotations

from typing import IO

from ..analysis.explain import Explanation
from ..analysis.why import WhyReport
from .console import make_console

LEVEL_STYLES = {"error": "bold red", "warning": "yellow", "note": "cyan"}


def render_explain(result: Explanation, file: IO[str] | None = None) -> None:
    """The sentence, then one row per field, then the notes."""
    from rich.table import Table
    from rich.text import Text

    console = make_console(file)
    title = Text(result.expression, style="bold")
    if result.resolved != result.expression:
        title.append("  →  ")
        title.append(result.resolved, style="bold green")
    console.print(title)
    console.print(result.description)
    if not result.fields:
        return
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    for name in ("field", "written", "resolved", "meaning", "values"):
        table.add_column(name, overflow="fold")
    for f in result.fields:
        table.add_row(f.name, f.source, f.resolved if f.resolved != f.source else "",
                      f.words, f.values)
    console.print(table)
    for finding in result.findings:
        console.print(Text.assemble((finding.level, LEVEL_STYLES.get(finding.level, "")),
                                    f" [{finding.code}] ", finding.message))


def render_why(report: WhyReport, file: IO[str] | None = None) -> None:
    """The verdict, the per-field table, DST notes and the neighbouring fires."""
    from rich.table import Table
    from rich.text import Text

    console = make_console(file)
    head = Text(report.expression, style="bold")
    if report.resolved != report.expression:
        head.append(f"  →  {report.resolved}", style="green")
    console.print(head)
    console.print(Text(f"At {report.at:%a %Y-%m-%d %H:%M:%S %Z} ({report.timezone})",
                       style="dim"))
    console.print(Text(report.verdict, style="bold green" if report.fired else "bold red"))
    if report.fields:
        table = Table(show_edge=False, pad_edge=False, header_style="bold")
        table.add_column("field", no_wrap=True)
        table.add_column("value", no_wrap=True)
        table.add_column("", no_wrap=True)
        table.add_column("why", overflow="fold")
        for f in report.fields:
            mark = Text("match", style="green") if f.matched else Text("no", style="red")
            table.add_row(f.field, f.value, mark, f.reason)
        console.print(table)
    if report.dst:
        console.print(Text(f"DST: {report.dst}", style="yellow"))
    prev = f"{report.previous:%a %Y-%m-%d %H:%M:%S %Z}" if report.previous else "none"
    nxt = f"{report.next:%a %Y-%m-%d %H:%M:%S %Z}" if report.next else "none (never again)"
    console.print(f"Previous fire: {prev}")
    console.print(f"Next fire:     {nxt}")
