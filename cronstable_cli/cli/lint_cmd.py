"""`cronstable lint`: options → load → lint → render → exit code."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from datetime import timezone
from typing import IO, TYPE_CHECKING, Any

import click

from ..safe_text import shown
from .options import SYSTEM_CRONTAB_HELP, format_option, max_per_minute_option, parse_instant
from .output import output_option, write_report

if TYPE_CHECKING:
    from ..analysis.lint import LintReport, Rule
    from ..loaders import LoadResult


@click.command()
@click.argument(
    "paths",
    nargs=-1,  # a missing path is an unreadable-file finding; - is stdin
    type=click.Path(exists=False, dir_okay=True, file_okay=True, allow_dash=True),
)
@format_option("github", "sarif")
@click.option(
    "--select",
    multiple=True,
    metavar="CODES",
    help="Report only these codes (comma-separated; repeatable).",
)
@click.option(
    "--ignore",
    multiple=True,
    metavar="CODES",
    help="Never report these codes (comma-separated; repeatable).",
)
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning", "note", "never"]),
    default=None,
    help="Exit 1 when findings at or above this level exist ('never' always exits 0). "
    "[default: the config file's fail-on, else warning]",
)
@max_per_minute_option("Report minutes of the hour where more than N jobs fire (crowded-minute).")
@click.option(
    "--system-crontab",
    is_flag=True,
    help=SYSTEM_CRONTAB_HELP,
)
@click.option(
    "--user-crontab", is_flag=True, help="Also lint the invoking user's crontab (`crontab -l`)."
)
@click.option(
    "--stdin-filename",
    metavar="NAME",
    default=None,
    help="With PATH '-': the name standard input is reported under (its suffix "
    "also decides YAML or crontab).",
)
@click.option(
    "--baseline",
    "baseline",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE",
    help="Report and fail only on findings not in FILE.",
)
@click.option(
    "--write-baseline",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE",
    help="Record today's findings in FILE and exit 0.",
)
@click.option(
    "--fix",
    is_flag=True,
    help="Apply the safe fixes (every fire time stays the same), then report what is left.",
)
@click.option(
    "--diff",
    "show_diff",
    is_flag=True,
    help="Print the fixes as a unified diff instead of applying them (exit 1 if any).",
)
@click.option(
    "--unsafe-fixes",
    is_flag=True,
    help="With --fix or --diff: also the fixes that change when a job fires.",
)
@click.option(
    "--from",
    "from_",
    default="now",
    show_default=True,
    metavar="INSTANT",
    help="Today, for never-fires, the DST window and crowding: ISO-8601 "
    "(naive times are UTC) or 'now'.",
)
@click.option(
    "--list-rules", is_flag=True, help="List every code with its level and explanation, then exit."
)
@output_option
def lint(
    paths: tuple[str, ...],
    fmt: str,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    fail_on: str | None,
    max_per_minute: int | None,
    system_crontab: bool,
    user_crontab: bool,
    stdin_filename: str | None,
    baseline: str | None,
    write_baseline: str | None,
    fix: bool,
    show_diff: bool,
    unsafe_fixes: bool,
    from_: str,
    list_rules: bool,
    output: str | None,
) -> int:
    """Check job files for schedule problems (for CI and pre-commit).

    Reads YAML configs and crontab files (PATHS: files or directories, or
    '-' for one file on standard input; default: the config file's `paths`,
    else ./cronstable.yaml or ./cronstable.d) and reports every finding with
    its file, line and column. Silence a finding with a
    `# cronstable: ignore[code]` comment on the schedule's line, or on the
    line above the job or above its `schedule:`. Settings come from the
    nearest .cronstable.toml or pyproject.toml [tool.cronstable]; flags
    override them.

    Exit status: 0 clean, 1 findings at or above --fail-on, 2 usage errors.

    \b
    Examples:
      cronstable lint jobs/
      cronstable lint jobs/ --format sarif -o cronstable.sarif
      cronstable lint crontab --ignore hashed-slot,dst-skipped-time \\
          --fail-on error
      cronstable lint jobs/ --max-per-minute 5 --format github
      cronstable lint jobs/ --write-baseline .cronstable-baseline.json
      cronstable lint jobs/ --diff --unsafe-fixes
      cat job.yaml | cronstable lint - --stdin-filename jobs/job.yaml
      cronstable lint --list-rules
    """
    from ..analysis.lint import RULES
    from ..analysis.lint import lint as run_lint

    if list_rules:
        write_report(
            fmt if fmt in RULE_FORMATS else "text", RULES, RULE_FORMATS, output, trusted=True
        )
        return 0
    from ..analysis.lint.project import UnknownCodes, project_settings
    from .shared_options import project_config

    config = project_config()
    try:  # the flags over the config file, as the language server resolves them
        settings = project_settings(
            config, max_per_minute=max_per_minute, fail_on=fail_on, select=select, ignore=ignore
        )
    except UnknownCodes as err:
        raise click.BadParameter(shown(err.reason), param_hint=err.option) from None
    settings = replace(settings, now=parse_instant(from_, timezone.utc))
    fail_on = settings.fail_on
    if (fix or show_diff) and write_baseline is not None:
        raise click.UsageError(
            "--write-baseline records findings; it cannot be combined with --fix or --diff"
        )
    if unsafe_fixes and not (fix or show_diff):
        raise click.UsageError("--unsafe-fixes needs --fix or --diff")
    stdin = _read_stdin(paths, stdin_filename)
    texts: dict[str, str] | None = {} if fix or show_diff else None

    def filtered(report: LintReport) -> LintReport:
        from ..analysis.lint.project import without_per_file_ignores

        return without_per_file_ignores(report, config)

    # Loaded here, not in a helper: every frame counts against a deep include chain.
    report = filtered(run_lint(_load(paths, system_crontab, user_crontab, stdin, texts), settings))
    if write_baseline is not None:
        from .writer import ignored_output

        ignored_output(output, "--write-baseline writes the baseline, not a report")
        _write_baseline(report, write_baseline)
        return 0
    baseline = baseline or config.baseline
    if baseline is not None:
        report = _apply_baseline(report, baseline, announce=not (fix or show_diff))
    if texts is not None:
        from ..analysis.lint.linter import selected
        from .fixing import apply_fixes, show_fixes
        from .writer import ignored_output

        stdin_name = stdin[0] if stdin else None
        # A refusal is always reported, but only a selected code's fix is applied:
        # `--fix --select uneven-step` edits uneven steps and nothing else.
        to_fix = replace(
            report, findings=tuple(f for f in report.findings if selected(f.code, settings))
        )
        if show_diff:
            ignored_output(output, "--diff prints the fixes on standard output")
            return show_fixes(to_fix, texts, unsafe_fixes, stdin_name)
        if apply_fixes(to_fix, texts, unsafe_fixes, stdin_name) and stdin is None:
            # Report what is left, as it is now on disk.
            report = filtered(
                run_lint(_load(paths, system_crontab, user_crontab, stdin, texts), settings)
            )
            if baseline is not None:
                report = _apply_baseline(report, baseline)
        elif stdin is not None:
            ignored_output(output, "--fix on standard input prints the fixed text instead")
            return 0  # the fixed text went to standard output instead of a report
    write_report(fmt, report, FORMATS, output, inputs=(*report.files, *paths))
    return report.exit_code(fail_on)


def _read_stdin(paths: tuple[str, ...], stdin_filename: str | None) -> tuple[str, bytes] | None:
    """`-` among PATHS: (the name it goes by, its bytes); else None."""
    if "-" not in paths:
        if stdin_filename is not None:
            raise click.BadParameter("only with '-' among PATHS", param_hint="--stdin-filename")
        return None
    if paths.count("-") > 1:
        raise click.BadParameter("standard input can be read once", param_hint="PATHS")
    from ..loaders.sources.reading import JOB_FILE_LIMIT, ReadError, read_bytes

    try:
        return (stdin_filename or "<stdin>", read_bytes("-", JOB_FILE_LIMIT))
    except ReadError as err:
        raise click.BadParameter(str(err), param_hint="PATHS") from None


def _load(
    paths: tuple[str, ...],
    system_crontab: bool,
    user_crontab: bool,
    stdin: tuple[str, bytes] | None,
    texts: dict[str, str] | None = None,
) -> LoadResult:
    """Load PATHS (and stdin); `texts`, when given, receives every file's text (for fixes)."""
    from ..loaders import load_paths, load_user_crontab
    from ..loaders.sources.files import DISK, FileSource, OneFileOver, Remembering
    from .loading import load_jobs
    from .options import system_crontab_rule

    files: FileSource = DISK if stdin is None else OneFileOver(*stdin)
    remembering = None
    if texts is not None:
        files = remembering = Remembering(files)
    if stdin is not None:
        # The stdin file is loaded by its name, like any path, with the disk under it.
        system: bool | Callable[[str], bool] = system_crontab or system_crontab_rule()
        named = [p for p in paths if p != "-"]
        load = load_paths([*named, stdin[0]], system_crontab=system, files=files)
    elif paths or not user_crontab:
        load = load_jobs(paths, system_crontab=system_crontab, files=files, findings_suffice=True)
    else:
        return load_user_crontab()
    if remembering is not None and texts is not None:
        texts.update(remembering.texts)
    return load.merge(load_user_crontab()) if user_crontab else load


