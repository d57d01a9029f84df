"""Every way a schedule can be rejected (docs/dialect.md): field, item, 1-based column, hint.

Columns are counted by hand from the expression as written (1 = its first character).
"""

from __future__ import annotations

import pytest

from cronstable_cli import CronTab, ScheduleError
from cronstable_cli.engine import parse


def _error(expr: str, hash_key: str | None = None, **kwargs: bool) -> ScheduleError:
    with pytest.raises(ScheduleError) as info:
        parse(expr, hash_key, **kwargs)
    return info.value


# expression | field | offending item | column
FIELD_ERRORS = [
    # values out of range, one per field
    pytest.param("60 * * * * * *", "second", "60", 1, id="second-out-of-range"),
    pytest.param("0 60 * * * * *", "minute", "60", 3, id="minute-out-of-range-7-field"),
    pytest.param("60 * * * *", "minute", "60", 1, id="minute-out-of-range"),
    pytest.param("0 24 * * *", "hour", "24", 3, id="hour-out-of-range"),
    pytest.param("0 0 0 * *", "day-of-month", "0", 5, id="dom-zero"),
    pytest.param("0 0 32 * *", "day-of-month", "32", 5, id="dom-32"),
    pytest.param("0 0 1 0 *", "month", "0", 7, id="month-zero"),
    pytest.param("0 0 1 13 *", "month", "13", 7, id="month-13"),
    pytest.param("0 0 * * 8", "day-of-week", "8", 9, id="dow-8"),
    pytest.param("0 0 * * * 1969", "year", "1969", 11, id="year-before-1970"),
    pytest.param("0 0 * * * 2100", "year", "2100", 11, id="year-after-2099"),
    pytest.param("0 0 0 * * * 2100", "year", "2100", 13, id="year-after-2099-7-field"),
    pytest.param("5,10,61 * * * *", "minute", "61", 6, id="bad-value-later-in-list"),
    # names in the wrong field or unknown
    pytest.param("0 0 * * foo", "day-of-week", "foo", 9, id="unknown-weekday"),
    pytest.param("0 0 * * jan", "day-of-week", "jan", 9, id="month-name-in-dow"),
    pytest.param("0 0 1 mon *", "month", "mon", 7, id="weekday-name-in-month"),
    pytest.param("0 jan * * *", "hour", "jan", 3, id="name-in-hour"),
    pytest.param("x 0 * * *", "minute", "x", 1, id="garbage-minute"),
    # steps
    pytest.param("*/0 * * * *", "minute", "*/0", 1, id="step-zero"),
    pytest.param("*/x * * * *", "minute", "*/x", 1, id="step-not-a-number"),
    pytest.param("*/60 * * * *", "minute", "*/60", 1, id="step-60-in-minutes"),
    pytest.param("30/30 * * * *", "minute", "30/30", 1, id="a/n-leaves-field"),
    pytest.param("50-55/10 * * * *", "minute", "50-55/10", 1, id="range-step-leaves-field"),
    pytest.param("0 */24 * * *", "hour", "*/24", 3, id="step-24-in-hours"),
    pytest.param("0 0 1 */12 *", "month", "*/12", 7, id="step-12-in-months"),
    pytest.param("0 0 * * 1/7", "day-of-week", "1/7", 9, id="dow-step-past-7"),
    pytest.param("0 0 * * 7/2", "day-of-week", "7/2", 9, id="dow-a/n-runs-to-6"),
    pytest.param("0 0 * * 1-5/0", "day-of-week", "1-5/0", 9, id="dow-step-zero"),
    pytest.param("0 0 1 1 * 2024/0", "year", "2024/0", 11, id="year-step-zero"),
    # ranges
    pytest.param("5-1 * * * *", "minute", "5-1", 1, id="backwards-range"),
    pytest.param("0 0 1 dec-jan *", "month", "dec-jan", 7, id="backwards-month-names"),
    pytest.param("0 0 * * 5-1", "day-of-week", "5-1", 9, id="backwards-dow-not-ending-in-0"),
    pytest.param("0 0 * * mon-", "day-of-week", "mon-", 9, id="open-range"),
    # lists
    pytest.param("1,,2 * * * *", "minute", "1,,2", 3, id="stray-comma"),
    pytest.param("1 * * * *,", "day-of-week", "*,", 11, id="trailing-comma"),
    # ?
    pytest.param("? * * * *", "minute", "?", 1, id="question-in-minute"),
    pytest.param("0 0 1 ? *", "month", "?", 7, id="question-in-month"),
    pytest.param("0 0 ?,1 * *", "day-of-month", "?", 5, id="question-not-alone-dom"),
    pytest.param("0 0 * * 1,?", "day-of-week", "?", 11, id="question-not-alone-dow"),
    # L forms
    pytest.param("0 L * * *", "hour", "L", 3, id="L-in-hour"),
    pytest.param("0 0 L-0 * *", "day-of-month", "L-0", 5, id="L-0"),
    pytest.param("0 0 L-31 * *", "day-of-month", "L-31", 5, id="L-31"),
    pytest.param("0 0 L-x * *", "day-of-month", "L-x", 5, id="L-not-a-number"),
    pytest.param("0 0 * * L", "day-of-week", "L", 9, id="bare-L-in-dow"),
    pytest.param("0 0 * * L8", "day-of-week", "L8", 9, id="Ln-out-of-range"),
    pytest.param("0 0 * * Lfoo", "day-of-week", "Lfoo", 9, id="Ln-unknown-name"),
    pytest.param("0 0 * * 1,L1/2", "day-of-week", "L1/2", 11, id="Ln-with-step"),
    # W forms
    pytest.param("0 0 0W * *", "day-of-month", "0W", 5, id="0W"),
    pytest.param("0 0 32W * *", "day-of-month", "32W", 5, id="32W"),
    # d#n forms
    pytest.param("0 0 * * 1#0", "day-of-week", "1#0", 9, id="nth-0"),
    pytest.param("0 0 * * 1#6", "day-of-week", "1#6", 9, id="nth-6"),
    pytest.param("0 0 * * mon#", "day-of-week", "mon#", 9, id="nth-missing"),
    pytest.param("0 0 * * #1", "day-of-week", "#1", 9, id="nth-missing-weekday"),
    pytest.param("0 0 * * 8#1", "day-of-week", "8#1", 9, id="nth-weekday-out-of-range"),
    # H forms (with a key, so the form itself is what fails)
    pytest.param("0 0 * * * H", "year", "H", 11, id="H-in-year"),
    pytest.param("H/0 * * * *", "minute", "H/0", 1, id="H-step-zero"),
    pytest.param("H/61 * * * *", "minute", "H/61", 1, id="H-step-above-span"),
    pytest.param("0 H(0-11)/13 * * *", "hour", "H(0-11)/13", 3, id="H-range-step-above-span"),
    pytest.param("H(30-10) * * * *", "minute", "H(30-10)", 1, id="H-range-backwards"),
    pytest.param("H(5) * * * *", "minute", "H(5)", 1, id="H-range-without-dash"),
    pytest.param("H(1-2 * * * *", "minute", "H(1-2", 1, id="H-unclosed"),
    pytest.param("H(0-60) * * * *", "minute", "H(0-60)", 1, id="H-range-out-of-field"),
    pytest.param("0 0 H(0-31) * *", "day-of-month", "H(0-31)", 5, id="H-dom-range-from-0"),
    pytest.param("0 0 * * 1,H(1-8)", "day-of-week", "H(1-8)", 11, id="H-dow-range-past-7"),
]


