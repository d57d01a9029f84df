"""`cronstable lint` as text: findings grouped by file, `path:line:col` first, a summary.

Piped output is written without rich (render/plain.py lays out the same lines),
so JSON/GitHub/SARIF runs and piped text runs do not pay for it at start-up.
Colour follows the console (a TTY, no NO_COLOR).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from dataclasses import replace
from itertools import groupby
from typing import IO

from ..analysis.lint import LintReport, Rule
from ..engine.describe import plural
from ..records import LEVELS, Finding
from .console import print_blocks
from .layout import Block, Line, Prose

STYLES = {"error": "bold red", "warning": "yellow", "note": "cyan"}
NO_FILE = "(no file)"


def lint_blocks(report: LintReport, summary: bool = True) -> Iterator[Block]:
    """One block per file (its name, then its findings), then the summary line."""
    for index, (file, group) in enumerate(
        groupby(report.findings, key=lambda f: f.file or NO_FILE)
    ):
        if index:
            yield Line()
        yield Line((file, "bold underline"), whole=True)  # never cut: editors follow it
        for finding in group:
            # `path:line:col level [code]` always starts the first line, so it stays
            # greppable; the message wraps under it with schedules kept whole.
            yield _finding_prose(finding)
    if summary:
        yield Line()
        yield summary_line(report)


def _finding_prose(finding: Finding) -> Prose:
    return Prose(
        (_where(finding), "bold"),
        " ",
        (finding.level, STYLES[finding.level]),
        " ",
        (f"[{finding.code}]", "dim"),
        " ",
        finding.message,
        indent=4,
        whole_lead=True,  # `path:line:col` stays whole however long the path
    )


def _where(finding: Finding) -> str:
    at = finding.location
    if at is None:
        return NO_FILE
    return str(at if at.file else replace(at, file=NO_FILE))


def summary_line(report: LintReport) -> Line:
    """`Found 3 problems (1 error, 1 warning, 1 note) in 5 jobs from 2 files.`"""
    counts = report.summary
    checked = _checked(report)
    total = sum(counts.values())
    if not total:
        return Line(("No problems", "bold green"), f" in {checked}.")
    parts: list[str | tuple[str, str]] = [f"Found {plural(total, 'problem')} ("]
    shown = [level for level in LEVELS if counts[level]]
    for i, level in enumerate(shown):
        parts.append((plural(counts[level], level), STYLES[level]))
        if i < len(shown) - 1:
            parts.append(", ")
    parts.append(f") in {checked}.")
    return Line(*parts)


def _checked(report: LintReport) -> str:
    return f"{plural(report.jobs, 'job')} from {plural(len(report.files), 'file')}"


def render_lint(report: LintReport, file: IO[str] | None = None, *, summary: bool = True) -> None:
    """Print the report, wrapped to the output width (docs/cli.md).

    `summary=False` (--quiet) prints the findings only.
    """
    if not report.findings:
        if not summary:
            return
        # A clean run prints one plain line: the commonest pre-commit outcome builds no
        # console at all.
        print(f"No problems in {_checked(report)}.", file=file or sys.stdout)
        return
    print_blocks(lambda _: lint_blocks(report, summary), file)


def render_rules(rules: Iterable[Rule], file: IO[str] | None = None) -> None:
    """`--list-rules`: every code with its level and a one-paragraph explanation."""
    print_blocks(lambda _: rules_blocks(tuple(rules)), file)


def rules_blocks(rules: Iterable[Rule]) -> Iterator[Block]:
    """Each rule's heading line and explanation, a blank line after each."""
    for rule in rules:
        fix = f" [fix: {rule.fix}]" if rule.fix else ""
        yield Prose(
            (rule.code, "bold"),
            " ",
            (rule.level, STYLES[rule.level]),
            " ",
            rule.summary,
            (fix, "green"),
            indent=4,
        )
        yield Prose("    " + rule.explanation, indent=4)
        yield Prose("")
