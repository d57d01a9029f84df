"""An invalid schedule in preview, explain and why is an answer (exit 1), not a usage error.

Exit 2 with click's usage preamble would say the command line was wrong; the
command line was fine, the schedule it names is not. Under `--format json`
the answer is a JSON error document on standard output (docs/json.md, "error").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from . import helpers as cli

# command, the arguments it needs besides EXPR
COMMANDS = [
    pytest.param("preview", [], id="preview"),
    pytest.param("explain", [], id="explain"),
    pytest.param("why", ["--at", "2027-01-01T00:00"], id="why"),
]


@pytest.mark.parametrize(("command", "extra"), COMMANDS)
def test_invalid_schedule_exits_1_without_usage_preamble(
    capsys: pytest.CaptureFixture[str], command: str, extra: list[str]
) -> None:
    code, out, err = cli.run(capsys, command, "0 22-2 * * *", *extra)
    assert code == 1
    assert out == ""
    assert "Usage:" not in err and "Try 'cronstable" not in err
    assert "Traceback" not in err
    assert err.splitlines() == [
        "Error: invalid schedule '0 22-2 * * *': hour: the range runs backwards: '22-2' "
        "(a range cannot wrap past the field's end; write it as 22-23,0-2)"
    ]


@pytest.mark.parametrize(("command", "extra"), COMMANDS)
def test_invalid_schedule_json_error_document(
    capsys: pytest.CaptureFixture[str], command: str, extra: list[str]
) -> None:
    code, out, err = cli.run(capsys, command, "0 0 * * 1#6", *extra, "--format", "json")
    assert code == 1
    assert err == ""
    doc = json.loads(out)
    assert list(doc) == ["version", "expression", "job", "error"]
    assert doc["version"] == 1
    assert doc["expression"] == "0 0 * * 1#6"
    assert doc["job"] is None
    error = doc["error"]
    assert error["code"] == "invalid-schedule"
    assert (error["field"], error["item"], error["column"]) == ("day-of-week", "1#6", 9)
    assert error["location"] is None
    assert "1#6" in error["message"]


@pytest.mark.parametrize(
    ("expr", "words"),
    [
        pytest.param("0 0 31 2", "expected 5, 6 or 7 fields, got 4", id="four-fields"),
        pytest.param("61 * * * *", "61 is out of range", id="out-of-range"),
        pytest.param("H * * * *", "--seed", id="H-without-seed"),
        pytest.param("0 */5 * * * ?", "append ' *'", id="quartz-six-fields"),
    ],
)
def test_every_schedule_error_is_exit_1(
    capsys: pytest.CaptureFixture[str], expr: str, words: str
) -> None:
    code, _, err = cli.run(capsys, "preview", expr)
    assert code == 1
    assert words in err


def test_job_with_invalid_schedule_names_its_location(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = tmp_path / "jobs.yaml"
    config.write_text('jobs:\n  - name: night\n    command: run.sh\n    schedule: "0 22-2 * * *"\n')
    # The item 22-2 starts at column 18: 4 spaces, `schedule: "` (11), then `0 ` (2).
    code, out, err = cli.run(capsys, "explain", "--job", "night", str(config))
    assert code == 1
    assert f"{config}:4:18: job 'night' has an invalid schedule" in err
    assert "22-23,0-2" in err
    code, out, err = cli.run(
        capsys, "why", "--job", "night", str(config), "--at", "2027-01-01T00:00", "--format", "json"
    )
    assert code == 1
    doc = json.loads(out)
    assert doc["job"] == "night"
    assert doc["expression"] == "0 22-2 * * *"
    assert doc["error"]["location"] == f"{config}:4:18"


def test_usage_errors_still_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli.run(capsys, "preview", "0 0 * * *", "--tz", "Mars/Base")
    assert code == 2
    code, _, err = cli.run(capsys, "why", "0 0 * * *", "--format", "json")
    assert code == 2 and "--at" in err
