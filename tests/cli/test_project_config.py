"""Config files: discovery, every key, precedence of flags, and refusals with a did-you-mean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cronstable_cli.settings.config_file import (
    KEYS,
    ConfigError,
    discover,
    find_config,
    load_config,
)
from cronstable_cli.settings.globs import glob_matches

from .helpers import run

TODAY = ["--from", "2026-01-10T12:00"]

UNEVEN = """\
jobs:
  - name: poll
    command: ./poll.sh
    schedule: "*/7 * * * *"
"""

EVERY_MINUTE = """\
jobs:
  - name: busy
    command: ./busy.sh
    schedule: "* 2 * * *"
"""


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "jobs").mkdir()
    (tmp_path / "jobs" / "poll.yaml").write_text(UNEVEN)
    (tmp_path / "jobs" / "busy.yaml").write_text(EVERY_MINUTE)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def codes_of(
    capsys: pytest.CaptureFixture[str], *args: str, expect: int | None = None
) -> list[str]:
    code, out, err = run(capsys, "lint", *args, *TODAY, "--format", "json")
    if expect is not None:
        assert code == expect, err
    return [f["code"] for f in json.loads(out)["findings"]]


def test_pyproject_table_gives_paths_and_select(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.cronstable]\npaths = ["jobs"]\nselect = ["uneven-step"]\n'
    )
    assert codes_of(capsys, expect=1) == ["uneven-step"]
    # A flag overrides the file.
    assert codes_of(capsys, "--select", "every-minute") == ["every-minute"]


def test_nearest_file_upward_and_dotfile_first(
    repo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "pyproject.toml").write_text('[tool.cronstable]\nignore = ["every-minute"]\n')
    (repo / ".cronstable.toml").write_text('ignore = ["uneven-step"]\n')
    monkeypatch.chdir(repo / "jobs")
    assert find_config(".") == str(repo / ".cronstable.toml")
    assert codes_of(capsys, ".", expect=1) == ["every-minute"]


def test_pyproject_without_the_table_is_passed_over(repo: Path) -> None:
    (repo / ".cronstable.toml").write_text('fail-on = "error"\n')
    (repo / "jobs" / "pyproject.toml").write_text("[tool.ruff]\nline-length = 80\n")
    assert find_config(str(repo / "jobs")) == str(repo / ".cronstable.toml")


def test_fail_on_from_the_file_and_from_a_flag(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / ".cronstable.toml").write_text('fail-on = "error"\n')
    assert run(capsys, "lint", "jobs", *TODAY)[0] == 0  # warnings only: below error
    assert run(capsys, "lint", "jobs", *TODAY, "--fail-on", "warning")[0] == 1


def test_explicit_config_and_isolated(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / ".cronstable.toml").write_text('select = ["every-minute"]\n')
    (repo / "other.toml").write_text('select = ["uneven-step"]\n')
    assert codes_of(capsys, "jobs") == ["every-minute"]
    assert codes_of(capsys, "jobs", "--config", "other.toml") == ["uneven-step"]
    assert sorted(codes_of(capsys, "jobs", "--isolated")) == ["every-minute", "uneven-step"]


def test_max_per_minute_from_the_file(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "jobs" / "hourly.yaml").write_text(
        "jobs:\n"
        + "".join(f'  - name: h{i}\n    command: x\n    schedule: "0 * * * *"\n' for i in range(3))
    )
    (repo / ".cronstable.toml").write_text('max-per-minute = 2\nselect = ["crowded-minute"]\n')
    assert codes_of(capsys, "jobs") == ["crowded-minute"]


def test_per_file_ignores_by_glob(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / ".cronstable.toml").write_text(
        '[per-file-ignores]\n"jobs/busy.*" = ["every-minute"]\n"**/poll.yaml" = "uneven-step"\n'
    )
    assert codes_of(capsys, "jobs", expect=0) == []
    assert codes_of(capsys, str(repo / "jobs" / "busy.yaml"), expect=0) == []


def test_system_crontab_globs(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Read without a user column, `root` looks like one (likely-user-column);
    # the glob makes it a system crontab, where `root` is the user.
    (repo / "jobs" / "etc.crontab").write_text("0 2 * * * root ./x\n")
    assert codes_of(capsys, "jobs/etc.crontab", "--isolated") == ["likely-user-column"]
    (repo / ".cronstable.toml").write_text('system-crontab = ["jobs/*.crontab"]\n')
    assert codes_of(capsys, "jobs/etc.crontab") == []
    code, out, _ = run(capsys, "jobs", "jobs/etc.crontab", "--format", "json")
    assert code == 0 and len(json.loads(out)["jobs"]) == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('selct = ["uneven-step"]\n', "unknown key `selct`; did you mean `select`?"),
        (
            '[tool.cronstable]\nfail_on = "error"\n',
            "unknown key `tool.cronstable.fail_on`; did you mean `fail-on`?",
        ),
        (
            'fail-on = "warn"\n',
            "`fail-on` must be one of error, warning, note, never, not 'warn'; "
            "did you mean 'warning'?",
        ),
        ("max-per-minute = 0\n", "`max-per-minute` must be a whole number of at least 1, not 0"),
        ("max-per-minute = true\n", "not True"),
        ("paths = 3\n", "`paths` must be a list of strings, not a number"),
        ('per-file-ignores = ["x"]\n', "`per-file-ignores` must be a table"),
        ("select = [\n", "is not valid TOML"),
    ],
)
def test_bad_files_are_usage_errors(
    repo: Path, capsys: pytest.CaptureFixture[str], text: str, expected: str
) -> None:
    (repo / ".cronstable.toml").write_text(text)
    code, out, err = run(capsys, "lint", "jobs")
    assert code == 2 and out == ""
    assert expected in err and ".cronstable.toml" in err
    assert "Traceback" not in err


def test_unknown_codes_in_the_file_get_a_did_you_mean(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / ".cronstable.toml").write_text('ignore = ["uneven-stp"]\n')
    code, _, err = run(capsys, "lint", "jobs")
    assert code == 2
    assert "unknown code uneven-stp (did you mean uneven-step?)" in err
    assert "ignore in .cronstable.toml" in err


def test_every_command_reads_default_paths(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / ".cronstable.toml").write_text('paths = ["jobs/poll.yaml"]\n')
    code, out, _ = run(capsys, "jobs", "--format", "json")
    assert code == 0
    assert [j["name"] for j in json.loads(out)["jobs"]] == ["poll"]


def test_a_missing_config_path_is_a_usage_error(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "lint", "jobs", "--config", "nope.toml")
    assert code == 2 and "config file nope.toml does not exist" in err


def test_paths_in_a_file_are_relative_to_it(repo: Path) -> None:
    (repo / "sub").mkdir()
    (repo / "sub" / ".cronstable.toml").write_text('paths = ["../jobs"]\nbaseline = "b.json"\n')
    config = load_config(str(repo / "sub" / ".cronstable.toml"))
    assert config.paths == (str(repo / "jobs"),)
    assert config.baseline == str(repo / "sub" / "b.json")


def test_isolated_means_no_settings(repo: Path) -> None:
    (repo / ".cronstable.toml").write_text('fail-on = "note"\n')
    assert discover(".").fail_on == "note"
    assert discover(".", isolated=True).source is None


def test_the_keys_are_documented() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "configuration.md").read_text()
    for key in KEYS:
        assert f"`{key}`" in doc, key


@pytest.mark.parametrize(
    ("pattern", "path", "hit"),
    [
        ("*.yaml", "deep/dir/a.yaml", True),  # no slash: any base name
        ("jobs/*.yaml", "jobs/a.yaml", True),
        ("jobs/*.yaml", "jobs/sub/a.yaml", False),
        ("jobs/**/*.yaml", "jobs/a.yaml", True),
        ("jobs/**/*.yaml", "jobs/x/y/a.yaml", True),
        ("legacy/", "legacy/x/a.yaml", True),
        ("a?.cron", "ab.cron", True),
        ("a[!b].cron", "ab.cron", False),
        ("./jobs/a.yaml", "jobs/a.yaml", True),
    ],
)
def test_glob_matching(pattern: str, path: str, hit: bool) -> None:
    assert glob_matches(pattern, path) is hit


def test_config_error_is_a_value_error() -> None:
    assert issubclass(ConfigError, ValueError)
