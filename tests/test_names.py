"""One did-you-mean and one natural order for names, used by every command."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cronstable_cli.names import closest, did_you_mean, natural_key, natural_sorted


@pytest.mark.parametrize(
    ("word", "choices", "expected"),
    [
        pytest.param(
            "dayofweek", ["dayOfWeek", "dayOfMonth"], "; did you mean 'dayOfWeek'?", id="case"
        ),
        pytest.param("day_of_week", ["dayOfWeek"], "; did you mean 'dayOfWeek'?", id="underscores"),
        pytest.param(
            "nightly-reprot",
            ["nightly-report", "warm-cache"],
            "; did you mean 'nightly-report'?",
            id="transposed",
        ),
        pytest.param("zzz", ["nightly-report"], "", id="nothing-close"),
        pytest.param("jbos", ["jobs", "defaults"], "; did you mean 'jobs'?", id="top-key"),
    ],
)
def test_did_you_mean(word: str, choices: list[str], expected: str) -> None:
    assert did_you_mean(word, choices) == expected


def test_several_suggestions() -> None:
    assert (
        did_you_mean("node-x", ["node-a", "node-b", "other"], limit=2)
        == "; did you mean 'node-a' or 'node-b'?"
    )


def test_the_word_itself_is_not_suggested() -> None:
    assert closest("jobs", ["jobs"]) == ["jobs"] or closest("jobs", ["jobs"]) == []
    assert did_you_mean("Jobs", ["jobs"]) == "; did you mean 'jobs'?"


def test_natural_order_of_crontab_job_names() -> None:
    names = ["legacy.crontab:10", "legacy.crontab:9", "legacy.crontab:100", "a.cron:2"]
    assert natural_sorted(names) == [
        "a.cron:2",
        "legacy.crontab:9",
        "legacy.crontab:10",
        "legacy.crontab:100",
    ]


def test_natural_order_reads_numbers_by_value() -> None:
    assert natural_sorted(["job-10", "job-2", "job-1b", "job-1a", "b", "10", "9"]) == [
        "9",
        "10",
        "b",
        "job-1a",
        "job-1b",
        "job-2",
        "job-10",
    ]


@given(st.lists(st.text(alphabet="ab:01239", max_size=8), max_size=12))
def test_natural_order_is_a_total_order(names: list[str]) -> None:
    once = natural_sorted(names)
    assert natural_sorted(reversed(once)) == once
    assert sorted(once, key=natural_key) == once


def _reference_natural_sorted(names: list[str]) -> list[str]:
    """The definition: textual order, then stably by natural key."""
    return sorted(sorted(names), key=natural_key)


# Names that often share a skeleton (one template, digit runs of one width), and the
# characters that order around digits: '-' and '.' before them, letters after, non-ASCII
# digits (which are text, not numbers).
_SKELETONS = st.sampled_from(["job-{}", "{}x", "a{}b{}", "x-{}", "{}.{}", "٣{}"])


@st.composite
def templated_names(draw: st.DrawFn) -> list[str]:
    template = draw(_SKELETONS)
    width = draw(st.integers(1, 4))
    digits = st.text(alphabet="0123456789", min_size=width, max_size=width)
    names = [
        template.format(*(draw(digits) for _ in range(template.count("{}"))))
        for _ in range(draw(st.integers(0, 10)))
    ]
    if draw(st.booleans()):  # sometimes one name of another skeleton joins them
        names.append(draw(st.text(alphabet="ab-.:0129٣\n", max_size=6)))
    return names


@given(templated_names())
def test_natural_order_of_one_skeleton_is_the_textual_order_and_the_definition(
    names: list[str],
) -> None:
    assert natural_sorted(names) == _reference_natural_sorted(names)


@given(st.lists(st.text(alphabet="ab-.:0129٣\n", max_size=6), max_size=12))
def test_natural_order_matches_its_definition(names: list[str]) -> None:
    assert natural_sorted(names) == _reference_natural_sorted(names)


@given(st.integers(1, 4).flatmap(lambda n: st.lists(st.text("x-.10٣", min_size=n, max_size=n))))
def test_natural_order_of_names_of_one_length_matches_its_definition(names: list[str]) -> None:
    # One length is not one skeleton: `x-1` sorts before `x10` as text, after it by number.
    assert natural_sorted(names) == _reference_natural_sorted(names)


def test_a_skeleton_is_not_a_length() -> None:
    assert natural_sorted(["x-1", "x10"]) == ["x10", "x-1"]


@pytest.mark.parametrize(
    "names",
    [
        pytest.param(["x10", "x9\nx10"], id="newline-inside"),
        pytest.param(["a1\n", "a10", "a9"], id="trailing-newline"),
        pytest.param(["\n", "1", "10", "9"], id="newline-alone"),
    ],
)
def test_names_holding_newlines_are_ordered_by_their_definition(names: list[str]) -> None:
    # The one-skeleton test joins names with newlines; a name holding one must not pass it.
    assert natural_sorted(names) == _reference_natural_sorted(names)
