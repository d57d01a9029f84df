"""`lint --format github`: workflow commands with GitHub's escaping."""

from __future__ import annotations

import os

import pytest

from cronstable_cli.formats.github import annotation, escape_data, escape_property, lint_github
from cronstable_cli.records import Finding, SourceLocation

from ..analysis.lint_cases import make_job, run


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("plain", "plain", id="plain"),
        pytest.param("100%", "100%25", id="percent"),
        pytest.param("a\nb\r\nc", "a%0Ab%0D%0Ac", id="newlines"),
        pytest.param("a: b, c", "a: b, c", id="colon and comma stay in data"),
        pytest.param("%0A", "%250A", id="already escaped looking"),
    ],
)
def test_escape_data(text: str, expected: str) -> None:
    assert escape_data(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("jobs.yaml", "jobs.yaml", id="plain"),
        pytest.param("a: b, c", "a%3A b%2C c", id="colon and comma"),
        pytest.param("50%\n", "50%25%0A", id="data escapes too"),
    ],
)
def test_escape_property(text: str, expected: str) -> None:
    assert escape_property(text) == expected


def test_levels_map_to_commands() -> None:
    where = SourceLocation("jobs.yaml", 3, 7)
    assert annotation(Finding("c", "error", "m", where)).startswith("::error ")
    assert annotation(Finding("c", "warning", "m", where)).startswith("::warning ")
    assert annotation(Finding("c", "note", "m", where)).startswith("::notice ")


def test_one_annotation_per_finding() -> None:
    report = run(make_job("*/7 * * * *", name="poll"))
    first, summary = lint_github(report).splitlines()
    assert first.startswith(
        "::warning file=jobs.yaml,line=4,col=1,title=cronstable uneven-step::job 'poll': `*/7`"
    )
    assert summary.startswith("cronstable lint: 0 error(s), 1 warning(s), 0 note(s)")


def test_message_and_file_are_escaped() -> None:
    finding = Finding(
        "invalid-config",
        "error",
        "line one\nline two: 100%",
        SourceLocation("odd, name:x.yaml", 2, 0),
    )
    assert annotation(finding) == (
        "::error file=odd%2C name%3Ax.yaml,line=2,title=cronstable invalid-config"
        "::line one%0Aline two: 100%25"
    )


def test_paths_are_relative_to_the_working_directory(tmp_path: object) -> None:
    absolute = os.path.join(os.getcwd(), "sub", "jobs.yaml")
    finding = Finding("c", "note", "m", SourceLocation(absolute, 1, 1))
    assert "file=sub/jobs.yaml," in annotation(finding)


def test_finding_without_a_file() -> None:
    assert annotation(Finding("c", "error", "m")) == "::error title=cronstable c::m"
