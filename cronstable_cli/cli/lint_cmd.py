"""`cronstable lint`: options → load → lint → render → exit code."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timezone
from typing import TYPE_CHECKING, NamedTuple

import click

from .common import (
    fail_on_option,
    format_option,
    parse_instant,
    paths_argument,
    resolve_paths,
)

if TYPE_CHECKING:
    from ..analysis.lint import LintReport
    from ..records import Finding, Job


@click.command()
@paths_argument
@format_option("github", "sarif")
@click.option("--select", multiple=True, metavar="CODES",
              help="Report only these codes (comma-separated; repeatable).")
@click.option("--ignore", multiple=True, metavar="CODES",
              help="Never report these codes (comma-separated; repeatable).")
@fail_on_option
@click.option("--max-per-minute", type=click.IntRange(min=1), default=None, metavar="N",
              help="Report minutes of the hour where more than N jobs fire (crowded-minute).")
@click.option("--system-crontab", is_flag=True,
              help="Read crontabs with a user column (/etc/crontab, /etc/cron.d/*).")
@click.option("--user-crontab", is_flag=True,
              help="Also lint the invoking user's crontab (`crontab -l`).")
@click.option("--from", "from_", default="now", show_default=True, metavar="INSTANT",
              help="Today, for never-fires, the DST window and crowding: ISO-8601 "
                   "(naive times are UTC) or 'now'.")
@click.option("--list-rules", is_flag=True,
              help="List every code with its level and explanation, then exit.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), default=None,
              metavar="FILE", help="Write the report to FILE instead of standard output.")
def lint(paths: tuple[str, ...], fmt: str, select: tuple[str, ...], ignore: tuple[str, ...],
         fail_on: str, max_per_minute: int | None, system_crontab: bool, user_crontab: bool,
         from_: str, list_rules: bool, output: str | None) -> int:
    """Check job files for schedule problems (for CI and pre-commit).

    Reads YAML configs and crontab files (PATHS: files or directories;
    default ./cronstable.yaml or ./cronstable.d) and reports every finding
    with its file, line and column. Silence a finding with a
    `# cronstable: ignore[code]` comment on the schedule's line or the line
    above the job.

    Exit status: 0 clean, 1 findings at or above --fail-on, 2 usage errors.

    \b
    Examples:
      cronstable lint jobs/
      cronstable lint jobs/ --format sarif -o cronstable.sarif
      cronstable lint crontab --ignore hashed-slot,dst-skipped-time --fail-on error
      cronstable lint jobs/ --max-per-minute 5 --format github
      cronstable lint --list-rules
    """
    from ..analysis.lint import CODES, RULES, LintSettings
    from ..analysis.lint import lint as run_lint

    if list_rules:
        from .output import emit, write_rendered

        if fmt == "json":
            from ..formats.json_out import rules_json

            emit(rules_json(RULES), output)
        else:
            from ..render.lint_text import render_rules

            write_rendered(lambda file: render_rules(RULES, file), output)
        return 0
    settings = LintSettings(
        select=_codes(select, CODES, "--select") if select else None,
        ignore=_codes(ignore, CODES, "--ignore"),
        fail_on=fail_on,  # type: ignore[arg-type]
        max_per_minute=max_per_minute,
        now=parse_instant(from_, timezone.utc),
    )
    report = run_lint(_load(paths, system_crontab, user_crontab), settings)
    _emit(report, fmt, output)
    return report.exit_code(fail_on)


def _codes(values: Sequence[str], known: Sequence[str], option: str) -> frozenset[str]:
    """Comma-separated, repeatable codes; an unknown one is a usage error."""
    codes = {c.strip() for value in values for c in value.split(",") if c.strip()}
    unknown = sorted(codes - set(known))
    if unknown:
        raise click.BadParameter(
            f"unknown code{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}; "
            "`cronstable lint --list-rules` lists them", param_hint=option)
    return frozenset(codes)


class _Loaded(NamedTuple):
    jobs: tuple[Job, ...]
    findings: tuple[Finding, ...]
    files: tuple[str, ...]
    withheld: tuple[Job, ...]


def _load(paths: tuple[str, ...], system_crontab: bool, user_crontab: bool) -> _Loaded:
    from ..loaders import load_paths, load_user_crontab

    results = []
    if paths or not user_crontab:
        results.append(load_paths(resolve_paths(paths), system_crontab=system_crontab))
    if user_crontab:
        results.append(load_user_crontab())
    return _Loaded(
        tuple(job for r in results for job in r.jobs),
        tuple(f for r in results for f in r.findings),
        tuple(file for r in results for file in r.files),
        tuple(job for r in results for job in r.withheld),
    )


def _emit(report: LintReport, fmt: str, output: str | None) -> None:
    from .output import emit, write_rendered

    if fmt == "text":
        from ..render.lint_text import render_lint

        write_rendered(lambda file: render_lint(report, file), output)
    elif fmt == "json":
        from ..formats.json_out import lint_json

        emit(lint_json(report), output)
    elif fmt == "github":
        from ..formats.github import lint_github

        emit(lint_github(report), output)
    else:
        from ..formats.sarif import lint_sarif

        emit(lint_sarif(report), output)
