"""Every tool's result is the CLI's `--format json` document for the same inputs.

The command lines here are written by hand from docs/cli.md, not derived from the
server's tool table: a tool that mapped an argument to the wrong option (or
dropped one) answers differently from the command line written out below.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession

from ..gitrepo import Repo
from .helpers import FROM, JOBS, cli_json, text_of, with_server

CLUSTER = """\
cluster:
  nodeName: node-a
  peers:
    - node-b
    - node-c
jobs:
  - name: backup
    command: backup.sh
    schedule: "0 3 * * *"
  - name: sweep
    command: sweep.sh
    schedule: "H * * * *"
"""

# (tool, arguments, the command line that must give the same document)
CASES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("lint", {"paths": ["jobs.yaml"], "from": FROM}, ["lint", "jobs.yaml", "--from", FROM]),
    (
        "lint",
        {"paths": ["jobs.yaml"], "from": FROM, "select": ["uneven-step"], "fail_on": "never"},
        ["lint", "jobs.yaml", "--from", FROM, "--select", "uneven-step", "--fail-on", "never"],
    ),
    (
        "lint",
        {"paths": ["jobs.yaml"], "from": FROM, "ignore": ["hashed-slot", "uneven-step"]},
        ["lint", "jobs.yaml", "--from", FROM, "--ignore", "hashed-slot,uneven-step"],
    ),
    (
        "lint",
        {"paths": ["jobs.yaml"], "from": FROM, "max_per_minute": 1},
        ["lint", "jobs.yaml", "--from", FROM, "--max-per-minute", "1"],
    ),
    ("lint", {"paths": ["jobs"], "from": FROM}, ["lint", "jobs", "--from", FROM]),
    ("explain", {"expression": "*/7 9-17 * * mon-fri"}, ["explain", "*/7 9-17 * * mon-fri"]),
    (
        "explain",
        {"expression": "H H(0-5) * * *", "seed": "nightly-backup", "tz": "Europe/Berlin"},
        ["explain", "H H(0-5) * * *", "--seed", "nightly-backup", "--tz", "Europe/Berlin"],
    ),
    (
        "explain",
        {"job": "refresh-cache", "paths": ["jobs.yaml"]},
        ["explain", "--job", "refresh-cache", "jobs.yaml"],
    ),
    (
        "preview",
        {"expression": "30 2 * * *", "tz": "America/New_York", "from": FROM, "count": 5},
        ["preview", "30 2 * * *", "--tz", "America/New_York", "--from", FROM, "-n", "5"],
    ),
    (
        "preview",
        {"job": "refresh-cache", "paths": ["jobs.yaml"], "from": FROM, "jitter": "auto"},
        ["preview", "--job", "refresh-cache", "jobs.yaml", "--from", FROM, "--jitter", "auto"],
    ),
    (
        "preview",
        {"expression": "0 * * * *", "from": FROM, "jitter": 30, "count": 3},
        ["preview", "0 * * * *", "--from", FROM, "--jitter", "30", "-n", "3"],
    ),
    (
        "why",
        {"expression": "0 0 13 * 5", "at": "2026-03-13T00:00"},
        ["why", "0 0 13 * 5", "--at", "2026-03-13T00:00"],
    ),
    (
        "why",
        {"job": "nightly-report", "paths": ["jobs.yaml"], "at": "2026-03-08T02:30"},
        ["why", "--job", "nightly-report", "jobs.yaml", "--at", "2026-03-08T02:30"],
    ),
    (
        "jobs",
        {"paths": ["jobs.yaml"], "from": FROM, "tz": "Asia/Tokyo"},
        ["jobs", "jobs.yaml", "--from", FROM, "--tz", "Asia/Tokyo"],
    ),
    (
        "jobs",
        {"paths": ["jobs.yaml", "cluster.yaml"], "from": FROM, "grep": "hourly", "enabled": True},
        ["jobs", "jobs.yaml", "cluster.yaml", "--from", FROM, "--grep", "hourly", "--enabled"],
    ),
    ("jobs", {"from": FROM, "zone": "UTC"}, ["jobs", "--from", FROM, "--zone", "UTC"]),
    (
        "pressure",
        {"paths": ["jobs.yaml"], "from": FROM, "hours": 48, "tz": "Europe/Berlin"},
        ["pressure", "jobs.yaml", "--from", FROM, "--hours", "48", "--tz", "Europe/Berlin"],
    ),
    (
        "pressure",
        {"paths": ["jobs.yaml"], "from": FROM, "jitter": "auto"},
        ["pressure", "jobs.yaml", "--from", FROM, "--jitter", "auto"],
    ),
    (
        "pressure",
        {"paths": ["jobs.yaml"], "from": FROM, "runtime": True, "runtime_default": 300},
        ["pressure", "jobs.yaml", "--from", FROM, "--runtime", "--runtime-default", "300"],
    ),
    (
        "pressure",
        {"paths": ["jobs.yaml"], "from": FROM, "durations": "durations.json"},
        ["pressure", "jobs.yaml", "--from", FROM, "--durations", "durations.json"],
    ),
    (
        "pressure",
        {
            "paths": ["jobs.yaml"],
            "from": FROM,
            "durations": "durations.json",
            "runtime_default": 90.5,
            "hours": 6,
        },
        [
            "pressure",
            "jobs.yaml",
            "--from",
            FROM,
            "--durations",
            "durations.json",
            "--runtime-default",
            "90.5",
            "--hours",
            "6",
        ],
    ),
    (
        "suggest",
        {"paths": ["jobs.yaml"], "from": FROM, "period": "daily", "tz": "Europe/Berlin"},
        ["suggest", "jobs.yaml", "--from", FROM, "--period", "daily", "--tz", "Europe/Berlin"],
    ),
    (
        "suggest",
        {"paths": ["jobs.yaml"], "from": FROM, "job": "hourly-b"},
        ["suggest", "jobs.yaml", "--from", FROM, "--job", "hourly-b"],
    ),
    (
        "suggest",
        {"paths": ["jobs.yaml"], "from": FROM, "runtime": 1800, "runtime_default": 300},
        ["suggest", "jobs.yaml", "--from", FROM, "--runtime", "1800", "--runtime-default", "300"],
    ),
    (
        "suggest",
        {
            "paths": ["jobs.yaml"],
            "from": FROM,
            "period": "daily",
            "runtime": 600.5,
            "durations": "durations.json",
        },
        [
            "suggest",
            "jobs.yaml",
            "--from",
            FROM,
            "--period",
            "daily",
            "--runtime",
            "600.5",
            "--durations",
            "durations.json",
        ],
    ),
    ("duplicates", {"paths": ["jobs.yaml"]}, ["duplicates", "jobs.yaml"]),
    (
        "owners",
        {"paths": ["jobs.yaml"], "nodes": ["node-a", "node-b", "node-c"], "down": ["node-b"]},
        ["owners", "jobs.yaml", "--nodes", "node-a,node-b,node-c", "--down", "node-b"],
    ),
    (
        "owners",
        {"paths": ["cluster.yaml"], "distribution": "spread", "hash": "fnv1a64"},
        ["owners", "cluster.yaml", "--distribution", "spread", "--hash", "fnv1a64"],
    ),
    (
        "calendar",
        {"paths": ["jobs.yaml"], "from": FROM, "days": 3, "tz": "Europe/Berlin"},
        ["calendar", "jobs.yaml", "--from", FROM, "--days", "3", "--tz", "Europe/Berlin"],
    ),
    (
        "calendar",
        {"paths": ["jobs.yaml"], "from": FROM, "grep": "hourly"},
        ["calendar", "jobs.yaml", "--from", FROM, "--grep", "hourly"],
    ),
    (
        "diff",
        {"base": "old.yaml", "head": "jobs.yaml", "from": FROM, "hours": 24},
        ["diff", "old.yaml", "jobs.yaml", "--from", FROM, "--hours", "24"],
    ),
    (
        "diff",
        {"base": "main", "paths": ["jobs.yaml"], "from": FROM, "hours": 24},
        ["diff", "main", "jobs.yaml", "--from", FROM, "--hours", "24"],
    ),
    (
        "diff",
        {
            "base": "main~1",
            "head": "main",
            "paths": ["jobs.yaml", "cluster.yaml"],
            "from": FROM,
            "nodes": ["a", "b"],
        },
        ["diff", "main~1", "main", "jobs.yaml", "cluster.yaml", "--from", FROM, "--nodes", "a,b"],
    ),
]


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A git repository: two commits of jobs.yaml, then an uncommitted change."""
    root = tmp_path_factory.mktemp("root") / "repo"
    root.mkdir()
    repo = Repo(root)
    old = JOBS.replace('"*/7 * * * *"', '"*/5 * * * *"')
    repo.commit({"jobs.yaml": old.replace("30 2", "15 2"), "cluster.yaml": CLUSTER})
    repo.commit({"jobs.yaml": old, "old.yaml": old})
    (root / "jobs.yaml").write_text(JOBS, encoding="utf-8")
    (root / "jobs").mkdir()
    (root / "jobs" / "a.yaml").write_text(JOBS, encoding="utf-8")
    (root / "jobs" / "legacy.crontab").write_text("*/7 * * * * poll\n0 0 31 2 * never\n")
    (root / "cronstable.yaml").write_text(JOBS, encoding="utf-8")
    # Run lengths that put poll-feed's and the hourly jobs' runs in flight together.
    (root / "durations.json").write_text(
        '{"poll-feed": 1500, "hourly-a": 3300, "nightly-report": 7200}', encoding="utf-8"
    )
    return root


