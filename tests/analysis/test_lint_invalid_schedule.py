"""invalid-schedule and unknown-timezone: problems the linter finds while preparing a job."""

from __future__ import annotations

import pytest

from cronstable_cli.records import Finding, Job, SourceLocation

from .lint_cases import FILE, columns, make_job, messages, run

CODE = "invalid-schedule"


@pytest.mark.parametrize(
    "schedule",
    [
        pytest.param("0 0 * * *", id="five fields"),
        pytest.param("0 0 0 * * ? *", id="seven fields"),
        pytest.param("@reboot", id="reboot"),
        pytest.param("H * * * *", id="hash with a job name"),
    ],
)
def test_stays_clean(schedule: str) -> None:
    assert columns(schedule, CODE) == []


@pytest.mark.parametrize(
    ("schedule", "expected"),
    [
        pytest.param("*/60 * * * *", [1], id="step leaves the field"),
        pytest.param("0 25 * * *", [3], id="hour out of range"),
        pytest.param("0 0 * * 5L", [9], id="quartz trailing L"),
        pytest.param("0 */5 * * * ?", [13], id="quartz six fields"),
        pytest.param("0 0 * *", [1], id="four fields"),
        pytest.param("@midnight", [1], id="midnight outside crontab"),
        pytest.param("0 0 1#2 * *", [5], id="hash outside day-of-week"),
    ],
)
def test_flags(schedule: str, expected: list[int]) -> None:
    assert columns(schedule, CODE) == expected


def test_column_is_relative_to_where_the_schedule_starts() -> None:
    job = Job(
        name="j",
        schedule="0 25 * * *",
        location=SourceLocation(FILE, 2, 5),
        schedule_location=SourceLocation(FILE, 4, 16),
    )
    (finding,) = run(job, select=frozenset({CODE})).findings
    assert (finding.line, finding.column) == (4, 18)


def test_message_carries_the_engine_message_and_hint() -> None:
    (message,) = messages("0 */5 * * * ?", CODE, name="quartz")
    assert message.startswith("job 'quartz': invalid schedule `0 */5 * * * ?`: year:")
    assert "append ' *'" in message


def test_is_an_error() -> None:
    (finding,) = run(make_job("*/60 * * * *")).findings
    assert (finding.code, finding.level) == (CODE, "error")


def test_midnight_is_fine_in_crontab_files() -> None:
    assert columns("@midnight", CODE, kind="crontab") == []


def test_unknown_zone_is_reported_with_a_suggestion() -> None:
    (finding,) = run(make_job("0 0 * * *", timezone="Europe/Berlim")).findings
    assert (finding.code, finding.level, finding.line) == ("unknown-timezone", "error", 2)
    assert "'Europe/Berlin'" in finding.message


def test_unknown_zone_reported_by_the_loader_is_not_repeated() -> None:
    job = make_job("0 0 * * *", timezone="Europe/Berlim")
    loaded = Finding(
        "unknown-timezone", "error", "from the loader", SourceLocation(FILE, 5, 15), job="job"
    )
    report = run(job, findings=(loaded,))
    assert [f.message for f in report.findings] == ["from the loader"]


def test_job_with_an_unknown_zone_is_still_checked() -> None:
    report = run(make_job("*/7 * * * *", timezone="Nowhere/Zone"))
    assert [f.code for f in report.findings] == ["unknown-timezone", "uneven-step"]
