"""Every command documents itself with an example, and `--version` works."""

from __future__ import annotations

import importlib.util

import pytest
from click.testing import CliRunner

from cronstable_cli import __version__
from cronstable_cli.cli.main import COMMANDS, cli, main


def built(name: str) -> bool:
    """False for a command listed in COMMANDS whose module is not written yet."""
    module = COMMANDS[name][0]
    return importlib.util.find_spec(f"cronstable_cli.cli.{module}") is not None


@pytest.mark.parametrize("name", list(COMMANDS))
def test_command_help_has_an_example(name: str) -> None:
    if not built(name):
        pytest.skip(f"{name} is not built yet")
    result = CliRunner().invoke(cli, [name, "--help"], prog_name="cronstable")
    assert result.exit_code == 0, result.output
    assert f"Usage: cronstable {name}" in result.output
    example_lines = [line for line in result.output.splitlines() if "Example" in line]
    assert example_lines, f"`cronstable {name} --help` shows no Example line"
    # ...followed by a real invocation of that command.
    assert f"cronstable {name}" in result.output.split(example_lines[0], 1)[1]


def test_group_help_lists_the_built_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "Example" in out
    for name in COMMANDS:
        if built(name):
            assert f"  {name} " in out


def test_short_help_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["preview", "-h"]) == 0
    assert "Usage: cronstable preview" in capsys.readouterr().out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    # The daemon release the config schema follows (tests/oracle pins the same one).
    assert capsys.readouterr().out == f"cronstable-cli {__version__} (daemon schema 1.2.72)\n"


def test_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["previwe"]) == 2
    err = capsys.readouterr().err
    assert "No such command 'previwe'" in err
    assert "Traceback" not in err
