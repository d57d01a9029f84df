"""`cronstable calendar`: the week grid against `preview --job`, the feed, options, exit codes."""

from __future__ import annotations

import json
import sys
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from .helpers import run, run_json

icalendar = pytest.importorskip("icalendar")

FLEET = """\
jobs:
  - name: hourly
    command: /bin/true
    schedule: "0 * * * *"
  - name: quarter
    command: /bin/true
    schedule: "H/15 * * * *"
    timezone: Europe/Berlin
  - name: nightly-ny
    command: /bin/true
    schedule: "30 2 * * *"
    timezone: America/New_York
  - name: early-ny
    command: /bin/true
    schedule: "30 1 * * *"
    timezone: America/New_York
  - name: lord-howe
    command: /bin/true
    schedule: "15 2 * * *"
    timezone: Australia/Lord_Howe
  - name: chatham
    command: /bin/true
    schedule: "0 3 * * *"
    timezone: Pacific/Chatham
  - name: berlin-dense
    command: /bin/true
    schedule: "*/10 2 * * *"
    timezone: Europe/Berlin
  - name: weekdays
    command: /bin/true
    schedule: "15 9 * * mon-fri"
  - name: seconds
    command: /bin/true
    schedule: "*/20 0 4 * * * *"
  - name: eight
    command: /bin/true
    schedule: "0 0-7 * * *"
  - name: hashed
    command: /bin/true
    schedule: "H H * * *"
  - name: last-day
    command: /bin/true
    schedule: "0 23 L * *"
  - name: off
    command: /bin/true
    schedule: "0 5 * * *"
    enabled: false
  - name: boot
    command: /bin/true
    schedule: "@reboot"
"""
NAMES = [
    "hourly",
    "quarter",
    "nightly-ny",
    "early-ny",
    "lord-howe",
    "chatham",
    "berlin-dense",
    "weekdays",
    "seconds",
    "eight",
    "hashed",
    "last-day",
]


