"""Hostile job files, built fresh per test: the inputs issue 10 names, one helper each."""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from pathlib import Path

# A name that would forge a GitHub annotation, drive the terminal and reverse text.
FORGED = "x\n::error file=evil.yaml,line=1::forged"
ESCAPE = "red\x1b[31mX\x1b]8;;http://evil/\x07link"
BIDI = "abc\u202edcba\u2066"
SURROGATE = "sur\ud800x"
# Every invisible character the Unicode database calls a format character (Cf),
# taken from unicodedata here, not from the code under test, plus the Hangul
# fillers (letters that render as nothing).
FORMAT_CHARS = "".join(
    chr(point) for point in range(sys.maxunicode + 1) if unicodedata.category(chr(point)) == "Cf"
)
FILLERS = "\u115f\u1160\u3164\uffa0"
HOSTILE_NAMES = (
    FORGED,
    ESCAPE,
    BIDI,
    "tab\there",
    "cr\rhere",
    "nel\x85here",
    "ls\u2028here",
    "osc52\x1b]52;c;ZXZpbA==\x07",
    "tag" + "".join(chr(0xE0000 + ord(c)) for c in "hidden"),  # the TAG block spells words
    "fmt" + FORMAT_CHARS[:80],
    "fmt2" + FORMAT_CHARS[80:],
    "fill" + FILLERS,
    "@octocat please",
)


def _char_class(chars: str) -> str:
    return "".join(f"\\U{ord(c):08x}" for c in chars)


# What must never reach a report: C0 (other than the line breaks a report makes) and
# C1 controls, DEL, line and paragraph separators, lone surrogates, every format
# character and the Hangul fillers.
RAW = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff"
    + _char_class(FORMAT_CHARS + FILLERS)
    + "]"
)


def yaml_quote(text: str) -> str:
    """A YAML double-quoted scalar that means exactly `text` (escapes for everything odd)."""
    out = []
    for char in text:
        point = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif RAW.match(char) or 0xD800 <= point <= 0xDFFF:
            if point > 0xFFFF:
                out.append(f"\\U{point:08x}")
            else:
                out.append(f"\\u{point:04x}" if point > 0xFF else f"\\x{point:02x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def job_yaml(*jobs: tuple[str, str], timezone: str | None = None) -> str:
    """A YAML config with (name, schedule) jobs, every value double-quoted."""
    lines = ["jobs:"]
    for name, schedule in jobs:
        lines += [
            f"  - name: {yaml_quote(name)}",
            f"    schedule: {yaml_quote(schedule)}",
            f"    command: {yaml_quote('echo ' + name)}",
        ]
        if timezone is not None:
            lines.append(f"    timezone: {yaml_quote(timezone)}")
    return "\n".join(lines) + "\n"


def hostile_fleet(root: Path) -> Path:
    """A directory whose jobs carry every hostile name, plus one good job."""
    root.mkdir(parents=True, exist_ok=True)
    jobs = [(name, "*/5 * * * *") for name in HOSTILE_NAMES] + [("good", "0 * * * *")]
    (root / "hostile.yaml").write_text(job_yaml(*jobs), encoding="utf-8")
    return root


def write_bytes(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def include_chain(root: Path, depth: int) -> Path:
    """`f0.yaml` includes `f1.yaml` ... down to `f{depth}.yaml`, which has one job."""
    root.mkdir(parents=True, exist_ok=True)
    for index in range(depth):
        (root / f"f{index}.yaml").write_text(f"include:\n  - f{index + 1}.yaml\n", encoding="utf-8")
    (root / f"f{depth}.yaml").write_text(job_yaml(("deep", "0 * * * *")), encoding="utf-8")
    return root / "f0.yaml"


def non_utf8_name(root: Path) -> Path:
    """A job file whose name is not UTF-8 (byte 0xE9)."""
    root.mkdir(parents=True, exist_ok=True)
    path = os.path.join(os.fsencode(root), b"caf\xe9.yaml")
    with open(path, "wb") as handle:
        handle.write(job_yaml(("cafe", "0 * * * *")).encode())
    return Path(os.fsdecode(path))
