"""The feed's plain-English line against the released daemon's (`croninfo.describe_cron`).

Generated expressions (seeded: plain fields, lists, ranges, steps, names in
any case, H items with hash keys, L/W/# forms and their lists, `?`, seconds
and year fields, macros, the shapes the daemon's reader words as Custom) are
asked of the daemon in one batch, each with a job name, as its calendar feed
asks (`describe_cron(str(tab), hash_key=name, tab=tab)`), and worded by
`daemon_sentence` from our parse of the same text and name. Every expression
the daemon loads must read the same, and our parser must load exactly those.

`CRONSTABLE_SENTENCE_CASES=N` asks N generated cases instead of the default.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest

from cronstable_cli.analysis.calendar import feed_schedule
from cronstable_cli.analysis.daemon_sentence import daemon_sentence, fields_sentence
from cronstable_cli.engine import ScheduleError, parse

from .daemon import ask
from .engine_corpus import H_KEYS, generated, h_expressions

CASES = int(os.environ.get("CRONSTABLE_SENTENCE_CASES", "3000"))

# Shapes the generators below may miss, each worded by the daemon in its own way.
SHAPES = [
    "@yearly", "@annually", "@monthly", "@weekly", "@daily", "@hourly", "@HOURLY", "@Weekly",
    "@midnight", "* * * * *", "*/5 * * * *", "*/7 * * * *", "0-59/5 * * * *",
    "5 * * * *", "05 * * * *", "5 */2 * * *", "5 */5 * * *", "* */3 * * *", "* */5 * * *",
    "*/15 */2 * * *", "30 2 * * *", "0,30 2 * * *", "0 2,14 * * *", "0-10 * * * *",
    "0 0 1 * *", "0 0 1,15 * *", "0 0 31 2 *", "0 0 13 * 5", "0 0 13 * fri", "0 0 * * 1/3",
    "0 0 * * */2", "0 0 * * 5-0", "0 0 * * 0-0", "0 0 * * 7", "0 0 * * sat-sun",
    "0 0 * * MON-FRI", "0 0 * jan-mar *", "0 0 * */3 *", "0 0 * 1/4 *", "0 0 ? * 1",
    "0 0 1 * ?", "0 0 L * *", "0 0 LW * *", "0 0 lw * *", "0 0 L-1 * *", "0 0 L-3 * *",
    "0 0 L-30 * *", "0 0 15W * *", "0 0 1W,L * *", "0 0 1,L * *", "0 0 L,L * *",
    "0 0 L,* * *", "0 0 *,L * *", "0 0 ?,L * *", "0 0 * * L5", "0 0 * * L0-7",
    "0 0 * * L1-3", "0 0 * * 5#3", "0 0 * * mon#1", "0 0 * * MON#1,L5", "0 0 * * 1,L5",
    "0 0 * * *,L5", "0 0 * * 7#2", "0 0 L * 5", "0 0 L * L5", "0 0 1 * L5", "0 0 15W * 1#1",
    "0 0 L * * 2026", "0 0 * * * 2025/2", "0 0 * * * 2030-2099/10", "0 0 * * * *",
    "0 0 * * * ?", "30 * * * * * *", "*/10 * * * * * *", "*/7 * * * * * *",
    "0,30 * * * * * *", "* * * * * * *", "0 * * * * * *", "00 * * * * * *",
    "30 45 2 * * * *", "* 0 0 * * * *", "*/15 * * * jan * *", "*/15 * * * * * 2026",
    "*/15 * * L * * *", "H H * * *", "H/15 * * * *", "H H(1-4) * * *", "H 2 * * *",
    "h h * * *", "H * * * * * *", "H H H * * * *", "0 0 H * *", "0 0 * * H", "0 0 * H *",
    "0 0 H(1-31) * *", "0 0 H(15-16),L * *", "0 0 * * H(1-5),L5", "H(0-29)/10 * * * *",
    "0 H/6 * * *", "  0   4 * *  sat ", "0 0 1-31 * *", "0 0 * 1-12 *", "0 0 * * 0-6",
    "0 0 * * 0-7", "1-5/2 * * * *", "5/10 * * * *", "0 12 * * sun,sat", "0 0 29 2 *",
]  # fmt: skip


def _extra(count: int, seed: int = 25) -> Iterator[str]:
    """Day forms listed with plain items and each other, in any case and order."""
    rng = random.Random(seed)
    dom_items = ["L", "l", "LW", "L-2", "L-1", "10W", "1w", "5", "1-7", "*/10", "20/5", "*", "?"]
    dow_items = ["L5", "l0", "L1-2", "2#1", "fri#5", "Sun", "1-5", "*/3", "6-0", "7", "*", "?"]
    for _ in range(count):
        dom = ",".join(rng.sample(dom_items, rng.randint(1, 3)))
        dow = ",".join(rng.sample(dow_items, rng.randint(1, 3)))
        if rng.random() < 0.4:
            dom = "*"
        elif rng.random() < 0.4:
            dow = "*"
        minute = rng.choice(["0", "*/5", "15", "0,30", "*"])
        hour = rng.choice(["0", "*/6", "2", "*", "1-3"])
        yield f"{minute} {hour} {dom} * {dow}"


def cases() -> list[tuple[str, str]]:
    """(expression, job name): the shapes, the generated corpus, every H form."""
    out = [(text, H_KEYS[i % len(H_KEYS)]) for i, text in enumerate(SHAPES)]
    out += [(text, H_KEYS[i % len(H_KEYS)]) for i, text in enumerate(_extra(CASES // 5))]
    out += [(text, key or "job") for text, key in generated(CASES, seed=25)]
    out += h_expressions()
    return out


@pytest.fixture(scope="module")
def answers() -> list[tuple[str, str, dict[str, object]]]:
    asked = cases()
    got = ask("describe", [{"expr": text, "hash_key": key} for text, key in asked])
    return [(text, key, answer) for (text, key), answer in zip(asked, got, strict=True)]


def _ours(text: str, key: str) -> tuple[str, str] | None:
    """(the feed's schedule text, our sentence), or None when our parser refuses."""
    try:
        parsed = parse(text, hash_key=key)
    except ScheduleError:
        return None
    schedule = feed_schedule(text)
    return schedule, daemon_sentence(schedule, parsed)


def test_every_sentence_is_the_daemons(answers: list[tuple[str, str, dict[str, object]]]) -> None:
    wrong = []
    loaded = 0
    for text, key, answer in answers:
        ours = _ours(text, key)
        if answer["error"] is not None or ours is None:
            if (answer["error"] is None) != (ours is not None):
                wrong.append((text, key, ours, answer["error"]))
            continue
        loaded += 1
        schedule, sentence = ours
        assert schedule == answer["source"], text
        if sentence != answer["sentence"]:
            wrong.append((text, key, sentence, answer["sentence"]))
    assert not wrong, "\n".join(map(repr, wrong[:20]))
    assert loaded > CASES // 2  # the comparison above covered most of the corpus


def test_the_corpus_reaches_every_shape(answers: list[tuple[str, str, dict[str, object]]]) -> None:
    # Each wording rule of the daemon's is met by some loaded case.
    said = "\n".join(str(a["sentence"]) for _, _, a in answers if a["error"] is None)
    for phrase in (
        "Custom schedule: ",
        "(H slots hashed from the job name)",
        "Every minute, every day\n",
        "Every 5 minutes",
        "Every minute, every 3 hours",
        "Every hour at :05",
        "At :05 every 2 hours",
        "At 02:30",
        "At minutes ",
        "past every hour",
        "past hours ",
        ", and only on ",
        "of the month",
        "the last day of the month",
        "the last weekday of the month",
        "the day before the last day of the month",
        "3 days before the last day of the month",
        "the weekday nearest the 15th",
        "the last Friday of the month",
        "the 3rd Friday of the month",
        "in January, February and March",
        "in 2026",
        "every day",
        "Every second",
        "Every 10 seconds",
        "At second 30",
        ", every second",
        ", at second 30",
        "Once a year, at midnight on 1 January",
        "Every hour, on the hour",
    ):
        assert phrase in said + "\n", phrase


def test_text_the_reader_cannot_word_is_custom() -> None:
    # The daemon's reader words these texts Custom (its engine refuses most of them;
    # the sentence never claims a schedule it would not read).
    for text in ("0 0 L,* * *", "0 0 * * ?,L5", "1 2 3", "0 0 * * x", "61 * * * *", "0 0 5L * *"):
        assert fields_sentence(text) == f"Custom schedule: {text}"
