"""Every `$ cronstable ...` example in README.md prints exactly what the README shows.

Examples run in-process from the repository root, as piped output (80 columns,
no colour). A command may end in `| head -n N` or `| tail -n N`, which keep
the README short and are applied here as the shell would. Every example needs
output that does not depend on the day it runs (a fixed `--from`/`--at`).
`make docs` (CRONSTABLE_REGENERATE=1) rewrites the README's outputs from the
commands: run it when a change of output breaks this test, and review the diff.
"""

from __future__ import annotations

import os
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from cronstable_cli.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
FENCE = re.compile(r"^```[a-z]*\n(.*?)^```$", re.M | re.S)
PIPE = re.compile(r"\s*\|\s*(head|tail) -n (\d+)\s*$")


@dataclass(frozen=True)
class Example:
    command: str  # as shown, continuation lines joined
    shown: str  # the output lines under it in the README
    start: int  # offsets of `shown` in the README
    end: int


def examples(text: str) -> list[Example]:
    """The `$ cronstable` commands of every fenced block, with the output under each."""
    found = []
    for block in FENCE.finditer(text):
        body, base = block.group(1), block.start(1)
        if not body.startswith("$ cronstable"):
            continue
        lines = body.splitlines(keepends=True)
        offset, i = base, 0
        while i < len(lines):
            assert lines[i].startswith("$ "), lines[i]
            command = lines[i][2:].rstrip("\n")
            offset += len(lines[i])
            i += 1
            while command.endswith("\\"):
                command = command[:-1].rstrip() + " " + lines[i].strip()
                offset += len(lines[i])
                i += 1
            start = offset
            while i < len(lines) and not lines[i].startswith("$ "):
                offset += len(lines[i])
                i += 1
            found.append(Example(command, text[start:offset], start, offset))
    return found


def run_example(command: str, capsys: pytest.CaptureFixture[str]) -> str:
    """What the shell would print for the command (stdout), piped at 80 columns."""
    pipe = PIPE.search(command)
    words = shlex.split(command[: pipe.start()] if pipe else command)
    assert words[0] == "cronstable"
    main(words[1:])
    out = capsys.readouterr().out
    lines = out.splitlines(keepends=True)
    if pipe:
        n = int(pipe.group(2))
        lines = lines[:n] if pipe.group(1) == "head" else lines[-n:]
    return "".join(line.rstrip() + "\n" for line in lines)  # as pasted: no trailing blanks


@pytest.fixture
def piped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")


README_EXAMPLES = examples(README.read_text(encoding="utf-8"))


def test_the_readme_has_examples() -> None:
    assert len(README_EXAMPLES) >= 8
    assert {e.command.split()[1] for e in README_EXAMPLES} >= {
        "lint",
        "jobs",
        "preview",
        "why",
        "pressure",
        "suggest",
        "duplicates",
        "owners",
    }


@pytest.mark.parametrize("example", README_EXAMPLES, ids=lambda e: e.command[:60])
def test_example_output_is_exact(
    example: Example, capsys: pytest.CaptureFixture[str], piped: None
) -> None:
    words = example.command.split()
    if words[1] in ("jobs", "lint", "pressure", "suggest", "preview"):
        assert "--from" in words, "an example with time-dependent output needs --from"
    assert run_example(example.command, capsys) == example.shown


def regenerate(capsys: pytest.CaptureFixture[str]) -> None:
    text = README.read_text(encoding="utf-8")
    for example in reversed(examples(text)):
        out = run_example(example.command, capsys)
        text = text[: example.start] + out + text[example.end :]
    README.write_text(text, encoding="utf-8")


@pytest.mark.skipif(not os.environ.get("CRONSTABLE_REGENERATE"), reason="regeneration only")
def test_regenerate(capsys: pytest.CaptureFixture[str], piped: None) -> None:
    regenerate(capsys)
