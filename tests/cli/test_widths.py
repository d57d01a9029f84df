"""Every command's text fits the width (COLUMNS, else 80 when piped) with schedules intact."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cronstable_cli.cli.main import COMMANDS as ALL_COMMANDS
from cronstable_cli.cli.main import SERVERS

from .helpers import report_commands, run, run_json

# The commands that write a report (a server speaks its protocol instead).
CLI_COMMANDS = [c for c in ALL_COMMANDS if c not in SERVERS]

EXAMPLES = str(Path(__file__).resolve().parents[2] / "examples")
FROM = ("--from", "2026-12-01T00:00")
SEEDED = ("H/15 9-17 * * mon-fri", "--seed", "refresh-cache", "--tz", "Europe/Berlin")

COMMANDS = {
    "jobs": ("jobs", EXAMPLES, *FROM),
    "lint": ("lint", EXAMPLES, *FROM),
    "list-rules": ("lint", "--list-rules"),
    "preview": ("preview", *SEEDED, "-n", "6", *FROM),
    "preview-job": (
        "preview",
        "--job",
        "nightly-report",
        EXAMPLES,
        "-n",
        "4",
        "--from",
        "2027-03-12T00:00",
        "--jitter",
        "auto",
    ),
    "explain": ("explain", *SEEDED),
    "why": ("why", "0 12 13 * 5", "--at", "2027-01-13T12:00"),
    "pressure": ("pressure", EXAMPLES, *FROM, "--jitter", "auto"),
    "suggest": ("suggest", EXAMPLES, *FROM),
    "suggest-daily": ("suggest", EXAMPLES, *FROM, "--period", "daily"),
    "duplicates": ("duplicates", EXAMPLES),
    "owners": ("owners", EXAMPLES, "--nodes", "a,b,c", "--down", "b"),
    "diff": (
        "diff",
        "tests/data/diff/base",
        "tests/data/diff/head",
        "--from",
        "2027-03-08T00:00Z",
        "--max-per-minute",
        "5",
    ),
    "stagger": ("stagger", *(f"db-backup-{i:02d}" for i in range(1, 32)), "--window", "02:00/50"),
    "calendar": ("calendar", EXAMPLES, "--from", "2027-03-27T00:00", "--tz", "America/New_York"),
}


def test_every_command_has_a_row() -> None:
    # A new command's text is checked at every width once it has a row above.
    assert {args[0] for args in COMMANDS.values()} == report_commands()


WIDTHS = [pytest.param("80", id="80"), pytest.param("60", id="60"), pytest.param(None, id="piped")]


def text_at(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    columns: str | None,
    args: tuple[str, ...],
) -> tuple[int, list[str]]:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)  # captured output is not a terminal
    else:
        monkeypatch.setenv("COLUMNS", columns)
    _, out, err = run(capsys, *args)
    return int(columns or 80), (out + err).splitlines()


def schedules(capsys: pytest.CaptureFixture[str], name: str) -> set[str]:
    """The schedule texts a command shows, read from its JSON (not from the text)."""
    args = COMMANDS[name]
    if name == "jobs":
        doc = run_json(capsys, *args)
        return {s for job in doc["jobs"] for s in (job["schedule"], job["resolved"]) if s}
    if name == "lint":
        doc = run_json(capsys, *args, expect=1)
        return {m for f in doc["findings"] for m in re.findall(r"`[^`]+`", f["message"])}
    if name in ("preview", "explain"):
        doc = run_json(capsys, *args)
        return {doc["expression"], doc["resolved"]}
    if name.startswith("suggest"):
        doc = run_json(capsys, *args)
        return {doc["expression"], doc["hash_hint"]} | {
            a["expression"] for a in doc["alternatives"]
        }
    if name == "duplicates":
        doc = run_json(capsys, *args)
        return {g["expression"] for g in doc["groups"]}
    return set()


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("name", list(COMMANDS))
def test_no_line_is_wider_than_the_output(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    columns: str | None,
) -> None:
    width, lines = text_at(capsys, monkeypatch, columns, COMMANDS[name])
    assert lines
    too_wide = [line for line in lines if len(line) > width]
    assert not too_wide


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize(
    "name", ["jobs", "lint", "preview", "explain", "suggest", "suggest-daily", "duplicates"]
)
def test_every_schedule_is_whole_on_one_line(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    columns: str | None,
) -> None:
    wanted = schedules(capsys, name)
    assert wanted
    _, lines = text_at(capsys, monkeypatch, columns, COMMANDS[name])
    missing = [s for s in wanted if not any(s in line for line in lines)]
    assert not missing


def test_jobs_at_80_columns_is_not_squeezed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reported bug: the resolved H minutes split as `14,29,44,5` / `9 9-17`."""
    _, lines = text_at(capsys, monkeypatch, "80", COMMANDS["jobs"])
    assert any("→ 14,29,44,59 9-17 * * mon-fri" in line for line in lines)
    assert not any(line.rstrip().endswith("14,29,44,5") for line in lines)


