"""`lint --diff` and `lint --fix`: show or write the fixes the findings carry.

The plan is made from the exact text the loaders parsed (analysis/lint/
fixes.py); a file is written only if it still holds that text, atomically.
"""

from __future__ import annotations

from collections.abc import Mapping

import click

from ..analysis.lint import LintReport
from ..analysis.lint.fixes import FilePlan, plan_fixes, unified_diff
from ..safe_text import shown, shown_lines
from .shared_options import quiet


def _plans(report: LintReport, texts: Mapping[str, str], unsafe: bool) -> list[FilePlan]:
    plans = plan_fixes(report.findings, texts, unsafe)
    if not quiet():
        for plan in plans:
            for finding, reason in plan.skipped:
                click.echo(
                    shown(f"{finding.location}: not fixed [{finding.code}]: {reason}"), err=True
                )
        held = sum(1 for f in report.findings if f.fix is not None and not f.fix.safe)
        if held and not unsafe:
            click.echo(
                f"{held} more fix{'es' if held != 1 else ''} change when jobs fire: "
                "add --unsafe-fixes to include them",
                err=True,
            )
    return plans


def show_fixes(
    report: LintReport, texts: Mapping[str, str], unsafe: bool, stdin_name: str | None
) -> int:
    """--diff: print each changed file's diff; 1 if anything would change, else 0."""
    changed = [p for p in _plans(report, texts, unsafe) if p.after != p.before]
    for plan in changed:
        # The diff's own lines stay; a path or text with control characters does not.
        click.echo(shown_lines(unified_diff(plan)), nl=False)
    if not quiet():
        count = sum(len(p.applied) for p in changed)
        click.echo(
            f"{count} fix{'es' if count != 1 else ''} in "
            f"{len(changed)} file{'s' if len(changed) != 1 else ''} would be applied"
            if count
            else "nothing to fix",
            err=True,
        )
    return int(bool(changed))


def apply_fixes(
    report: LintReport, texts: Mapping[str, str], unsafe: bool, stdin_name: str | None
) -> bool:
    """--fix: write every changed file (stdin's text goes to standard output); True if any."""
    from ..loaders.sources.files import unchanged_since
    from .writer import write_text

    wrote = 0
    fixed = 0
    plans = _plans(report, texts, unsafe)
    if stdin_name is not None:  # like other linters: the fixed text, not a report
        after = {p.path: p.after for p in plans}
        click.echo(after.get(stdin_name, texts.get(stdin_name, "")), nl=False)
    for plan in plans:
        if plan.path == stdin_name:
            continue
        if plan.after == plan.before:
            continue
        if not unchanged_since(plan.path, plan.before):
            raise click.ClickException(
                f"{shown(plan.path)} changed since it was read; not fixed (run lint --fix again)"
            )
        write_text(plan.path, plan.after, "--fix", replacing_input=True)
        wrote += 1
        fixed += len(plan.applied)
    if wrote and not quiet():
        click.echo(
            f"fixed {fixed} finding{'s' if fixed != 1 else ''} in "
            f"{wrote} file{'s' if wrote != 1 else ''}",
            err=True,
        )
    return bool(wrote)
