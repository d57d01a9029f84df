"""`cronstable jobs`: the inventory of a small hand-written fleet.

The start instant is Friday 2027-03-26 16:00 UTC, which is 17:00 CET in
Berlin (Berlin springs forward on the 28th), 12:00 EDT in New York (already
on summer time since the 14th) and 01:00 JST on Saturday the 27th in Tokyo.
Each expected next fire below was worked out by hand from those facts.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from cronstable_cli.cli.main import main

from . import helpers as cli

FLEET = """\
defaults:
  timezone: Europe/Berlin
jobs:
  - name: refresh-cache
    command: ./refresh.sh
    schedule: "H/15 9-17 * * mon-fri"
  - name: nightly-report
    command: ./report.sh --all
    schedule: "30 2 * * *"
    timezone: America/New_York
  - name: warm-cache
    command: ./warm.sh
    schedule: "@reboot"
  - name: old-backup
    command: ./backup.sh
    schedule: "0 3 * * *"
    timezone: UTC
    enabled: false
"""

LEGACY = """\
# entries moved over from the old host
CRON_TZ=Asia/Tokyo
0 9 * * 1-5 /usr/local/bin/report
@reboot /usr/local/bin/warm
"""

COMPOSE = """\
services:
  web:
    image: nginx
"""

MANIFEST = """\
apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "0 2 * * *"
"""

START = "2027-03-26T16:00:00Z"


@pytest.fixture(autouse=True)
def fixed_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.fixture
def fleet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "fleet.yaml").write_text(FLEET)
    (tmp_path / "legacy.crontab").write_text(LEGACY)
    monkeypatch.chdir(tmp_path)  # relative file names in the output
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return cli.run(capsys, "jobs", *args)


def run_json(capsys: pytest.CaptureFixture[str], *args: str, expect: int = 0) -> dict:
    return cli.run_json(capsys, "jobs", *args, "--from", START, expect=expect)


REFRESH = {
    "name": "refresh-cache",
    "kind": "job",
    "file": "fleet.yaml",
    "line": 4,
    "schedule": "H/15 9-17 * * mon-fri",
    "resolved": "14,29,44,59 9-17 * * mon-fri",
    "timezone": "Europe/Berlin",
    "enabled": True,
    "next": "2027-03-26T16:14:00+00:00",
}  # 17:14 CET
NIGHTLY = {
    "name": "nightly-report",
    "kind": "job",
    "file": "fleet.yaml",
    "line": 7,
    "schedule": "30 2 * * *",
    "resolved": "30 2 * * *",
    "timezone": "America/New_York",
    "enabled": True,
    "next": "2027-03-27T06:30:00+00:00",
}  # 02:30 EDT
WARM = {
    "name": "warm-cache",
    "kind": "job",
    "file": "fleet.yaml",
    "line": 11,
    "schedule": "@reboot",
    "resolved": "@reboot",
    "timezone": "Europe/Berlin",
    "enabled": True,
    "next": None,
}
OLD = {
    "name": "old-backup",
    "kind": "job",
    "file": "fleet.yaml",
    "line": 14,
    "schedule": "0 3 * * *",
    "resolved": "0 3 * * *",
    "timezone": "UTC",
    "enabled": False,
    "next": "2027-03-27T03:00:00+00:00",
}
TOKYO_REPORT = {
    "name": "legacy.crontab:3",
    "kind": "crontab",
    "file": "legacy.crontab",
    "line": 3,
    "schedule": "0 9 * * 1-5",
    "resolved": "0 9 * * 1-5",
    "timezone": "Asia/Tokyo",
    "enabled": True,
    "next": "2027-03-29T00:00:00+00:00",
}  # Monday 09:00 JST
TOKYO_WARM = {
    "name": "legacy.crontab:4",
    "kind": "crontab",
    "file": "legacy.crontab",
    "line": 4,
    "schedule": "@reboot",
    "resolved": "@reboot",
    "timezone": "Asia/Tokyo",
    "enabled": True,
    "next": None,
}


def test_inventory_json(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    doc = run_json(capsys, "fleet.yaml", "legacy.crontab")
    assert doc["version"] == 1
    assert doc["jobs"] == [REFRESH, NIGHTLY, WARM, OLD, TOKYO_REPORT, TOKYO_WARM]
    assert doc["errors"] == []
    assert doc["files"] == ["fleet.yaml", "legacy.crontab"]


def test_directory_loads_in_sorted_order(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    doc = run_json(capsys, ".")
    assert [j["name"] for j in doc["jobs"]] == [
        "refresh-cache",
        "nightly-report",
        "warm-cache",
        "old-backup",
        "legacy.crontab:3",
        "legacy.crontab:4",
    ]


def test_no_paths_reads_cronstable_yaml(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cronstable.yaml").write_text(FLEET)
    monkeypatch.chdir(tmp_path)
    doc = run_json(capsys)
    assert len(doc["jobs"]) == 4


def test_next_is_shown_in_the_display_zone(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    doc = run_json(capsys, "fleet.yaml", "--tz", "Europe/Berlin")
    assert [j["next"] for j in doc["jobs"]] == [
        "2027-03-26T17:14:00+01:00",
        "2027-03-27T07:30:00+01:00",
        None,
        "2027-03-27T04:00:00+01:00",
    ]


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (
            ["--enabled"],
            [
                "refresh-cache",
                "nightly-report",
                "warm-cache",
                "legacy.crontab:3",
                "legacy.crontab:4",
            ],
        ),
        (["--zone", "UTC"], ["old-backup"]),
        (["--zone", "Asia/Tokyo"], ["legacy.crontab:3", "legacy.crontab:4"]),
        (["--grep", "REPORT"], ["nightly-report", "legacy.crontab:3"]),  # name, then command
        (["--grep", "H/15"], ["refresh-cache"]),  # the schedule as written
        (["--grep", "backup", "--enabled"], []),
    ],
)
def test_filters(
    capsys: pytest.CaptureFixture[str], fleet: Path, args: list[str], names: list[str]
) -> None:
    doc = run_json(capsys, "fleet.yaml", "legacy.crontab", *args)
    assert [j["name"] for j in doc["jobs"]] == names


@pytest.mark.parametrize(
    ("name", "text", "looks_like"),
    [
        ("docker-compose.yml", COMPOSE, "Docker Compose"),
        ("cronjob.yaml", MANIFEST, "Kubernetes"),
    ],
)
def test_foreign_yaml_is_an_error(
    capsys: pytest.CaptureFixture[str], fleet: Path, name: str, text: str, looks_like: str
) -> None:
    (fleet / name).write_text(text)
    doc = run_json(capsys, "fleet.yaml", name, expect=1)
    # The good file is still listed in full.
    assert [j["name"] for j in doc["jobs"]] == [
        "refresh-cache",
        "nightly-report",
        "warm-cache",
        "old-backup",
    ]
    [error] = doc["errors"]
    assert error["code"] == "invalid-config"
    assert error["level"] == "error"
    assert error["file"] == name
    assert error["line"] == 1
    assert looks_like in error["message"]
    assert list(error) == cli.FINDING_KEYS
    assert error["fix"] is None  # nothing to edit in somebody else's YAML


def test_foreign_yaml_text_lists_the_error(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    (fleet / "docker-compose.yml").write_text(COMPOSE)
    code, out, _ = run(capsys, "docker-compose.yml", "--from", START)
    assert code == 1
    assert "docker-compose.yml:1:1: error [invalid-config] not a cronstable config" in out
    assert "0 jobs, 0 enabled, from 1 file" in out


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.replace("┃", "│").split("│")]


def test_text_table(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    code, out, err = run(capsys, "fleet.yaml", "legacy.crontab", "--from", START)
    assert code == 0, err
    lines = out.splitlines()
    assert _cells(lines[0]) == [
        "job / where",
        "kind",
        "schedule (→ resolved)",
        "zone",
        "on",
        "next (UTC)",
    ]
    assert set(lines[1]) <= {"━", "╇"}
    # Each job is two lines: name / file:line, schedule / resolved, next / countdown.
    # 16:00Z Fri 26 March 2027: Berlin is CET (+1) so 17:14 local is 16:14Z.
    assert [_cells(line) for line in lines[2:-1]] == [
        [
            "refresh-cache",
            "job",
            "H/15 9-17 * * mon-fri",
            "Europe/Berlin",
            "yes",
            "Fri 03-26 16:14",
        ],
        ["fleet.yaml:4", "", "→ 14,29,44,59 9-17 * * mon-fri", "", "", "in 14m"],
        ["nightly-report", "job", "30 2 * * *", "America/New_York", "yes", "Sat 03-27 06:30"],
        ["fleet.yaml:7", "", "", "", "", "in 14h 30m"],
        ["warm-cache", "job", "@reboot", "Europe/Berlin", "yes", "at daemon start"],
        ["fleet.yaml:11", "", "", "", "", ""],
        ["old-backup", "job", "0 3 * * *", "UTC", "no", "Sat 03-27 03:00"],
        ["fleet.yaml:14", "", "", "", "", "in 11h 0m"],
        # Tokyo is +9 all year: Monday 29 March 09:00 JST is 00:00Z.
        ["legacy.crontab:3", "crontab", "0 9 * * 1-5", "Asia/Tokyo", "yes", "Mon 03-29 00:00"],
        ["legacy.crontab:3", "", "", "", "", "in 2d 8h"],
        ["legacy.crontab:4", "crontab", "@reboot", "Asia/Tokyo", "yes", "at daemon start"],
        ["legacy.crontab:4", "", "", "", "", ""],
    ]
    assert lines[-1] == "6 jobs, 5 enabled, from 2 files"


class FakeTerminal(io.StringIO):
    """A StringIO that says it is a terminal, so rich would style its output."""

    def isatty(self) -> bool:
        return True


def _render(monkeypatch: pytest.MonkeyPatch, no_color: bool) -> str:
    from cronstable_cli.analysis.inventory import inventory
    from cronstable_cli.cli.options import parse_instant, zone_arg
    from cronstable_cli.loaders import load_paths
    from cronstable_cli.render.jobs_text import render_jobs

    monkeypatch.setenv("TERM", "xterm-256color")
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    loaded = load_paths(["fleet.yaml", "docker-compose.yml"])
    start = parse_instant(START, zone_arg("UTC"))
    result = inventory(loaded.jobs, loaded.findings, loaded.files, start)
    out = FakeTerminal()
    render_jobs(result, start, file=out)
    return out.getvalue()


def test_no_color_means_no_escapes_even_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, fleet: Path
) -> None:
    (fleet / "docker-compose.yml").write_text(COMPOSE)
    assert "\x1b[" in _render(monkeypatch, no_color=False)  # the control: styled on a TTY
    plain = _render(monkeypatch, no_color=True)
    assert "\x1b" not in plain
    assert "refresh-cache" in plain and "error [invalid-config]" in plain


def test_no_color_cli(
    capsys: pytest.CaptureFixture[str], fleet: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = run(capsys, "fleet.yaml", "--from", START)
    assert code == 0
    assert "\x1b" not in out


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["fleet.yaml", "--tz", "Atlantis/Capital"], "--tz"),
        (["fleet.yaml", "--from", "soon"], "--from"),
    ],
)
def test_usage_errors(
    capsys: pytest.CaptureFixture[str], fleet: Path, args: list[str], reason: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    errors = [line for line in err.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and reason in errors[0]


def test_no_paths_and_no_default_config(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys)
    assert code == 2
    assert "no PATHS given and neither ./cronstable.yaml nor ./cronstable.d exists" in err


# --job: preview, explain and why on a loaded job (its name is the H key, its zone the frame).


def test_preview_job(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    code = main(
        [
            "preview",
            "--job",
            "refresh-cache",
            "fleet.yaml",
            "--from",
            START,
            "-n",
            "3",
            "--format",
            "json",
        ]
    )
    doc = json.loads(capsys.readouterr().out)
    assert code == 0
    assert doc["job"] == "refresh-cache"
    assert doc["timezone"] == "Europe/Berlin"
    assert doc["resolved"] == "14,29,44,59 9-17 * * mon-fri"
    assert doc["fires"] == [
        "2027-03-26T17:14:00+01:00",
        "2027-03-26T17:29:00+01:00",
        "2027-03-26T17:44:00+01:00",
    ]


def test_preview_crontab_job(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    code = main(
        [
            "preview",
            "--job",
            "legacy.crontab:3",
            "fleet.yaml",
            "legacy.crontab",
            "--from",
            START,
            "-n",
            "2",
            "--format",
            "json",
        ]
    )
    doc = json.loads(capsys.readouterr().out)
    assert code == 0
    assert doc["timezone"] == "Asia/Tokyo"
    assert doc["fires"] == ["2027-03-29T09:00:00+09:00", "2027-03-30T09:00:00+09:00"]


def test_why_job(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    # nightly-report runs at 02:30 New York time; 2027-03-14 02:30 is in the gap.
    code = main(
        [
            "why",
            "--job",
            "nightly-report",
            "fleet.yaml",
            "--at",
            "2027-03-14T07:30:00Z",
            "--format",
            "json",
        ]
    )
    doc = json.loads(capsys.readouterr().out)
    assert code == 0
    assert doc["at"] == "2027-03-14T03:30:00-04:00"
    assert doc["fired"] is True


def test_explain_job(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    code = main(["explain", "--job", "old-backup", "fleet.yaml", "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0
    assert doc["job"] == "old-backup"
    assert doc["description"] == "At 03:00"
    assert doc["findings"] == []


def test_job_findings_point_into_the_file(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    code = main(
        [
            "preview",
            "--job",
            "refresh-cache",
            "fleet.yaml",
            "--from",
            START,
            "-n",
            "1",
            "--format",
            "json",
        ]
    )
    doc = json.loads(capsys.readouterr().out)
    assert code == 0
    [finding] = doc["findings"]
    assert finding["code"] == "hashed-slot"
    assert (finding["job"], finding["file"], finding["line"]) == (
        "refresh-cache",
        "fleet.yaml",
        6,
    )  # the schedule's line


def test_unknown_job_suggests_a_close_name(capsys: pytest.CaptureFixture[str], fleet: Path) -> None:
    code = main(["preview", "--job", "nightly-reprt", "fleet.yaml"])
    err = capsys.readouterr().err
    assert code == 2
    assert "no job named 'nightly-reprt' in fleet.yaml; did you mean 'nightly-report'?" in err


def test_a_command_leaves_the_garbage_collector_as_it_found_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Loading freezes what it made out of the collector's passes for the command's
    # sake (cli/loading.py); a process that runs several commands gets it all back.
    import gc

    path = tmp_path / "fleet.yaml"
    path.write_text(FLEET)
    assert gc.isenabled() and gc.get_freeze_count() == 0
    code, _, _ = cli.run(capsys, "jobs", str(path), "--from", "2027-03-26T16:00Z")
    assert code == 0
    assert gc.isenabled() and gc.get_freeze_count() == 0
    with pytest.MonkeyPatch.context() as patch:
        frozen: list[int] = []
        patch.setattr(gc, "unfreeze", lambda: frozen.append(gc.get_freeze_count()))
        cli.run(capsys, "jobs", str(path), "--from", "2027-03-26T16:00Z")
    assert frozen and frozen[0] > 0  # the load did freeze (the pass is not vacuous)
    gc.unfreeze()


def test_the_collector_is_paused_while_a_command_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The analysis and the output of a command run with the cyclic collector paused
    # (cli/main.py), after the load as during it; it is on again afterwards.
    import gc

    from cronstable_cli.analysis import inventory as module

    path = tmp_path / "fleet.yaml"
    path.write_text(FLEET)
    seen: list[bool] = []
    real = module.inventory

    def watched(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module, "inventory", watched)
        code, _, _ = cli.run(capsys, "jobs", str(path), "--from", "2027-03-26T16:00Z")
    assert code == 0 and seen == [False]
    assert gc.isenabled()


@pytest.mark.parametrize("command", ["jobs", "lint"])
def test_a_json_document_written_in_pieces_is_the_same_on_stdout_and_in_a_file(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """jobs and lint write their JSON a piece at a time: -o FILE gets the same bytes."""
    from cronstable_cli.formats import jsondoc

    lines = ["jobs:"]
    for i in range(400):
        lines += [f"  - name: job-{i:03d}", "    command: /bin/true", '    schedule: "H * * * *"']
    (tmp_path / "fleet.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    args = [command, str(tmp_path / "fleet.yaml"), "--from", "2026-01-05T00:00Z"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jsondoc, "PIECE", 1000)  # many pieces
        code, out, _ = cli.run(capsys, *args, "--format", "json")
        target = tmp_path / "out.json"
        again, _, err = cli.run(capsys, *args, "--format", "json", "-o", str(target))
    assert code == again, err
    assert target.read_text(encoding="utf-8") == out
    assert len(json.loads(out)["jobs" if command == "jobs" else "findings"]) == 400