def test_the_legend_and_the_gaps_keep_their_entries(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, lines = text_at(capsys, monkeypatch, "60", COMMANDS["pressure"])
    start = next(i for i, line in enumerate(lines) if line.startswith("fires per cell:"))
    first, second = lines[start].removeprefix("fires per cell:"), lines[start + 1]
    # Each entry is a glyph and a count or range: every line holds whole entries only.
    for line in (first, second):
        assert re.fullmatch(r"(\s+(' '|\S) \d+(-\d+)?)+", line), line
    gaps = [line for line in lines if "q1 " in line or "median " in line]
    assert all(re.search(r"(min|q1|median|q3|max) \d", line) for line in gaps)
    assert any(
        line.startswith("Fires per minute (UTC), one row per hour, :30-:59") for line in lines
    )


@pytest.mark.parametrize("name", ["", *CLI_COMMANDS])
def test_help_fits_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """Example command lines are split with `\\` rather than wrapped by the terminal."""
    args = (name, "--help") if name else ("--help",)
    width, lines = text_at(capsys, monkeypatch, "80", args)
    assert [line for line in lines if len(line) > width] == []


@pytest.mark.parametrize("columns", ["80", "60"])
def test_an_ascii_terminal_gets_whole_schedules_too(columns: str) -> None:
    """On a non-UTF-8 terminal `→` prints as `->`: the layout measures what is printed."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "COLUMNS": columns, "NO_COLOR": "1"}
    out = subprocess.run(
        [sys.executable, "-m", "cronstable_cli", *COMMANDS["jobs"]],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        encoding="ascii",
    ).stdout
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= int(columns)
    assert any("-> 14,29,44,59 9-17 * * mon-fri" in line for line in lines)


def test_stderr_notes_wrap_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    config = tmp_path / "jobs.yaml"
    config.write_text(
        "jobs:\n"
        "  - name: a-job-with-a-rather-long-name-for-this-test\n"
        "    command: x\n    schedule: '0 0 * * 5L'\n"
        "  - name: fine\n    command: x\n    schedule: '0 * * * *'\n"
    )
    monkeypatch.setenv("COLUMNS", "60")
    _, _, err = run(capsys, "pressure", str(config), *FROM)
    lines = err.splitlines()
    assert len(lines) > 1 and max(len(line) for line in lines) <= 60
    assert "a-job-with-a-rather-long-name-for-this-test" in err


def _deep_file(tmp_path: Path, name: str, text: str) -> Path:
    """A job file three long directories down: its path is wider than any test width."""
    deep = tmp_path.joinpath(*(f"level-{n}-of-the-configuration-tree" for n in range(3)))
    deep.mkdir(parents=True)
    config = deep / name
    config.write_text(text)
    return config


@pytest.mark.parametrize("columns", WIDTHS)
def test_a_long_path_stays_whole_so_editors_can_follow_it(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    columns: str | None,
) -> None:
    text = "jobs:\n  - name: nightly\n    command: /bin/true\n    schedule: '*/7 * * * *'\n"
    config = _deep_file(tmp_path, "production-batch-jobs.yaml", text)
    width, lines = text_at(capsys, monkeypatch, columns, ("lint", str(config)))
    where = f"{config}:4:16"  # line 4, the schedule's first character inside its quote
    assert len(where) > width
    # The file's header and the finding's location, each whole on a line of its own;
    # every other line still fits the width.
    assert str(config) in lines
    assert any(line.startswith(where + " ") or line == where for line in lines)
    assert all(len(line) <= width for line in lines if not line.startswith(str(config)))


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("command", ["jobs", "pressure"])
def test_a_load_errors_long_location_stays_whole(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    columns: str | None,
    command: str,
) -> None:
    # `jobs` lists load errors after its table, other commands on stderr: both start each
    # with `path:line:col:`, which must survive whole.
    text = "jobs:\n  - name: x\n    command: y\n    schedule: '0 * * * *'\n    bogus: 1\n"
    config = _deep_file(tmp_path, "broken.yaml", text)
    width, lines = text_at(capsys, monkeypatch, columns, (command, str(config), *FROM))
    where = f"{config}:5:5:"  # the unknown key `bogus`, line 5, column 5
    assert len(where) > width
    assert any(line.startswith(where + " ") or line == where for line in lines)
    assert all(len(line) <= width for line in lines if not line.startswith(str(config)))
