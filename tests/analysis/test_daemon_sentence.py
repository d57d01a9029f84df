"""The feed's sentence on hand-checked vectors (the daemon itself is asked in
tests/oracle/test_sentence_vs_daemon.py; these hold without it)."""

from __future__ import annotations

import pytest

from cronstable_cli.analysis.daemon_sentence import daemon_sentence
from cronstable_cli.engine import parse

# (schedule, job name, the sentence), each worked out by hand from the wording rules.
VECTORS = [
    ("@daily", "j", "Every day at midnight"),
    ("@HOURLY", "j", "Every hour, on the hour"),
    ("* * * * *", "j", "Every minute, every day"),
    ("*/15 * * * *", "j", "Every 15 minutes, every day"),
    ("0-59/15 * * * *", "j", "At minutes 00, 15, 30, 45 past every hour, every day"),
    ("*/25 * * * *", "j", "At minutes 00, 25, 50 past every hour, every day"),
    ("* */6 * * *", "j", "Every minute, every 6 hours, every day"),
    ("5 * * * *", "j", "Every hour at :05, every day"),
    ("5 */2 * * *", "j", "At :05 every 2 hours, every day"),
    ("30 2 * * *", "j", "At 02:30, every day"),
    ("0 9,17 * * *", "j", "At minute 00 past hours 09, 17, every day"),
    ("0 0 13 * 5", "j", "At 00:00, on the 13th, and only on Friday"),
    ("0 0 1,15 * *", "j", "At 00:00, on the 1st and 15th of the month"),
    ("0 0 1,L * *", "j", "At 00:00, on the 1st and the last day of the month"),
    ("0 0 L-3 * *", "j", "At 00:00, on 3 days before the last day of the month"),
    ("0 12 15W * *", "j", "At 12:00, on the weekday nearest the 15th"),
    ("0 3 * * L5", "j", "At 03:00, on the last Friday of the month"),
    ("0 9 * * 1#2", "j", "At 09:00, on the 2nd Monday of the month"),
    ("0 0 * * 1/3", "j", "At 00:00, on Monday and Thursday"),
    ("0 0 * jan-mar *", "j", "At 00:00, in January, February and March"),
    ("0 0 1 1 * 2026", "j", "At 00:00, on the 1st of the month, in January, in 2026"),
    ("*/10 * * * * * *", "j", "Every 10 seconds"),
    ("30 45 2 * * * *", "j", "At 02:45, every day, at second 30"),
    ("0 0 L,* * *", "j", "Custom schedule: 0 0 L,* * *"),
]


@pytest.mark.parametrize(("schedule", "name", "sentence"), VECTORS)
def test_hand_checked(schedule: str, name: str, sentence: str) -> None:
    assert daemon_sentence(schedule, parse(schedule, hash_key=name)) == sentence


def test_h_slots_read_as_their_values() -> None:
    parsed = parse("H/20 H(2-4) * * *", hash_key="backup")
    minutes = sorted(parsed.minutes)
    (hour,) = parsed.hours
    listed = ", ".join(f"{m:02d}" for m in minutes)
    assert daemon_sentence("H/20 H(2-4) * * *", parsed) == (
        f"At minutes {listed} past hour {hour:02d}, every day (H slots hashed from the job name)"
    )