@pytest.mark.parametrize(("expr", "field", "item", "column"), FIELD_ERRORS)
def test_field_error_names_field_item_and_column(
    expr: str, field: str, item: str, column: int
) -> None:
    err = _error(expr, hash_key="job")
    assert (err.field, err.item, err.column) == (field, item, column), str(err)
    assert str(err).startswith(f"{field}: ")


@pytest.mark.parametrize(
    ("expr", "column"),
    [
        pytest.param("* * * *", 1, id="four-fields"),
        pytest.param("* * * * * * * *", 1, id="eight-fields"),
        pytest.param("*", 1, id="one-field"),
    ],
)
def test_wrong_field_count(expr: str, column: int) -> None:
    err = _error(expr)
    assert err.field is None
    assert err.column == column
    assert "5, 6 or 7 fields" in str(err)


@pytest.mark.parametrize("expr", ["", "   ", "\t\n"], ids=["empty", "spaces", "tab-newline"])
def test_empty_schedule(expr: str) -> None:
    assert "empty" in str(_error(expr))


def test_non_text_is_a_schedule_error() -> None:
    with pytest.raises(ScheduleError):
        parse(5)  # type: ignore[arg-type]


# expression | offending item | column
MACRO_ERRORS = [
    pytest.param("@foo", "@foo", 1, id="unknown-macro"),
    pytest.param("  @fortnightly", "@fortnightly", 3, id="unknown-macro-indented"),
    pytest.param("@midnight", "@midnight", 1, id="midnight-outside-crontab"),
    pytest.param("@", "@", 1, id="bare-at"),
]


