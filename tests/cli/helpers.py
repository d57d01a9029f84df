"""Running `cronstable` in-process and reading what it printed."""

from __future__ import annotations

import importlib
import json
from typing import Any

import click
import pytest

from cronstable_cli.cli.main import COMMANDS, SERVERS, main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of `cronstable ARGS...`."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str, expect: int = 0) -> Any:
    """The JSON document `cronstable ARGS... --format json` printed (exit code checked)."""
    code, out, err = run(capsys, *args, "--format", "json")
    assert code == expect, err
    return json.loads(out)


def declared_formats(name: str) -> tuple[str, ...]:
    """The `--format` choices command `name` declares, text first (only text without one)."""
    module, attr, _ = COMMANDS[name]
    command = getattr(importlib.import_module(f"cronstable_cli.cli.{module}"), attr)
    for param in command.params:
        if "--format" in param.opts and isinstance(param.type, click.Choice):
            return tuple(str(choice) for choice in param.type.choices)
    return ("text",)


def report_commands() -> set[str]:
    """The commands that write a report (they declare --format); servers such as `lsp` don't.

    A server talks a protocol on standard input and output instead: the report
    tests (widths, JSON keys, hostile inputs) do not apply to it, its own do.
    """
    return set(COMMANDS) - SERVERS


# The keys of a finding object, in order, in every JSON document (docs/json.md).
FINDING_KEYS = [
    "code",
    "level",
    "message",
    "job",
    "file",
    "line",
    "column",
    "schedule",
    "resolved",
    "fix",
]
