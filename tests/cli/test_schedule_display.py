"""The schedule is shown as the daemon uses it: fields joined by one space, a macro in
lower case; "→ resolved" (and "H resolved") only when an H item was resolved.

The daemon's CronTab keeps `" ".join(text.split())` as its source and lower-cases a
macro (checked against it in tests/oracle/test_parity_generated.py); a tab between
fields, as Debian's files have them, or `@Daily` is no resolution.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from . import helpers as cli

CRONTAB = "0\t2\t*\t*\t*\t/usr/bin/a\n15 3  * *\tmon-fri /usr/bin/b\n"
YAML = (
    "jobs:\n"
    '  - name: tabbed\n    command: x\n    schedule: "0\\t4 * * *"\n'
    '  - name: cased\n    command: x\n    schedule: "@Daily"\n'
)


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "legacy.crontab").write_text(CRONTAB)
    (tmp_path / "jobs.yaml").write_text(YAML)
    return tmp_path


def test_jobs_json_gives_the_daemons_schedule(
    capsys: pytest.CaptureFixture[str], files: Path
) -> None:
    doc = cli.run_json(capsys, "jobs", str(files), "--format", "json")
    shown = {j["name"]: (j["schedule"], j["resolved"]) for j in doc["jobs"]}
    assert shown == {
        "legacy.crontab:1": ("0 2 * * *", "0 2 * * *"),
        "legacy.crontab:2": ("15 3 * * mon-fri", "15 3 * * mon-fri"),
        "tabbed": ("0 4 * * *", "0 4 * * *"),
        "cased": ("@daily", "@daily"),
    }


def test_jobs_text_has_no_resolved_line_for_tabs_or_case(
    capsys: pytest.CaptureFixture[str], files: Path
) -> None:
    code, out, _ = cli.run(capsys, "jobs", str(files))
    assert code == 0
    body = out.split("\n", 3)[3]  # below the header, whose title says "(→ resolved)"
    assert "→" not in body and "->" not in body
    assert "\\t" not in out and "\t" not in out
    assert "0 2 * * *" in out and "@daily" in out


@pytest.mark.parametrize(("expr", "shown"), [("@Daily", "@daily"), ("0\t2 * * *", "0 2 * * *")])
def test_preview_says_nothing_was_resolved(
    capsys: pytest.CaptureFixture[str], expr: str, shown: str
) -> None:
    code, out, _ = cli.run(capsys, "preview", expr, "-n", "1", "--from", "2026-12-01T00:00")
    assert code == 0
    assert out.splitlines()[0] == shown
    assert "resolved" not in out


def test_preview_of_h_still_shows_the_slot(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli.run(capsys, "preview", "H 2 * * *", "--seed", "nightly", "-n", "1")
    assert code == 0
    assert "(H resolved with key 'nightly')" in out.splitlines()[0]


def test_lint_findings_carry_the_daemons_schedule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "x.crontab").write_text("0\t0\t31\t2\t*\t/bin/x\n")
    doc = cli.run_json(capsys, "lint", str(tmp_path), "--format", "json", expect=1)
    (finding,) = doc["findings"]
    assert (finding["code"], finding["schedule"], finding["resolved"]) == (
        "never-fires",
        "0 0 31 2 *",
        "0 0 31 2 *",
    )
