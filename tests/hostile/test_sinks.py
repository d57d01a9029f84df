"""Sinks the format table does not reach: lint --diff headers, stderr notes, shell lines,
the PR comment's mentions. Every hostile name of the corpus goes through each."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from cronstable_cli.cli.main import main

from . import corpus
from .test_every_command import _assert_clean_text

# File names a pull request can commit: a newline forging commands, OSC 8 and
# OSC 52, bidi, the TAG block, Hangul fillers.
FILE_NAMES = [
    "x\n::error file=evil.yaml,line=1::forged.yaml",
    "x\n::add-mask::secret.yaml",
    "\x1b]8;;https:evil\x07link\x1b]8;;\x07.yaml",
    "\x1b]52;c;ZXZpbA==\x07.yaml",
    "abc\u202edcba.yaml",
    "tag" + "".join(chr(0xE0000 + ord(c)) for c in "hi") + ".yaml",
    "fill\u3164.yaml",
]
HALF_FIXABLE = 'jobs:\n  - name: job\n    command: x\n    schedule: "H/50 * * * *"\n'


@pytest.mark.parametrize("name", FILE_NAMES)
@pytest.mark.parametrize("mode", ["--diff", "--fix"])
def test_fix_and_diff_output_shows_file_names_escaped(
    name: str,
    mode: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(HALF_FIXABLE)
    # A second file whose fix cannot apply (its token moved): a "not fixed" note.
    main(["lint", name, "--isolated", mode, "--unsafe-fixes"])
    out, err = capsys.readouterr()
    _assert_clean_text(out, f"stdout of lint {mode}")
    _assert_clean_text(err, f"stderr of lint {mode}")


def test_not_fixed_notes_are_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cronstable_cli.analysis.lint import LintReport
    from cronstable_cli.cli import fixing
    from cronstable_cli.records import Edit, Finding, Fix, SourceLocation

    name = FILE_NAMES[0]
    finding = Finding(
        "uneven-step",
        "warning",
        "m",
        SourceLocation(name, 1, 1),
        job="j\x1b[2J",
        fix=Fix("d", (Edit(1, 1, "nothere", "x"),), safe=True),
    )
    report = LintReport((finding,), 1, (name,))
    fixing.show_fixes(report, {name: "text\n"}, False, None)
    _, err = capsys.readouterr()
    assert "not fixed" in err
    _assert_clean_text(err, "not-fixed note")


@pytest.mark.parametrize("source_id", ["a;touch pwned", "$(touch pwned)", "`touch pwned`", "a b"])
def test_stagger_emit_puts_each_id_in_as_one_shell_word(
    source_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stagger", source_id, "--window", "02:00/50", "--emit", "crontab"]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if not line.startswith("#"))
    command = line.split(None, 5)[5].replace("\\%", "%")
    assert shlex.split(command) == ["echo", source_id]
    subprocess.run(["sh", "-c", command], cwd=tmp_path, check=True, capture_output=True)
    assert not os.path.exists(tmp_path / "pwned")


def test_the_pr_comment_mentions_nobody(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, new = tmp_path / "old.yaml", tmp_path / "new.yaml"
    old.write_text(corpus.job_yaml(("kept", "0 2 * * *")))
    new.write_text(
        corpus.job_yaml(("kept", "0 2 * * *"), ("ping @octocat and @org/team", "0 1 * * *"))
    )
    main(["diff", str(old), str(new), "--format", "markdown"])
    out = capsys.readouterr().out
    assert "octocat" in out
    # Every @ is inside a code span: GitHub notifies nobody from code.
    assert "@" not in re.sub(r"`[^`]*`", "", out)


def test_diff_github_was_at_is_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    directory = tmp_path / "d\x1b[31m\u202e"
    directory.mkdir()
    old = directory / "old.yaml"
    old.write_text(corpus.job_yaml(("gone", "0 1 * * *")))
    new = tmp_path / "new.yaml"
    new.write_text(corpus.job_yaml(("kept", "0 2 * * *")))
    main(["diff", str(old), str(new), "--format", "github"])
    out = capsys.readouterr().out
    assert "was at" in out
    _assert_clean_text(out, "diff github", commands=True)
