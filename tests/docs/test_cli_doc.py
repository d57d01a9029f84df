"""docs/cli.md's command table has a row for every command, with every format it declares."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cronstable_cli.cli.main import COMMANDS

from ..cli.helpers import declared_formats

ROOT = Path(__file__).resolve().parents[2]


def rows() -> dict[str, str]:
    """Command name -> its row in the command table (the name is the row's first word)."""
    found = {}
    for line in (ROOT / "docs" / "cli.md").read_text(encoding="utf-8").splitlines():
        match = re.match(r"\| `([a-z-]+)[ `]", line)
        if match:
            found[match.group(1)] = line
    return found


def test_every_command_has_a_row() -> None:
    assert set(rows()) == set(COMMANDS)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_row_lists_the_formats(name: str) -> None:
    # text and json go without saying; a command with more lists them all.
    formats = declared_formats(name)
    written = re.findall(r"`--format ([a-z|\\]+)`", rows()[name])
    if set(formats) <= {"text", "json"}:
        assert written == []
    else:
        assert written == ["\\|".join(formats)]
