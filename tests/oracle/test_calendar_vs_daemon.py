"""`calendar --format ics` against the released daemon's own feed (`ical.render_calendar`).

A seeded fleet (YAML jobs in four DST zones and others, DAG schedules, a
crontab file, disabled and @reboot jobs, H slots, L/W/#, seconds and years,
jobs frequent enough to hit the cap) is written to disk once; the daemon
loads it with `parse_config` and renders its feed for a batch of windows
(the DST weeks of New York, Berlin, Lord Howe and Chatham among them), and
the CLI writes its feed for the same windows. The feeds must agree line for
line once unfolded, except DTSTAMP (the time of writing) and PRODID (who
wrote it): DESCRIPTION included, its plain-English line worded the daemon's
way (`analysis.daemon_sentence`, pinned shape by shape in
test_sentence_vs_daemon.py). Both are also parsed back with icalendar and
compared event by event, DESCRIPTION too. The runtimes reach the CLI as a
name → seconds file or, every other window, as a saved GET /jobs.

The daemon's feed starts strictly after its start and ours at it, so the
daemon is asked from one second earlier: fires are whole seconds, so both
then cover the same instants.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from cronstable_cli.cli.main import main

from .daemon import ask

icalendar = pytest.importorskip("icalendar")

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
STATE = "state:\n  path: /tmp/cronstable-oracle-state\n"
ZONES = [
    None,
    "UTC",
    "America/New_York",
    "Europe/Berlin",
    "Australia/Lord_Howe",
    "Pacific/Chatham",
    "Asia/Kolkata",
]
SCHEDULES = [
    "0 * * * *",
    "*/5 * * * *",
    "* * * * *",
    "30 2 * * *",
    "0-59/7 2 * * *",
    "15 1 * * mon-fri",
    "45 2 * * sun",
    "H H * * *",
    "H/15 * * * *",
    "H H(1-4) * * *",
    "H 2 * * *",
    "0 0 L * *",
    "0 12 15W * *",
    "0 9 * * 1#2",
    "0 3 * * L5",
    "0 0 29 2 *",
    "30 45 2 * * * *",
    "0 30 1 * * * 2026",
    "*/20 * 2-3 * * * *",
    "@hourly",
    "@daily",
    "@weekly",
    "0 0 31 2 *",
    "  0   4 * *  sat ",
    "@DAILY",
]
# The windows: (start, days, per-job cap). DST weeks in four zones, then others.
WINDOWS = [
    ("2026-03-05T00:00:00+00:00", 7, 100),  # New York springs forward on 03-08
    ("2026-10-30T00:00:00+00:00", 7, 100),  # and falls back on 11-01
    ("2026-03-26T12:30:00+00:00", 14, 100),  # Berlin: 03-29 and (14 days) no other
    ("2026-10-23T00:00:00+00:00", 7, 40),  # Berlin falls back on 10-25
    ("2026-04-01T00:00:00+00:00", 7, 100),  # Lord Howe falls back 30 min on 04-05
    ("2026-10-01T00:00:00+00:00", 7, 1000),  # Lord Howe springs forward on 10-04
    ("2026-09-24T00:00:00+00:00", 7, 100),  # Chatham springs forward on 09-27
    ("2026-04-02T00:00:00+00:00", 7, 5),  # Chatham falls back on 04-05
    ("2026-12-31T23:59:30+00:00", 1, 100),  # a year's turn, mid-minute
    ("2027-02-20T01:02:03+00:00", 60, 1000),  # the longest window, a leap-free Feb
]


def _fleet(rng: random.Random) -> tuple[dict[str, str], dict[str, float]]:
    """{file: text} of the fleet and its runtimes (seconds) per job."""
    jobs = []
    runtimes: dict[str, float] = {}
    for i in range(70):
        name = f"job-{i:03d}" if i % 9 else f"job {i:03d}, the; one\\"
        schedule = SCHEDULES[i % len(SCHEDULES)]
        zone = ZONES[rng.randrange(len(ZONES))]
        lines = [f"  - name: {json.dumps(name)}", "    command: /bin/true"]
        if i % 23 == 7:  # a schedule written as a map of fields
            lines.append(
                '    schedule:\n      minute: "*/20"\n      hour: "1-3"\n      dayOfWeek: "mon-fri"'
            )
        else:
            lines.append(f'    schedule: "{schedule}"')
        if zone:
            lines.append(f"    timezone: {zone}")
        if i % 17 == 5:
            lines.append("    enabled: false")
        jobs.append("\n".join(lines) + "\n")
        pick = rng.random()
        if pick < 0.3:
            runtimes[name] = rng.choice([0, 0.4, 59.5, 61, 299, 301, 3599, 5400.5, 90000])
    jobs.append('  - name: at-boot\n    command: /bin/true\n    schedule: "@reboot"\n')
    # The host's own zone (`utc: false`): both tools read the same host clock.
    jobs.append(
        '  - name: host-clock\n    command: /bin/true\n    schedule: "30 2 * * *"\n    utc: false\n'
    )
    dags = (
        "dags:\n"
        '  - name: etl\n    schedule: "H 3 * * *"\n    timezone: Europe/Berlin\n'
        "    tasks:\n      - id: a\n        command: run-a\n"
        '  - name: sync\n    schedule: "*/30 * * * *"\n'
        "    tasks:\n      - id: a\n        command: run-a\n"
    )
    runtimes["dag:etl"] = 1800
    crontab = (
        "*/10 * * * * /bin/poll\n@midnight /bin/roll\n"
        "CRON_TZ=America/New_York\n30 2 * * * /bin/nightly\n"
    )
    files = {
        "d/jobs.yaml": STATE + "jobs:\n" + "".join(jobs),
        "d/dags.yaml": dags,
        "d/legacy.crontab": crontab,
    }
    return files, runtimes


@pytest.fixture(scope="module")
def feeds(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[list[tuple[str, str, tuple[Any, ...]]]]:
    """(ours, the daemon's, the window) for every window, the daemon asked in one batch.

    The host's zone is pinned to UTC for both: the `utc: false` job then reads
    the same clock on any machine. (With a DST host zone the released daemon
    moves a gap time of such a job by the later offset, 01:30 EST for 02:30 on
    New York's spring-forward day, unlike its own IANA-zone path, 03:30 EDT,
    which the toolkit follows for every zone.) The host zone is read from TZ on
    each use, so the variable alone pins it.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TZ", "UTC")
        yield _feeds(tmp_path_factory)


def _feeds(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str, tuple[Any, ...]]]:
    root = tmp_path_factory.mktemp("calendar")
    files, runtimes = _fleet(random.Random(25))
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "durations.json").write_text(json.dumps(runtimes), encoding="utf-8")
    # The same runtimes as a saved GET /jobs: each job's history runs 0 s and twice its
    # runtime (a mean of exactly the runtime, the daemon's avg_duration; the longest
    # run, twice it, would set other lengths), and every other window reads this file.
    saved = [
        {
            "name": name,
            "history": [{"duration": 0}, {"duration": None}, {"duration": 2 * seconds}],
            "last_run": {"duration": 2 * seconds},
        }
        for name, seconds in runtimes.items()
    ]
    (root / "jobs.json").write_text(json.dumps(saved), encoding="utf-8")
    cases = []
    for start, days, cap in WINDOWS:
        before = datetime.fromisoformat(start) - timedelta(seconds=1)
        cases.append(
            {
                "root": str(root),
                "entry": "d",
                "start": before.isoformat(),
                "days": days,
                "per_job": cap,
                "runtimes": runtimes,
                "now": NOW.isoformat(),
            }
        )
    answers = ask("calendar", cases)
    out = []
    for (start, days, cap), answer in zip(WINDOWS, answers, strict=True):
        assert answer["ok"], answer["error"]
        target = root / f"ours-{len(out)}.ics"
        code = main(
            [
                "calendar",
                str(root / "d"),
                "--format",
                "ics",
                "--from",
                start,
                "--days",
                str(days),
                "--per-job",
                str(cap),
                "--durations",
                str(root / ("jobs.json" if len(out) % 2 else "durations.json")),
                "-o",
                str(target),
                "-q",
            ]
        )
        assert code == 0
        out.append((target.read_bytes().decode("utf-8"), answer["ics"], (start, days, cap)))
    return out


