"""`# cronstable: ignore[...]` directives."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from cronstable_cli.analysis.lint import LintSettings, lint
from cronstable_cli.loaders import load_paths
from cronstable_cli.loaders.suppress import directive, suppressed_codes

NOW = datetime(2026, 6, 1, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("line", "codes"),
    [
        ("# cronstable: ignore", frozenset()),
        ("  #cronstable:ignore[never-fires]", frozenset({"never-fires"})),
        ("x: y  # cronstable: ignore[ a , b ]", frozenset({"a", "b"})),
        ("# cronstable: ignore[]", frozenset()),
        ("# CronStable: Ignore[a]", frozenset({"a"})),
        ("# cronstable: ignored", None),
        ("url: http://x#cronstable: ignore", None),
        ("# just a comment", None),
    ],
)
def test_directive(line: str, codes: frozenset[str] | None) -> None:
    assert directive(line) == codes


def test_union_of_the_line_above_and_the_schedule_line() -> None:
    lines = [
        "# cronstable: ignore[a]",
        "- name: x",
        "  schedule: '* * * * *' # cronstable: ignore[b]",
    ]
    assert suppressed_codes(lines, 2, (3,)) == frozenset({"a", "b"})


def test_the_line_above_must_be_a_comment() -> None:
    lines = ["  command: y # cronstable: ignore", "- name: x", "  schedule: x"]
    assert suppressed_codes(lines, 2, (3,)) is None


def test_all_codes_wins() -> None:
    lines = ["# cronstable: ignore[a]", "0 1 * * * x # cronstable: ignore"]
    assert suppressed_codes(lines, 2, (2,)) == frozenset()


def test_comment_directly_above_the_schedule_key() -> None:
    lines = [
        "- name: x",
        "  command: y",
        "  # cronstable: ignore[never-fires]",
        "  schedule: '0 0 30 2 *'",
    ]
    # schedule_lines: the `schedule:` key's line first, then its value's.
    assert suppressed_codes(lines, 1, (4, 4)) == frozenset({"never-fires"})


def test_comment_above_another_key_does_not_count() -> None:
    lines = [
        "- name: x",
        "  # cronstable: ignore[never-fires]",
        "  command: y",
        "  schedule: '0 0 30 2 *'",
    ]
    assert suppressed_codes(lines, 1, (4, 4)) is None


def test_yaml_job_silenced_above_its_schedule_through_lint(tmp_path: Path) -> None:
    config = tmp_path / "jobs.yaml"
    config.write_text(
        "jobs:\n"
        "  - name: on-demand\n"
        "    command: rebuild.sh\n"
        "    # cronstable: ignore[never-fires]\n"
        '    schedule: "0 0 30 2 *"\n'
        "  - name: forgotten\n"
        "    command: rebuild.sh\n"
        '    schedule: "0 0 30 2 *"\n'
    )
    report = lint(load_paths([str(config)]), LintSettings(now=NOW))
    assert [(f.code, f.job) for f in report.findings] == [("never-fires", "forgotten")]
    (finding,) = report.findings
    assert "only on demand, add `# cronstable: ignore[never-fires]`" in finding.message
