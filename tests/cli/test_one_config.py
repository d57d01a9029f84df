"""PATHS grouped into the configs a daemon would load; --system-crontab everywhere.

What the daemon does is pinned by tests/oracle (test_parity_generated,
test_shaped_files): a directory loads each file on its own and again where an
include names it; two directories are two daemons. These tests hold the
command line to it: which PATHS are judged together, what each command says.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from . import helpers as cli

JOB = 'jobs:\n  - name: {name}\n    command: /bin/{name}\n    schedule: "0 {hour} * * *"\n'
SHAPED = Path(__file__).resolve().parents[1] / "data" / "shaped"


def _findings(
    capsys: pytest.CaptureFixture[str], *args: str
) -> tuple[int, list[dict[str, object]]]:
    code, out, _ = cli.run(capsys, "lint", *args, "--format", "json")
    return code, json.loads(out)["findings"]


def test_per_host_crontabs_pass_together(capsys: pytest.CaptureFixture[str]) -> None:
    # What the per-file pre-commit hook passes when both hosts' crontabs change.
    code, found = _findings(
        capsys, str(SHAPED / "hosts/web1/crontab"), str(SHAPED / "hosts/web2/crontab")
    )
    assert code == 0
    # DST notes about 02:30 in Berlin, and nothing about the names both files use
    assert {f["level"] for f in found} <= {"note"}
    assert not [f for f in found if f["code"] == "duplicate-job-name"]


def test_files_of_one_directory_given_one_by_one_are_its_config(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "a.yaml").write_text(JOB.format(name="same", hour=1))
    (tmp_path / "b.yaml").write_text(JOB.format(name="same", hour=2))
    code, found = _findings(capsys, str(tmp_path / "b.yaml"), str(tmp_path / "a.yaml"))
    assert code == 1
    # in the directory's (sorted) order: a.yaml first, the duplicate in b.yaml
    assert [(f["code"], Path(str(f["file"])).name) for f in found] == [
        ("duplicate-job-name", "b.yaml")
    ]


def test_files_of_two_directories_are_two_configs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for host in ("one", "two"):
        (tmp_path / host).mkdir()
        (tmp_path / host / "jobs.yaml").write_text(JOB.format(name="same", hour=1))
    code, found = _findings(capsys, str(tmp_path / "one"), str(tmp_path / "two/jobs.yaml"))
    assert code == 0 and found == []


def test_a_directory_and_one_of_its_files_load_that_file_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "a.yaml").write_text(JOB.format(name="a", hour=1))
    code, found = _findings(capsys, str(tmp_path), str(tmp_path / "a.yaml"))
    assert code == 0 and found == []


@pytest.fixture
def sibling_include(tmp_path: Path) -> Path:
    """The daemon's own demo layout: main.yaml includes a sibling the directory also loads."""
    (tmp_path / "main.yaml").write_text("include:\n  - team.yaml\n" + JOB.format(name="m", hour=1))
    (tmp_path / "team.yaml").write_text(JOB.format(name="team-job", hour=2))
    return tmp_path


def test_a_sibling_that_is_also_included_is_a_duplicate(
    capsys: pytest.CaptureFixture[str], sibling_include: Path
) -> None:
    code, found = _findings(capsys, str(sibling_include))
    assert code == 1
    (finding,) = found
    assert (finding["code"], Path(str(finding["file"])).name, finding["line"]) == (
        "duplicate-job-name",
        "main.yaml",
        2,  # the include that loads team.yaml a second time
    )
    assert "team.yaml is loaded twice" in str(finding["message"])
    assert "duplicate job name(s): team-job" in str(finding["message"])


def test_jobs_and_pressure_say_the_directory_is_refused(
    capsys: pytest.CaptureFixture[str], sibling_include: Path
) -> None:
    for command in ("jobs", "pressure"):
        code, out, err = cli.run(capsys, command, str(sibling_include))
        assert code == 1, command
        assert "duplicate-job-name" in out + err, command


def test_the_included_file_alone_is_fine(
    capsys: pytest.CaptureFixture[str], sibling_include: Path
) -> None:
    code, found = _findings(capsys, str(sibling_include / "main.yaml"))
    assert code == 0 and found == []


