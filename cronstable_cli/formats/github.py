"""`cronstable lint --format github`: GitHub Actions workflow commands (annotations).

    ::warning file=jobs.yaml,line=4,col=16,title=cronstable uneven-step::job 'poll': ...

Values are escaped as the Actions runner expects: in the message `%`, CR and
LF become `%25`, `%0D`, `%0A`; in properties `:` and `,` become `%3A` and
`%2C` as well. Notes are `::notice`.
"""

from __future__ import annotations

from ..analysis.lint import LintReport
from ..records import Finding
from .paths import display_path

COMMANDS = {"error": "error", "warning": "warning", "note": "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


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
