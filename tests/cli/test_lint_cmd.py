"""`cronstable lint` end to end: real files in, text/JSON/GitHub/SARIF out, exit codes.

`--from 2026-01-10T12:00` pins "today" (never-fires, the DST window), so the
expected findings do not drift with the calendar.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cronstable_cli.cli.main import main

TODAY = ["--from", "2026-01-10T12:00"]

CLEAN = """\
jobs:
  - name: nightly
    command: ./nightly.sh
    schedule: "0 2 * * *"
"""

BAD = """\
jobs:
  - name: poll
    command: ./poll.sh
    schedule: "*/7 * * * *"
  - name: feb30
    command: ./x.sh
    schedule: "0 0 30 2 *"
  - name: broken
    command: ./x.sh
    schedule: "0 25 * * *"
  - name: shifted
    command: ./x.sh
    schedule: "30 2 * * *"
    timezone: America/New_York
"""


def lint(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["lint", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def clean(tmp_path: Path) -> Path:
    path = tmp_path / "clean.yaml"
    path.write_text(CLEAN)
    return path


@pytest.fixture
def bad(tmp_path: Path) -> Path:
    path = tmp_path / "bad.yaml"
    path.write_text(BAD)
    return path


# -- exit codes ---------------------------------------------------------------


def test_clean_file_exits_zero(capsys: pytest.CaptureFixture[str], clean: Path) -> None:
    code, out, _ = lint(capsys, str(clean), *TODAY)
    assert code == 0
    assert out == "No problems in 1 job from 1 file.\n"


def test_findings_exit_one_and_read_path_line_col_first(
    capsys: pytest.CaptureFixture[str], bad: Path
) -> None:
    code, out, _ = lint(capsys, str(bad), *TODAY)
    assert code == 1
    lines = _unwrapped(out)
    assert lines[0] == str(bad)
    assert lines[1].startswith(f"{bad}:4:16 warning [uneven-step] job 'poll': `*/7`")
    assert lines[2].startswith(f"{bad}:7:20 warning [never-fires] job 'feb30'")
    assert lines[3].startswith(f"{bad}:10:18 error [invalid-schedule] job 'broken'")
    assert lines[4].startswith(f"{bad}:13:19 note [dst-skipped-time] job 'shifted'")
    assert lines[-1] == "Found 4 problems (1 error, 2 warnings, 1 note) in 4 jobs from 1 file."


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        pytest.param([], 1, id="default warning"),
        pytest.param(["--fail-on", "error"], 1, id="error"),
        pytest.param(["--fail-on", "note"], 1, id="note"),
        pytest.param(["--fail-on", "never"], 0, id="never"),
        # The file holds an entry the daemon refuses: no selection makes that pass.
        pytest.param(
            ["--fail-on", "error", "--ignore", "invalid-schedule"], 1, id="a refusal stays"
        ),
        pytest.param(["--select", "dst-skipped-time"], 1, id="notes and the refusal"),
        pytest.param(["--select", "dst-skipped-time", "--fail-on", "note"], 1, id="notes at note"),
    ],
)
def test_fail_on(
    capsys: pytest.CaptureFixture[str], bad: Path, args: list[str], expected: int
) -> None:
    assert lint(capsys, str(bad), *TODAY, *args)[0] == expected


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["--select", "no-such-code"], id="unknown select"),
        pytest.param(["--ignore", "uneven-step,bogus"], id="unknown ignore in a list"),
        pytest.param(["--max-per-minute", "0"], id="max per minute below 1"),
        pytest.param(["--format", "xml"], id="unknown format"),
        pytest.param(["--fail-on", "sometimes"], id="unknown level"),
        pytest.param(["--from", "yesterday"], id="bad instant"),
    ],
)
def test_usage_errors_exit_two(
    capsys: pytest.CaptureFixture[str], clean: Path, args: list[str]
) -> None:
    code, _, err = lint(capsys, str(clean), *args)
    assert code == 2
    assert "Error" in err


def test_unknown_code_is_named(capsys: pytest.CaptureFixture[str], clean: Path) -> None:
    _, _, err = lint(capsys, str(clean), "--ignore", "uneven-step,bogus")
    assert "unknown code bogus" in err and "--list-rules" in err


def test_missing_path_is_a_finding(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = lint(capsys, str(tmp_path / "nope.yaml"))
    assert code == 1 and "[unreadable-file]" in out


def test_no_paths_and_no_default_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = lint(capsys)
    assert code == 2 and "cronstable.yaml" in err


def test_default_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cronstable.yaml").write_text(CLEAN)
    monkeypatch.chdir(tmp_path)
    assert lint(capsys, *TODAY)[:2] == (0, "No problems in 1 job from 1 file.\n")


# -- select / ignore ----------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        # invalid-schedule is the daemon refusing an entry: reported whatever is selected.
        pytest.param(["--select", "uneven-step"], ["uneven-step", "invalid-schedule"], id="one"),
        pytest.param(
            ["--select", "uneven-step,never-fires"],
            ["uneven-step", "never-fires", "invalid-schedule"],
            id="comma separated",
        ),
        pytest.param(
            ["--select", "uneven-step", "--select", "never-fires"],
            ["uneven-step", "never-fires", "invalid-schedule"],
            id="repeated",
        ),
        pytest.param(
            ["--ignore", "uneven-step", "--ignore", "never-fires,dst-skipped-time"],
            ["invalid-schedule"],
            id="ignore repeated",
        ),
        pytest.param(
            ["--select", " uneven-step , never-fires "],
            ["uneven-step", "never-fires", "invalid-schedule"],
            id="spaces",
        ),
    ],
)
def test_select_and_ignore(
    capsys: pytest.CaptureFixture[str], bad: Path, args: list[str], expected: list[str]
) -> None:
    _, out, _ = lint(capsys, str(bad), *TODAY, "--format", "json", *args)
    assert [f["code"] for f in json.loads(out)["findings"]] == expected


# -- formats --------------------------------------------------------------------


def test_json(capsys: pytest.CaptureFixture[str], bad: Path) -> None:
    code, out, _ = lint(capsys, str(bad), *TODAY, "--format", "json")
    doc = json.loads(out)
    assert code == 1
    assert doc["version"] == 1 and doc["jobs"] == 4 and doc["files"] == [str(bad)]
    assert doc["summary"] == {"error": 1, "warning": 2, "note": 1}
    broken = next(f for f in doc["findings"] if f["code"] == "invalid-schedule")
    assert (broken["line"], broken["column"], broken["job"]) == (10, 18, "broken")


def test_github(
    capsys: pytest.CaptureFixture[str], bad: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(bad.parent)
    _, out, _ = lint(capsys, "bad.yaml", *TODAY, "--format", "github")
    lines = out.splitlines()
    assert lines[0].startswith(
        "::warning file=bad.yaml,line=4,col=16,title=cronstable uneven-step::"
    )
    assert lines[3].startswith("::notice file=bad.yaml,line=13,col=19,")
    assert lines[2].startswith("::error file=bad.yaml,line=10,col=18,")


def test_sarif(
    capsys: pytest.CaptureFixture[str], bad: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(bad.parent)
    code, out, _ = lint(capsys, "bad.yaml", *TODAY, "--format", "sarif")
    log = json.loads(out)
    assert code == 1 and log["version"] == "2.1.0"
    uris = {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        for r in log["runs"][0]["results"]
    }
    assert uris == {"bad.yaml"}


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif"])
def test_output_file(
    capsys: pytest.CaptureFixture[str], bad: Path, tmp_path: Path, fmt: str
) -> None:
    target = tmp_path / f"report.{fmt}"
    code, out, _ = lint(capsys, str(bad), *TODAY, "--format", fmt, "-o", str(target))
    assert code == 1 and out == ""
    written = target.read_text()
    assert "uneven-step" in written and "\x1b[" not in written


# -- text rendering ---------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _render_to_terminal(bad: Path) -> str:
    from cronstable_cli.analysis.lint import LintSettings
    from cronstable_cli.analysis.lint import lint as run_lint
    from cronstable_cli.loaders import load_paths
    from cronstable_cli.render.lint_text import render_lint

    report = run_lint(load_paths([str(bad)]), LintSettings())
    screen = _Terminal()
    render_lint(report, screen)
    return screen.getvalue()


@pytest.fixture
def colour_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    return monkeypatch


def test_colour_on_a_terminal(colour_env: pytest.MonkeyPatch, bad: Path) -> None:
    assert "\x1b[" in _render_to_terminal(bad)


def test_no_color_turns_colour_off(colour_env: pytest.MonkeyPatch, bad: Path) -> None:
    colour_env.setenv("NO_COLOR", "1")
    text = _render_to_terminal(bad)
    # NO_COLOR removes colour; rich may keep bold/underline (not colours) on a terminal.
    assert not any(f"\x1b[{n}" in text for n in ("31", "32", "33", "36", "1;31"))


def test_no_colour_when_piped(
    capsys: pytest.CaptureFixture[str], colour_env: pytest.MonkeyPatch, bad: Path
) -> None:
    _, out, _ = lint(capsys, str(bad), *TODAY)
    assert "\x1b[" not in out


def _unwrapped(out: str) -> list[str]:
    """The output with each finding's continuation lines (indented 4) joined to its first."""
    lines: list[str] = []
    for line in out.splitlines():
        if line.startswith("    ") and lines:
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    return lines


