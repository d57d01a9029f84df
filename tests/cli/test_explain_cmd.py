"""`cronstable explain`: the sentence and one row per field, in JSON and as text."""

from __future__ import annotations

import hashlib

import pytest

from . import helpers as cli


def fields(doc: dict) -> list[tuple[str, str, str, str, str]]:
    return [
        (f["field"], f["source"], f["resolved"], f["words"], f["values"]) for f in doc["fields"]
    ]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return cli.run(capsys, "explain", *args)


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    return cli.run_json(capsys, "explain", *args)


def test_json_shape_with_h(capsys: pytest.CaptureFixture[str]) -> None:
    phase = int.from_bytes(hashlib.sha256(b"minute\nrefresh-cache").digest()[:8], "big") % 15
    minutes = ",".join(str(phase + 15 * i) for i in range(4))
    doc = run_json(capsys, "H/15 9-17 * * mon-fri", "--seed", "refresh-cache")
    assert doc["version"] == 1
    assert doc["expression"] == "H/15 9-17 * * mon-fri"
    assert doc["resolved"] == f"{minutes} 9-17 * * mon-fri" == "14,29,44,59 9-17 * * mon-fri"
    assert doc["description"] == (
        "Every 15 minutes from 09:14 through 17:59, on Monday through Friday"
    )
    assert doc["timezone"] == "UTC"
    assert [f["code"] for f in doc["findings"]] == ["hashed-slot"]
    assert fields(doc) == [
        (
            "minute",
            "H/15",
            "14,29,44,59",
            "every 15 minutes starting at minute 14",
            "14, 29, 44, 59",
        ),
        ("hour", "9-17", "9-17", "at hours 9 through 17", "9-17"),
        ("day-of-month", "*", "*", "every day of the month", "1-31"),
        ("month", "*", "*", "every month", "Jan-Dec"),
        ("day-of-week", "mon-fri", "mon-fri", "Monday through Friday", "Mon-Fri"),
    ]


def test_seven_fields_show_second_and_year(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "30 0 12 ? * mon-fri 2030")
    assert [f[0] for f in fields(doc)] == [
        "second",
        "minute",
        "hour",
        "day-of-month",
        "month",
        "day-of-week",
        "year",
    ]
    assert doc["description"] == "At 12:00:30, on Monday through Friday, in 2030"
    assert fields(doc)[3] == ("day-of-month", "?", "?", "every day of the month", "1-31")
    assert fields(doc)[6] == ("year", "2030", "2030", "2030", "2030")


def test_zone_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, "0 9 * * *", "--tz", "Asia/Tokyo")["timezone"] == "Asia/Tokyo"


def test_reboot_has_no_field_rows(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "@reboot")
    assert doc["fields"] == []
    assert doc["description"] == (
        "Once, when the daemon starts (@reboot); never on a clock schedule"
    )


def test_text_and_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "0 0 13 * 5")
    assert code == 0, err
    lines = [line.rstrip() for line in out.splitlines()]
    assert lines[:9] == [
        "0 0 13 * 5",
        "At 00:00, on the 13th of the month, only when it is a Friday",
        "field        ┃ written ┃ resolved ┃ meaning               ┃ values",
        "━━━━━━━━━━━━━╇━━━━━━━━━╇━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━",
        "minute       │ 0       │          │ at minute 0           │ 0",
        "hour         │ 0       │          │ at hour 0             │ 0",
        "day-of-month │ 13      │          │ the 13th of the month │ 13",
        "month        │ *       │          │ every month           │ Jan-Dec",
        "day-of-week  │ 5       │          │ Friday                │ Fri",
    ]
    # Then the schedule's lint findings (worded by the lint rules).
    assert lines[9].startswith(
        "warning [day-fields-both-restricted] `0 0 13 * 5` restricts both day-of-month"
    )


def test_findings_of_a_clean_schedule(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, "15 3 * * *")["findings"] == []


def test_findings_of_an_uneven_step(capsys: pytest.CaptureFixture[str]) -> None:
    [finding] = run_json(capsys, "*/7 9-17 * * mon-fri")["findings"]
    assert (finding["code"], finding["level"]) == ("uneven-step", "warning")
    assert finding["job"] is None and finding["file"] is None


def test_text_shows_resolved_form(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "H/15 9-17 * * mon-fri", "--seed", "refresh-cache")
    assert code == 0
    lines = [line.rstrip() for line in out.splitlines()]
    assert lines[0] == "H/15 9-17 * * mon-fri  →  14,29,44,59 9-17 * * mon-fri"
    assert lines[4].split("│")[2].strip() == "14,29,44,59"


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["0 0 * * *", "--tz", "Nowhere/City"], "--tz"),
    ],
)
def test_usage_errors(capsys: pytest.CaptureFixture[str], args: list[str], reason: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    errors = [line for line in err.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and reason in errors[0]
