"""`cronstable why`: did it fire at an instant, which fields matched, and DST effects.

Calendar facts used below (worked out by hand): 2027-09-13 is a Monday and
2027-08-13 a Friday; the next Friday the 13th after that is 2028-10-13.
New York springs forward on Sunday 2027-03-14 (02:00 EST -> 03:00 EDT) and
falls back on Sunday 2027-11-07 (02:00 EDT -> 01:00 EST).
"""

from __future__ import annotations

import pytest

from . import helpers as cli

NY = ("--tz", "America/New_York")


def verdicts(doc: dict) -> dict[str, bool]:
    return {f["field"]: f["matched"] for f in doc["fields"]}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return cli.run(capsys, "why", *args)


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    return cli.run_json(capsys, "why", *args)


def test_and_rule_rejects_a_monday_13th(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "0 0 13 * 5", "--at", "2027-09-13T00:00")
    assert doc["version"] == 1
    assert doc["fired"] is False
    assert verdicts(doc) == {
        "minute": True,
        "hour": True,
        "day-of-month": True,
        "day-of-week": False,
        "day (AND rule)": False,
        "month": True,
    }
    assert doc["verdict"] == (
        "No: day-of-week did not match. Both day fields are restricted, "
        "so both must match (the AND rule)."
    )
    and_row = next(f for f in doc["fields"] if f["field"] == "day (AND rule)")
    assert and_row["value"] == "Monday the 13th"
    assert "Vixie cron would fire on either" in and_row["reason"]
    assert doc["previous"] == "2027-08-13T00:00:00+00:00"
    assert doc["next"] == "2028-10-13T00:00:00+00:00"
    assert doc["dst"] is None


def test_friday_13th_fires(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "0 0 13 * 5", "--at", "2027-08-13T00:00:00Z")
    assert doc["fired"] is True
    assert all(verdicts(doc).values())
    assert "day (AND rule)" not in verdicts(doc)
    assert doc["verdict"] == "Yes: every field matches, so it fired at this instant."


def test_fields_that_did_not_match_are_named(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "0 9 * * *", "--at", "2027-01-04T10:00Z")
    assert doc["fired"] is False
    assert doc["verdict"] == "No: hour did not match."
    hour = next(f for f in doc["fields"] if f["field"] == "hour")
    assert hour == {"field": "hour", "value": "10", "matched": False, "reason": "10 is not in 9"}
    assert doc["previous"] == "2027-01-04T09:00:00+00:00"
    assert doc["next"] == "2027-01-05T09:00:00+00:00"


def test_spring_forward_gap_fire_is_recognised_as_shifted(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 02:30 does not exist on 2027-03-14 in New York: it fires at 03:30 EDT.
    doc = run_json(capsys, "30 2 * * *", *NY, "--at", "2027-03-14T03:30-04:00")
    assert doc["timezone"] == "America/New_York"
    assert doc["at"] == "2027-03-14T03:30:00-04:00"
    assert doc["fired"] is True
    assert doc["verdict"].startswith("Yes, shifted")
    # The civil hour (3) is not 2: test() is false, why still sees the fire.
    assert verdicts(doc)["hour"] is False
    assert doc["dst"] == (
        "02:30:00 does not exist on 2027-03-14 (the clocks sprang forward "
        "60 minutes); that fire happens at this instant instead, shifted "
        "by the gap."
    )
    assert doc["previous"] == "2027-03-13T02:30:00-05:00"
    assert doc["next"] == "2027-03-15T02:30:00-04:00"


def test_naive_at_is_read_in_the_schedule_zone(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "30 2 * * *", *NY, "--at", "2027-03-14T03:30")
    assert doc["at"] == "2027-03-14T03:30:00-04:00"
    assert doc["fired"] is True


def test_an_hour_after_the_gap_is_not_a_fire(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "30 2 * * *", *NY, "--at", "2027-03-14T02:30:00-04:00")
    # 02:30 EDT is really 01:30 EST, a plain non-matching instant.
    assert doc["at"] == "2027-03-14T01:30:00-05:00"
    assert doc["fired"] is False
    assert doc["next"] == "2027-03-14T03:30:00-04:00"


def test_repeated_hour_first_pass_fires(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "30 1 * * *", *NY, "--at", "2027-11-07T01:30-04:00")
    assert doc["fired"] is True
    assert doc["dst"] == (
        "01:30:00 happens twice today; this is its first pass (EDT), the one that fires."
    )


def test_repeated_hour_second_pass_does_not_fire(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "30 1 * * *", *NY, "--at", "2027-11-07T01:30-05:00")
    assert doc["at"] == "2027-11-07T01:30:00-05:00"
    assert doc["fired"] is False
    assert all(verdicts(doc).values())  # every civil field matches...
    assert doc["verdict"] == (
        "No: the civil fields match, but this is the second pass of a "
        "repeated hour; the schedule fired at the first occurrence only."
    )
    assert doc["dst"] == (
        "01:30:00 happens twice today; this is its second pass (EST), when nothing fires again."
    )
    # ...and the fire an hour earlier (same wall time, EDT) is the previous one.
    assert doc["previous"] == "2027-11-07T01:30:00-04:00"
    assert doc["next"] == "2027-11-08T01:30:00-05:00"


def test_seconds_and_year_fields_appear_when_written(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "30 0 12 * * * 2027", "--at", "2027-05-05T12:00:15Z")
    assert verdicts(doc) == {
        "second": False,
        "minute": True,
        "hour": True,
        "day-of-month": True,
        "day-of-week": True,
        "month": True,
        "year": True,
    }
    assert doc["next"] == "2027-05-05T12:00:30+00:00"


def test_reboot(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "@reboot", "--at", "2027-01-01T00:00")
    assert doc["fired"] is False
    assert doc["fields"] == []
    assert doc["previous"] is None and doc["next"] is None


def test_text_and_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "0 0 13 * 5", "--at", "2027-09-13T00:00")
    assert code == 0, err
    assert [line.rstrip() for line in out.splitlines()] == [
        "0 0 13 * 5",
        "At Mon 2027-09-13 00:00:00 UTC (UTC)",
        "No: day-of-week did not match. Both day fields are restricted, so both must match "
        "(the AND rule).",
        "field          ┃ value            ┃       ┃ why",
        "╇".join("━" * width for width in (15, 18, 7, 57)),  # 100 columns
        "minute         │ 0                │ match │ selects 0",
        "hour           │ 0                │ match │ selects 0",
        "day-of-month   │ the 13th (of 30) │ match │ selects the 13th of the month",
        "day-of-week    │ Monday           │ no    │ Monday the 13th is not selected (Friday)",
        "day (AND rule) │ Monday the 13th  │ no    │ both day fields are restricted, so "
        "cronstable requires",
        "               │                  │       │ both to match (Vixie cron would fire on "
        "either)",
        "month          │ September        │ match │ selects Jan-Dec",
        "Previous fire: Fri 2027-08-13 00:00:00 UTC",
        "Next fire:     Fri 2028-10-13 00:00:00 UTC",
    ]


