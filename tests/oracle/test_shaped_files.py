"""Real-world-shaped files (tests/data/shaped/, written for these tests) against the daemon.

The shapes the generated cases do not reach as whole files: a system crontab
whose entries name many users (news, munin, list, operator, Debian-exim, ...),
a cron.d directory of suffix-less files, a YAML file commented out, and
per-host crontabs that are all named `crontab`. For each the daemon's verdict
must be lint's (an error exactly when it refuses), `jobs` must list what it
loads, and the user column must be what lint says about the files it loads.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from cronstable_cli.analysis.lint import LintSettings, lint
from cronstable_cli.loaders import LoadResult, load_paths

from .daemon import ask

SHAPED = Path(__file__).resolve().parents[1] / "data" / "shaped"
NOW = datetime(2026, 12, 1, tzinfo=timezone.utc)
ENTRIES = [
    "etc-crontab",
    "cron.d",
    "cron.d/news-expire",
    "cron.d/munin-node",
    "cron.d/exim-tidy",
    "cron.d/stats",
    "disabled-jobs.yaml",
    "hosts/web1/crontab",
    "hosts/web2/crontab",
    "hosts",
]
USERS = {"root", "news", "munin", "list", "operator", "Debian-exim", "smmsp", "www-data"}


@pytest.fixture(scope="module")
def daemon() -> dict[str, dict[str, Any]]:
    answers = ask("load", [{"root": str(SHAPED), "entry": entry} for entry in ENTRIES])
    return dict(zip(ENTRIES, answers, strict=True))


def _lint(paths: list[str], **options: Any) -> tuple[LoadResult, list[Any]]:
    loaded = load_paths([str(SHAPED / p) for p in paths], **options)
    return loaded, list(lint(loaded, LintSettings(now=NOW)).findings)


@pytest.mark.parametrize("entry", ENTRIES)
def test_same_verdict_and_jobs(entry: str, daemon: dict[str, dict[str, Any]]) -> None:
    answer = daemon[entry]
    loaded, findings = _lint([entry])
    errors = [f"{f.location}: {f.message}" for f in findings if f.level == "error"]
    assert (not errors) == answer["ok"], answer["error"] or errors
    if answer["ok"]:
        assert [j.name for j in loaded.jobs] == [j["name"] for j in answer["jobs"]]


def test_the_commented_out_file_is_refused_with_the_daemons_words(
    daemon: dict[str, dict[str, Any]],
) -> None:
    assert "when expecting a mapping" in daemon["disabled-jobs.yaml"]["error"]
    _, findings = _lint(["disabled-jobs.yaml"])
    (finding,) = findings
    assert (finding.code, finding.level, finding.line, finding.column) == (
        "invalid-config",
        "error",
        1,
        1,
    )
    assert "when expecting a mapping" in finding.message


def test_every_user_column_of_the_system_crontab_warns(daemon: dict[str, dict[str, Any]]) -> None:
    # The daemon loads the file and would run the user's name as the command.
    commands = [j["name"] for j in daemon["etc-crontab"]["jobs"]]
    assert len(commands) == 11
    _, findings = _lint(["etc-crontab"])
    warned = [f for f in findings if f.code == "likely-user-column"]
    assert [(f.level, f.line) for f in warned] == [("warning", n) for n in range(7, 18)]


def test_system_crontab_reads_the_user_column_out() -> None:
    loaded, findings = _lint(["etc-crontab", "cron.d"], system_crontab=True)
    assert not [f for f in findings if f.level in ("error", "warning")]
    assert {j.user for j in loaded.jobs} == USERS
    assert len(loaded.jobs) == 11 + 5
    assert not any(j.command.split()[0] in USERS for j in loaded.jobs)


def test_a_cron_d_directory_says_what_it_is(daemon: dict[str, dict[str, Any]]) -> None:
    assert daemon["cron.d"] == {"ok": True, "error": None, "jobs": [], "dags": []}
    loaded, findings = _lint(["cron.d"])
    assert loaded.jobs == ()
    (finding,) = findings
    assert (finding.code, finding.level) == ("likely-user-column", "warning")
    assert "looks like /etc/cron.d" in finding.message and "--system-crontab" in finding.message


def test_per_host_crontabs_are_separate_configs(daemon: dict[str, dict[str, Any]]) -> None:
    # Each is loaded by its own daemon: the same `crontab:3` name on both hosts is fine.
    assert daemon["hosts/web1/crontab"]["ok"] and daemon["hosts/web2/crontab"]["ok"]
    loaded, findings = _lint(["hosts/web1/crontab", "hosts/web2/crontab"])
    assert [f for f in findings if f.level == "error"] == []
    # the fleet analyses still see both hosts' jobs
    assert [(j.name, j.location.file.split("/")[-2]) for j in loaded.jobs] == [
        ("crontab:3", "web1"),
        ("crontab:4", "web1"),
        ("crontab:3", "web2"),
        ("crontab:4", "web2"),
    ]
