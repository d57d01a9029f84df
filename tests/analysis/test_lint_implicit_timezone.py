"""implicit-timezone: off by default; when selected, every job must name its zone."""

from __future__ import annotations

from pathlib import Path

import pytest

from cronstable_cli.analysis.lint import LintSettings, lint
from cronstable_cli.loaders import load_paths

from .runtime_cases import NOW, job, jobs, lint_yaml

CODE = "implicit-timezone"


def test_selected(tmp_path: Path) -> None:
    text = jobs(
        job("plain", "0 6 * * *"),
        job("local", "0 6 * * *", utc=False),
        job("named", "0 6 * * *", timezone="UTC"),
    )
    found = lint_yaml(tmp_path, text, {CODE})
    assert [(f.job, f.level) for f in found] == [("plain", "note"), ("local", "note")]
    assert "fires on UTC" in found[0].message and "host's local clock" in found[1].message


def test_defaults_timezone_counts(tmp_path: Path) -> None:
    text = jobs(job("j", "0 6 * * *"), defaults="defaults:\n  timezone: Europe/Paris")
    assert lint_yaml(tmp_path, text, {CODE}) == []


def test_off_by_default(tmp_path: Path) -> None:
    path = tmp_path / "jobs.yaml"
    path.write_text(jobs(job("j", "0 6 * * *")))
    report = lint(load_paths([str(path)]), LintSettings(now=NOW))
    assert CODE not in {f.code for f in report.findings}


def test_selected_on_the_command_line_or_in_the_config_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from ..cli import helpers as cli

    (tmp_path / "jobs.yaml").write_text(jobs(job("j", "0 6 * * *")))
    monkeypatch.chdir(tmp_path)
    doc = cli.run_json(capsys, "lint", "jobs.yaml", "--fail-on", "never")
    assert CODE not in {f["code"] for f in doc["findings"]}
    doc = cli.run_json(capsys, "lint", "jobs.yaml", "--select", CODE, "--fail-on", "never")
    assert [f["code"] for f in doc["findings"]] == [CODE]
    (tmp_path / ".cronstable.toml").write_text(f'select = ["{CODE}", "hashed-slot"]\n')
    doc = cli.run_json(capsys, "lint", "jobs.yaml", "--fail-on", "never")
    assert [f["code"] for f in doc["findings"]] == [CODE]


def test_safe_fix_writes_utc(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cronstable_cli.analysis.fires import build_fleet

    from ..cli import helpers as cli

    text = jobs(
        job("plain", "0 6 * * *"),
        job("local", "0 6 * * *", utc=False),
        "  -\n    command: 'true'\n    name: later\n    schedule: '*/7 * * * *'\n",
    )
    path = tmp_path / "jobs.yaml"
    path.write_text(text)
    before = load_paths([str(path)]).jobs
    monkeypatch.chdir(tmp_path)
    code, _, err = cli.run(capsys, "lint", "jobs.yaml", "--select", CODE, "--fix")
    fixed = load_paths([str(path)])
    assert not fixed.findings, fixed.findings
    assert [j.timezone for j in fixed.jobs] == ["UTC", None, "UTC"]  # utc: false gets none
    start, end = int(NOW.timestamp()), int(NOW.timestamp()) + 7 * 86400
    fires = [next(iter(build_fleet([j]).window(start, end)))[1] for j in (*before, *fixed.jobs)]
    assert fires[:3] == fires[3:]  # every fire where it was
    remaining = lint(fixed, LintSettings(now=NOW, select=frozenset({CODE}))).findings
    assert [f.job for f in remaining] == ["local"]
    assert code == 0 and "Traceback" not in err  # what is left is a note
