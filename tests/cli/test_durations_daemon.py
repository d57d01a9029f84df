"""--durations with the released daemon's own GET /jobs answer (committed, and fresh)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cronstable_cli.settings.durations_file import DurationsError, parse_durations, read_durations

from ..oracle.daemon_get_jobs import capture
from . import helpers as cli

ROOT = Path(__file__).resolve().parents[2]
SAVED = ROOT / "tests" / "data" / "daemon-get-jobs" / "jobs.json"
JOBS = """\
jobs:
  - name: quick
    command: "sleep 0.3"
    schedule: "*/2 * * * *"
  - name: slower
    command: "sleep 0.7"
    schedule: "*/3 * * * *"
  - name: never-ran
    command: "true"
    schedule: "0 0 1 1 *"
"""


def _check(document: Path) -> dict[str, float]:
    got = read_durations(str(document))
    # The jobs sleep 0.3 s and 0.7 s; the one that never ran has no figure.
    assert set(got) == {"quick", "slower"}
    assert 0.3 <= got["quick"] < 1.5 and 0.7 <= got["slower"] < 2
    raw: list[dict[str, Any]] = json.loads(document.read_text())
    for job in raw:
        if job["name"] in got:
            durations = [r["duration"] for r in job["history"]] + [job["last_run"]["duration"]]
            assert got[job["name"]] == max(durations)  # the longest recent run
    return got


def test_saved_daemon_document() -> None:
    _check(SAVED)


@pytest.mark.slow
def test_fresh_daemon_document(tmp_path: Path) -> None:
    jobs = capture(tmp_path)
    saved = tmp_path / "jobs.json"
    saved.write_text(json.dumps(jobs))
    _check(saved)
    _check_mean(saved)


def test_pressure_takes_the_durations(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "jobs.yaml").write_text(JOBS)
    doc = cli.run_json(
        capsys,
        "pressure",
        str(tmp_path / "jobs.yaml"),
        "--from",
        "2026-01-01T00:00Z",
        "--durations",
        str(SAVED),
    )
    occupancy = doc["occupancy"]
    assert occupancy["durations"] == {"durations": 2, "none": 1}
    # 00:00 on 1 January starts quick and slower (both under a minute) and the yearly
    # never-ran (no duration: its start minute): three runs in flight, the peak.
    assert occupancy["peak"] == 3 and occupancy["peak_at"] == "2026-01-01T00:00:00+00:00"
    assert [j["name"] for j in occupancy["peak_jobs"]] == ["never-ran", "quick", "slower"]


def test_name_to_seconds_object(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "jobs.yaml").write_text(JOBS)
    durations = tmp_path / "d.json"
    durations.write_text(json.dumps({"quick": 600, "slower": 60}))
    doc = cli.run_json(
        capsys,
        "pressure",
        str(tmp_path / "jobs.yaml"),
        "--from",
        "2026-01-01T00:00Z",
        "--durations",
        str(durations),
    )
    # At 00:00 on 1 January: quick (every 2 minutes, 10 minutes long) started at 00:00,
    # 23:58, 23:56, 23:54 and 23:52 -> 5; slower (every 3 minutes, 1 minute) -> 1; the
    # yearly never-ran -> 1. Any other minute lacks the yearly run or slower: 7 is the peak.
    assert doc["occupancy"]["peak"] == 7
    assert doc["occupancy"]["peak_jobs"][0] == {"name": "quick", "runs": 5}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (b"{", "is not JSON"),
        (b'{"a": -1}', "must be a number"),
        (b'{"a": true}', "must be a number"),
        (b'{"a": "5"}', "must be a number"),
        (b"[1]", "no name"),
        (b'"x"', "expected an object"),
        (b"\xff", "is not JSON"),
    ],
)
def test_bad_files_say_why(text: bytes, words: str) -> None:
    with pytest.raises(DurationsError, match=words):
        parse_durations(text, "d.json")


def test_bad_file_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "jobs.yaml").write_text(JOBS)
    (tmp_path / "d.json").write_text("{")
    code, _, err = cli.run(capsys, "pressure", str(tmp_path / "jobs.yaml"), "--durations",
                           str(tmp_path / "d.json"))  # fmt: skip
    assert code == 2 and "is not JSON" in err and "Traceback" not in err


def _check_mean(document: Path) -> None:
    # The calendar's figure: the mean of each job's history tail, as the daemon's feed
    # averages its run history (last_run is the newest row of it, not counted again).
    got = parse_durations(document.read_bytes(), str(document), "mean")
    raw: list[dict[str, Any]] = json.loads(document.read_text())
    assert set(got) == {"quick", "slower"}
    for job in raw:
        if job["name"] in got:
            durations = [r["duration"] for r in job["history"]]
            assert job["last_run"]["duration"] in durations
            assert got[job["name"]] == pytest.approx(sum(durations) / len(durations), abs=1e-12)
            assert got[job["name"]] <= read_durations(str(document))[job["name"]]


def test_saved_daemon_document_mean() -> None:
    _check_mean(SAVED)


def _jobs_document(history: list[float | None], last: float | None) -> bytes:
    job: dict[str, Any] = {
        "name": "quick",
        "history": [{"outcome": "success", "duration": d} for d in history],
        "last_run": None if last is None else {"duration": last},
    }
    return json.dumps([job, {"name": "never-ran", "history": [], "last_run": None}]).encode()


@pytest.mark.parametrize(
    ("history", "last", "longest", "mean"),
    [
        ([600, 1200, 1800], 1800, 1800, 1200),
        ([600, None, 1500], 1500, 1500, 1050),  # a run without a duration is not counted
        ([], 900, 900, None),  # no history: the daemon's average is unknown
        ([0, 0], 0, 0, 0),
    ],
)
def test_longest_and_mean(
    history: list[float | None], last: float | None, longest: float, mean: float | None
) -> None:
    data = _jobs_document(history, last)
    assert parse_durations(data, "j.json") == {"quick": longest}
    assert parse_durations(data, "j.json", "mean") == ({} if mean is None else {"quick": mean})


def test_calendar_events_last_the_mean_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("icalendar")
    (tmp_path / "jobs.yaml").write_text(JOBS)
    (tmp_path / "jobs.json").write_bytes(_jobs_document([600, 1200, 1800], 1800))
    code, out, err = cli.run(
        capsys, "calendar", str(tmp_path / "jobs.yaml"), "--format", "ics", "--from",
        "2026-01-01T00:00Z", "--days", "1", "--job", "quick", "--durations",
        str(tmp_path / "jobs.json"),
    )  # fmt: skip
    assert code == 0, err
    text = out.replace("\r\n ", "")
    # The mean (20 minutes), not the longest run (30): the daemon's feed length and phrase.
    assert "DURATION:PT20M\r\n" in text and "DURATION:PT30M" not in text
    assert "\\nTypical runtime: 20m\r\n" in text
