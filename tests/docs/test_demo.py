"""`make demo` prints each command so that pasting it runs exactly that command."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Stands in for cronstable: records the arguments it was given, one JSON list a line.
RECORDER = f"""#!{sys.executable}
import json, os, sys
with open(os.environ["DEMO_LOG"], "a") as log:
    log.write(json.dumps(sys.argv[1:]) + "\\n")
"""


def test_every_printed_command_reads_back_as_the_arguments_it_ran(tmp_path: Path) -> None:
    recorder = tmp_path / "cronstable"
    recorder.write_text(RECORDER)
    recorder.chmod(0o755)
    log = tmp_path / "log"
    out = subprocess.run(
        ["sh", "examples/demo.sh", str(recorder)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
        env={"DEMO_LOG": str(log), "PATH": "/usr/bin:/bin"},
    ).stdout
    printed = [shlex.split(line[2:])[1:] for line in out.splitlines() if line.startswith("$ ")]
    ran = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(ran) >= 10
    assert printed == ran
    assert any("H/15 9-17 * * mon-fri" in args for args in ran)
    assert "$ cronstable preview 'H/15 9-17 * * mon-fri' --seed" in out
    assert "$ cronstable explain '0 12 13 * 5'" in out


def test_quoting_survives_quotes_and_globs(tmp_path: Path) -> None:
    script = (ROOT / "examples" / "demo.sh").read_text()
    quote = script[script.index("quote() {") : script.index("run() {")]
    words = ["plain", "*/5 * * * *", "it's", "", 'a"b', "$HOME", "x;y"]
    out = subprocess.run(
        ["sh", "-c", quote + 'for w in "$@"; do quote "$w"; echo; done', "sh", *words],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert [shlex.split(line)[0] if line else "" for line in out.splitlines()] == words
