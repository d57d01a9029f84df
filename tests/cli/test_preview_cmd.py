"""`cronstable preview`: the next fires of an expression, in JSON and as text.

Expected instants were worked out by hand from a calendar (2027-01-01 is a
Friday; Europe/Berlin springs forward on Sunday 2027-03-28 at 02:00 CET,
from +01:00 to +02:00). H values and jitter offsets are recomputed here from
docs/hashing.md's formula with hashlib, not with the package's hashing.
"""

from __future__ import annotations

import hashlib

import pytest

from . import helpers as cli


def spec_hash(label: str, key: str) -> int:
    """docs/hashing.md: first 8 bytes, big-endian, of sha256(label + "\\n" + key)."""
    return int.from_bytes(hashlib.sha256(f"{label}\n{key}".encode()).digest()[:8], "big")


# H/15 in minutes: start at v % 15, then every 15 minutes.
PHASE = spec_hash("minute", "refresh-cache") % 15
MINUTES = [PHASE + 15 * i for i in range(4)]

ACCEPTANCE = [
    "preview",
    "H/15 9-17 * * mon-fri",
    "--seed",
    "refresh-cache",
    "--tz",
    "Europe/Berlin",
]


run = cli.run
run_json = cli.run_json


def test_hash_phase_is_what_the_expectations_below_assume() -> None:
    # The hand-written instants below use minutes 14, 29, 44 and 59.
    assert MINUTES == [14, 29, 44, 59]


def test_acceptance_winter_week(capsys: pytest.CaptureFixture[str]) -> None:
    # Monday 2027-01-04, 08:00 CET: the day's first fire is 09:14 CET (+01:00).
    doc = run_json(capsys, *ACCEPTANCE, "--from", "2027-01-04T08:00", "-n", "5")
    assert doc["version"] == 1
    assert doc["expression"] == "H/15 9-17 * * mon-fri"
    assert doc["resolved"] == "14,29,44,59 9-17 * * mon-fri"
    assert doc["description"] == (
        "Every 15 minutes from 09:14 through 17:59, on Monday through Friday"
    )
    assert doc["timezone"] == "Europe/Berlin"
    assert doc["fires"] == [
        "2027-01-04T09:14:00+01:00",
        "2027-01-04T09:29:00+01:00",
        "2027-01-04T09:44:00+01:00",
        "2027-01-04T09:59:00+01:00",
        "2027-01-04T10:14:00+01:00",
    ]
    assert doc["never_fires"] is False
    assert "fire_after" not in doc and "jitter_seconds" not in doc
    # The schedule's own lint findings: here the H note naming the resolved form.
    [finding] = doc["findings"]
    assert list(finding) == cli.FINDING_KEYS
    assert (finding["code"], finding["level"]) == ("hashed-slot", "note")
    assert finding["fix"] is None  # a note that proposes no edit
    assert "14,29,44,59 9-17 * * mon-fri" in finding["message"]
    assert finding["file"] is None  # a bare expression lives in no file


def test_acceptance_summer_weekend_is_skipped(capsys: pytest.CaptureFixture[str]) -> None:
    # Friday 2027-07-02 17:50 CEST (+02:00): one more fire at 17:59, then Monday the 5th.
    doc = run_json(capsys, *ACCEPTANCE, "--from", "2027-07-02T17:50", "-n", "3")
    assert doc["fires"] == [
        "2027-07-02T17:59:00+02:00",
        "2027-07-05T09:14:00+02:00",
        "2027-07-05T09:29:00+02:00",
    ]


def test_acceptance_across_spring_forward(capsys: pytest.CaptureFixture[str]) -> None:
    # Friday 2027-03-26 is still CET; the clocks change on Sunday the 28th, so
    # Monday the 29th is CEST. The offset in every fire says so.
    doc = run_json(capsys, *ACCEPTANCE, "--from", "2027-03-26T17:30", "-n", "6")
    assert doc["from"] == "2027-03-26T17:30:00+01:00"
    assert doc["fires"] == [
        "2027-03-26T17:44:00+01:00",
        "2027-03-26T17:59:00+01:00",
        "2027-03-29T09:14:00+02:00",
        "2027-03-29T09:29:00+02:00",
        "2027-03-29T09:44:00+02:00",
        "2027-03-29T09:59:00+02:00",
    ]


def test_from_with_another_offset_is_the_same_instant(capsys: pytest.CaptureFixture[str]) -> None:
    # 16:30Z is 17:30 CET: same fires, shown in the schedule's zone.
    doc = run_json(capsys, *ACCEPTANCE, "--from", "2027-03-26T16:30:00Z", "-n", "2")
    assert doc["fires"] == ["2027-03-26T17:44:00+01:00", "2027-03-26T17:59:00+01:00"]


