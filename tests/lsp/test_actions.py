"""Code actions give lint's own bytes; hovers and inlay hints say what preview says.

Fix-all must equal what `cronstable lint --fix` writes to the same file; an
unsafe fix applied alone equals `lint --fix --unsafe-fixes --select CODE`
on a file where it is the only fix; an "ignore" action makes the finding go
away when the text is linted again. Hovers name the slot `H` resolves to
for the job (checked against hand-worked values) and the fires `preview
--job` prints.
"""

from __future__ import annotations

import json
import shutil
from datetime import timezone
from pathlib import Path
from typing import Any

import pytest

from cronstable_cli.cli.main import main
from cronstable_cli.cli.options import parse_instant
from cronstable_cli.lsp.code_actions import FIX_ALL, code_actions
from cronstable_cli.lsp.hover import hover
from cronstable_cli.lsp.inlay_hints import inlay_hints
from cronstable_cli.lsp.session import Session, load_settings

from .harness import FROM, apply_edits

ROOT = Path(__file__).resolve().parents[2]
NOW = parse_instant(FROM, timezone.utc)
URI = "file:///doc"

FLEET = """\
# Fleet jobs: comments, quoting and blank lines must survive a fix.
jobs:
  - name: purge    # the nightly purge
    command: ./purge.sh
    schedule: '* 2 * * *'

  - name: stats
    command: ./stats.sh
    schedule: "0 23 31 * *"   # end of month?
  - name: job
    command: ./m.sh
    schedule: "H/50 * * * *"
  - name: steps
    command: ./s.sh
    schedule: "*/7 * * * *"
  - name: typo
    comand: ./typo.sh
    schedule: "0 4 * * *"
"""
CRONTAB = "# legacy\nMAILTO=ops\n*/25 * * * * /bin/probe\n30 4 * * * ./y"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "fleet.yaml").write_text(FLEET)
    (tmp_path / "legacy.crontab").write_text(CRONTAB)
    shutil.copy(ROOT / "examples" / "cronstable.yaml", tmp_path / "examples.yaml")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def opened(name: str, text: str) -> tuple[Session, list[Any]]:
    session = Session(load_settings(isolated=True, now=NOW))
    session.open(name, text)
    return session, session.findings(name)


def actions(session: Session, name: str, only: list[str] | None = None) -> list[Any]:
    text = session.texts[name]
    return code_actions(
        URI, name, text, session.findings(name), session.jobs(name), 0, 10_000, only
    )


def edits_of(action: Any) -> list[dict[str, Any]]:
    return [
        {
            "range": {
                "start": {"line": e.range.start.line, "character": e.range.start.character},
                "end": {"line": e.range.end.line, "character": e.range.end.character},
            },
            "newText": e.new_text,
        }
        for e in action.edit.changes[URI]
    ]