def test_text_second_pass(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "30 1 * * *", *NY, "--at", "2027-11-07T01:30-05:00")
    assert code == 0
    lines = [line.rstrip() for line in out.splitlines()]
    assert lines[1] == "At Sun 2027-11-07 01:30:00 EST (America/New_York)"
    assert (
        "DST: 01:30:00 happens twice today; this is its second pass (EST), when nothing "
        "fires again."
    ) in lines
    assert lines[-2:] == [
        "Previous fire: Sun 2027-11-07 01:30:00 EDT",
        "Next fire:     Mon 2027-11-08 01:30:00 EST",
    ]


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["0 0 * * *"], "Missing option '--at'"),
        (["0 0 * * *", "--at", "13/09/2027"], "--at"),
        (["0 0 * * *", "--tz", "Europe/Nowhere", "--at", "2027-01-01T00:00"], "--tz"),
    ],
)
def test_usage_errors(capsys: pytest.CaptureFixture[str], args: list[str], reason: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    errors = [line for line in err.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and reason in errors[0]


# -- the implicit second field ------------------------------------------------------------


@pytest.mark.parametrize("expr", ["*/5 * * * *", "*/5 * * * * *", "@hourly"])
def test_an_instant_with_seconds_names_the_implicit_second(
    capsys: pytest.CaptureFixture[str], expr: str
) -> None:
    # 10:05:07 matches every written field of "*/5 * * * *"; only its unwritten second (0) fails.
    at = "2026-03-01T10:05:07Z" if expr != "@hourly" else "2026-03-01T10:00:07Z"
    doc = run_json(capsys, expr, "--at", at)
    assert doc["fired"] is False
    second = doc["fields"][0]
    assert (second["field"], second["value"], second["matched"]) == ("second", "7", False)
    assert "second 0" in second["reason"]
    assert all(f["field"] for f in doc["fields"])
    assert [f["field"] for f in doc["fields"] if not f["matched"]] == ["second"]
    assert doc["verdict"].startswith("No: second did not match.")
    assert "implicit" in doc["verdict"]


def test_implicit_second_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "*/5 * * * *", "--at", "2026-03-01T10:05:07Z")
    assert code == 0
    assert "No: second did not match." in out
    assert "No:  did not match" not in out
    row = next(line for line in out.splitlines() if line.startswith("second"))
    assert "7" in row and "no" in row


def test_no_second_row_when_the_instant_is_on_the_minute(
    capsys: pytest.CaptureFixture[str],
) -> None:
    doc = run_json(capsys, "*/5 * * * *", "--at", "2026-03-01T10:05:00Z")
    assert doc["fired"] is True
    assert "second" not in verdicts(doc)
