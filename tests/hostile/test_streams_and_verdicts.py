"""Encodings, standard streams and verdicts: every command, from the command table.

- stdout on a full disk, stdout closed, stdin closed: a message and exit 1 (2 for
  a closed stdin named as a PATH), never a traceback;
- names that are not UTF-8 (a Latin-1 file name, `--seed $'\\xff'`) with H: every
  command answers, owners exits 0, a baseline with such names reads back;
- a file the daemon refuses fails whatever hides findings (--select, --ignore,
  per-file-ignores, a baseline, an ignore comment); diff fails on a HEAD that
  does; `--tz local` never reads a POSIX TZ rule as UTC.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cronstable_cli.cli.main import main

from ..cli.helpers import declared_formats
from . import corpus
from .commands import ON_FILES

GOOD = corpus.job_yaml(("good", "0 * * * *"))


def _shell(command: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, capture_output=True, timeout=120, env=os.environ
    )


def _cli(args: list[str]) -> str:
    quoted = " ".join("'" + a.replace("'", "'\\''") + "'" for a in args)
    return f"'{sys.executable}' -m cronstable_cli {quoted}"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "good.yaml").write_text(GOOD)
    return tmp_path


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("command", sorted(ON_FILES))
def test_stdout_on_a_full_disk(command: str, tree: Path) -> None:
    for fmt in ("text", "json"):
        if fmt not in declared_formats(command):
            continue
        done = _shell(
            _cli([*ON_FILES[command], "good.yaml", "--format", fmt]) + " >/dev/full", tree
        )
        assert done.returncode == 1, (command, fmt, done.stderr)
        assert b"Traceback" not in done.stderr and b"No space left" in done.stderr


@pytest.mark.parametrize("command", sorted(ON_FILES))
def test_stdout_closed(command: str, tree: Path) -> None:
    done = _shell(_cli([*ON_FILES[command], "good.yaml"]) + " >&-", tree)
    assert done.returncode == 1, done.stderr
    assert b"Traceback" not in done.stderr and b"standard output" in done.stderr


@pytest.mark.parametrize(
    "args",
    [["lint", "-"], ["stagger", "--window", "02:00/50", "--from-file", "-"]],
)
def test_stdin_closed(args: list[str], tree: Path) -> None:
    done = _shell(_cli(args) + " <&-", tree)
    assert done.returncode == 2, done.stderr
    assert b"Traceback" not in done.stderr and b"standard input is closed" in done.stderr


# -- names that are not UTF-8 --------------------------------------------------------


@pytest.fixture
def latin1(tmp_path: Path) -> Path:
    """A crontab whose file name is Latin-1 (byte 0xE9), with H entries."""
    directory = tmp_path / "cron"
    directory.mkdir()
    with open(os.path.join(os.fsencode(directory), b"caf\xe9.crontab"), "wb") as handle:
        handle.write(b"H * * * * ./a\nH H * * * ./b\nH/15 * * * * ./c\n")
    (directory / "good.yaml").write_text(GOOD)
    return directory


@pytest.mark.parametrize("command", sorted(ON_FILES))
def test_every_command_answers_for_a_latin1_file_name_with_h(
    command: str, latin1: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for fmt in declared_formats(command):
        code = main([*ON_FILES[command], str(latin1), "--format", fmt])
        out, err = capsys.readouterr()
        assert code in (0, 1), (command, fmt, err)
        out.encode("utf-8")
        if command == "owners":
            assert code == 0, err


def test_a_baseline_with_latin1_names_reads_back(
    latin1: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    baseline = tmp_path / "b.json"
    args = ["lint", str(latin1), "--from", "2026-01-05T00:00Z", "--isolated"]
    assert main([*args, "--write-baseline", str(baseline)]) == 0
    baseline.read_bytes().decode("utf-8")  # valid UTF-8
    assert main([*args, "--baseline", str(baseline)]) == 0, capsys.readouterr().err


@pytest.mark.parametrize("seed", [b"\xff", b"caf\xe9", b"\xed\xa0\x80"])
def test_preview_with_a_seed_that_is_not_utf8(seed: bytes, tree: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cronstable_cli", "preview", "H H * * *", "--seed", seed, "-n", "2"],
        cwd=tree,
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr


# -- verdicts ----------------------------------------------------------------------

# One file per kind of refusal the daemon makes, each with a finding to hide beside it.
REFUSED = {
    "invalid-schedule": corpus.job_yaml(("bad", "61 * * * *"), ("poll", "*/7 * * * *")),
    "unknown-timezone": corpus.job_yaml(("poll", "*/7 * * * *"), timezone="Mars/Base"),
    "unknown-key": corpus.job_yaml(("poll", "*/7 * * * *")) + "    comand: x\n",
    "duplicate-job-name": corpus.job_yaml(("poll", "*/7 * * * *"), ("poll", "0 * * * *")),
    "invalid-config": "jobs:\n  - name: [oops\n",
}


def _hiding(code: str, tmp_path: Path) -> dict[str, list[str]]:
    baseline = tmp_path / "b.json"
    return {
        "select": ["--select", "uneven-step"],
        "ignore": ["--ignore", code],
        "ignore-all-but": ["--select", "hashed-slot"],
        "per-file-ignores": ["--config", str(tmp_path / "ignores.toml")],
        "baseline": ["--baseline", str(baseline)],
    }


@pytest.mark.parametrize(
    "how", ["select", "ignore", "ignore-all-but", "per-file-ignores", "baseline"]
)
@pytest.mark.parametrize("code", sorted(REFUSED))
def test_a_refused_file_fails_whatever_hides_findings(
    code: str, how: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "refused.yaml"
    path.write_text(REFUSED[code])
    (tmp_path / "ignores.toml").write_text(f'per-file-ignores = {{ "*.yaml" = ["{code}"] }}\n')
    args = ["lint", str(path), "--from", "2026-01-05T00:00Z"]
    if how == "baseline":
        assert main([*args, "--isolated", "--write-baseline", str(tmp_path / "b.json")]) == 0
    code_seen = main([*args, *_hiding(code, tmp_path)[how]])
    out, err = capsys.readouterr()
    assert code_seen == 1, f"{code} hidden by {how}: exit {code_seen}\n{out}{err}"
    assert code in out


def test_an_ignore_comment_cannot_hide_a_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(
        "jobs:\n  # cronstable: ignore[invalid-schedule]\n  - name: bad\n    command: x\n"
        '    schedule: "61 * * * *"  # cronstable: ignore[invalid-schedule]\n'
    )
    assert main(["lint", str(path), "--isolated"]) == 1
    assert "invalid-schedule" in capsys.readouterr().out


def test_diff_fails_when_both_sides_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for side in ("base.yaml", "head.yaml"):
        (tmp_path / side).write_text(REFUSED["invalid-config"])
    assert main(["diff", str(tmp_path / "base.yaml"), str(tmp_path / "head.yaml")]) == 1
    capsys.readouterr()


@pytest.mark.parametrize("tz", ["JST-9", "EST5EDT,M3.2.0,M11.1.0", "<+0330>-3:30", "Nowhere/Zone"])
@pytest.mark.parametrize(
    "args",
    [
        ["preview", "0 * * * *", "--tz", "local", "-n", "1"],
        ["pressure", "good.yaml", "--tz", "local", "--hours", "1"],
    ],
)
def test_tz_local_never_reads_a_posix_rule_as_utc(
    tz: str,
    args: list[str],
    tree: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("TZ", tz)
    monkeypatch.chdir(tree)
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert "TZ environment variable" in err and tz not in out + err


def test_tz_local_reads_an_iana_name(
    tree: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TZ", ":Asia/Tokyo")
    assert (
        main(["preview", "0 9 * * *", "--tz", "local", "-n", "1", "--from", "2026-01-05T00:00Z"])
        == 0
    )
    assert "09:00" in capsys.readouterr().out