def unfolded(text: str) -> list[str]:
    assert text.endswith("\r\n")
    assert "\n" not in text.replace("\r\n", "")  # CRLF line ends only
    return text.replace("\r\n ", "").split("\r\n")[:-1]


def comparable(line: str) -> str | None:
    """The line as both tools must write it; None for the stamp and the product id."""
    if line.startswith(("DTSTAMP:", "PRODID:")):
        return None
    return line


def test_the_feeds_agree_line_for_line(feeds: list[tuple[str, str, tuple[Any, ...]]]) -> None:
    for ours, theirs, window in feeds:
        a = [c for c in map(comparable, unfolded(ours)) if c is not None]
        b = [c for c in map(comparable, unfolded(theirs)) if c is not None]
        assert len(a) == len(b), window
        assert a == b, window


def test_the_windows_cover_what_they_must(feeds: list[tuple[str, str, tuple[Any, ...]]]) -> None:
    # The comparison above proves something only if the feeds hold events, caps and
    # the job kinds: every window has events, some are capped, DAG and crontab jobs show.
    capped = 0
    for ours, _, window in feeds:
        assert ours.count("BEGIN:VEVENT") > 50, window
        capped += ours.count("X-CRONSTABLE-TRUNCATED;CAP=")
    assert capped > 10
    whole = "".join(ours for ours, _, _ in feeds)
    assert "Timezone: local" in whole
    for schedule in ("Schedule: 0 4 * * sat\\n", "Schedule: @daily\\n", "Schedule: */20 1-3 "):
        assert schedule in whole
    # the daemon's sentences of several shapes (H, L forms, seconds, a macro)
    for sentence in (
        "(H slots hashed from the job name)",
        "on the last Friday of the month",
        "\\nEvery 5 minutes\\, every day\\n",
        "at second 30",
        "\\nEvery day at midnight\\n",
    ):
        assert sentence in whole.replace("\r\n ", ""), sentence
    for summary in (
        "SUMMARY:host-clock",
        "SUMMARY:dag:etl",
        "SUMMARY:legacy.crontab:2",
        r"SUMMARY:job 000\, the\; one\\",
    ):
        assert summary in whole


def events(text: str) -> list[tuple[str, datetime, timedelta, str, str, str, str]]:
    cal = icalendar.Calendar.from_ical(text)
    return [
        (
            str(e["UID"]),
            e.decoded("DTSTART"),
            e.decoded("DURATION"),
            str(e["SUMMARY"]),
            str(e["STATUS"]),
            str(e["TRANSP"]),
            str(e["DESCRIPTION"]),
        )
        for e in cal.walk("VEVENT")
    ]


def test_parsed_back_the_events_are_the_daemons(
    feeds: list[tuple[str, str, tuple[Any, ...]]],
) -> None:
    for ours, theirs, window in feeds:
        mine = events(ours)
        assert mine == events(theirs), window
        for uid, start, length, _, status, transp, _ in mine:
            assert start.tzinfo is not None and start.utcoffset() == timedelta(0)
            assert uid.endswith(f"-{start.strftime('%Y%m%dT%H%M%SZ')}@cronstable")
            assert timedelta(minutes=5) <= length <= timedelta(hours=24)
            assert (status, transp) == ("CONFIRMED", "TRANSPARENT")
        assert len({e[0] for e in mine}) == len(mine)  # no UID twice