def test_long_messages_wrap_under_their_location(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, bad: Path
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    # By its bare name: a temporary path longer than the terminal (pytest-xdist
    # adds a directory per worker) would itself be folded.
    monkeypatch.chdir(bad.parent)
    _, out, _ = lint(capsys, bad.name, *TODAY)
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    firsts = [line for line in lines[1:] if line and not line.startswith("    ")]
    assert [line.split(" ", 1)[0] for line in firsts[:4]] == [
        "bad.yaml:4:16",
        "bad.yaml:7:20",
        "bad.yaml:10:18",
        "bad.yaml:13:19",
    ]
    assert any(line.startswith("    ") for line in lines)  # it did wrap


# -- list-rules -------------------------------------------------------------------


def test_list_rules(capsys: pytest.CaptureFixture[str]) -> None:
    from cronstable_cli.analysis.lint import RULES

    code, out, _ = lint(capsys, "--list-rules")
    assert code == 0
    joined = " ".join(out.split())  # summaries may wrap
    for rule in RULES:
        assert f"{rule.code} {rule.level} {rule.summary}" in joined
        assert rule.explanation in joined  # what it does and why, as one paragraph
    assert "Vixie cron" in out
    assert "\\n" not in out and "## " not in out  # the docs' own text, not escaped Markdown
    for code in ("seconds-first-six-fields", "quartz-weekday-number", "command-looks-like-field"):
        assert f"\n{code} warning " in out


def test_list_rules_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = lint(capsys, "--list-rules", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["version"] == 1
    assert {"never-fires", "crowded-minute", "unknown-key"} <= {r["code"] for r in doc["rules"]}


def test_help_has_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = lint(capsys, "--help")
    assert code == 0 and "cronstable lint jobs/" in out and "--max-per-minute" in out


# -- loaders end to end ------------------------------------------------------------


def test_suppression_comments(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "jobs.yaml"
    path.write_text(
        "jobs:\n"
        "  # cronstable: ignore[uneven-step]\n"
        "  - name: a\n"
        "    command: x\n"
        '    schedule: "*/7 * * * *"\n'
        "  - name: b\n"
        "    command: x\n"
        '    schedule: "*/7 * * * *"  # cronstable: ignore\n'
        "  - name: c\n"
        "    command: x\n"
        '    schedule: "*/7 * * * *"  # cronstable: ignore[hashed-slot]\n'
    )
    _, out, _ = lint(capsys, str(path), *TODAY, "--format", "json")
    assert [(f["job"], f["code"]) for f in json.loads(out)["findings"]] == [("c", "uneven-step")]


def test_crontab_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "legacy.crontab"
    path.write_text(
        "CRON_TZ=America/New_York\n"
        "30 2 * * * /usr/bin/rollup\n"
        "@midnight /usr/bin/cleanup\n"
        "* 3 * * * /usr/bin/spin"
    )
    _, out, _ = lint(capsys, str(path), *TODAY, "--format", "json")
    found = [(f["code"], f["line"], f["column"], f["job"]) for f in json.loads(out)["findings"]]
    assert ("dst-skipped-time", 2, 4, "legacy.crontab:2") in found
    assert ("every-minute", 4, 1, "legacy.crontab:4") in found
    assert any(code == "missing-final-newline" for code, *_ in found)
    assert not any(code == "invalid-schedule" for code, *_ in found)


def test_system_crontab_flag(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "crontab"
    path.write_text("0 2 * * * root /usr/bin/backup\n")
    _, out, _ = lint(capsys, str(path), *TODAY, "--format", "json")
    assert [f["code"] for f in json.loads(out)["findings"]] == ["likely-user-column"]
    _, out, _ = lint(capsys, str(path), *TODAY, "--format", "json", "--system-crontab")
    assert json.loads(out)["findings"] == []


def test_user_crontab(
    capsys: pytest.CaptureFixture[str], clean: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cronstable_cli.loaders as loaders
    from cronstable_cli.records import Job, SourceLocation

    where = SourceLocation("crontab -l", 1, 1)
    job = Job(
        name="crontab:1",
        schedule="* 5 * * *",
        location=where,
        schedule_location=where,
        kind="crontab",
    )
    monkeypatch.setattr(
        loaders, "load_user_crontab", lambda: loaders.LoadResult((job,), (), ("crontab -l",))
    )
    _, out, _ = lint(capsys, "--user-crontab", *TODAY, "--format", "json")
    doc = json.loads(out)
    assert doc["files"] == ["crontab -l"]
    assert [f["code"] for f in doc["findings"]] == ["every-minute"]
    _, out, _ = lint(capsys, str(clean), "--user-crontab", *TODAY, "--format", "json")
    assert json.loads(out)["files"] == [str(clean), "crontab -l"]


def test_max_per_minute(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "fleet.yaml"
    path.write_text(
        "jobs:\n"
        + "".join(
            f'  - name: j{i}\n    command: x\n    schedule: "*/15 * * * *"\n' for i in range(4)
        )
    )
    assert lint(capsys, str(path), *TODAY)[0] == 0
    code, out, _ = lint(capsys, str(path), *TODAY, "--max-per-minute", "3")
    assert code == 1 and "[crowded-minute]" in out and "H/15" in out


def test_empty_file_is_a_note(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text("")
    code, out, _ = lint(capsys, str(path), *TODAY)
    assert code == 0 and "note" in out


# -- start-up -----------------------------------------------------------------------


def _loads_rich(path: Path, fmt: str) -> bool:
    script = (
        "import sys; from cronstable_cli.cli.main import main; "
        f"main(['lint', {str(path)!r}, '--format', {fmt!r}]); "
        "print('RICH', 'rich' in sys.modules, file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert "RICH" in done.stderr, done.stderr
    return "RICH True" in done.stderr


@pytest.mark.parametrize("fmt", ["json", "github", "sarif", "text"])
def test_rich_stays_off_the_start_up_path_of_a_clean_run(clean: Path, fmt: str) -> None:
    assert not _loads_rich(clean, fmt)


def test_piped_text_findings_are_written_without_rich(tmp_path: Path) -> None:
    path = tmp_path / "uneven.yaml"
    path.write_text('jobs:\n  - name: a\n    command: x\n    schedule: "*/7 * * * *"\n')
    assert not _loads_rich(path, "text")
    assert not _loads_rich(path, "json")


def test_output_file_holds_what_stdout_would(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "uneven.yaml"
    source.write_text('jobs:\n  - name: a\n    command: x\n    schedule: "*/7 * * * *"\n')
    target = tmp_path / "report.json"
    target.write_text("old contents\n")
    code, out, _ = lint(capsys, str(source), "--format", "json")
    code_to_file, out_to_file, err = lint(
        capsys, str(source), "--format", "json", "-o", str(target)
    )
    assert code == code_to_file == 1
    assert out_to_file == "" and "wrote" in err
    assert target.read_text() == out
    # Written through a temporary file and a rename: nothing else is left behind.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json", "uneven.yaml"]
