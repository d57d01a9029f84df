"""`cronstable lint` as text: findings grouped by file, `path:line:col` first, a summary.

rich is imported only when text is rendered, so JSON/GitHub/SARIF runs do
not pay for it at start-up. Colour follows the console (a TTY, no NO_COLOR).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from dataclasses import replace
from itertools import groupby
from typing import IO, TYPE_CHECKING

from ..analysis.lint import LintReport, Rule
from ..records import LEVELS, Finding
from .console import make_console, to_ascii
from .layout import _CODE, Prose, _cell_width, wrap_plain

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.text import Text

STYLES = {"error": "bold red", "warning": "yellow", "note": "cyan"}
NO_FILE = "(no file)"


class LintText:
    """A renderable lint report: one block per file, then the summary line."""

    def __init__(self, report: LintReport, summary: bool = True) -> None:
        self.report = report
        self.summary = summary

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.text import Text

        for index, (file, group) in enumerate(
            groupby(self.report.findings, key=lambda f: f.file or NO_FILE)
        ):
            if index:
                yield Text("")
            yield Text(file, style="bold underline")
            for finding in group:
                # `path:line:col level [code]` always starts the first line, so it stays
                # greppable; the message wraps under it with schedules kept whole.
                yield _finding_prose(finding)
        if self.summary:
            yield Text("")
            yield summary_text(self.report)


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
    )


def _where(finding: Finding) -> str:
    at = finding.location
    if at is None:
        return NO_FILE
    return str(at if at.file else replace(at, file=NO_FILE))


def summary_text(report: LintReport) -> Text:
    """`Found 3 problems (1 error, 1 warning, 1 note) in 5 jobs from 2 files.`"""
    from rich.text import Text

    counts = report.summary
    checked = _checked(report)
    total = sum(counts.values())
    if not total:
        return Text.assemble(("No problems", "bold green"), f" in {checked}.")
    parts: list[str | tuple[str, str]] = [f"Found {_count(total, 'problem')} ("]
    shown = [level for level in LEVELS if counts[level]]
    for i, level in enumerate(shown):
        parts.append((_count(counts[level], level), STYLES[level]))
        if i < len(shown) - 1:
            parts.append(", ")
    parts.append(f") in {checked}.")
    return Text.assemble(*parts)


def _checked(report: LintReport) -> str:
    return f"{_count(report.jobs, 'job')} from {_count(len(report.files), 'file')}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def render_lint(report: LintReport, file: IO[str] | None = None, *, summary: bool = True) -> None:
    """Print the report, wrapped to the output width (docs/cli.md).

    `summary=False` (--quiet) prints the findings only.
    """
    if not report.findings:
        if not summary:
            return
        # A clean run prints one plain line: rich (tens of milliseconds to import)
        # is left off the start-up path of the commonest pre-commit outcome.
        print(f"No problems in {_checked(report)}.", file=file or sys.stdout)
        return
    console = make_console(file)
    if console.color_system is None:
        # No colour (a pipe, a file, NO_COLOR): rich would only add cost, so the report is
        # built as strings by the same wrapping rules (tests/render/test_lint_plain.py).
        console.file.write("".join(plain_lint(report, console, summary=summary)))
        console.file.flush()
        return
    console.print(LintText(report, summary))


def plain_lint(report: LintReport, console: Console, *, summary: bool = True) -> Iterator[str]:
    """The text `LintText` renders on a colourless `console`, built without rich Text."""
    width = console.width
    encoding = console.encoding
    ascii_only = not encoding.startswith("utf")

    def via_rich(renderable: object) -> str:
        # The rare line the fast path cannot match by construction (control characters
        # left for the console to escape, a line wider than its cells): rich renders it.
        with console.capture() as capture:
            console.print(renderable)
        return capture.get()

    for index, (file, group) in enumerate(
        groupby(report.findings, key=lambda f: f.file or NO_FILE)
    ):
        if index:
            yield "\n"  # a blank line between files (and before the summary, below)
        if _fits(file, width, ascii_only):
            yield file + "\n"
        else:
            from rich.text import Text

            yield via_rich(Text(file, style="bold underline"))
        for finding in group:
            parts = [
                _where(finding),
                " ",
                finding.level,
                " ",
                f"[{finding.code}]",
                " ",
                finding.message,
            ]
            lines = _plain_finding(parts, width, encoding, ascii_only)
            if lines is None:
                yield via_rich(_finding_prose(finding))
            else:
                yield from (line + "\n" for line in lines)
    if not summary:
        return  # --quiet: the findings only
    yield "\n"
    line = _summary_plain(report)
    yield line + "\n" if _fits(line, width, ascii_only) else via_rich(summary_text(report))


def _fits(text: str, width: int, ascii_only: bool) -> bool:
    """True when rich would print `text` as it is: printable, one line, within the width."""
    return text.isprintable() and (not ascii_only or text.isascii()) and _cell_width(text) <= width


def _plain_finding(
    parts: list[str], width: int, encoding: str, ascii_only: bool
) -> list[str] | None:
    """A finding's lines as `Prose(..., indent=4)` wraps them, or None when rich must."""
    if not all(part.isprintable() for part in parts):
        return None
    if ascii_only:
        parts = [to_ascii(part, encoding) for part in parts]
    plain, start = "", 0
    kept: list[tuple[int, int]] = []
    for part in parts:
        kept.extend((start + m.start(), start + m.end()) for m in _CODE.finditer(part))
        plain += part
        start = len(plain)
    lines = wrap_plain(plain, width, 4, kept=kept)
    if any(_cell_width(line) > width for line in lines):
        return None  # a wide character folded past the width: rich wraps it again
    return lines


def _summary_plain(report: LintReport) -> str:
    counts = report.summary
    total = sum(counts.values())
    if not total:
        return f"No problems in {_checked(report)}."
    shown = ", ".join(_count(counts[level], level) for level in LEVELS if counts[level])
    return f"Found {_count(total, 'problem')} ({shown}) in {_checked(report)}."


def render_rules(rules: Iterable[Rule], file: IO[str] | None = None) -> None:
    """`--list-rules`: every code with its level and a one-paragraph explanation."""
    make_console(file).print(_RulesText(tuple(rules)))


class _RulesText:
    def __init__(self, rules: tuple[Rule, ...]) -> None:
        self.rules = rules

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Prose]:
        for rule in self.rules:
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