@pytest.fixture(scope="module")
def answers(root: Path) -> list[Any]:
    """Every case, called in one server session in order."""

    async def scenario(client: ClientSession) -> list[Any]:
        return [await client.call_tool(tool, args) for tool, args, _ in CASES]

    return with_server(root, scenario)


@pytest.mark.parametrize(
    "index", range(len(CASES)), ids=[f"{t}-{i}" for i, (t, _, _) in enumerate(CASES)]
)
def test_the_tool_answers_with_the_commands_document(
    root: Path, answers: list[Any], index: int
) -> None:
    _, _, argv = CASES[index]
    result = answers[index]
    assert not result.is_error, text_of(result)
    expected = cli_json(root, *argv)
    assert result.structured_content == expected
    assert result.structured_content["version"] == 1
    # The text block is the same document, for clients that read only text.
    assert text_of(result).startswith('{\n  "version": 1,')


def test_every_tool_is_covered() -> None:
    from cronstable_cli.mcp_server.server import ALL_TOOLS

    # fix has its own tests (test_fix.py): its document is built from lint's.
    assert {tool for tool, _, _ in CASES} | {"fix"} == {t.name for t in ALL_TOOLS}


def test_run_lengths_change_the_answer(answers: list[Any]) -> None:
    """The runtime arguments reach the command: the documents differ from those without."""
    by_case = {
        (tool, tuple(sorted(args))): answer.structured_content
        for (tool, args, _), answer in zip(CASES, answers, strict=True)
    }
    plain = by_case[("pressure", ("from", "hours", "paths", "tz"))]
    with_runtime = by_case[("pressure", ("from", "paths", "runtime", "runtime_default"))]
    assert "occupancy" not in plain and "occupancy" in with_runtime
    from_file = by_case[("pressure", ("durations", "from", "paths"))]["occupancy"]
    assert from_file["durations"] != with_runtime["occupancy"]["durations"]
    assert (
        by_case[("suggest", ("from", "paths", "runtime", "runtime_default"))]["runtime_seconds"]
        == 1800
    )


