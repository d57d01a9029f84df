"""`diff --format ics`: the fires a change adds, and those it removes as cancelled events."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from .helpers import run

icalendar = pytest.importorskip("icalendar")

BASE = """\
jobs:
  - name: a
    command: x
    schedule: "0 3 * * *"
  - name: b
    command: run-b
    schedule: "0 * * * *"
  - name: c
    command: x
    schedule: "0 12 * * *"
  - name: d
    command: x
    schedule: "30 1 * * *"
"""
HEAD = """\
jobs:
  - name: a
    command: x
    schedule: "0 2 * * *"
  - name: b2
    command: run-b
    schedule: "0 * * * *"
  - name: c
    command: x
    schedule: "0 12 * * *"
  - name: d
    command: x
    schedule: "30 1 * * *"
    timezone: America/New_York
  - name: e
    command: x
    schedule: "0 9 * * *"
"""
WINDOW = ("--from", "2026-12-01T00:00Z", "--hours", "24")


def events(text: str) -> list[tuple[str, str, str, str]]:
    cal = icalendar.Calendar.from_ical(text)
    return [
        (
            str(e["SUMMARY"]),
            e.decoded("DTSTART").strftime("%H:%M"),
            str(e["STATUS"]),
            str(e["UID"]),
        )
        for e in cal.walk("VEVENT")
    ]


@pytest.fixture()
def sides(tmp_path: Path) -> tuple[str, str]:
    base, head = tmp_path / "base.yaml", tmp_path / "head.yaml"
    base.write_text(BASE, encoding="utf-8")
    head.write_text(HEAD, encoding="utf-8")
    return str(base), str(head)


def test_added_and_cancelled_fires_by_hand(
    capsys: pytest.CaptureFixture[str], sides: tuple[str, str]
) -> None:
    code, out, err = run(capsys, "diff", *sides, "--format", "ics", *WINDOW)
    assert code == 0, err
    got = [(name, at, status) for name, at, status, _ in events(out)]
    hours = [f"{h:02d}:00" for h in range(24)]
    assert got == [
        ("a", "02:00", "CONFIRMED"),  # moved from 03:00 to 02:00
        ("a", "03:00", "CANCELLED"),
        *[("b", at, "CANCELLED") for at in hours],  # renamed: the old name's events go
        *[("b2", at, "CONFIRMED") for at in hours],
        ("d", "06:30", "CONFIRMED"),  # 01:30 in New York (EST) is 06:30 UTC
        ("d", "01:30", "CANCELLED"),
        ("e", "09:00", "CONFIRMED"),
    ]
    a_uid = hashlib.sha256(b"a").hexdigest()[:12]
    assert f"UID:{a_uid}-20261201T030000Z@cronstable" in out


def test_uids_are_those_of_each_sides_feed(
    capsys: pytest.CaptureFixture[str], sides: tuple[str, str]
) -> None:
    _, change, _ = run(capsys, "diff", *sides, "--format", "ics", *WINDOW)
    feeds = []
    for side in sides:
        _, text, _ = run(
            capsys, "calendar", side, "--format", "ics", "--days", "1", WINDOW[0], WINDOW[1]
        )
        feeds.append({uid for _, _, _, uid in events(text)})
    before, after = feeds
    for _, _, status, uid in events(change):
        if status == "CANCELLED":
            assert uid in before and uid not in after
        else:
            assert uid in after and uid not in before
    # Applying the change to the base feed gives the head feed.
    cancelled = {uid for *_, status, uid in events(change) if status == "CANCELLED"}
    added = {uid for *_, status, uid in events(change) if status == "CONFIRMED"}
    assert (before - cancelled) | added == after


def test_nothing_changed_is_an_empty_calendar(
    capsys: pytest.CaptureFixture[str], sides: tuple[str, str]
) -> None:
    code, out, _ = run(capsys, "diff", sides[0], sides[0], "--format", "ics", *WINDOW)
    assert code == 0 and "BEGIN:VCALENDAR" in out and "VEVENT" not in out


def test_a_side_that_fails_to_load_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("jobs:\n  - {name: a, command: x, schedule: '0 3 * * *'}\n", encoding="utf-8")
    good = tmp_path / "good.yaml"
    good.write_text(BASE, encoding="utf-8")
    code, _, err = run(capsys, "diff", str(good), str(bad), "--format", "ics", *WINDOW)
    assert code == 1 and "invalid-config" in err