def _write_baseline(report: LintReport, path: str) -> None:
    import os

    from ..analysis.lint.baseline import baseline_entries
    from ..escaping import json_document
    from ..formats.baseline_json import baseline_json
    from .shared_options import quiet
    from .writer import write_text

    text = baseline_json(baseline_entries(report.findings, os.path.dirname(os.path.abspath(path))))
    # Names that were not UTF-8 are written as `\xe9` text: the file is UTF-8 and reads
    # back (only the fingerprints are compared, and they are hex).
    if write_text(path, json_document(text), "--write-baseline") == "file" and not quiet():
        count = len(report.findings)
        click.echo(
            f"wrote {count} finding{'s' if count != 1 else ''} to baseline {shown(path)}", err=True
        )


def _apply_baseline(report: LintReport, path: str, announce: bool = True) -> LintReport:
    """Only the findings the baseline does not know; says what it hid and what is fixed."""
    import os

    from ..analysis.lint.baseline import compare
    from ..settings.baseline_file import BaselineError, read_baseline
    from .shared_options import quiet

    try:
        accepted = read_baseline(path)
    except BaselineError as err:
        raise click.BadParameter(shown(str(err)), param_hint="--baseline") from None
    outcome = compare(report.findings, accepted, os.path.dirname(os.path.abspath(path)))
    if announce and not quiet():
        fixed = (
            f"; {outcome.fixed} baseline entr{'y is' if outcome.fixed == 1 else 'ies are'}"
            " fixed (rewrite it with --write-baseline to drop them)"
            if outcome.fixed
            else ""
        )
        click.echo(
            f"baseline {shown(path)}: {outcome.known} known finding"
            f"{'' if outcome.known == 1 else 's'} not shown{fixed}",
            err=True,
        )
    return replace(report, findings=outcome.new)


def _lint_text(report: LintReport, file: IO[str] | None) -> None:
    from ..render.lint_text import render_lint
    from .shared_options import quiet

    render_lint(report, file, summary=not quiet())


def _lint_json(report: LintReport) -> Iterator[str]:
    from ..formats.json_out import lint_json_pieces

    return lint_json_pieces(report)


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
    "text": _lint_text,
    "json": _lint_json,
    "github": _lint_github,
    "sarif": _lint_sarif,
}
RULE_FORMATS: dict[str, Callable[..., Any]] = {"text": _rules_text, "json": _rules_json}
