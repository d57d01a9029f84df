"""action.yml: the composite action's declared inputs and its script, run locally."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "action" / "lint.sh"

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="the action runs bash")

BAD = """\
jobs:
  - name: poll
    command: ./poll.sh
    schedule: "*/7 * * * *"
"""


def action(tmp: Path, **inputs: str) -> subprocess.CompletedProcess[str]:
    """Run action/lint.sh as the composite step would, with this interpreter (no install)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("INPUT_")}
    env.update({f"INPUT_{k.upper()}": v for k, v in inputs.items()})
    env.update(
        CRONSTABLE_PYTHON=sys.executable,
        GITHUB_ACTION_PATH=str(ROOT),
        GITHUB_OUTPUT=str(tmp / "github-output"),
        NO_COLOR="1",
    )
    return subprocess.run(
        ["bash", str(SCRIPT)],
        cwd=tmp,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / "cronstable.d").mkdir()
    (tmp_path / "cronstable.d" / "poll.yaml").write_text(BAD)
    (tmp_path / "cronstable.d" / "ok.yaml").write_text(
        BAD.replace("*/7", "*/5").replace("poll", "ok")
    )
    return tmp_path


def test_annotations_by_default(repo: Path) -> None:
    done = action(repo)
    assert done.returncode == 1, done.stderr
    assert done.stdout.startswith("::warning file=cronstable.d/poll.yaml,line=4,col=16,")


def test_fail_on_paths_and_config_inputs(repo: Path) -> None:
    assert action(repo, fail_on="error").returncode == 0
    assert action(repo, paths="cronstable.d/ok.yaml").returncode == 0
    assert action(repo, paths="cronstable.d/ok.yaml\ncronstable.d/poll.yaml").returncode == 1
    (repo / "strict.toml").write_text('fail-on = "never"\n')
    assert action(repo, config="strict.toml").returncode == 0


def test_sarif_is_written_and_named_as_an_output(repo: Path) -> None:
    done = action(repo, format="sarif", sarif_file="out.sarif")
    assert done.returncode == 1, done.stderr
    log = json.loads((repo / "out.sarif").read_text())
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["uneven-step"]
    assert (repo / "github-output").read_text() == "sarif-file=out.sarif\n"


@pytest.mark.parametrize("bad", ["html", "x\n::add-mask::forged", "::warning::y", "a\x1b[2Jb"])
def test_a_bad_format_fails_with_an_error_annotation_that_does_not_echo_it(
    repo: Path, bad: str
) -> None:
    done = action(repo, format=bad)
    assert done.returncode == 2
    assert done.stdout == "::error::the format input must be github or sarif\n"


@pytest.mark.parametrize(
    "bad", ["out.sarif\nevil=1", "out.sarif\revil=1", "a\x1b]52;c;x\x07.sarif", "t\tab"]
)
def test_a_sarif_file_input_with_a_control_character_is_refused(repo: Path, bad: str) -> None:
    done = action(repo, format="sarif", sarif_file=bad)
    assert done.returncode == 2
    assert done.stdout == "::error::the sarif-file input must be one line of plain text\n"
    assert (
        not (repo / "github-output").exists() or "evil" not in (repo / "github-output").read_text()
    )


def test_a_committed_file_named_like_an_option_is_a_path(repo: Path) -> None:
    # `--baseline=...` as a path would silence every finding if read as an option.
    (repo / "--baseline=x.crontab").write_text("*/7 * * * * poll\n")
    (repo / "x.crontab").write_text('{"version": 1, "findings": []}\n')
    done = action(repo, paths="--baseline=x.crontab")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "uneven-step" in done.stdout


def test_action_yml_passes_every_input_to_the_script() -> None:
    spec = yaml.safe_load((ROOT / "action.yml").read_text())
    assert spec["runs"]["using"] == "composite"
    inputs = set(spec["inputs"])
    assert {"paths", "fail-on", "config", "version", "format"} <= inputs
    env = next(s for s in spec["runs"]["steps"] if s.get("id") == "lint")["env"]
    script = SCRIPT.read_text()
    for name in inputs - {"python-version"}:
        variable = "INPUT_" + name.upper().replace("-", "_")
        assert env[variable] == f"${{{{ inputs.{name} }}}}"
        assert variable in script
