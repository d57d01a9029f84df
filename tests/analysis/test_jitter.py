"""Deterministic jitter: offsets, the auto width, the option and DST-safe addition."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cronstable_cli.analysis.jitter import (
    apply_jitter,
    auto_jitter_seconds,
    jitter_offset,
    parse_jitter_option,
)

REPO_ROOT = Path(__file__).resolve().parents[2]
NAMES = ["backup", "nightly-report", "legacy.crontab:9", "café-sync", ""]


def h_jitter(name: str) -> int:
    digest = hashlib.sha256(f"jitter\n{name}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("width", [1, 7, 60, 900])
def test_offset_is_the_jitter_hash_mod_width(name: str, width: int) -> None:
    assert jitter_offset(name, width) == h_jitter(name) % width


def test_zero_width_is_exact() -> None:
    assert jitter_offset("backup", 0) == 0


def test_negative_width_is_refused() -> None:
    with pytest.raises(ValueError, match="must not be negative"):
        jitter_offset("backup", -1)


@given(name=st.text(), width=st.integers(min_value=1, max_value=900))
def test_offset_stays_inside_the_width(name: str, width: int) -> None:
    assert 0 <= jitter_offset(name, width) < width


def test_offsets_are_identical_across_processes() -> None:
    code = (
        "import json, sys\n"
        "from cronstable_cli.analysis.jitter import jitter_offset\n"
        "names = json.loads(sys.argv[1])\n"
        "print(json.dumps([jitter_offset(n, w) for n in names for w in (7, 60, 900)]))\n"
    )
    here = [jitter_offset(n, w) for n in NAMES for w in (7, 60, 900)]
    for seed in ("0", "12345"):  # str hashing differs per seed; the offsets must not
        env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", code, json.dumps(NAMES)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        assert json.loads(out.stdout) == here


@pytest.mark.parametrize(
    ("at_minute_zero", "interval", "expected"),
    [
        pytest.param(True, 3600, 60, id="hourly-capped-at-60"),
        pytest.param(True, 86400, 60, id="daily-capped-at-60"),
        pytest.param(True, 900, 60, id="every-15-min"),
        pytest.param(True, 300, 30, id="every-5-min"),
        pytest.param(True, 60, 6, id="every-minute"),
        pytest.param(True, 9, 0, id="every-9-seconds"),
        pytest.param(True, None, 0, id="fires-once"),
        pytest.param(False, 3600, 0, id="not-at-minute-zero"),
    ],
)
def test_auto_width(at_minute_zero: bool, interval: int | None, expected: int) -> None:
    assert auto_jitter_seconds(at_minute_zero, interval) == expected


def test_auto_width_refuses_a_non_positive_interval() -> None:
    with pytest.raises(ValueError, match="positive"):
        auto_jitter_seconds(True, 0)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("auto", "auto"), ("AUTO", "auto"), (" auto ", "auto"), ("0", 0), ("17", 17), ("900", 900)],
)
def test_parse_jitter_option_accepts(text: str, expected: object) -> None:
    assert parse_jitter_option(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("901", "too wide"),
        ("-1", "'auto' or a whole number of seconds from 0 to 900"),
        ("1.5", "not '1.5'"),
        ("", "'auto' or a whole number"),
        ("sometimes", "not 'sometimes'"),
        ("٣", "'auto' or a whole number"),  # a digit, but not an ASCII one
    ],
)
def test_parse_jitter_option_refuses(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_jitter_option(text)


def test_apply_jitter_in_utc() -> None:
    at = datetime(2025, 1, 1, 2, 0, tzinfo=timezone.utc)
    assert apply_jitter(at, 37) == datetime(2025, 1, 1, 2, 0, 37, tzinfo=timezone.utc)


def test_apply_jitter_adds_real_seconds_across_fall_back() -> None:
    ny = ZoneInfo("America/New_York")
    at = datetime(2024, 11, 3, 1, 59, 50, tzinfo=ny)  # first 01:59:50, EDT
    after = apply_jitter(at, 30)
    assert after.astimezone(timezone.utc) - at.astimezone(timezone.utc) == timedelta(seconds=30)
    assert (after.hour, after.minute, after.second, after.fold) == (1, 0, 20, 1)  # EST
    assert after.utcoffset() == timedelta(hours=-5)


def test_apply_jitter_adds_real_seconds_across_spring_forward() -> None:
    ny = ZoneInfo("America/New_York")
    at = datetime(2024, 3, 10, 1, 59, 50, tzinfo=ny)
    after = apply_jitter(at, 30)
    assert (after.hour, after.minute, after.second) == (3, 0, 20)
    assert after.utcoffset() == timedelta(hours=-4)


def test_apply_jitter_refuses_naive_datetimes() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        apply_jitter(datetime(2025, 1, 1), 5)
