"""A lint run as the project's settings shape it, for every front-end.

`cronstable lint` and the language server both turn a config file's
settings (`select`, `ignore`, `max-per-minute`, `per-file-ignores`,
`baseline`) and their own overrides into one run here, so an editor shows
exactly the findings the command prints. Pure: the load, the config and the
baseline's entries come in, a report goes out; nothing here reads a file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from ...load_codes import REFUSALS
from .context import LintSettings
from .linter import LintReport, lint

if TYPE_CHECKING:
    from ...settings.config_file import ProjectConfig
    from .linter import Loaded


class UnknownCodes(ValueError):
    """A list of codes that is empty or names a code no rule has."""

    def __init__(self, message: str, unknown: Sequence[str] = (), option: str = "") -> None:
        super().__init__(f"{option}: {message}" if option else message)
        self.unknown = tuple(unknown)
        self.option = option  # the flag or config key the codes came from ("" unnamed)
        self.reason = message  # the message without the option's name


def parse_codes(values: Iterable[str], known: Sequence[str]) -> frozenset[str]:
    """Comma-separated, repeatable codes; raises UnknownCodes for none or an unknown one."""
    codes = {c.strip() for value in values for c in value.split(",") if c.strip()}
    if not codes:
        # An empty --select would silently switch every rule off.
        raise UnknownCodes("no codes given; `cronstable lint --list-rules` lists them")
    unknown = sorted(codes - set(known))
    if unknown:
        from difflib import get_close_matches

        hints = [
            f"{code} (did you mean {', '.join(close)}?)" if close else code
            for code in unknown
            for close in [get_close_matches(code, known, n=2, cutoff=0.6)]
        ]
        raise UnknownCodes(
            f"unknown code{'s' if len(unknown) > 1 else ''} {', '.join(hints)}; "
            "`cronstable lint --list-rules` lists them",
            unknown,
        )
    return frozenset(codes)


@dataclass(frozen=True)
class ProjectLint:
    """The settings of one run: the lint settings, and what filters its findings after."""

    settings: LintSettings
    config: ProjectConfig
    baseline: Counter[str] | None = None  # accepted fingerprints, None: no baseline
    baseline_dir: str = "."  # the baseline file's directory (fingerprints are relative to it)


def project_settings(
    config: ProjectConfig,
    *,
    now: datetime | None = None,
    max_per_minute: int | None = None,
    fail_on: str | None = None,
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
) -> LintSettings:
    """The config file's select, ignore, fail-on and max-per-minute as LintSettings.

    The one place a front-end's flags meet the config file: a `select` or
    `ignore` given (`--select`, `--ignore`: comma-separated, repeatable)
    replaces the file's, the other values win when set. Raises UnknownCodes
    when a list names a code no rule has (`option` names the flag, or the key
    and the file).
    """
    from .registry import CODES

    where = f" in {config.source}" if config.source else ""
    chosen = None
    if select:
        chosen = _checked(select, CODES, "--select")
    elif config.select is not None:
        chosen = _checked(config.select, CODES, f"select{where}")
    if ignore:
        ignored = _checked(ignore, CODES, "--ignore")
    elif config.ignore:
        ignored = _checked(config.ignore, CODES, f"ignore{where}")
    else:
        ignored = frozenset()
    for pattern, listed in config.per_file_ignores:
        _checked(listed, CODES, f"per-file-ignores {pattern!r}{where}")
    return LintSettings(
        select=chosen,
        ignore=ignored,
        fail_on=(fail_on or config.fail_on or "warning"),  # type: ignore[arg-type]
        max_per_minute=max_per_minute or config.max_per_minute,
        now=now,
    )


def _checked(values: Sequence[str], known: Sequence[str], option: str) -> frozenset[str]:
    try:
        return parse_codes(values, known)
    except UnknownCodes as err:
        raise UnknownCodes(str(err), err.unknown, option) from None


def without_per_file_ignores(report: LintReport, config: ProjectConfig) -> LintReport:
    """The report less the codes `per-file-ignores` silences for each finding's file.

    A refusal (a file the daemon will not load) is never silenced: it is the
    verdict, not a finding to select.
    """
    if not config.per_file_ignores:
        return report
    return replace(
        report,
        findings=tuple(
            f
            for f in report.findings
            if f.code in REFUSALS or not (f.file and f.code in config.ignored_for(f.file))
        ),
    )


def lint_project(loaded: Loaded, run: ProjectLint) -> LintReport:
    """Lint a load as `cronstable lint` does: rules, per-file-ignores, then the baseline."""
    report = without_per_file_ignores(lint(loaded, run.settings), run.config)
    if run.baseline is None:
        return report
    from .baseline import compare

    return replace(report, findings=compare(report.findings, run.baseline, run.baseline_dir).new)
