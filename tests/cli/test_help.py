"""Every command documents itself with an example, and `--version` works."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cronstable_cli import __version__
from cronstable_cli.cli.main import COMMANDS, cli, main


@pytest.mark.parametrize("name", list(COMMANDS))
def test_command_help_has_an_example(name: str) -> None:
    result = CliRunner().invoke(cli, [name, "--help"], prog_name="cronstable")
    assert result.exit_code == 0, result.output
    assert f"Usage: cronstable {name}" in result.output
    example_lines = [line for line in result.output.splitlines() if "Example" in line]
    assert example_lines, f"`cronstable {name} --help` shows no Example line"
    # ...followed by a real invocation of that command.
    assert f"cronstable {name}" in result.output.split(example_lines[0], 1)[1]


def test_group_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "Example" in out
    for name in COMMANDS:
        assert f"  {name} " in out


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "cronstable.yaml"


def _modules_after(*args: str) -> set[str]:
    """The modules a fresh interpreter has imported after running `cronstable ARGS`."""
    code = (
        "import sys\nfrom cronstable_cli.cli.main import main\n"
        f"rc = main({list(args)!r})\n"
        "sys.stdout.flush()\nprint('\\n'.join(sorted(sys.modules)), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    return set(done.stderr.split())


# Start-up is part of the product (a pre-commit hook runs on every commit): what a
# command does not need, it does not import.
def test_group_help_imports_no_command_module() -> None:
    loaded = _modules_after("--help")
    assert not {m for m in loaded if m.endswith("_cmd")}


def test_lint_of_plain_yaml_imports_neither_strictyaml_nor_rich() -> None:
    loaded = _modules_after("lint", "--format", "json", str(EXAMPLE))
    assert "cronstable_cli.loaders" in loaded  # it did load the file
    assert not {m for m in loaded if m.split(".")[0] in ("strictyaml", "rich")}
    # Looking for an installed daemon (importlib.metadata) is only for what is not ours.
    assert "importlib.metadata" not in loaded


def test_preview_of_an_expression_imports_no_loader() -> None:
    loaded = _modules_after("preview", "*/5 * * * *", "--format", "json")
    assert "cronstable_cli.engine" in loaded
    assert not {m for m in loaded if m.startswith("cronstable_cli.loaders")}


def test_short_help_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["preview", "-h"]) == 0
    assert "Usage: cronstable preview" in capsys.readouterr().out


def test_version(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from cronstable_cli.cli import daemon_handoff

    monkeypatch.setattr(daemon_handoff, "daemon_version", lambda: None)
    assert main(["--version"]) == 0
    # The daemon release the config schema follows (tests/oracle pins the same one).
    assert capsys.readouterr().out == "cronstable-cli 0.2.0 (daemon schema 1.2.72)\n"
    assert __version__ == "0.2.0"


def test_version_names_the_daemon_beside_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from cronstable_cli.cli import daemon_handoff

    monkeypatch.setattr(daemon_handoff, "daemon_version", lambda: "1.2.72")
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == (
        "cronstable-cli 0.2.0 (daemon schema 1.2.72)\n"
        "cronstable 1.2.72 (the daemon, installed alongside)\n"
    )


def test_version_is_written_once() -> None:
    # pyproject.toml reads the version from the package (one place to bump).
    from pathlib import Path

    import tomllib

    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "cronstable_cli.__version__"
    }


def test_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["previwe"]) == 2
    err = capsys.readouterr().err
    assert "No such command 'previwe'" in err
    assert "Traceback" not in err


def test_one_daemon_release_everywhere() -> None:
    """--version, the README, the Makefile's oracle venv and the oracle agree on the release."""
    from pathlib import Path

    from cronstable_cli import DAEMON_SCHEMA_VERSION
    from tests.oracle.daemon import DAEMON_VERSION

    root = Path(__file__).resolve().parents[2]
    assert DAEMON_SCHEMA_VERSION == DAEMON_VERSION
    assert f"`cronstable` {DAEMON_SCHEMA_VERSION}" in (root / "README.md").read_text()
    assert f"DAEMON_VERSION := {DAEMON_SCHEMA_VERSION}\n" in (root / "Makefile").read_text()
