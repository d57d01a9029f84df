"""`# cronstable: ignore[...]` directives."""

from __future__ import annotations

import pytest

from cronstable_cli.loaders.suppress import directive, suppressed_codes


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
