"""Every command over every hostile input: no traceback, no raw control character, no
silent green.

The invariants issue 10 asks of a new attacker's corpus, checked across the product:
each command runs in-process over each input in each format; an exception escaping
`main` fails the test with its traceback; text on stdout or stderr must hold no raw
control, bidi or surrogate character; JSON must parse and encode as UTF-8; and an input
that fails to load must never give exit 0.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from cronstable_cli.cli.main import COMMANDS, SERVERS, main
from cronstable_cli.escaping import CRLF_FORMATS

from ..cli.helpers import declared_formats
from . import corpus
from .commands import DIFF, ON_FILES, command_names


def _fleet(tmp: Path) -> tuple[list[str], bool]:
    return [str(corpus.hostile_fleet(tmp / "fleet"))], False


def _surrogates(tmp: Path) -> tuple[list[str], bool]:
    path = tmp / "sur.yaml"
    path.write_text(
        corpus.job_yaml((corpus.SURROGATE, "0 * * * *"), ("ok", "*/7 * * * *")).replace(
            "\\ud800", "\\ud800"
        ),
        encoding="utf-8",
    )
    return [str(path)], False


def _surrogate_schedule(tmp: Path) -> tuple[list[str], bool]:
    path = tmp / "sur-schedule.yaml"
    path.write_text(
        corpus.job_yaml(("bad", "0 * * * \ud800"), ("ok", "0 * * * *")), encoding="utf-8"
    )
    return [str(path)], False  # the file loads; lint and jobs still exit 1 (see below)


def _non_utf8_name(tmp: Path) -> tuple[list[str], bool]:
    return [str(corpus.non_utf8_name(tmp / "n").parent)], False


def _deep_includes(tmp: Path) -> tuple[list[str], bool]:
    return [str(corpus.include_chain(tmp / "deep", 250))], True


def _missing_and_good(tmp: Path) -> tuple[list[str], bool]:
    good = tmp / "good.yaml"
    good.write_text(corpus.job_yaml(("good", "0 * * * *")), encoding="utf-8")
    return [str(tmp / "missing.yaml"), str(good)], True


def _broken_and_good(tmp: Path) -> tuple[list[str], bool]:
    (tmp / "d").mkdir()
    (tmp / "d" / "good.yaml").write_text(corpus.job_yaml(("good", "0 * * * *")), encoding="utf-8")
    (tmp / "d" / "broken.yaml").write_text("jobs:\n  - name: [oops\n", encoding="utf-8")
    return [str(tmp / "d")], True


def _utf16(tmp: Path) -> tuple[list[str], bool]:
    path = tmp / "utf16.yaml"
    path.write_bytes(corpus.job_yaml(("wide", "0 * * * *")).encode("utf-16"))
    good = tmp / "good.yaml"
    good.write_text(corpus.job_yaml(("good", "0 * * * *")), encoding="utf-8")
    return [str(path), str(good)], True


def _control_in_crontab(tmp: Path) -> tuple[list[str], bool]:
    path = tmp / "evil.crontab"
    path.write_bytes(b"0 * * * * echo \x1b[2J\xe2\x80\xaeevil\n*/5 * * * * ok\n")
    return [str(path)], False


def _shadow_include(tmp: Path) -> tuple[list[str], bool]:
    secret = tmp / "shadow"
    secret.write_text("root:$6$SECRETHASH:19000:0:99999:7:::\n", encoding="utf-8")
    path = tmp / "main.yaml"
    path.write_text(
        f"include:\n  - {secret}\n"
        + corpus.job_yaml(("good", "0 * * * *")).removeprefix("jobs:\n").join(["jobs:\n", ""]),
        encoding="utf-8",
    )
    return [str(path)], True


def _long_name(tmp: Path) -> tuple[list[str], bool]:
    # 300,000 characters: the text layout once recursed per line and died.
    path = tmp / "long.yaml"
    path.write_text(
        corpus.job_yaml(("n" * 300_000, "0 * * * *"), ("good", "5 * * * *")), encoding="utf-8"
    )
    return [str(path)], False


def _empty_dir(tmp: Path) -> tuple[list[str], bool]:
    (tmp / "empty").mkdir()
    return [str(tmp / "empty")], True


CASES: dict[str, Callable[[Path], tuple[list[str], bool]]] = {
    "fleet": _fleet,
    "surrogates": _surrogates,
    "surrogate-schedule": _surrogate_schedule,
    "non-utf8-name": _non_utf8_name,
    "deep-includes": _deep_includes,
    "missing-and-good": _missing_and_good,
    "broken-and-good": _broken_and_good,
    "utf16": _utf16,
    "control-in-crontab": _control_in_crontab,
    "shadow-include": _shadow_include,
    "empty-dir": _empty_dir,
    "long-name": _long_name,
}


def _assert_clean_text(stream: str, where: str, commands: bool = False, fmt: str = "text") -> None:
    """No raw character; no workflow command but the tool's own (`commands`: github
    output, whose lines are commands; a forged one is the hostile name's). An
    iCalendar feed ends its lines in CRLF by its standard: those CRs are its own."""
    if fmt in CRLF_FORMATS:
        stream = stream.replace("\r\n", "\n")
    lines = stream.splitlines()
    if commands:
        forged = [line for line in lines if line.startswith("::error file=evil.yaml")]
    else:
        forged = [line for line in lines if line.lstrip().startswith("::")]
    assert not forged, f"a config forged a line in {where}: {forged[0]!r}"
    raw = corpus.RAW.search(stream)
    context = stream[max(0, raw.start() - 60) : raw.end() + 20] if raw else ""
    assert raw is None, f"raw {raw.group()!r} in {where}: {context!r}"


def test_every_command_has_a_row() -> None:
    # A new command is run over every hostile input once it has its row in commands.py.
    assert command_names() == set(COMMANDS) - SERVERS


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("command", sorted(ON_FILES))
def test_invariants(
    case: str,
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paths, fails_to_load = CASES[case](tmp_path)
    monkeypatch.chdir(tmp_path)
    for fmt in declared_formats(command):
        code = main([*ON_FILES[command], *paths, "--format", fmt])
        out, err = capsys.readouterr()
        where = f"{command} --format {fmt} on {case}"
        assert code in (0, 1, 2), where
        _assert_clean_text(err, f"stderr of {where}")
        out.encode("utf-8")  # never a lone surrogate: the document must be valid UTF-8
        # Every format is a sink: JSON and SARIF escape in their own syntax (\\uXXXX),
        # github, markdown and HTML show the character's escape; none holds it raw.
        _assert_clean_text(out, where, commands=fmt == "github", fmt=fmt)
        if fmt in ("json", "sarif") and out:
            json.loads(out)
        if fails_to_load:
            assert code != 0, f"exit 0 although something failed to load: {where}\n{err}"


def test_stagger_refuses_control_characters(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["stagger", "ok", corpus.FORGED, "--window", "02:00/50", "--emit", "crontab"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    _assert_clean_text(err, "stagger stderr")


@pytest.mark.parametrize("name", corpus.HOSTILE_NAMES)
def test_job_names_are_escaped_in_text(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "one.yaml"
    path.write_text(corpus.job_yaml((name, "*/5 * * * *"), (name, "0 * * * *")), encoding="utf-8")
    for args in (
        ["lint", str(path)],
        ["jobs", str(path)],
        ["duplicates", str(path)],
        ["owners", str(path), "--nodes", "a"],
    ):
        main(args)
        out, err = capsys.readouterr()
        _assert_clean_text(out + err, " ".join(args[:1]))
    assert os.path.exists(path)


@pytest.mark.parametrize("case", sorted(CASES))
def test_diff_invariants(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """diff compares two paths: the hostile input against an empty-but-valid base."""
    paths, _ = CASES[case](tmp_path)
    base = tmp_path / "base.yaml"
    base.write_text(corpus.job_yaml(("good", "0 * * * *")), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for fmt in declared_formats("diff"):
        code = main([*DIFF, str(base), paths[-1], "--format", fmt])
        out, err = capsys.readouterr()
        where = f"diff --format {fmt} on {case}"
        assert code in (0, 1, 2), where
        _assert_clean_text(err, f"stderr of {where}")
        out.encode("utf-8")
        _assert_clean_text(out, where, commands=fmt == "github", fmt=fmt)
        if fmt == "json":
            json.loads(out)


def test_stagger_refuses_a_command_template_with_a_line_break(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        [
            "stagger",
            "a",
            "--window",
            "02:00/50",
            "--emit",
            "crontab",
            "--command",
            "echo {id}\nrm -rf /",
        ]
    )
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "--command" in err


def test_stagger_id_file_that_is_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ids = tmp_path / "ids.txt"
    ids.write_bytes(b"a\xff\n")
    assert main(["stagger", "--from-file", str(ids), "--window", "02:00/50"]) == 2
    assert "not valid UTF-8" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["jobs", "duplicates", "lint"])
def test_markup_and_emoji_codes_print_as_written(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = "[/]:warning:[b]x"
    path = tmp_path / "m.yaml"
    path.write_text(
        corpus.job_yaml((name, "*/7 * * * *"), (name + "2", "*/7 * * * *")), encoding="utf-8"
    )
    assert main(
        [command, str(path), "--all"] if command == "duplicates" else [command, str(path)]
    ) in (0, 1)
    assert name in capsys.readouterr().out


@pytest.mark.parametrize("fmt", ["json", "sarif", "github", "text"])
def test_a_non_utf8_file_name_with_o(
    fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = corpus.non_utf8_name(tmp_path / "jobs").parent
    with open(os.path.join(os.fsencode(directory), b"b\xe9d.yaml"), "wb") as handle:
        handle.write(corpus.job_yaml(("x", "*/7 * * * *")).encode())
    target = tmp_path / f"report.{fmt}"
    assert main(["lint", str(directory), "--format", fmt, "-o", str(target)]) == 1
    _assert_clean_text(capsys.readouterr().err, "stderr")
    text = target.read_bytes().decode("utf-8")  # valid UTF-8, whatever the file names
    if fmt == "json":
        assert any(f.endswith("caf\\xe9.yaml") for f in json.loads(text)["files"])
    elif fmt == "sarif":
        uris = {
            loc["physicalLocation"]["artifactLocation"]["uri"]
            for run in json.loads(text)["runs"]
            for result in run["results"]
            for loc in result["locations"]
        }
        assert any(uri.endswith("b%E9d.yaml") for uri in uris)  # the byte, percent-encoded
        json.loads(text)
    elif fmt == "text":
        _assert_clean_text(text, "text report")
