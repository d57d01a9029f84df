"""Every command parses each distinct schedule once (engine/parse_table.py).

Each command runs in-process on a generated fleet (a YAML directory with
defaults and every kind of schedule, a crontab with CRON_TZ, a revision for
`diff`), with every reference to the engine's parse entry point replaced by a
counter. A (text, H key, crontab) asked for a second time in one run fails:
whichever loader, analysis, rule or renderer asked again is a second parse.
"""

from __future__ import annotations

import inspect
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cronstable_cli.engine import ScheduleError, parse_table, parser
from tests.cli.helpers import run
from tests.gitrepo import Repo

FROM = "2026-03-07T00:00Z"  # a week that holds the US DST change

# Every kind of schedule a command meets: plain, hashed, macros, seconds and
# years, the day-field specials, never firing, @reboot, invalid.
SCHEDULES = (
    "0 * * * *",
    "*/5 * * * *",
    "*/7 * * * *",
    "H * * * *",
    "H H * * *",
    "H/15 * * * *",
    "H(0-29) H(1-5) * * 1-5",
    "30 2 * * *",
    "0 6 * * 1-5",
    "0 0 1,15 * mon",
    "0 9 L * *",
    "0 9 * * 5L",
    "@hourly",
    "@daily",
    "@reboot",
    "0 0 30 2 *",
    "0 0 29 2 *",
    "*/20 * * * * *",
    "0 0 12 * * ? 2027",
    "0 5 * * * 2026",
    "61 * * * *",
    "H H(0-5) * * *",
)
ZONES = (None, None, None, "America/New_York", "Europe/Berlin", "Mars/Olympus")


def _fleet(seed: int, jobs: int) -> dict[str, str]:
    """A directory of job files: YAML with defaults and runtime keys, and a crontab."""
    rng = random.Random(seed)
    lines = [
        "defaults:",
        "  executionTimeout: 600",
        "jobs:",
    ]
    for i in range(jobs):
        schedule = rng.choice(SCHEDULES)
        zone = rng.choice(ZONES)
        lines += [f"  - name: job-{i:04d}", f"    command: /bin/run {i}"]
        if schedule.startswith("0 ") and schedule.count(" ") == 4 and i % 3 == 0:
            minute, hour, *_ = schedule.split()
            lines += ["    schedule:", f'      minute: "{minute}"', f'      hour: "{hour}"']
        else:
            lines.append(f'    schedule: "{schedule}"')
        if zone:
            lines.append(f"    timezone: {zone}")
        if i % 11 == 0:
            lines.append("    enabled: false")
    crontab = ["SHELL=/bin/sh", "0 * * * * /bin/a", "H H * * * /bin/b", "CRON_TZ=Europe/Berlin"]
    crontab += [f"{rng.choice(SCHEDULES[:12])} /bin/c{i}" for i in range(20)]
    return {
        "cronstable.d/fleet.yaml": "\n".join(lines) + "\n",
        "cronstable.d/legacy.crontab": "\n".join(crontab) + "\n",
    }


def _changed(files: dict[str, str]) -> dict[str, str]:
    """The fleet with schedules moved, respelled and a job renamed (what diff compares)."""
    text = files["cronstable.d/fleet.yaml"]
    text = text.replace("job-0003\n", "job-0003-renamed\n").replace('"*/5 * * * *"', '"7 7 * * *"')
    text = text.replace('"0 * * * *"', '"0 0-23 * * *"', 3)
    return {**files, "cronstable.d/fleet.yaml": text}


_PARSE_SIGNATURE = inspect.signature(parser.parse)