def test_a_bad_runtime_argument_gets_the_commands_message(root: Path) -> None:
    async def scenario(client: ClientSession) -> list[Any]:
        return [
            await client.call_tool("suggest", {"paths": ["jobs.yaml"], "runtime": "long"}),
            await client.call_tool("pressure", {"paths": ["jobs.yaml"], "runtime_default": -1}),
            await client.call_tool("suggest", {"paths": ["jobs.yaml"], "runtime_default": 60}),
            await client.call_tool("pressure", {"paths": ["jobs.yaml"], "durations": "jobs"}),
        ]

    shape, negative, needs_runtime, not_a_file = with_server(root, scenario)
    for result in (shape, negative, needs_runtime, not_a_file):
        assert result.is_error
    assert "'runtime' must be a number" in text_of(shape)
    assert "--runtime-default" in text_of(negative)
    assert "need --runtime SECONDS" in text_of(needs_runtime)
    assert "--durations" in text_of(not_a_file)


def test_a_text_is_linted_as_the_file_it_is_named(root: Path) -> None:
    text = JOBS.replace("0 * * * *", "0 0 31 2 *")

    async def scenario(client: ClientSession) -> Any:
        return await client.call_tool(
            "lint", {"text": text, "filename": "jobs/new.yaml", "from": FROM}
        )

    result = with_server(root, scenario)
    assert not result.is_error, text_of(result)
    expected = cli_json(
        root, "lint", "-", "--stdin-filename", "jobs/new.yaml", "--from", FROM, stdin=text
    )
    assert result.structured_content == expected
    assert {f["code"] for f in expected["findings"]} >= {"never-fires"}
    assert expected["files"] == ["jobs/new.yaml"]
    # The text was checked, not the disk: no such file exists.
    assert not (root / "jobs" / "new.yaml").exists()


def test_absolute_paths_inside_the_root_are_answered_as_written(root: Path) -> None:
    path = str(root / "jobs.yaml")

    async def scenario(client: ClientSession) -> list[Any]:
        return [
            await client.call_tool("lint", {"paths": [path], "from": FROM}),
            await client.call_tool("jobs", {"paths": [path, "./cluster.yaml"], "from": FROM}),
        ]

    lint, jobs = with_server(root, scenario)
    assert lint.structured_content == cli_json(root, "lint", path, "--from", FROM)
    assert lint.structured_content["files"] == [path]
    expected = cli_json(root, "jobs", path, "./cluster.yaml", "--from", FROM)
    assert jobs.structured_content == expected
