"""`cronstable lint`: options → load → lint → render → exit code."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import timezone
from typing import IO, TYPE_CHECKING, Any

import click

from ..safe_text import shown
from .options import (
    fail_on_option,
    format_option,
    parse_instant,
    paths_argument,
)
from .output import output_option, write_report

if TYPE_CHECKING:
    from ..analysis.lint import LintReport, Rule
    from ..loaders import LoadResult


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
              help="Read crontabs with a user column (/etc/crontab, /etc/cron.d/*): every "
                   "file of a directory given, whatever its name (a cron.d copy in config "
                   "management), and files given by name.")
@click.option("--user-crontab", is_flag=True,
              help="Also lint the invoking user's crontab (`crontab -l`).")
@click.option("--from", "from_", default="now", show_default=True, metavar="INSTANT",
              help="Today, for never-fires, the DST window and crowding: ISO-8601 "
                   "(naive times are UTC) or 'now'.")
@click.option("--list-rules", is_flag=True,
              help="List every code with its level and explanation, then exit.")
@output_option
def lint(paths: tuple[str, ...], fmt: str, select: tuple[str, ...], ignore: tuple[str, ...],
         fail_on: str, max_per_minute: int | None, system_crontab: bool, user_crontab: bool,
         from_: str, list_rules: bool, output: str | None) -> int:
    """Check job files for schedule problems (for CI and pre-commit).

    Reads YAML configs and crontab files (PATHS: files or directories;
    default ./cronstable.yaml or ./cronstable.d) and reports every finding
    with its file, line and column. Silence a finding with a
    `# cronstable: ignore[code]` comment on the schedule's line, or on the
    line above the job or above its `schedule:`.

    Exit status: 0 clean, 1 findings at or above --fail-on, 2 usage errors.

    \b
    Examples:
      cronstable lint jobs/
      cronstable lint jobs/ --format sarif -o cronstable.sarif
      cronstable lint crontab --ignore hashed-slot,dst-skipped-time \\
          --fail-on error
      cronstable lint jobs/ --max-per-minute 5 --format github
      cronstable lint --list-rules
    """
    from ..analysis.lint import CODES, RULES, LintSettings
    from ..analysis.lint import lint as run_lint

    if list_rules:
        write_report(fmt if fmt in RULE_FORMATS else "text", RULES, RULE_FORMATS, output,
                     trusted=True)
        return 0
    settings = LintSettings(
        select=_codes(select, CODES, "--select") if select else None,
        ignore=_codes(ignore, CODES, "--ignore") if ignore else frozenset(),
        fail_on=fail_on,  # type: ignore[arg-type]
        max_per_minute=max_per_minute,
        now=parse_instant(from_, timezone.utc),
    )
    loaded = _load(paths, system_crontab, user_crontab)
    report = run_lint(loaded, settings)
    write_report(fmt, report, FORMATS, output, inputs=(*loaded.files, *paths))
    return report.exit_code(fail_on)


def _codes(values: Sequence[str], known: Sequence[str], option: str) -> frozenset[str]:
    """Comma-separated, repeatable codes; none at all or an unknown one is a usage error."""
    codes = {c.strip() for value in values for c in value.split(",") if c.strip()}
    if not codes:
        # An empty --select would silently switch every rule off.
        raise click.BadParameter("no codes given; `cronstable lint --list-rules` lists them",
                                 param_hint=option)
    unknown = sorted(codes - set(known))
    if unknown:
        from difflib import get_close_matches

        hints = [f"{shown(code)} (did you mean {', '.join(close)}?)" if close else shown(code)
                 for code in unknown
                 for close in [get_close_matches(code, known, n=2, cutoff=0.6)]]
        raise click.BadParameter(
            f"unknown code{'s' if len(unknown) > 1 else ''} {', '.join(hints)}; "
            "`cronstable lint --list-rules` lists them", param_hint=option)
    return frozenset(codes)


def _load(paths: tuple[str, ...], system_crontab: bool, user_crontab: bool) -> LoadResult:
    from ..loaders import load_user_crontab
    from .loading import load_jobs

    if not user_crontab:
        return load_jobs(paths, system_crontab=system_crontab)
    user = load_user_crontab()
    return load_jobs(paths, system_crontab=system_crontab).merge(user) if paths else user


def _lint_text(report: LintReport, file: IO[str] | None) -> None:
    from ..render.lint_text import render_lint

    render_lint(report, file)


def _lint_json(report: LintReport) -> str:
    from ..formats.json_out import lint_json

    return lint_json(report)


def _lint_github(report: LintReport) -> str:
    from ..formats.github import lint_github

    return lint_github(report)


def _lint_sarif(report: LintReport) -> str:
    from ..formats.sarif import lint_sarif

    return lint_sarif(report)


def _rules_text(rules: Sequence[Rule], file: IO[str] | None) -> None:
    from ..render.lint_text import render_rules

    render_rules(rules, file)


def _rules_json(rules: Sequence[Rule]) -> str:
    from ..formats.json_out import rules_json

    return rules_json(rules)


FORMATS: dict[str, Callable[..., Any]] = {
    "text": _lint_text, "json": _lint_json, "github": _lint_github, "sarif": _lint_sarif,
}
RULE_FORMATS: dict[str, Callable[..., Any]] = {"text": _rules_text, "json": _rules_json}
