"""The distribution as users get it: built with `python -m build`, installed beside the daemon.

Slow (it builds the project and creates virtual environments): deselect with
`-m "not slow"`. The daemon comes from the package index like the oracle's
(.venv-daemon); without the index these tests skip and say why.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from cronstable_cli import __version__

ROOT = Path(__file__).resolve().parents[2]
DAEMON = "cronstable==1.2.72"
EXAMPLES = str(ROOT / "examples")

pytestmark = pytest.mark.slow


def _run(*cmd: str | Path, check: bool = False) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env.update(NO_COLOR="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    return subprocess.run(
        [str(c) for c in cmd], capture_output=True, text=True, env=env, timeout=600, check=check
    )


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("build", reason="the `build` package is in the test extras")
    out = tmp_path_factory.mktemp("dist")
    done = _run(sys.executable, "-m", "build", "--outdir", out, ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def test_build_makes_an_sdist_and_a_wheel_named_cronstable_cli(dist: Path) -> None:
    names = sorted(p.name for p in dist.iterdir())
    assert names == [
        f"cronstable_cli-{__version__}-py3-none-any.whl",
        f"cronstable_cli-{__version__}.tar.gz",
    ]
    with zipfile.ZipFile(dist / names[0]) as wheel:
        info = f"cronstable_cli-{__version__}.dist-info"
        metadata = wheel.read(f"{info}/METADATA").decode()
        scripts = wheel.read(f"{info}/entry_points.txt").decode()
        files = set(wheel.namelist())
    assert "Name: cronstable-cli\n" in metadata
    assert f"Version: {__version__}\n" in metadata
    assert "cronstable = cronstable_cli.cli.main:main\n" in scripts
    assert "cronstable-cli = cronstable_cli.cli.main:main_cli\n" in scripts
    # `cronstable mcp` serves these pages from the package: an installed wheel has no docs/.
    assert {
        "cronstable_cli/mcp_server/docs/dialect.md",
        "cronstable_cli/mcp_server/docs/time-model.md",
    } <= files
    assert "Provides-Extra: mcp\n" in metadata


def _venv(path: Path) -> Path:
    # No pip of its own: seeding one (ensurepip) costs seconds per venv, and the
    # test suite's pip installs into it just the same (`pip --python`).
    venv.EnvBuilder(with_pip=False).create(path)
    return path / "bin"


def _pip(bin_dir: Path, *args: str | Path) -> None:
    done = _run(sys.executable, "-m", "pip", "--python", bin_dir / "python", "install", "-q", *args)
    if done.returncode and any(str(a) == DAEMON for a in args):
        pytest.skip(f"pip could not install {DAEMON}: {done.stderr.strip()[-300:]}")
    assert done.returncode == 0, done.stderr


def _wheel(dist: Path) -> Path:
    return next(dist.glob("*.whl"))


def _daemon_commands_work(bin_dir: Path) -> None:
    validate = _run(bin_dir / "cronstable", "-c", "/nonexistent/cronstable.d", "-v")
    assert validate.returncode == 1
    assert "Configuration error" in validate.stderr  # the daemon's own message
    state = _run(bin_dir / "cronstable", "state", "--help")
    assert state.returncode == 0 and "usage: cronstable state" in state.stdout


def _lint_works(bin_dir: Path, command: str) -> None:
    done = _run(bin_dir / command, "lint", EXAMPLES, "--from", "2026-01-10T12:00")
    assert done.returncode == 1, done.stderr  # the examples carry warnings on purpose
    assert "[uneven-step]" in done.stdout


def test_daemon_first_then_the_toolkit(dist: Path, tmp_path: Path) -> None:
    bin_dir = _venv(tmp_path / "venv")
    _pip(bin_dir, DAEMON)
    _pip(bin_dir, _wheel(dist))
    version = _run(bin_dir / "cronstable", "--version")
    assert version.stdout == (
        f"cronstable-cli {__version__} (daemon schema 1.2.72)\n"
        "cronstable 1.2.72 (the daemon, installed alongside)\n"
    )
    _lint_works(bin_dir, "cronstable")
    _lint_works(bin_dir, "cronstable-cli")
    _daemon_commands_work(bin_dir)


def test_toolkit_first_then_the_daemon(dist: Path, tmp_path: Path) -> None:
    """The daemon's install takes the `cronstable` script; `cronstable-cli` still works."""
    bin_dir = _venv(tmp_path / "venv")
    _pip(bin_dir, _wheel(dist))
    _pip(bin_dir, DAEMON)
    assert _run(bin_dir / "cronstable", "--version").stdout == "1.2.72\n"  # the daemon's
    _lint_works(bin_dir, "cronstable-cli")
    _daemon_commands_work(bin_dir)
    # The documented repair: reinstall the toolkit, and `cronstable` serves both.
    _pip(bin_dir, "--force-reinstall", "--no-deps", _wheel(dist))
    _lint_works(bin_dir, "cronstable")
    _daemon_commands_work(bin_dir)