def test_acceptance_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *ACCEPTANCE, "--from", "2027-03-26T17:30", "-n", "6")
    assert code == 0, err
    lines = [line.rstrip() for line in out.splitlines()]
    # The lint notes (worded by the lint rules) sit between the header and the fires.
    table_at = next(i for i, line in enumerate(lines) if line.startswith("Next fire"))
    notes = " ".join(lines[3:table_at])
    assert notes.startswith(
        "note [hashed-slot] `H/15 9-17 * * mon-fri` resolves to `14,29,44,59 9-17 * * mon-fri`"
    )
    assert lines[:3] + lines[table_at:] == [
        "H/15 9-17 * * mon-fri  →  14,29,44,59 9-17 * * mon-fri  (H resolved with key "
        "'refresh-cache')",
        "Every 15 minutes from 09:14 through 17:59, on Monday through Friday",
        "Zone Europe/Berlin · from 2027-03-26 17:30:00 CET",
        "Next fire 14m after --from (Fri 2027-03-26 17:44:00 CET)",
        "# ┃ scheduled (Europe/Berlin)      ┃ UTC       ┃ note",
        "━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━",
        "1 │ Fri 2027-03-26 17:44:00 +01:00 │ 16:44:00Z │",
        "2 │ Fri 2027-03-26 17:59:00 +01:00 │ 16:59:00Z │",
        "3 │ Mon 2027-03-29 09:14:00 +02:00 │ 07:14:00Z │ offset +01:00→+02:00",
        "4 │ Mon 2027-03-29 09:29:00 +02:00 │ 07:29:00Z │",
        "5 │ Mon 2027-03-29 09:44:00 +02:00 │ 07:44:00Z │",
        "6 │ Mon 2027-03-29 09:59:00 +02:00 │ 07:59:00Z │",
    ]


def test_gap_time_fires_shifted(capsys: pytest.CaptureFixture[str]) -> None:
    # 02:30 does not exist in Berlin on 2027-03-28: it fires at 03:30 CEST, the
    # instant the pre-transition offset maps it to (01:30 UTC, like the day before).
    doc = run_json(
        capsys,
        "preview",
        "30 2 * * *",
        "--tz",
        "Europe/Berlin",
        "--from",
        "2027-03-27T00:00",
        "-n",
        "3",
    )
    assert doc["fires"] == [
        "2027-03-27T02:30:00+01:00",
        "2027-03-28T03:30:00+02:00",
        "2027-03-29T02:30:00+02:00",
    ]
    assert doc["shifted"] == ["2027-03-28T03:30:00+02:00"]
    # --tz names a zone with transitions, so lint's DST notes apply.
    codes = [f["code"] for f in doc["findings"]]
    assert codes == ["dst-skipped-time", "dst-repeated-time"]
    assert "2027-03-28" in doc["findings"][0]["message"]


def test_gap_time_text_says_shifted(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "preview",
        "30 2 * * *",
        "--tz",
        "Europe/Berlin",
        "--from",
        "2027-03-27T00:00",
        "-n",
        "3",
    )
    assert code == 0
    rows = [line.rstrip() for line in out.splitlines() if " │ " in line]
    assert rows == [
        "1 │ Sat 2027-03-27 02:30:00 +01:00 │ 01:30:00Z │",
        "2 │ Sun 2027-03-28 03:30:00 +02:00 │ 01:30:00Z │ offset +01:00→+02:00; in a DST gap: "
        "fired shifted",
        "3 │ Mon 2027-03-29 02:30:00 +02:00 │ 00:30:00Z │",
    ]


def test_default_zone_is_utc(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "preview", "0 0 1 * *", "--from", "2027-01-15T12:00", "-n", "2")
    assert doc["timezone"] == "UTC"
    assert doc["fires"] == ["2027-02-01T00:00:00+00:00", "2027-03-01T00:00:00+00:00"]


def test_count_defaults_to_ten(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "preview", "@hourly", "--from", "2027-01-01T00:00")
    assert len(doc["fires"]) == 10
    assert doc["fires"][0] == "2027-01-01T01:00:00+00:00"
    assert doc["fires"][-1] == "2027-01-01T10:00:00+00:00"