@pytest.mark.parametrize(("expr", "item", "column"), MACRO_ERRORS)
def test_macro_errors(expr: str, item: str, column: int) -> None:
    err = _error(expr)
    assert (err.item, err.column) == (item, column)
    assert err.hint


@pytest.mark.parametrize(
    ("expr", "column"), [("@daily *", 8), ("@daily * * * *", 8), ("@hourly  0 0 * * * *", 10)]
)
def test_macro_followed_by_text_points_at_the_extra_text(expr: str, column: int) -> None:
    # Also when what follows makes five to seven fields: not a minute of `@daily`.
    err = _error(expr)
    assert err.column == column
    assert "stands alone" in str(err)


def test_an_unknown_macro_among_fields_is_named_as_a_macro() -> None:
    err = _error("@dayly 0 0 * * *")
    assert (err.item, err.column, err.hint) == ("@dayly", 1, "did you mean @daily?")


def test_midnight_is_daily_in_crontab_files() -> None:
    assert parse("@midnight", crontab=True).resolved == "@daily"
    assert CronTab("@midnight", crontab=True) == CronTab("@daily")


# ---------------------------------------------------------------------------------------
# Hints for text that looks like another dialect (docs/dialect.md)


@pytest.mark.parametrize(
    ("expr", "field", "item", "column"),
    [
        pytest.param("0 0 1#2 * *", "day-of-month", "1#2", 5, id="hash-in-dom"),
        pytest.param("0 0 * 1#2 *", "month", "1#2", 7, id="hash-in-month"),
        pytest.param("1#2 0 * * *", "minute", "1#2", 1, id="hash-in-minute"),
    ],
)
def test_hash_outside_day_of_week_names_day_of_week(
    expr: str, field: str, item: str, column: int
) -> None:
    err = _error(expr)
    assert (err.field, err.item, err.column) == (field, item, column)
    assert "day-of-week" in str(err)
    assert err.hint and "day-of-week" in err.hint


@pytest.mark.parametrize(
    ("expr", "field", "item", "column"),
    [
        pytest.param("0 0 * * 1W", "day-of-week", "1W", 9, id="W-in-dow"),
        pytest.param("0 0 * * LW", "day-of-week", "LW", 9, id="LW-in-dow"),
        pytest.param("0 15W * * *", "hour", "15W", 3, id="W-in-hour"),
        pytest.param("0 0 1 3W *", "month", "3W", 7, id="W-in-month"),
    ],
)
def test_w_outside_day_of_month_names_day_of_month(
    expr: str, field: str, item: str, column: int
) -> None:
    err = _error(expr)
    assert (err.field, err.item, err.column) == (field, item, column)
    assert "day-of-month" in str(err)
    assert err.hint and "day-of-month" in err.hint


def test_quartz_trailing_l_gives_both_numberings() -> None:
    # Quartz 6 = Friday (1 = Sunday); here 6 = Saturday. Checked by hand.
    err = _error("0 15 10 ? * 6L *")
    assert err.hint == (
        "write L6 for the month's last Saturday; in Quartz, where 1 is Sunday, "
        "6L is the last Friday: write L5"
    )


@pytest.mark.parametrize(
    ("expr", "item", "spelling"),
    [
        pytest.param("0 0 * * 5L", "5L", "L5", id="5L"),
        pytest.param("0 0 * * friL", "friL", "L5", id="friL-names-the-number"),
        pytest.param("0 0 * * 1,6l", "6l", "L6", id="lowercase-6l"),
    ],
)
def test_quartz_trailing_l_points_at_the_l_n_spelling(expr: str, item: str, spelling: str) -> None:
    err = _error(expr)
    assert (err.field, err.item) == ("day-of-week", item)
    assert err.hint and spelling in err.hint


