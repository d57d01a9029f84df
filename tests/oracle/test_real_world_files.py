"""The real-world corpus (tests/data/real-world/) against the released daemon.

For every file, and for a directory whose names differ only in case, the
daemon refuses the config exactly when lint reports an error, and a config
it loads yields the same job names in the same order.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from cronstable_cli.analysis.lint import LintSettings, lint
from cronstable_cli.loaders import load_paths

from .daemon import ask

CORPUS = Path(__file__).resolve().parents[1] / "data" / "real-world"
NOW = datetime(2026, 12, 1, tzinfo=timezone.utc)
ENTRIES = sorted(
    str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*") if p.is_file() and p.suffix != ".tsv"
)


@pytest.fixture(scope="module")
def upper_case_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("case")
    (root / "JOBS.YAML").write_text(
        'jobs:\n  - name: upper\n    command: x\n    schedule: "0 1 * * *"\n'
    )
    (root / "Legacy.CRON").write_text("0 2 * * * /bin/legacy\n")
    (root / "CRONTAB").write_text("0 3 * * * /bin/plain\n")
    (root / "README.md").write_text("0 4 * * * not a job file\n")
    return root


@pytest.fixture(scope="module")
def daemon(upper_case_dir: Path) -> dict[str, dict[str, Any]]:
    cases = [{"root": str(CORPUS), "entry": entry} for entry in ENTRIES]
    cases.append({"root": str(upper_case_dir), "entry": "."})
    answers = ask("load", cases)
    return dict(zip([*ENTRIES, "upper-case-dir"], answers, strict=True))


def _ours(path: Path) -> tuple[list[str], list[str]]:
    loaded = load_paths([str(path)])
    report = lint(loaded, LintSettings(now=NOW))
    errors = [
        f"{f.location}: [{f.code}] {f.message}" for f in report.findings if f.level == "error"
    ]
    return errors, [j.name for j in loaded.jobs]


@pytest.mark.parametrize("entry", ENTRIES)
def test_same_verdict_and_jobs(entry: str, daemon: dict[str, dict[str, Any]]) -> None:
    answer = daemon[entry]
    errors, names = _ours(CORPUS / entry)
    assert (not errors) == answer["ok"], (
        f"daemon: {answer['error']}" if not answer["ok"] else f"lint errors: {errors}"
    )
    if answer["ok"]:
        assert names == [j["name"] for j in answer["jobs"]]


def test_directory_names_are_case_folded_as_the_daemon_does(
    upper_case_dir: Path, daemon: dict[str, dict[str, Any]]
) -> None:
    answer = daemon["upper-case-dir"]
    assert answer["ok"], answer["error"]
    errors, names = _ours(upper_case_dir)
    assert errors == []
    assert names == [j["name"] for j in answer["jobs"]] == ["CRONTAB:1", "upper", "Legacy.CRON:1"]
