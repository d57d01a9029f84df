"""`cronstable pressure`, `suggest` and `duplicates` on job files."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from cronstable_cli.cli.writer import write_atomic

from . import helpers as cli

FROM = ["--from", "2026-01-05T00:00Z"]
JOBS = """\
jobs:
  - name: backup-db
    command: backup.sh
    schedule: "0 * * * *"
  - name: rotate-logs
    command: rotate.sh
    schedule: "@hourly"
  - name: thirds
    command: x.sh
    schedule: "*/20 * * * *"
  - name: berlin-morning
    command: x.sh
    schedule: "0 9 * * *"
    timezone: Europe/Berlin
  - name: paused
    command: x.sh
    schedule: "* * * * *"
    enabled: false
  - name: on-boot
    command: x.sh
    schedule: "@reboot"
  - name: broken
    command: x.sh
    schedule: "61 * * * *"
"""


@pytest.fixture
def jobs(tmp_path: Path) -> Path:
    path = tmp_path / "jobs.yaml"
    path.write_text(JOBS, encoding="utf-8")
    return path


run = cli.run


# --- pressure -----------------------------------------------------------------------


def test_text_report(jobs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "pressure", str(jobs), *FROM)
    assert code == 0
    # backup-db, rotate-logs and thirds every hour, berlin-morning at 08:00 UTC.
    assert "4 jobs fire at :00 (73 fires in the window)" in out
    assert "left out: 2 disabled or @reboot; 1 with an invalid schedule or zone" in out
    assert "broken" in err and "Traceback" not in err


def test_json_report(jobs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "pressure",
        str(jobs),
        *FROM,
        "--format",
        "json",
        "--tz",
        "America/New_York",
        "--hours",
        "48",
    )
    assert code == 0
    doc = json.loads(out)
    assert doc["version"] == 1
    assert (doc["jobs"], doc["excluded"], doc["invalid"]) == (4, 2, 1)
    assert doc["hours"] == 48 and doc["timezone"] == "America/New_York"
    assert doc["start"] == "2026-01-04T19:00:00-05:00"
    # 03:00 New York = 08:00 UTC = 09:00 Berlin: four jobs, on each of two days.
    assert doc["grid"][3][0] == 2 * 4
    assert doc["total_fires"] == 48 * (2 + 3) + 2
    assert doc["skipped"][0]["job"] == "broken"
    assert doc["errors"] == []


def test_html_report_is_written_atomically(
    jobs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "out" / "report.html"
    target.parent.mkdir()
    code, out, err = run(
        capsys, "pressure", str(jobs), *FROM, "--format", "html", "-o", str(target)
    )
    assert code == 0 and out == ""
    assert f"wrote {target}" in err
    html = target.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and html.count('<rect class="c l') == 1440
    assert "Where the next job should go" in html and "Duplicate schedules" in html
    assert "backup-db" in html
    assert sorted(p.name for p in target.parent.iterdir()) == ["report.html"]
    assert (target.stat().st_mode & 0o777) == (0o666 & ~_umask())


def test_text_report_to_a_file_has_no_colour(
    jobs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "report.txt"
    assert run(capsys, "pressure", str(jobs), *FROM, "-o", str(target))[0] == 0
    text = target.read_text(encoding="utf-8")
    assert "4 jobs fire at :00" in text and "\x1b[" not in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hours", "0"], "--hours"),
        (["--hours", "169"], "--hours"),
        (["--tz", "Mars/Base"], "unknown time zone"),
        (["--from", "yesterday-ish"], "not an ISO-8601 instant"),
        (["--format", "pdf"], "--format"),
    ],
)
def test_usage_errors_exit_2(
    jobs: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, _, err = run(capsys, "pressure", str(jobs), *FROM, *args)
    assert code == 2
    assert message in err
    assert "Traceback" not in err


def test_missing_path_is_a_load_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "pressure", str(tmp_path / "nope.yaml"))
    assert code == 1 and "unreadable-file" in err


def test_nothing_loadable_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("jobs: [\n", encoding="utf-8")
    code, _, err = run(capsys, "pressure", str(bad))
    assert code == 1
    assert "no jobs could be loaded" in err


def test_an_empty_config_is_an_empty_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.yaml"
    empty.write_text("", encoding="utf-8")
    code, out, _ = run(capsys, "pressure", str(empty), *FROM)
    assert code == 0 and "Nothing fires in this window." in out


def test_crontab_files_count_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tab = tmp_path / "legacy.crontab"
    tab.write_text("0 * * * * a.sh\n0 * * * * b.sh\n@midnight c.sh\n", encoding="utf-8")
    code, out, _ = run(capsys, "pressure", str(tab), *FROM, "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["jobs"] == 3 and doc["grid"][0][0] == 3


# --- pressure --jitter ---------------------------------------------------------------

# Every job in JOBS fires at minute 0 (berlin-morning once a day): auto gives each 60 s.
JITTERED = ["backup-db", "berlin-morning", "rotate-logs", "thirds"]


def spec_jitter(name: str, width: int) -> int:
    """docs/fleet-analyses.md: sha256("jitter\\n" + name), first 8 bytes BE, mod width."""
    digest = hashlib.sha256(f"jitter\n{name}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % width


def test_jitter_json_adds_one_object(jobs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, plain, _ = run(capsys, "pressure", str(jobs), *FROM, "--format", "json")
    code, out, _ = run(capsys, "pressure", str(jobs), *FROM, "--format", "json", "--jitter", "auto")
    assert code == 0
    doc = json.loads(out)
    jitter = doc.pop("jitter")
    assert doc == json.loads(plain)  # every other key unchanged
    assert jitter["option"] == "auto" and jitter["jittered_jobs"] == 4
    assert jitter["widths"] == [{"seconds": 60, "jobs": 4}]
    assert jitter["jobs"] == [
        {"name": n, "width": 60, "offset": spec_jitter(n, 60)} for n in JITTERED
    ]
    assert jitter["busiest_minute"] == 0
    seconds = jitter["seconds"]
    # 24 fires each of backup-db, rotate-logs and thirds at :00, one of berlin-morning.
    assert seconds["scheduled"] == [73] + [0] * 59
    expected = [0] * 60
    for name in JITTERED:
        expected[spec_jitter(name, 60)] += 1 if name == "berlin-morning" else 24
    assert seconds["fire_after"] == expected and seconds["spill"] == 0
    assert jitter["peak_per_second"]["scheduled"] == 4
    assert jitter["peak_per_second"]["fire_after"] == max(
        sum(1 for n in JITTERED if spec_jitter(n, 60) == spec_jitter(m, 60)) for m in JITTERED
    )


@pytest.mark.parametrize("width", [0, 30])
def test_jitter_explicit_width(jobs: Path, capsys: pytest.CaptureFixture[str], width: int) -> None:
    code, out, _ = run(
        capsys, "pressure", str(jobs), *FROM, "--format", "json", "--jitter", str(width)
    )
    assert code == 0
    jitter = json.loads(out)["jitter"]
    assert jitter["option"] == width
    if width:
        assert jitter["jobs"] == [
            {"name": n, "width": width, "offset": spec_jitter(n, width)} for n in JITTERED
        ]
    else:  # exact: nobody is jittered and the jittered view is the un-jittered one
        assert jitter["jobs"] == [] and jitter["jittered_jobs"] == 0
        assert jitter["seconds"]["fire_after"] == jitter["seconds"]["scheduled"]
        assert jitter["peak_per_second"] == {"scheduled": 4, "fire_after": 4}


def test_jitter_text_panel(jobs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pressure", str(jobs), *FROM, "--jitter", "auto")
    assert code == 0
    assert "4 jobs fire at :00 (73 fires in the window)" in out  # the un-jittered view stays
    assert "Jitter (--jitter auto): 4 of 4 jobs jittered\nwidths: 60s × 4 jobs\n" in out
    assert "Fires scheduled at :00, by second of scheduled_for (un-jittered)" in out
    assert "The same fires by second of fire_after (jittered)" in out
    assert "Peak fires starting in one second (whole window): 4 → " in out
    _, plain, _ = run(capsys, "pressure", str(jobs), *FROM)
    assert out.startswith(plain.rstrip("\n"))  # the panel only adds, below the report


def test_jitter_html_section(
    jobs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "report.html"
    code, _, _ = run(
        capsys,
        "pressure",
        str(jobs),
        *FROM,
        "--format",
        "html",
        "--jitter",
        "auto",
        "-o",
        str(target),
    )
    assert code == 0
    html = target.read_text(encoding="utf-8")
    assert "<h2>Jitter (--jitter auto)</h2>" in html
    assert 'id="jitter-scheduled"' in html and 'id="jitter-fire-after"' in html
    assert html.count('<rect class="c l') == 1440  # the heatmap is still all there


@pytest.mark.parametrize("value", ["901", "1000", "-5", "soon", "1.5", "", "0x10"])
def test_jitter_bad_values_exit_2(
    jobs: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    code, out, err = run(capsys, "pressure", str(jobs), *FROM, "--jitter", value)
    assert code == 2 and out == ""
    assert "Invalid value for '--jitter'" in err and "Traceback" not in err


# --- suggest ------------------------------------------------------------------------


def test_suggest_text_and_json(jobs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "suggest", str(jobs), *FROM)
    assert code == 0
    assert "30 * * * *" in out and "H * * * *" in out
    code, out, _ = run(capsys, "suggest", str(jobs), *FROM, "--period", "daily", "--format", "json")
    doc = json.loads(out)
    assert doc["version"] == 1 and doc["period"] == "daily"
    # The busiest cell is 08:00 (four jobs): twelve hours and thirty minutes away.
    assert doc["busiest"] == {"hour": 8, "minute": 0, "fires": 4}
    assert doc["expression"] == "30 20 * * *"
    assert doc["based_on"]["jobs"] == 4


def test_suggest_can_re_place_a_job(jobs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "suggest", str(jobs), *FROM, "--job", "thirds", "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["job"] == "thirds" and doc["based_on"]["jobs"] == 3


def test_suggest_unknown_job_is_a_usage_error(
    jobs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "suggest", str(jobs), "--job", "nobody")
    assert code == 2 and "no job named 'nobody'" in err


# --- duplicates ---------------------------------------------------------------------


def test_duplicates_text_and_json(jobs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "duplicates", str(jobs))
    assert code == 0
    assert "2× 0 * * * *" in out and "backup-db, rotate-logs" in out
    code, out, _ = run(capsys, "duplicates", str(jobs), "--format", "json")
    doc = json.loads(out)
    assert doc["version"] == 1 and doc["jobs"] == 4
    assert doc["groups"] == [
        {
            "expression": "0 * * * *",
            "description": "At minute 0 of every hour",
            "timezone": "UTC",
            "count": 2,
            "jobs": ["backup-db", "rotate-logs"],
        }
    ]


@pytest.mark.parametrize("command", ["pressure", "suggest", "duplicates"])
def test_help_has_an_example(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0 and f"cronstable {command} jobs/" in out


# --- atomic writes ------------------------------------------------------------------


def test_write_atomic_keeps_existing_permissions(tmp_path: Path) -> None:
    target = tmp_path / "r.html"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    write_atomic(str(target), b"new")
    assert target.read_text(encoding="utf-8") == "new"
    assert target.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["r.html"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
