"""No value of an environment variable reaches any output: every command, every format.

The job files reference variables in every string the daemon expands (a name, a
schedule, a zone, an include path, a working directory, a DAG's schedule),
with and without defaults; the variables hold a secret in lint's environment.
The secret must appear nowhere: not on stdout or stderr, not in a file written
with -o, in any format any command declares (derived from click).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cronstable_cli.cli.main import main

from ..cli.helpers import declared_formats
from .commands import DIFF, ON_FILES

SECRET = "ghp_S3CRETt0kenVALUE"
VARIABLES = {
    "GH_TOKEN": SECRET,
    "JOB_TZ": "Asia/Tokyo" + SECRET,  # even a variable that would be a valid value
    "SCHEDULE": "0 3 * * *",
    "INCLUDE": "inc",
    "NAME": "from-env-" + SECRET,
}
SECRET_PARTS = (SECRET, "from-env-", "Asia/Tokyo" + SECRET)

JOBS = """\
include:
  - ${INCLUDE}/other.yaml
  - ${INCLUDE:-.}/fallback.yaml
jobs:
  - name: good
    command: echo ${GH_TOKEN}
    schedule: "0 * * * *"
  - name: ${NAME}
    command: x
    schedule: "0 1 * * *"
  - name: tz-${GH_TOKEN}
    command: x
    schedule: ${SCHEDULE}
    timezone: ${JOB_TZ}
  - name: with-default
    command: x
    schedule: ${SCHEDULE:-0 2 * * *}
    timezone: ${JOB_TZ:-UTC}
    workingDirectory: /srv/${GH_TOKEN:-app}
dags:
  - name: etl
    schedule: ${SCHEDULE}
    tasks:
      - id: a
        command: x
state:
  path: /var/lib/${GH_TOKEN}
"""


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name, value in VARIABLES.items():
        monkeypatch.setenv(name, value)
    (tmp_path / "good.yaml").write_text(JOBS)
    (tmp_path / "fallback.yaml").write_text(
        'jobs:\n  - name: fb\n    command: x\n    schedule: "5 * * * *"\n'
    )
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "other.yaml").write_text(
        'jobs:\n  - name: inc\n    command: x\n    schedule: "${GH_TOKEN}"\n'
    )
    (tmp_path / "base.yaml").write_text(
        'jobs:\n  - name: good\n    command: x\n    schedule: "0 * * * *"\n'
    )
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _assert_no_secret(text: str, where: str) -> None:
    for part in SECRET_PARTS:
        assert part not in text, f"{part!r} from the environment in {where}"


def test_a_reference_with_a_default_is_checked_with_its_default(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["jobs", "good.yaml", "--format", "json"]) in (0, 1)
    out = capsys.readouterr().out
    assert '"with-default"' in out and '"0 2 * * *"' in out and '"fb"' in out
    assert '"inc"' not in out  # ${INCLUDE} has no default: left to the host, not read


@pytest.mark.parametrize("command", sorted(ON_FILES))
def test_no_environment_value_in_any_format(
    command: str, tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for fmt in declared_formats(command):
        args = [*ON_FILES[command], "good.yaml", "--format", fmt]
        code = main(args)
        out, err = capsys.readouterr()
        assert code in (0, 1, 2)
        _assert_no_secret(out + err, " ".join(args))
        written = tree / f"report.{fmt}"
        main([*args, "-o", str(written)])
        capsys.readouterr()
        if written.exists():
            _assert_no_secret(written.read_text(errors="replace"), f"{written.name} of {command}")


def test_no_environment_value_in_diff(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for fmt in declared_formats("diff"):
        main([*DIFF, "base.yaml", "good.yaml", "--format", fmt])
        out, err = capsys.readouterr()
        _assert_no_secret(out + err, f"diff --format {fmt}")


def test_lint_names_the_variable_never_its_value(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lint", "good.yaml", "--format", "json"]) in (0, 1)  # notes only
    out = capsys.readouterr().out
    assert "${GH_TOKEN}" in out and "left to the host" in out
    _assert_no_secret(out, "lint json")