def test_jitter_offset_from_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    # --jitter 15: every fire is delayed by spec_hash("jitter", key) % 15 seconds.
    offset = spec_hash("jitter", "nightly") % 15
    assert offset == 13
    doc = run_json(
        capsys,
        "preview",
        "0 * * * *",
        "--seed",
        "nightly",
        "--jitter",
        "15",
        "--from",
        "2027-03-26T17:30Z",
        "-n",
        "3",
    )
    assert doc["jitter_seconds"] == 15
    assert doc["fires"] == [
        "2027-03-26T18:00:00+00:00",
        "2027-03-26T19:00:00+00:00",
        "2027-03-26T20:00:00+00:00",
    ]
    assert doc["fire_after"] == [
        "2027-03-26T18:00:13+00:00",
        "2027-03-26T19:00:13+00:00",
        "2027-03-26T20:00:13+00:00",
    ]


def test_jitter_auto_for_an_hourly_schedule(capsys: pytest.CaptureFixture[str]) -> None:
    # auto: min(60, 3600 // 10) = 60 seconds wide for a top-of-hour hourly job.
    offset = spec_hash("jitter", "nightly") % 60
    assert offset == 28
    doc = run_json(
        capsys,
        "preview",
        "0 * * * *",
        "--seed",
        "nightly",
        "--jitter",
        "auto",
        "--from",
        "2027-03-26T17:30Z",
        "-n",
        "2",
    )
    assert doc["jitter_seconds"] == 60
    assert doc["fire_after"] == ["2027-03-26T18:00:28+00:00", "2027-03-26T19:00:28+00:00"]
    assert len(doc["fire_after"]) == len(doc["fires"])


def test_jitter_auto_is_zero_off_the_hour(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, *ACCEPTANCE, "--jitter", "auto", "--from", "2027-01-04T08:00", "-n", "2")
    assert doc["jitter_seconds"] == 0
    assert doc["fire_after"] == doc["fires"]


def test_jitter_text_column(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "preview",
        "0 * * * *",
        "--seed",
        "nightly",
        "--jitter",
        "15",
        "--from",
        "2027-03-26T17:30Z",
        "-n",
        "2",
    )
    assert code == 0
    lines = [line.rstrip() for line in out.splitlines()]
    assert lines[4] == (
        "# ┃ scheduled (UTC)                ┃ UTC       ┃ fire_after (+13s of 15s) ┃ note"
    )
    assert lines[6] == "1 │ Fri 2027-03-26 18:00:00 +00:00 │ 18:00:00Z │ 18:00:13                 │"


def test_never_fires_said_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "preview", "0 0 30 2 *", "--from", "2027-01-01T00:00")
    assert doc["fires"] == []
    assert doc["never_fires"] is True
    assert [(f["code"], f["level"]) for f in doc["findings"]] == [("never-fires", "warning")]
    assert "February" in doc["findings"][0]["message"]
    code, out, _ = run(capsys, "preview", "0 0 30 2 *", "--from", "2027-01-01T00:00")
    assert code == 0
    assert "Never fires: no occurrence is left before the end of 2099." in out
    assert "warning [never-fires]" in out


def test_past_year_never_fires(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "preview", "0 0 1 1 * 2020", "--from", "2027-01-01T00:00")
    assert doc["never_fires"] is True


def test_reboot_has_no_fires(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "preview", "@reboot", "--from", "2027-01-01T00:00")
    assert doc["fires"] == []
    assert doc["description"].startswith("Once, when the daemon starts")
    # It runs at every daemon start: that is not "never".
    assert doc["never_fires"] is False
    assert doc["reboot"] is True


def test_reboot_text_does_not_say_never_fires(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "preview", "@reboot", "--from", "2027-01-01T00:00")
    assert code == 0
    assert "Never fires" not in out
    assert "each time the daemon starts" in out


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["0 0 * * *", "--tz", "Mars/Base"], "--tz"),
        (["0 0 * * *", "--from", "yesterday"], "'yesterday' is not an ISO-8601 instant"),
        (["0 0 * * *", "--from", "2150-01-01T00:00"], "instants must lie in 1970-2099"),
        (["0 0 * * *", "-n", "0"], "--count"),
        (["0 0 * * *", "--jitter", "901"], "too wide"),
        ([], "pass one schedule EXPR"),
    ],
)
def test_usage_errors_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], reason: str
) -> None:
    code, out, err = run(capsys, "preview", *args)
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    errors = [line for line in err.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1
    assert reason in errors[0]


def test_h_without_seed_says_a_job_name_is_needed(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "preview", "H * * * *")
    assert "--seed" in err or "job name" in err


def test_countdown_from_now_reads_as_a_countdown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "preview", "* * * * * * *", "-n", "1")
    assert code == 0
    # Every second fires, so the next fire is at most a second away.
    assert "Next fire in 1s (" in out or "Next fire in 0s (" in out