def _key(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[object, ...]:
    """What one parse is of: the text, its H key when the text has H, crontab or not.

    The arguments are bound to `parse`'s own signature, so a flag passed by
    position or by name counts the same.
    """
    bound = _PARSE_SIGNATURE.bind(*args, **kwargs)
    bound.apply_defaults()
    text, key, crontab = (
        bound.args[0],
        bound.arguments["hash_key"],
        bool(bound.arguments["crontab"]),
    )
    hashed = isinstance(text, str) and ("H" in text or "h" in text)
    return (text, key if hashed else None, crontab)


class Parses:
    """Counts of each schedule asked of the engine's `parse`, through any module's name."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.counts: Counter[tuple[object, ...]] = Counter()
        self._monkeypatch = monkeypatch
        self._real = parser.parse

    def _counting(self, *args: Any, **kwargs: Any) -> Any:
        self.counts[_key(args, kwargs)] += 1
        return self._real(*args, **kwargs)

    def count_from_now(self) -> None:
        """Every module that holds the entry point (imported so far) calls the counter."""
        for name, module in list(sys.modules.items()):
            if name.startswith("cronstable_cli") and getattr(module, "parse", None) is self._real:
                self._monkeypatch.setattr(module, "parse", self._counting)
        self.counts.clear()


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Parses:
    return Parses(monkeypatch)


COMMANDS = (
    ("lint",),
    ("lint", "--format", "json"),
    ("lint", "--format", "sarif"),
    ("lint", "--format", "github", "--max-per-minute", "3"),
    ("jobs",),
    ("jobs", "--format", "json"),
    ("pressure",),
    ("pressure", "--format", "json", "--runtime"),
    ("owners", "--nodes", "a,b,c"),
    ("owners", "--nodes", "a,b,c", "--format", "json"),
    ("duplicates",),
    ("duplicates", "--format", "json"),
    ("calendar", "--days", "3"),
    ("calendar", "--days", "3", "--format", "json"),
    ("calendar", "--days", "3", "--format", "ics"),
)
TIMED = {"lint", "jobs", "pressure", "calendar"}  # the commands that take --from


def _args(command: tuple[str, ...]) -> list[str]:
    timed = ["--from", FROM] if command[0] in TIMED else []
    return [command[0], "cronstable.d", *timed, *command[1:]]


def _counted(
    capsys: pytest.CaptureFixture[str], parses: Parses, args: list[str]
) -> Counter[tuple[object, ...]]:
    run(capsys, *args)  # imports what the command needs, so every name can be counted
    parses.count_from_now()
    code, _, err = run(capsys, *args)
    assert code in (0, 1), err
    counts = parses.counts
    assert counts, f"{args}: no parse counted (is the entry point still `engine.parser.parse`?)"
    return counts


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_command_parses_each_schedule_once(
    command: tuple[str, ...],
    seed: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    parses: Parses,
) -> None:
    Repo(tmp_path).write(_fleet(seed, 150))
    monkeypatch.chdir(tmp_path)
    counts = _counted(capsys, parses, _args(command))
    twice = {key: n for key, n in counts.items() if n > 1}
    assert not twice, f"{command}: parsed more than once: {dict(list(twice.items())[:5])}"


@pytest.mark.parametrize("fmt", ["text", "json", "markdown", "github"])
def test_diff_parses_each_schedule_once_over_both_revisions(
    fmt: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    parses: Parses,
) -> None:
    repo = Repo(tmp_path)
    base = _fleet(3, 150)
    repo.commit(base, "base")
    repo.write(_changed(base))
    monkeypatch.chdir(tmp_path)
    args = ["diff", "main", "cronstable.d", "--from", FROM, "--format", fmt]
    counts = _counted(capsys, parses, args)
    twice = {key: n for key, n in counts.items() if n > 1}
    assert not twice, f"diff --format {fmt}: parsed more than once: {list(twice)[:5]}"


def test_the_table_shares_results_and_errors_and_ends_with_its_block() -> None:
    with parse_table.one_parse_each():
        first = parse_table.parse_schedule("H H * * *", "a")
        assert parse_table.parse_schedule("H H * * *", "a") is first
        # A text without H does not depend on the key: one entry for every job.
        plain = parse_table.parse_schedule("0 * * * *", "a")
        assert parse_table.parse_schedule("0 * * * *", "b") is plain
        with pytest.raises(ScheduleError) as one:
            parse_table.parse_schedule("61 * * * *", "a")
        with pytest.raises(ScheduleError) as two:
            parse_table.parse_schedule("61 * * * *", "b")
        assert one.value is two.value
        # The crontab dialect is another parse (@midnight is its own).
        assert parse_table.parse_schedule("@midnight", "x", crontab=True).source
        with pytest.raises(ScheduleError):
            parse_table.parse_schedule("@midnight", "x")
    assert parse_table._table is None  # nothing kept after the command


def test_every_report_command_runs_inside_one_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The CLI opens the table around each report command and drops it after."""
    seen: list[bool] = []
    real = parse_table.parse_schedule

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(parse_table._table is not None)
        return real(*args, **kwargs)

    monkeypatch.setattr("cronstable_cli.analysis.frames.parse_schedule", spy)
    Repo(tmp_path).write(_fleet(4, 20))
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "jobs", "cronstable.d", "--from", FROM)
    assert code in (0, 1), err
    assert seen and all(seen)
    assert parse_table._table is None


def test_looking_a_command_up_opens_no_table() -> None:
    """Help and shell completion look commands up on contexts nobody closes: only an
    invocation opens the table, so none is left open for whatever runs next."""
    import click

    from cronstable_cli.cli.main import COMMANDS, cli

    ctx = click.Context(cli)
    for name in COMMANDS:
        assert cli.get_command(ctx, name) is not None
    cli.resolve_command(ctx, ["lint"])
    assert parse_table._table is None