@pytest.mark.parametrize(
    ("expr", "field"),
    [
        pytest.param("0 */5 * * * ?", "year", id="question-in-sixth"),
        pytest.param("0 0 12 ? * MON", "month", id="question-in-quartz-dom"),
        pytest.param("0 15 10 * * MON-FRI", "year", id="weekday-names-in-sixth"),
        pytest.param("0 0 12 * * 1-5", "year", id="weekday-numbers-in-sixth"),
        pytest.param("0 0 12 * * 6#3", "year", id="nth-weekday-in-sixth"),
    ],
)
def test_quartz_six_field_layout_hints_appending_a_year(expr: str, field: str) -> None:
    err = _error(expr)
    assert err.field == field
    assert err.hint and "year" in err.hint and "' *'" in err.hint
    assert err.hint in str(err)
    # ... and the hint's advice works: the same text plus ' *' is a 7-field expression.
    parse(expr + " *")


@pytest.mark.parametrize(
    "expr",
    [
        pytest.param("0 0 * * * 1969", id="year-just-too-early"),
        pytest.param("0 0 * * * 2100", id="year-just-too-late"),
        pytest.param("0 0 * * 8", id="five-fields"),
    ],
)
def test_no_quartz_hint_when_the_text_is_not_quartz(expr: str) -> None:
    assert _error(expr).hint is None


def test_hash_without_key_asks_for_a_job_name() -> None:
    err = _error("H * * * *")
    assert (err.field, err.item, err.column) == ("minute", "H", 1)
    assert "job name" in str(err)
    # The API's error names the API's parameter, never a command-line option.
    assert err.hint and "hash_key=" in err.hint and "--" not in err.hint


@pytest.mark.parametrize(
    ("expr", "field", "item", "column"),
    [
        pytest.param("0 0 * * H", "day-of-week", "H", 9, id="dow"),
        pytest.param("0 0 1,H(2-9) * *", "day-of-month", "H(2-9)", 7, id="dom-in-list"),
        pytest.param("0 H/4 * * *", "hour", "H/4", 3, id="hour-step"),
    ],
)
def test_hash_without_key_in_any_field(expr: str, field: str, item: str, column: int) -> None:
    err = _error(expr)
    assert (err.field, err.item, err.column) == (field, item, column)
    assert "job name" in str(err)


def test_schedule_error_is_a_value_error_with_its_hint_in_the_message() -> None:
    err = _error("0 0 * * 5L")
    assert isinstance(err, ValueError)
    assert err.reason in str(err)
    assert err.hint and err.hint in str(err)
    with pytest.raises(ValueError):
        CronTab("0 0 * * 5L")


@pytest.mark.parametrize(
    ("expr", "column"),
    [
        pytest.param("  0  0  *  *  8", 15, id="extra-spaces"),
        pytest.param("\t0\t0 * * 8", 10, id="tabs"),
    ],
)
def test_columns_count_the_text_as_written(expr: str, column: int) -> None:
    assert _error(expr).column == column


@pytest.mark.parametrize(
    ("text", "hint_part"),
    [
        ("@every 5m", "write a step such as */5"),
        ("@dialy", "@daily"),
    ],
)
def test_unknown_macros_are_named_before_anything_else(text: str, hint_part: str) -> None:
    with pytest.raises(ScheduleError) as caught:
        parse(text)
    assert caught.value.item == text.split()[0]
    assert caught.value.column == 1
    assert caught.value.hint is not None and hint_part in caught.value.hint


# Forms the daemon refuses although they look harmless (its numbers-only rules).
@pytest.mark.parametrize(
    ("expr", "item"),
    [
        pytest.param("0 0 * * Lfri", "Lfri", id="L-takes-no-names"),
        pytest.param("0 0 * * Lsat-sun", "Lsat-sun", id="L-range-takes-no-names"),
        pytest.param("0 0 * * L*", "L*", id="L-takes-no-star"),
        pytest.param("0 0 * * H(mon-fri)", "H(mon-fri)", id="H-range-takes-no-names"),
        pytest.param("0 0 1 H(jan-mar) *", "H(jan-mar)", id="H-month-range-no-names"),
    ],
)
def test_numbers_only_forms_refuse_names(expr: str, item: str) -> None:
    err = _error(expr, "backup")
    assert err.item == item
    assert err.column == expr.index(item) + 1
