"""`cronstable lint --format github`: GitHub Actions workflow commands (annotations).

    ::warning file=jobs.yaml,line=4,col=16,title=cronstable uneven-step::job 'poll': ...

Values are escaped as the Actions runner expects: in the message `%`, CR and
LF become `%25`, `%0D`, `%0A`; in properties `:` and `,` become `%3A` and
`%2C` as well; before that, control, bidi and other format characters are
made visible (`\x1b`, `\u202e`), so nothing raw reaches the log. Notes are `::notice`.
"""

from __future__ import annotations

from ..analysis.lint import LintReport
from ..escaping import github_message, github_property
from ..records import Finding
from .paths import display_path

COMMANDS = {"error": "error", "warning": "warning", "note": "notice"}


def escape_data(text: str) -> str:
    """A message: the runner's escapes over the visible form (escaping.py)."""
    return github_message(text)


def escape_property(text: str) -> str:
    """A property value (`file=`, `title=`): one line, nothing raw (escaping.py)."""
    return github_property(text)


def annotation(finding: Finding) -> str:
    """One finding as a workflow command line."""
    props: list[str] = []
    if finding.file:
        props.append(f"file={escape_property(display_path(finding.file))}")
        if finding.line:
            props.append(f"line={finding.line}")
            if finding.column:
                props.append(f"col={finding.column}")
    props.append(f"title={escape_property(f'cronstable {finding.code}')}")
    return f"::{COMMANDS[finding.level]} {','.join(props)}::{escape_data(finding.message)}"


def lint_github(report: LintReport) -> str:
    """Every finding as an annotation, then a plain summary line for the log."""
    lines = [annotation(f) for f in report.findings]
    counts = report.summary
    lines.append(
        f"cronstable lint: {counts['error']} error(s), {counts['warning']} warning(s), "
        f"{counts['note']} note(s) in {report.jobs} job(s) from {len(report.files)} file(s)"
    )
    return "\n".join(lines) + "\n"