@pytest.mark.parametrize("command", ["jobs", "pressure", "duplicates", "owners", "suggest", "lint"])
def test_every_loading_command_reads_a_cron_d_directory_with_system_crontab(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    extra = {"owners": ["--nodes", "a,b"]}.get(command, [])
    args = [command, *extra, str(SHAPED / "cron.d")]
    code, _, err = cli.run(capsys, *args, "--system-crontab")
    assert code == 0, err
    if command == "jobs":
        doc = cli.run_json(
            capsys, "jobs", str(SHAPED / "cron.d"), "--system-crontab", "--format", "json"
        )
        assert [j["name"] for j in doc["jobs"]] == [
            "exim-tidy:2", "munin-node:2", "news-expire:3", "stats:2", "stats:3",
        ]  # fmt: skip


def test_without_the_flag_a_cron_d_directory_is_explained(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = cli.run(capsys, "jobs", str(SHAPED / "cron.d"))
    assert code == 1
    assert "looks like /etc/cron.d" in err and "--system-crontab" in err


def test_config_file_globs_pick_system_crontabs_inside_a_directory(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cron.d").mkdir()
    (tmp_path / "cron.d" / "backup").write_text("0 1 * * * root /usr/local/bin/backup\n")
    (tmp_path / "cron.d" / "app.crontab").write_text("0 2 * * * /srv/app/run\n")
    (tmp_path / ".cronstable.toml").write_text('system-crontab = ["cron.d/backup"]\n')
    monkeypatch.chdir(tmp_path)
    doc = cli.run_json(capsys, "jobs", "cron.d", "--format", "json")
    assert [(j["name"], j["schedule"]) for j in doc["jobs"]] == [
        ("app.crontab:1", "0 2 * * *"),
        ("backup:1", "0 1 * * *"),
    ]
    code, found = _findings(capsys, "cron.d")
    assert code == 0 and found == []


def test_a_missing_path_alone_is_an_error_not_an_empty_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = cli.run(capsys, "jobs", str(tmp_path / "nope"))
    assert code == 1
    assert out == ""
    assert "no job files under" in err and "no such file or directory" in err


def test_one_bad_cron_tz_line_is_one_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "tz.crontab").write_text("CRON_TZ=Mars/Base\n0 1 * * * /bin/a\n0 2 * * * /bin/b\n")
    code, found = _findings(capsys, str(tmp_path / "tz.crontab"))
    assert code == 1
    assert [(f["code"], f["line"]) for f in found] == [("unknown-timezone", 1)]


@pytest.mark.parametrize("spelling", ["utc", "Z", "europe/berlin"])
def test_zone_spellings_the_daemon_refuses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, spelling: str
) -> None:
    (tmp_path / "tz.crontab").write_text(f"CRON_TZ={spelling}\n0 1 * * * /bin/a\n")
    (tmp_path / "tz.yaml").write_text(JOB.format(name="j", hour=1) + f"    timezone: {spelling}\n")
    code, found = _findings(capsys, str(tmp_path))
    assert code == 1
    assert [(f["code"], Path(str(f["file"])).name) for f in found] == [
        ("unknown-timezone", "tz.crontab"),
        ("unknown-timezone", "tz.yaml"),
    ]


@pytest.mark.parametrize(
    "command",
    [
        "lint",
        "jobs",
        "pressure",
        "suggest",
        "duplicates",
        "owners",
        "preview",
        "why",
        "explain",
        "diff",
    ],
)
def test_every_command_that_loads_paths_takes_system_crontab(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    code, out, _ = cli.run(capsys, command, "--help")
    assert code == 0 and "--system-crontab" in out


def test_a_section_of_a_sibling_that_is_also_included_is_loaded_twice(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The daemon: "Multiple 'web' configurations found: first in ./a.yaml, now in ./b.yaml".
    (tmp_path / "a.yaml").write_text("include:\n  - b.yaml\n")
    (tmp_path / "b.yaml").write_text("web:\n  listen:\n    - http://127.0.0.1:8080\n")
    code, found = _findings(capsys, str(tmp_path))
    assert code == 1
    (finding,) = found
    assert (finding["code"], Path(str(finding["file"])).name) == ("invalid-config", "b.yaml")
    assert "loaded twice" in str(finding["message"])
