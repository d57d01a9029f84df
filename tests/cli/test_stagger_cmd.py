"""`cronstable stagger`: offsets, gaps, buckets, pasteable schedules, usage errors."""

from __future__ import annotations

import hashlib
import io
import itertools

import pytest
import strictyaml

from cronstable_cli.cli.stagger_cmd import read_ids
from cronstable_cli.engine import parse

from . import helpers as cli

BACKUPS = [f"db-backup-{i:02d}" for i in range(1, 32)]


def offset(source_id: str, minutes: int) -> int:
    """The docs/fleet-analyses.md offset, computed independently of the package."""
    digest = hashlib.sha256(source_id.encode()).digest()
    return int.from_bytes(digest[:4], "big") % (minutes * 60)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return cli.run(capsys, "stagger", *args)


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    return cli.run_json(capsys, "stagger", *args)


def test_json_shape_and_offsets(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, *BACKUPS, "--window", "02:00/50")
    assert doc["version"] == 1
    assert {"window_start", "window_minutes", "offsets", "gaps", "buckets"} <= doc.keys()
    assert doc["window_start"] == "02:00"
    assert doc["window_minutes"] == 50
    assert doc["offsets"] == {i: offset(i, 50) for i in BACKUPS}
    assert list(doc["offsets"]) == BACKUPS  # input order kept
    assert set(doc["gaps"]) == {"min", "q1", "median", "q3", "max"}
    ordered = sorted(doc["offsets"].values())
    gaps = [b - a for a, b in itertools.pairwise(ordered)]
    assert doc["gaps"]["min"] == min(gaps)
    assert doc["gaps"]["max"] == max(gaps)
    assert sum(doc["buckets"]) == len(BACKUPS)


def test_31_sources_in_50_minutes_fill_every_5_minute_bucket(
    capsys: pytest.CaptureFixture[str],
) -> None:
    doc = run_json(capsys, *BACKUPS, "--window", "02:00/50")
    assert len(doc["buckets"]) == 10
    assert all(count > 0 for count in doc["buckets"]), doc["buckets"]
    expected = [0] * 10
    for source_id in BACKUPS:
        expected[offset(source_id, 50) // 300] += 1
    assert doc["buckets"] == expected


def test_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *BACKUPS, "--window", "02:00/50")
    assert code == 0
    assert "31 sources over 50 minutes from 02:00" in out
    first = min(BACKUPS, key=lambda i: offset(i, 50))
    seconds = offset(first, 50)
    line = next(row for row in out.splitlines() if row.startswith(first))
    assert f"+{seconds // 60:02d}:{seconds % 60:02d}" in line
    assert f"02:{seconds // 60:02d}:{seconds % 60:02d}" in line
    assert "smallest" in out and "the number to watch" in out
    assert "02:45-02:50" in out and "█" in out  # histogram rows with bars


def test_no_color_text_has_no_escape_codes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    code, out, _ = run(capsys, *BACKUPS, "--window", "02:00/50")
    assert code == 0
    assert "\x1b" not in out


def test_emit_yaml_reloads_and_parses_to_the_intended_second(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys,
        *BACKUPS,
        "--window",
        "23:30/50",
        "--emit",
        "yaml",
        "--command",
        "backup.sh {id} --all",
    )
    assert code == 0
    jobs = strictyaml.load(out).data["jobs"]
    assert [job["name"] for job in jobs] == BACKUPS
    for job in jobs:
        start = (23 * 3600 + 30 * 60 + offset(job["name"], 50)) % 86_400
        parsed = parse(job["schedule"], hash_key=job["name"])
        assert parsed.hours == {start // 3600}
        assert parsed.minutes == {start // 60 % 60}
        assert parsed.seconds == {start % 60}
        assert job["command"] == f"backup.sh {job['name']} --all"


def test_emit_crontab_prints_only_the_snippet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "a", "b", "--window", "02:00/10", "--emit", "crontab")
    assert code == 0
    entries = [line for line in out.splitlines() if line and not line.startswith("#")]
    assert len(entries) == 2
    for entry, source_id in zip(entries, ["a", "b"], strict=True):
        start = 2 * 3600 + offset(source_id, 10)
        assert entry == f"{start // 60 % 60} {start // 3600} * * * echo {source_id}"
    assert "gaps" not in out


def test_ids_from_file_and_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    listing = tmp_path / "ids.txt"
    listing.write_text("# sources\n\nalpha\n  beta  # trailing comment\nshard#3\n")
    doc = run_json(capsys, "zeta", "--from-file", str(listing), "--window", "00:00/30")
    assert list(doc["offsets"]) == ["zeta", "alpha", "beta", "shard#3"]

    monkeypatch.setattr("sys.stdin", io.StringIO("one\ntwo\n"))
    doc = run_json(capsys, "--from-file", "-", "--window", "00:00/30")
    assert list(doc["offsets"]) == ["one", "two"]


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        pytest.param(["a\n", "b\n"], ["a", "b"], id="plain"),
        pytest.param(["# x\n", "\n", "   \n", "a\n"], ["a"], id="comments-and-blanks"),
        pytest.param(["a # note\n"], ["a"], id="trailing-comment"),
        pytest.param(["a#1\n"], ["a#1"], id="hash-inside-id"),
    ],
)
def test_read_ids(lines: list[str], expected: list[str]) -> None:
    assert read_ids(lines) == expected


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(["a", "--window", "2am/50"], "HH:MM/MINUTES", id="bad-window"),
        pytest.param(["a", "--window", "24:00/50"], "hour 24", id="bad-hour"),
        pytest.param(["a", "--window", "02:00/0"], "out of range", id="zero-minutes"),
        pytest.param(["a", "--window", "02:00/1441"], "out of range", id="too-long"),
        pytest.param(["--window", "02:00/50"], "no source ids", id="no-ids"),
        pytest.param(["a", "b", "a", "--window", "02:00/50"], "listed twice", id="duplicate"),
        pytest.param(["a"], "--window", id="missing-window"),
        pytest.param(
            ["a", "--window", "02:00/5", "--emit", "yaml", "--format", "json"],
            "--emit",
            id="emit-and-json",
        ),
        pytest.param(
            ["a", "--window", "02:00/5", "--command", "x {id}"],
            "--command",
            id="command-without-emit",
        ),
        pytest.param(
            ["--from-file", "/nonexistent/ids.txt", "--window", "02:00/5"],
            "ids.txt",
            id="missing-file",
        ),
    ],
)
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert message in err
    assert out == ""


def test_help_has_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "Examples:" in out
    assert "cronstable stagger db-backup-01" in out
