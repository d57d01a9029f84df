"""Stagger: stable per-source offsets in a window, their gaps, buckets and output."""

from __future__ import annotations

import hashlib
import json
import math
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cronstable_cli.analysis.stagger import (
    Gaps,
    StaggerResult,
    compute_stagger,
    emit_schedules,
    gap_stats,
    parse_window,
    seven_field_schedule,
    stagger_offset,
)


def reference_offset(source_id: str, minutes: int) -> int:
    return int.from_bytes(hashlib.sha256(source_id.encode()).digest()[:4], "big") % (minutes * 60)


@pytest.mark.parametrize("source_id", ["db-backup-01", "source-31", "café", ""])
@pytest.mark.parametrize("minutes", [1, 50, 1440])
def test_offset_is_sha256_prefix_mod_window(source_id: str, minutes: int) -> None:
    assert stagger_offset(source_id, minutes) == reference_offset(source_id, minutes)


# --- parse_window -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("02:00/50", (2, 0, 50)),
        ("2:05/1", (2, 5, 1)),
        ("23:59/1440", (23, 59, 1440)),
        (" 00:00/30 ", (0, 0, 30)),
    ],
)
def test_parse_window(text: str, expected: tuple[int, int, int]) -> None:
    assert parse_window(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("24:00/5", "hour 24 is out of range 0-23"),
        ("02:60/5", "minute 60 is out of range 0-59"),
        ("02:00/0", "0 minutes is out of range 1-1440"),
        ("02:00/1441", "1441 minutes is out of range"),
        ("0200/50", "HH:MM/MINUTES"),
        ("02:00", "HH:MM/MINUTES"),
        ("02:00/x", "HH:MM/MINUTES"),
        ("02:00/-5", "HH:MM/MINUTES"),
        ("", "HH:MM/MINUTES"),
    ],
)
def test_parse_window_refuses(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_window(text)


# --- compute_stagger -------------------------------------------------------------------

DB_BACKUPS = [f"db-backup-{i:02d}" for i in range(1, 32)]
SOURCES = [f"source-{i:02d}" for i in range(1, 32)]


def test_31_db_backups_in_50_minutes_reach_every_bucket() -> None:
    result = compute_stagger(DB_BACKUPS, 2, 0, 50)
    assert len(result.buckets) == 10
    assert all(result.buckets), result.buckets
    assert sum(result.buckets) == 31


def test_31_generic_sources_leave_the_first_bucket_empty() -> None:
    # A fact about the hash, kept honest: with 31 uniform offsets in 10 buckets every
    # bucket is hit only about two times in three (see the test below), and these ids
    # miss 02:00-02:05.
    result = compute_stagger(SOURCES, 2, 0, 50)
    assert result.buckets == (0, 2, 5, 5, 5, 2, 1, 2, 5, 4)


def test_all_buckets_hit_as_often_as_uniform_offsets_predict() -> None:
    # P(no empty bucket) for 31 uniform draws into 10 buckets, by inclusion-exclusion.
    p = sum((-1) ** k * math.comb(10, k) * (1 - k / 10) ** 31 for k in range(11))
    trials = 2000
    hits = sum(
        all(compute_stagger([f"fleet{t}-db-{i:02d}" for i in range(31)], 2, 0, 50).buckets)
        for t in range(trials)
    )
    sigma = math.sqrt(trials * p * (1 - p))
    assert abs(hits - trials * p) <= 5 * sigma, (hits, trials * p)


def test_result_fields() -> None:
    ids = ["db-backup-01", "db-backup-02", "db-backup-03"]
    result = compute_stagger(ids, 2, 0, 50)
    assert result.window_start == "02:00"
    assert result.window_minutes == 50
    assert list(result.offsets) == ids  # input order
    for source_id, offset in result.offsets.items():
        assert offset == reference_offset(source_id, 50)
        clock = 2 * 3600 + offset  # a 50-minute window from 02:00 stays on the day
        expected = f"{clock // 3600:02d}:{clock // 60 % 60:02d}:{clock % 60:02d}"
        assert result.starts[source_id] == expected
    assert not result.wraps_midnight


def test_starts_wrap_past_midnight() -> None:
    result = compute_stagger(SOURCES[:4], 23, 40, 50)
    assert result.starts == {
        "source-01": "00:11:40",
        "source-02": "00:17:43",
        "source-03": "23:57:35",
        "source-04": "00:04:54",
    }
    assert result.wraps_midnight


def test_last_bucket_may_be_partial() -> None:
    result = compute_stagger(SOURCES, 0, 0, 12)
    assert len(result.buckets) == 3  # 0-5, 5-10, 10-12 minutes
    assert sum(result.buckets) == len(SOURCES)


@given(
    ids=st.lists(st.text(alphabet="abcdefghij-0123456789", min_size=1), unique=True),
    minutes=st.integers(min_value=1, max_value=1440),
    extra=st.text(alphabet="klmnop", min_size=1),
)
def test_offsets_are_stable_and_in_range(ids: list[str], minutes: int, extra: str) -> None:
    result = compute_stagger(ids, 12, 0, minutes)
    assert all(0 <= o < minutes * 60 for o in result.offsets.values())
    assert sum(result.buckets) == len(ids)
    assert len(result.buckets) == math.ceil(minutes / 5)
    # Adding a source never moves the others.
    more = compute_stagger([*ids, extra], 12, 0, minutes)
    assert all(more.offsets[i] == o for i, o in result.offsets.items())


@pytest.mark.parametrize(
    ("ids", "message"),
    [
        (["a", "b", "a"], "'a' is listed twice"),
        (["a", ""], "must not be empty"),
        (["a\nb"], "line break"),
    ],
)
def test_bad_ids_are_refused(ids: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        compute_stagger(ids, 2, 0, 50)


@pytest.mark.parametrize(
    ("hour", "minute", "minutes", "message"),
    [(24, 0, 50, "hour"), (2, 60, 50, "minute"), (2, 0, 0, "1-1440"), (2, 0, 1441, "1-1440")],
)
def test_bad_window_is_refused(hour: int, minute: int, minutes: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        compute_stagger(["a"], hour, minute, minutes)


# --- gaps ---------------------------------------------------------------------------


def test_gaps_use_inclusive_quartiles_of_consecutive_sorted_offsets() -> None:
    # sorted 0, 10, 30, 60, 100 -> gaps 10, 20, 30, 40
    gaps = gap_stats([60, 0, 100, 30, 10])
    assert gaps == Gaps(min=10, q1=17.5, median=25.0, q3=32.5, max=40)
    assert [gaps.q1, gaps.median, gaps.q3] == statistics.quantiles(
        [10, 20, 30, 40], n=4, method="inclusive"
    )


def test_gaps_include_sources_on_the_same_second() -> None:
    assert gap_stats([5, 5, 9]) == Gaps(min=0, q1=1.0, median=2.0, q3=3.0, max=4)


def test_one_gap_is_every_statistic() -> None:
    assert gap_stats([100, 40]) == Gaps(min=60, q1=60.0, median=60.0, q3=60.0, max=60)


@pytest.mark.parametrize("ids", [[], ["only"]])
def test_fewer_than_two_sources_have_no_gaps(ids: list[str]) -> None:
    assert compute_stagger(ids, 2, 0, 50).gaps is None


# --- emitted schedules ------------------------------------------------------------------

FIXED = StaggerResult(
    window_start="23:50",
    window_minutes=20,
    offsets={"db-01": 5, "db-02": 727},
    starts={"db-01": "23:50:05", "db-02": "00:02:07"},
    gaps=Gaps(min=722, q1=722.0, median=722.0, q3=722.0, max=722),
    buckets=(1, 0, 1, 0),
    wraps_midnight=True,
)


def test_seven_field_layout_is_second_minute_hour_first() -> None:
    assert seven_field_schedule("00:02:07") == "7 2 0 * * * *"


def test_emit_yaml() -> None:
    assert emit_schedules(FIXED, "yaml", "backup.sh {id} --tag {id}") == (
        "# stagger: 2 sources over 20 minutes from 23:50\n"
        "# times are UTC, the cronstable default; add `timezone:` for another zone\n"
        "jobs:\n"
        '  - name: "db-01"\n'
        '    schedule: "5 50 23 * * * *"\n'
        '    command: "backup.sh db-01 --tag db-01"\n'
        '  - name: "db-02"\n'
        '    schedule: "7 2 0 * * * *"\n'
        '    command: "backup.sh db-02 --tag db-02"\n'
    )


def test_emit_yaml_quotes_awkward_text() -> None:
    template = "awk '{print $1}' \"{id}\" # x: \\ é"
    lines = emit_schedules(FIXED, "yaml", template).splitlines()
    commands = [line.split("command: ", 1)[1] for line in lines if "command: " in line]
    # Double-quoted YAML scalars use JSON's escapes, so json.loads reads them back.
    assert [json.loads(c) for c in commands] == [
        template.replace("{id}", "db-01"),
        template.replace("{id}", "db-02"),
    ]


def test_emit_crontab_has_five_fields_and_escapes_percent() -> None:
    assert emit_schedules(FIXED, "crontab", r"dump {id} > /b/$(date +%F)-\%H") == (
        "# stagger: 2 sources over 20 minutes from 23:50\n"
        "# times are UTC, the cronstable default; set CRON_TZ= above for another zone\n"
        "# crontab entries have no seconds field: each runs at the start of its minute\n"
        "# db-01: +5s, exact start 23:50:05\n"
        "50 23 * * * dump db-01 > /b/$(date +\\%F)-\\%H\n"
        "# db-02: +727s, exact start 00:02:07\n"
        "2 0 * * * dump db-02 > /b/$(date +\\%F)-\\%H\n"
    )


def test_emit_refuses_unknown_format() -> None:
    with pytest.raises(ValueError, match="choose yaml or crontab"):
        emit_schedules(FIXED, "toml")  # type: ignore[arg-type]