@pytest.mark.parametrize("name", ["fleet.yaml", "legacy.crontab", "examples.yaml"])
def test_fix_all_writes_the_bytes_lint_fix_writes(
    name: str, repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (repo / name).read_text()
    session, _ = opened(name, text)
    every = [a for a in actions(session, name, [FIX_ALL]) if a.kind == FIX_ALL]
    main(["lint", name, "--fix", "--from", FROM, "--isolated"])
    capsys.readouterr()
    expected = (repo / name).read_text()
    if expected == text:
        assert every == []
        return
    assert len(every) == 1
    assert apply_edits(text, edits_of(every[0])) == expected


def test_each_fix_is_offered_safe_ones_preferred(repo: Path) -> None:
    session, findings = opened("fleet.yaml", FLEET)
    fixes = [a for a in actions(session, "fleet.yaml") if a.is_preferred is not None]
    by_code = {a.title.rsplit("[", 1)[1].rstrip("]"): a for a in fixes}
    # uneven-step's fix keeps every fire (safe); every-minute's and skipped-months' do not.
    assert by_code["uneven-step"].is_preferred is True
    assert "changes when the job fires" not in by_code["uneven-step"].title
    for code in ("every-minute", "skipped-months"):
        assert by_code[code].is_preferred is False
        assert "(changes when the job fires)" in by_code[code].title
    assert {f.code for f in findings if f.fix} == set(by_code)


@pytest.mark.parametrize("code", ["every-minute", "skipped-months", "uneven-step"])
def test_one_fix_is_lints_fix_of_that_code(
    code: str, repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Without the file's refusal (the unknown key): `--select` never leaves a refusal's fix
    # out, and the action is this code's fix alone.
    text = FLEET.replace("    comand:", "    command:")
    (repo / "fleet.yaml").write_text(text)
    session, _ = opened("fleet.yaml", text)
    action = next(a for a in actions(session, "fleet.yaml") if a.title.endswith(f"[{code}]"))
    after = apply_edits(text, edits_of(action))
    assert after != text
    main(["lint", "fleet.yaml", "--fix", "--unsafe-fixes", "--select", code, "--from", FROM,
          "--isolated"])  # fmt: skip
    capsys.readouterr()
    assert after == (repo / "fleet.yaml").read_text()


@pytest.mark.parametrize("name", ["fleet.yaml", "legacy.crontab", "examples.yaml"])
def test_ignore_actions_silence_exactly_their_finding(name: str, repo: Path) -> None:
    text = (repo / name).read_text()
    session, findings = opened(name, text)
    ignores = [a for a in actions(session, name) if a.title.startswith("Ignore ")]
    assert ignores, "every file here has a finding that belongs to a job"
    from cronstable_cli.load_codes import REFUSALS

    # A refusal (the daemon will not load the file) is no finding a comment hides:
    # no "Ignore" is offered for one.
    assert not any(a.diagnostics and a.diagnostics[0].code in REFUSALS for a in ignores)
    for action in ignores:
        code = action.diagnostics[0].code
        line = action.diagnostics[0].range.start.line + 1
        after = apply_edits(text, edits_of(action))
        _, left = opened(name, after)
        shift = after.count("\n") - text.count("\n")  # a comment line was inserted above
        assert not any(f.code == code and f.line in (line, line + shift) for f in left), (
            action.title
        )
        # Nothing else is silenced: every finding of another code is still there.
        others = {(f.code, f.message) for f in findings if f.code != code}
        assert others <= {(f.code, f.message) for f in left}


def test_an_ignore_adds_to_the_list_already_there(repo: Path) -> None:
    text = FLEET.replace(
        "  - name: steps\n", "  # cronstable: ignore[hashed-slot]\n  - name: steps\n"
    )
    session, _ = opened("fleet.yaml", text)
    action = next(
        a
        for a in actions(session, "fleet.yaml")
        if a.title.startswith("Ignore uneven-step") and "'steps'" in a.title
    )
    after = apply_edits(text, edits_of(action))
    assert "  # cronstable: ignore[hashed-slot, uneven-step]\n  - name: steps\n" in after


def test_hover_names_the_resolved_slot_and_previews_fires(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (repo / "examples.yaml").read_text()
    session, _ = opened("examples.yaml", text)
    job = next(j for j in session.jobs("examples.yaml") if j.name == "refresh-cache")
    shown = hover(text, session.jobs("examples.yaml"), session.findings("examples.yaml"),
                  job.schedule_location.line - 1, NOW)  # fmt: skip
    assert shown is not None
    value = shown.contents.value  # type: ignore[union-attr]
    # H/15 keyed by "refresh-cache" takes minute 14 (the daemon's hash; README, issue).
    assert "`14,29,44,59 9-17 * * mon-fri`" in value
    assert "Europe/Berlin" in value
    assert "hashed-slot" in value  # the finding of that line
    capsys.readouterr()
    main(["preview", "--job", "refresh-cache", "examples.yaml", "-n", "5", "--from", FROM,
          "--format", "json"])  # fmt: skip
    fires = json.loads(capsys.readouterr().out)["fires"]
    assert len(fires) == 5
    for fire in fires:
        assert fire.replace("T", " ") in value


def test_hover_marks_dst_shifts_and_zone_changes(repo: Path) -> None:
    text = (
        "jobs:\n  - name: night\n    command: ./n\n    timezone: Europe/Berlin\n"
        '    schedule: "30 2 * * *"\n'
    )
    session, _ = opened("dst.yaml", text)
    at = parse_instant("2027-03-26T12:00:00Z", timezone.utc)
    shown = hover(text, session.jobs("dst.yaml"), [], 4, at)
    assert shown is not None
    lines = shown.contents.value.split("\n")  # type: ignore[union-attr]
    # 2027-03-28 02:30 does not exist in Berlin (clocks 02:00 -> 03:00): the run is shifted.
    shifted = next(line for line in lines if "2027-03-28" in line)
    assert "shifted" in shifted and "+02:00" in shifted
    assert "offset +01:00 → +02:00" in shifted
    zone = hover(text, session.jobs("dst.yaml"), [], 3, parse_instant(FROM, timezone.utc))
    assert zone is not None
    value = zone.contents.value  # type: ignore[union-attr]
    # December: CET (+01:00); the next change is 2027-03-28 01:00 UTC, clocks forward 1 h.
    assert "now UTC+01:00 (CET)" in value
    assert "forward 1 h at 2027-03-28 01:00 UTC" in value


def test_hover_on_a_map_schedule(repo: Path) -> None:
    text = (
        "jobs:\n  - name: mapped\n    command: x\n    schedule:\n"
        '      minute: "5"\n      hour: "3"\n'
    )
    session, _ = opened("map.yaml", text)
    for line in (3, 4, 5):  # the key, and each field
        shown = hover(text, session.jobs("map.yaml"), [], line, NOW)
        assert shown is not None
        value = shown.contents.value  # type: ignore[union-attr]
        # minute 5 of hour 3, daily: the first fire after 2026-12-01 00:00 UTC is 03:05.
        assert "1. Tue 2026-12-01 03:05:00+00:00" in value, line


def test_hover_on_a_crontab_entry_and_nowhere(repo: Path) -> None:
    session, _ = opened("legacy.crontab", CRONTAB)
    entry = hover(CRONTAB, session.jobs("legacy.crontab"), session.findings("legacy.crontab"), 2,
                  NOW)  # fmt: skip
    assert entry is not None and "uneven-step" in entry.contents.value  # type: ignore[union-attr]
    assert hover(CRONTAB, session.jobs("legacy.crontab"), [], 0, NOW) is None
    assert hover(CRONTAB, session.jobs("legacy.crontab"), [], 99, NOW) is None


def test_inlay_hints_show_the_resolved_h_and_the_next_fire(repo: Path) -> None:
    session, _ = opened("fleet.yaml", FLEET)
    hints = inlay_hints(FLEET, session.jobs("fleet.yaml"), 0, 100, NOW)
    labels = {h.position.line + 1: h.label for h in hints}
    # `H/50` keyed by "job" resolves to one minute under 50 (hand check: the daemon's hash).
    from cronstable_cli.engine.daemon_hash import hash_value

    minute = hash_value("minute", "job") % 50
    assert labels[12].startswith(f"→ {minute} * * * *")
    # `0 4 * * *` of `typo` is not loaded (unknown key); `0 23 31 * *` next fires 2026-12-31.
    assert "next Thu 2026-12-31 23:00 UTC" in labels[9]
    assert all(not h.label.startswith("→") for h in hints if h.position.line + 1 != 12)
    assert inlay_hints(FLEET, session.jobs("fleet.yaml"), 0, 3, NOW) == []