@pytest.fixture(scope="module")
def fleet(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("calendar") / "jobs.yaml"
    path.write_text(FLEET, encoding="utf-8")
    return str(path)


def preview_fires(capsys: pytest.CaptureFixture[str], path: str, name: str, start: str) -> list:
    """The job's fires from `preview --job` (strictly after its --from: one second early)."""
    before = (datetime.fromisoformat(start) - timedelta(seconds=1)).isoformat()
    doc = run_json(capsys, "preview", "--job", name, path, "--from", before, "-n", "5000")
    return [datetime.fromisoformat(f) for f in doc["fires"]]


@pytest.mark.parametrize(
    ("start", "zone", "days"),
    [
        ("2026-03-07T00:00:00-05:00", "America/New_York", 7),  # NY springs forward 03-08
        ("2026-10-31T00:00:00-04:00", "America/New_York", 3),  # NY falls back 11-01
        ("2026-03-28T00:00:00+01:00", "Europe/Berlin", 7),
        ("2026-10-24T00:00:00+02:00", "Europe/Berlin", 2),
        ("2026-10-03T13:37:00+00:00", "Australia/Lord_Howe", 2),
        ("2026-09-26T00:00:00+00:00", "Pacific/Chatham", 2),
        ("2026-04-30T23:00:00+00:00", "UTC", 7),
    ],
)
def test_grid_and_agenda_equal_a_count_of_preview_fires(
    capsys: pytest.CaptureFixture[str], fleet: str, start: str, zone: str, days: int
) -> None:
    doc = run_json(capsys, "calendar", fleet, "--from", start, "--tz", zone, "--days", str(days))
    end = datetime.fromisoformat(doc["end"])
    display = ZoneInfo(zone)
    cells: Counter[tuple[str, int]] = Counter()
    agenda = []
    background = {}
    for name in NAMES:
        fires = [f for f in preview_fires(capsys, fleet, name, start) if f < end]
        for f in fires:
            local = f.astimezone(display)
            cells[(local.date().isoformat(), local.hour)] += 1
        if len(fires) > 8 * days:
            background[name] = len(fires)
        else:
            agenda.extend((f.timestamp(), name) for f in fires)
    grid = {
        (day["date"], hour): n for day in doc["grid"] for hour, n in enumerate(day["hours"]) if n
    }
    assert grid == dict(cells)
    assert doc["total_fires"] == sum(cells.values())
    assert [
        (datetime.fromisoformat(i["at"]).timestamp(), i["job"]) for i in doc["agenda"]
    ] == sorted(agenda)
    assert {b["job"]: b["fires"] for b in doc["background"]} == background
    assert doc["jobs"] == len(NAMES) and doc["excluded"] == 2


def test_text_week_view(
    capsys: pytest.CaptureFixture[str], fleet: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(
        capsys, "calendar", fleet, "--from", "2026-03-08T00:00", "--tz", "America/New_York"
    )
    assert code == 0
    assert "\x1b" not in out  # piped: no colour
    lines = out.splitlines()
    sunday = next(line for line in lines if line.startswith("Sun 03-08"))
    assert sunday.endswith("DST -1h")
    assert sunday[len("Sun 03-08 ") + 2 * 2] == "×"  # 02:00 does not exist
    assert "Agenda:" in out and "Background:" in out
    # nightly-ny's 02:30 moved to 03:30 on the short day; its own time equals the display's.
    agenda = lines[next(i for i, line in enumerate(lines) if line.startswith("Agenda:")) :]
    nightly = [line.split() for line in agenda if "nightly-ny" in line]
    times = [words[words.index("nightly-ny") - 1] for words in nightly]
    assert times[:3] == ["03:30", "02:30", "02:30"]  # 03-08 (shifted), 03-09, 03-10
    assert max(len(line) for line in lines) <= 80


def test_ics_for_one_job(capsys: pytest.CaptureFixture[str], fleet: str, tmp_path: Path) -> None:
    target = tmp_path / "one.ics"
    code, _, err = run(
        capsys,
        "calendar",
        fleet,
        "--job",
        "nightly-ny",
        "--format",
        "ics",
        "--from",
        "2026-03-01T00:00Z",
        "-o",
        str(target),
    )
    assert code == 0, err
    cal = icalendar.Calendar.from_ical(target.read_bytes())
    assert str(cal["X-WR-CALNAME"]) == "cronstable: nightly-ny"
    starts = [e.decoded("DTSTART") for e in cal.walk("VEVENT")]
    assert len(starts) == 14  # the feed's default window: 14 days
    # 02:30 New York: 07:30 UTC in EST, 06:30 UTC in EDT; 03-08 has no 02:30, so 03:30 EDT.
    assert [s.strftime("%m-%d %H:%M") for s in starts[6:9]] == [
        "03-07 07:30",
        "03-08 07:30",
        "03-09 06:30",
    ]


def test_unknown_job_is_a_usage_error(capsys: pytest.CaptureFixture[str], fleet: str) -> None:
    code, _, err = run(capsys, "calendar", fleet, "--job", "nightly-nyc")
    assert code == 2
    assert "no job named 'nightly-nyc'" in err and "nightly-ny" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "is not JSON"),
        ("[1, 2]", "entry 1 is not a job of GET /jobs"),
        ('"hourly"', "expected an object of job name -> seconds"),
        ('{"hourly": "10"}', "must be a number of seconds >= 0"),
        ('{"hourly": -1}', "must be a number of seconds >= 0"),
        ('{"hourly": true}', "must be a number of seconds >= 0"),
    ],
)
def test_bad_durations_file(
    capsys: pytest.CaptureFixture[str], fleet: str, tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "d.json"
    path.write_text(content, encoding="utf-8")
    code, _, err = run(capsys, "calendar", fleet, "--durations", str(path), "--format", "ics")
    assert code == 2 and message in err and "Traceback" not in err


def test_durations_set_the_event_length(
    capsys: pytest.CaptureFixture[str], fleet: str, tmp_path: Path
) -> None:
    path = tmp_path / "d.json"
    path.write_text('{"weekdays": 3599.5, "eight": 12}', encoding="utf-8")
    code, out, _ = run(
        capsys, "calendar", fleet, "--durations", str(path), "--format", "ics", "--grep", "e"
    )
    assert code == 0
    cal = icalendar.Calendar.from_ical(out)
    lengths = {str(e["SUMMARY"]): e.decoded("DURATION") for e in cal.walk("VEVENT")}
    assert lengths["weekdays"] == timedelta(hours=1)
    assert lengths["eight"] == timedelta(minutes=5)
    assert lengths["quarter"] == timedelta(minutes=5)  # not in the file: the minimum
    # 3599.5 s is 59.99 minutes: under an hour, so minutes, rounded (the daemon's phrase).
    assert "Typical runtime: 60m" in out.replace("\r\n ", "")


def test_days_limit(capsys: pytest.CaptureFixture[str], fleet: str) -> None:
    code, _, err = run(capsys, "calendar", fleet, "--days", "61")
    assert code == 2 and "1<=x<=60" in err


def test_default_windows(capsys: pytest.CaptureFixture[str], fleet: str) -> None:
    doc = run_json(capsys, "calendar", fleet, "--from", "2026-06-01T00:00Z")
    assert doc["days"] == 7
    _, out, _ = run(
        capsys,
        "calendar",
        fleet,
        "--job",
        "hashed",
        "--format",
        "ics",
        "--from",
        "2026-06-01T00:00Z",
    )
    assert out.count("BEGIN:VEVENT") == 14


def test_missing_icalendar_says_how_to_install(
    capsys: pytest.CaptureFixture[str], fleet: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "icalendar", None)
    code, out, err = run(capsys, "calendar", fleet, "--format", "ics")
    assert code == 2
    assert "pip install 'cronstable-cli[ics]'" in err and out == ""


def test_hostile_names_stay_out_of_the_feed_raw(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "jobs.yaml"
    path.write_text(
        'jobs:\n  - name: "evil\\u001b]8;;x\\u0007, one; two\\\\"\n'
        '    command: secret-command --token=hunter2\n    schedule: "0 3 * * *"\n',
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "calendar", str(path), "--format", "ics", "--days", "1")
    assert code == 0
    assert "\x1b" not in out and "\x07" not in out
    assert "secret-command" not in out and "hunter2" not in out
    cal = icalendar.Calendar.from_ical(out)
    (event,) = cal.walk("VEVENT")
    assert str(event["SUMMARY"]) == "evil\\x1b]8;;x\\x07, one; two\\"


def test_fleet_json_reports_skipped_and_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(
        'jobs:\n  - name: a\n    command: x\n    schedule: "0 3 * * *"\n'
        '  - name: bad\n    command: x\n    schedule: "0 3 * * *"\n    timezone: Mars/Olympus\n',
        encoding="utf-8",
    )
    code, out, err = run(capsys, "calendar", str(good), "--format", "json")
    doc = json.loads(out)
    # An unknown zone is a load error (exit 1); the job is named as left out.
    assert code == 1 and "left out 1 job(s)" in err
    assert (doc["jobs"], doc["invalid"]) == (1, 1)
    assert [s["job"] for s in doc["skipped"]] == ["bad"]
    assert [e["code"] for e in doc["errors"]] == ["unknown-timezone"]
