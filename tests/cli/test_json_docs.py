"""docs/json.md lists exactly the top-level keys each command's JSON has."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cronstable_cli.cli.main import COMMANDS, SERVERS, main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = str(ROOT / "examples")
START = "2026-12-01T00:00:00Z"
DIFF_BASE = str(ROOT / "tests" / "data" / "diff" / "base")
DIFF_HEAD = str(ROOT / "tests" / "data" / "diff" / "head")

# Each command run twice where keys depend on options: plain and with the option.
RUNS: dict[str, list[list[str]]] = {
    "lint": [["lint", EXAMPLES, "--from", START]],
    "jobs": [["jobs", EXAMPLES, "--from", START]],
    "preview": [
        ["preview", "0 * * * *", "--from", START],
        [
            "preview",
            "30 2 * * *",
            "--tz",
            "America/New_York",
            "--from",
            "2027-03-13T00:00",
            "-n",
            "2",
            "--jitter",
            "auto",
        ],
        ["preview", "@reboot"],
    ],
    "explain": [["explain", "0 12 13 * 5"]],
    "why": [["why", "0 12 13 * 5", "--at", "2027-01-13T12:00"]],
    "error": [["preview", "0 22-2 * * *"], ["why", "0 0 31 2", "--at", "2027-01-13T12:00"]],
    "pressure": [
        ["pressure", EXAMPLES, "--from", START],
        ["pressure", EXAMPLES, "--from", START, "--jitter", "auto"],
        ["pressure", EXAMPLES, "--from", START, "--runtime", "--runtime-default", "60"],
    ],
    "suggest": [
        ["suggest", EXAMPLES, "--from", START],
        ["suggest", EXAMPLES, "--from", START, "--runtime", "600"],
    ],
    "duplicates": [["duplicates", EXAMPLES]],
    "owners": [
        ["owners", EXAMPLES, "--nodes", "a,b,c"],
        ["owners", EXAMPLES, "--nodes", "a,b,c", "--down", "b"],
    ],
    "stagger": [["stagger", "a", "b", "c", "--window", "02:00/50"]],
    "calendar": [["calendar", EXAMPLES, "--from", START]],
    "diff": [
        ["diff", DIFF_BASE, DIFF_HEAD, "--from", START],
        [
            "diff",
            DIFF_BASE,
            DIFF_HEAD,
            "--from",
            START,
            "--nodes",
            "a,b",
            "--jitter",
            "auto",
            "--max-per-minute",
            "3",
        ],
    ],
}


def documented() -> dict[str, tuple[set[str], set[str]]]:
    """Per section: (keys always written, keys written only under a condition)."""
    sections: dict[str, tuple[set[str], set[str]]] = {}
    current = None
    for line in (ROOT / "docs" / "json.md").read_text(encoding="utf-8").splitlines():
        heading = re.match(r"## (\w+)$", line)
        if heading:
            current = heading.group(1)
            sections[current] = (set(), set())
            continue
        bullet = re.match(r"- ((?:`\w+`(?:, )?)+):(.*)", line)
        if current and bullet:
            keys = set(re.findall(r"`(\w+)`", bullet.group(1)))
            optional = "only present" in bullet.group(2)
            sections[current][1 if optional else 0].update(keys)
    return sections


DOCS = documented()


def test_every_command_has_a_section() -> None:
    assert set(DOCS) == set(RUNS)


def test_every_command_is_run() -> None:
    # A new command in the table cannot skip its JSON section in docs/json.md;
    # the other documents are the ones no single command owns.
    assert set(RUNS) == {*(set(COMMANDS) - SERVERS), "error"}


@pytest.mark.parametrize("command", sorted(RUNS))
def test_documented_keys_match_the_output(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    always, optional = DOCS[command]
    seen: set[str] = set()
    for args in RUNS[command]:
        main([*args, "--format", "json"])
        doc = json.loads(capsys.readouterr().out)
        keys = set(doc)
        assert next(iter(doc)) == "version" and doc["version"] == 1
        assert always <= keys, f"documented but missing: {sorted(always - keys)}"
        assert keys <= always | optional, f"undocumented: {sorted(keys - always - optional)}"
        seen |= keys
    assert optional <= seen, f"optional keys never seen: {sorted(optional - seen)}"
