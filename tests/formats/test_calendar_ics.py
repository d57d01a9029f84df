"""The ics writer: its event blocks are icalendar's own, lines fold at 75 octets, UIDs by hand."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta, timezone

import pytest

from cronstable_cli.analysis.calendar import FeedEntry
from cronstable_cli.formats.calendar_ics import Events, description, runtime_phrase, write_ics

icalendar = pytest.importorskip("icalendar")

NOW = datetime(2026, 5, 4, 3, 2, 1, tzinfo=timezone.utc)
T0 = int(datetime(2026, 6, 1, 2, 30, tzinfo=timezone.utc).timestamp())


def entry(name: str, runtime: float | None = None, schedule: str = "30 2 * * *") -> FeedEntry:
    return FeedEntry(name, schedule, "At 02:30", "Europe/Berlin", runtime, (T0, T0 + 86400), False)


NAMES = [
    "nightly-backup",
    "a, b; c\\d",
    "x" * 120,
    "Zeitplan für die nächtliche Sicherung " * 3,  # multi-byte characters across a fold
    "two\nlines",
]


def blocks(text: str) -> list[str]:
    out, rest = [], text
    while "BEGIN:VEVENT" in rest:
        start = rest.index("BEGIN:VEVENT")
        end = rest.index("END:VEVENT\r\n", start) + len("END:VEVENT\r\n")
        out.append(rest[start:end])
        rest = rest[end:]
    return out


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("status", ["CONFIRMED", "CANCELLED"])
@pytest.mark.parametrize("runtime", [None, 95.0, 7200.0])
def test_each_event_is_what_icalendar_writes_for_it(
    name: str, status: str, runtime: float | None
) -> None:
    e = entry(name, runtime)
    text = write_ics("cal", [Events(e, e.fires, status)], 100, NOW)
    got = blocks(text)
    assert len(got) == 2
    for block, fire in zip(got, e.fires, strict=True):
        start = datetime.fromtimestamp(fire, timezone.utc)
        stamp = start.strftime("%Y%m%dT%H%M%SZ")
        event = icalendar.Event()
        event.add("uid", f"{hashlib.sha256(name.encode()).hexdigest()[:12]}-{stamp}@cronstable")
        event.add("dtstamp", NOW)
        event.add("dtstart", start)
        event.add("duration", timedelta(seconds=e.seconds))
        event.add("summary", name)
        event.add("description", description(e))
        event.add("status", status)
        event.add("transp", "TRANSPARENT")
        assert block == event.to_ical(sorted=False).decode("utf-8")


def test_lines_are_crlf_and_fold_within_75_octets() -> None:
    entries = [entry(n) for n in NAMES]
    text = write_ics("a calendar, with; specials", [Events(e, e.fires) for e in entries], 100, NOW)
    assert text.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//cronstable-cli//")
    assert text.endswith("END:VCALENDAR\r\n")
    for line in text.split("\r\n")[:-1]:
        assert "\n" not in line and "\r" not in line
        assert len(line.encode("utf-8")) <= 75
    assert "X-WR-CALNAME:a calendar\\, with\\; specials\r\n" in text
    cal = icalendar.Calendar.from_ical(text)
    assert [str(e["SUMMARY"]) for e in cal.walk("VEVENT")][::2] == NAMES


def test_hand_checked_uid_and_header() -> None:
    e = entry("nightly-backup")
    text = write_ics("cronstable", [Events(e, e.fires[:1])], 100, NOW)
    # sha256("nightly-backup"), first 12 hex digits, worked out with hashlib by hand.
    prefix = hashlib.sha256(b"nightly-backup").hexdigest()[:12]
    assert f"UID:{prefix}-20260601T023000Z@cronstable\r\n" in text
    assert "DTSTAMP:20260504T030201Z\r\nDTSTART:20260601T023000Z\r\nDURATION:PT5M\r\n" in text
    for line in (
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "X-WR-CALNAME:cronstable",
        "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
        "X-PUBLISHED-TTL:PT1H",
        "TRANSP:TRANSPARENT",
        "STATUS:CONFIRMED",
    ):
        assert f"\r\n{line}\r\n" in text


def test_truncation_marker_follows_the_jobs_events() -> None:
    e = entry("busy, job")
    text = write_ics("c", [Events(e, e.fires, truncated=True)], 2, NOW)
    assert text.endswith(
        "END:VEVENT\r\nX-CRONSTABLE-TRUNCATED;CAP=2:busy\\, job\r\nEND:VCALENDAR\r\n"
    )


def test_a_job_without_fires_writes_nothing() -> None:
    e = entry("idle")
    assert "VEVENT" not in write_ics("c", [Events(e, ())], 100, NOW)


@pytest.mark.parametrize(
    ("seconds", "phrase"),
    [
        (0.4, "0s"),
        (12.5, "12s"),
        (59.4, "59s"),
        (60, "1m"),
        (89, "1m"),
        (3599.5, "60m"),
        (3600, "1.0h"),
        (5400, "1.5h"),
        (90000, "25.0h"),
    ],
)
def test_runtime_phrase(seconds: float, phrase: str) -> None:
    assert runtime_phrase(seconds) == phrase


def test_description_says_schedule_meaning_zone_and_runtime() -> None:
    assert description(entry("j")) == "Schedule: 30 2 * * *\nAt 02:30\nTimezone: Europe/Berlin"
    assert description(entry("j", 95)).endswith("\nTypical runtime: 2m")
    assert "Typical runtime" not in description(entry("j", 0))
