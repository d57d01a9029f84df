"""Diagnostics are lint's findings: the same code, level, message and position.

Every job file of the corpus (the examples, the broken and the real-world
files) is opened in a session and compared with `cronstable lint FILE
--format json` run in the same directory; the non-job files get nothing.
A workspace with a settings file is compared with `cronstable lint` run
there with no paths, and the whole-fleet rules follow edits and saves.
"""

from __future__ import annotations

from datetime import timezone
from pathlib import Path
from typing import Any

import pytest

from cronstable_cli.cli.options import parse_instant
from cronstable_cli.lsp.diagnostics import diagnostics, rule_url
from cronstable_cli.lsp.session import Session, load_settings

from .harness import FROM, lint_json

ROOT = Path(__file__).resolve().parents[2]
NOW = parse_instant(FROM, timezone.utc)
# Not job files: lint says so when named, the editor shows nothing for them.
FOREIGN = {
    "tests/data/bad/docker-compose.yml",
    "tests/data/bad/k8s-deployment.yaml",
    "tests/data/real-world/yaml/.gitlab-ci.yml",
    "tests/data/real-world/yaml/cronjob.yaml",
    "tests/data/real-world/yaml/docker-compose.yml",
    "tests/data/real-world/yaml/k8s-deployment.yaml",
    "tests/data/real-world/yaml/nightly.yml",
    "tests/data/real-world/yaml/openapi.yaml",
    "tests/data/real-world/yaml/playbook.yml",
}
# Bytes an editor cannot send as text (it decodes them first): checked on their own.
UNDECODABLE = {"tests/data/bad/binary.yaml", "tests/data/bad/invalid-utf8.yaml"}


def corpus() -> list[str]:
    files = [
        *sorted((ROOT / "examples").glob("*.*")),
        *sorted((ROOT / "tests/data/bad").rglob("*.*")),
        *sorted((ROOT / "tests/data/real-world").rglob("*")),
        *sorted((ROOT / "tests/data/loaders").rglob("*.*")),
    ]
    out = []
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        if path.is_file() and not rel.endswith((".md", ".sh", ".tsv")) and rel not in UNDECODABLE:
            out.append(rel)
    return out


def shape(finding: dict[str, Any]) -> tuple[Any, ...]:
    return (
        finding["code"],
        finding["level"],
        finding["message"],
        finding["line"],
        finding["column"],
    )


def lsp_shape(diagnostic: Any, text: str) -> tuple[Any, ...]:
    """A diagnostic read back as lint's (code, level, message, line, column), by hand."""
    level = {1: "error", 2: "warning", 3: "note"}[int(diagnostic.severity)]
    line = diagnostic.range.start.line
    prefix = text.split("\n")[line][: diagnostic.range.start.character]  # ASCII corpus
    return (diagnostic.code, level, diagnostic.message, line + 1, len(prefix) + 1)


@pytest.fixture
def in_root(monkeypatch: pytest.MonkeyPatch) -> Session:
    monkeypatch.chdir(ROOT)
    return Session(load_settings(isolated=True, now=NOW))


@pytest.mark.parametrize("rel", corpus())
def test_a_document_gets_exactly_lints_findings(
    rel: str, in_root: Session, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (ROOT / rel).read_text(encoding="utf-8")
    found = in_root.open(rel, text)[rel]
    if rel in FOREIGN:
        assert found == []
        return
    expected = [f for f in lint_json(capsys, "--isolated", rel)["findings"] if f["file"] == rel]
    lines = text.split("\n")
    published = diagnostics(found, text)
    # Findings without a column point at the line's start: the same position, 0-based.
    got = [
        (*lsp_shape(d, text)[:4], f.column) if f.column == 0 else lsp_shape(d, text)
        for d, f in zip(published, found, strict=True)
    ]
    assert got == [shape(f) for f in expected]
    for d in published:
        assert d.source == "cronstable"
        assert d.code_description is not None
        assert d.code_description.href == rule_url(str(d.code))
        assert d.range.end.line == d.range.start.line < len(lines)
        assert d.range.end.character >= d.range.start.character


def test_a_binary_document_still_gets_its_diagnostic(in_root: Session) -> None:
    rel = "tests/data/bad/binary.yaml"
    text = (ROOT / rel).read_bytes().decode("utf-8", "replace")  # what an editor sends
    found = in_root.open(rel, text)[rel]
    assert [(f.code, f.level) for f in found] == [("unreadable-file", "error")]
    assert "NUL" in found[0].message


def test_other_documents_get_nothing(in_root: Session) -> None:
    assert in_root.open("README.md", "# jobs:\n  - name: x\n") == {"README.md": []}
    assert in_root.open("Makefile", "lint:\n\truff check .\n") == {"Makefile": []}
    # A file without a suffix is a job file when it reads as a crontab.
    assert in_root.open("crontab", "* * * * * /bin/true") != {"crontab": []}


WORKSPACE = {
    ".cronstable.toml": (
        "max-per-minute = 1\n"
        "ignore = ['hashed-slot']\n"
        "[per-file-ignores]\n"
        "'cronstable.d/quiet.yaml' = ['every-minute']\n"
    ),
    "cronstable.d/a.yaml": (
        "jobs:\n"
        "  - name: backup\n"
        "    command: /bin/backup\n"
        '    schedule: "0 2 * * *"\n'
        "  - name: shared\n"
        "    command: /bin/a\n"
        '    schedule: "15 * * * *"\n'
    ),
    "cronstable.d/b.yaml": (
        "jobs:\n"
        "  - name: shared\n"
        "    command: /bin/b\n"
        '    schedule: "15 3 * * *"\n'
        "  - name: probe\n"
        "    command: /bin/probe\n"
        '    schedule: "H * * * *"\n'
    ),
    "cronstable.d/quiet.yaml": (
        'jobs:\n  - name: noisy\n    command: /bin/noisy\n    schedule: "* 2 * * *"\n'
    ),
    "elsewhere/solo.yaml": (
        'jobs:\n  - name: shared\n    command: /bin/solo\n    schedule: "0 9 * * *"\n'
    ),
}


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name, text in WORKSPACE.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def by_file(doc: dict[str, Any]) -> dict[str, list[tuple[Any, ...]]]:
    out: dict[str, list[tuple[Any, ...]]] = {}
    for finding in doc["findings"]:
        out.setdefault(finding["file"], []).append(shape(finding))
    return out


def shapes(findings: Any) -> list[tuple[Any, ...]]:
    return [(f.code, f.level, f.message, f.line, f.column) for f in findings]


def test_the_workspace_is_linted_as_lint_with_no_paths(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = by_file(lint_json(capsys))
    # The settings file's rules are in force: the fleet rule, ignore, per-file-ignores.
    codes = {f[0] for found in expected.values() for f in found}
    assert "duplicate-job-name" in codes and "crowded-minute" in codes
    assert "hashed-slot" not in codes and "every-minute" not in codes
    session = Session(load_settings(now=NOW))
    published = session.open("cronstable.d/a.yaml", WORKSPACE["cronstable.d/a.yaml"])
    # Opening one file of the workspace publishes every file the whole lint read.
    assert set(published) == {
        "cronstable.d/a.yaml",
        "cronstable.d/b.yaml",
        "cronstable.d/quiet.yaml",
    }
    for key, found in published.items():
        assert shapes(found) == expected.get(key, [])
    # A job file outside the workspace is linted on its own, as `lint FILE`.
    solo = session.open("elsewhere/solo.yaml", WORKSPACE["elsewhere/solo.yaml"])
    assert shapes(solo["elsewhere/solo.yaml"]) == by_file(
        lint_json(capsys, "elsewhere/solo.yaml")
    ).get("elsewhere/solo.yaml", [])


def test_fleet_findings_follow_edits_and_saves(workspace: Path) -> None:
    session = Session(load_settings(now=NOW))
    session.open("cronstable.d/b.yaml", WORKSPACE["cronstable.d/b.yaml"])
    assert "duplicate-job-name" in {f.code for f in session.findings("cronstable.d/b.yaml")}
    # While a.yaml is edited its own lint runs; b's cross-file finding waits for a save.
    renamed = WORKSPACE["cronstable.d/a.yaml"].replace("name: shared", "name: other")
    session.open("cronstable.d/a.yaml", WORKSPACE["cronstable.d/a.yaml"])
    changed = session.change("cronstable.d/a.yaml", renamed)
    assert set(changed) == {"cronstable.d/a.yaml"}
    saved = session.save("cronstable.d/a.yaml")
    assert "duplicate-job-name" not in {f.code for f in saved["cronstable.d/b.yaml"]}
    # A duplicate made by an edit needs the other file: it shows on save, where lint puts
    # it (at the later occurrence in load order, b.yaml's `probe`).
    probe = renamed.replace("name: other", "name: probe")
    assert "duplicate-job-name" not in {
        f.code for f in session.change("cronstable.d/a.yaml", probe)["cronstable.d/a.yaml"]
    }
    saved = session.save("cronstable.d/a.yaml")
    assert [
        (f.code, f.line) for f in saved["cronstable.d/b.yaml"] if f.code == "duplicate-job-name"
    ] == [("duplicate-job-name", 5)]
    # ... and b.yaml's finding stays while a.yaml is edited further.
    session.change("cronstable.d/a.yaml", probe + "\n")
    assert "duplicate-job-name" in {f.code for f in session.findings("cronstable.d/b.yaml")}


def test_related_information_points_at_the_other_job(workspace: Path) -> None:
    from cronstable_cli.lsp.diagnostics import related_places

    session = Session(load_settings(now=NOW))
    session.open("cronstable.d/b.yaml", WORKSPACE["cronstable.d/b.yaml"])
    duplicate = next(
        f for f in session.findings("cronstable.d/b.yaml") if f.code == "duplicate-job-name"
    )

    def sites(name: str) -> list[Any]:
        return [
            j.location for linted in session.files.values() for j in linted.jobs if j.name == name
        ]

    places = related_places(duplicate, sites)
    # `shared` is at a.yaml line 5 (the `- name:` item); b.yaml's own job is not repeated.
    assert [(p.file, p.line) for p, _ in places] == [("cronstable.d/a.yaml", 5)]


def test_a_broken_settings_file_is_told_and_defaults_apply(workspace: Path) -> None:
    (workspace / ".cronstable.toml").write_text("selct = ['x']\n", encoding="utf-8")
    settings = load_settings(now=NOW)
    assert settings.problem is not None and "selct" in settings.problem
    assert "select" in settings.problem  # the did-you-mean
    session = Session(settings)
    assert session.open("cronstable.d/a.yaml", WORKSPACE["cronstable.d/a.yaml"])


def test_the_baseline_hides_what_it_knows_as_lint_does(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cronstable_cli.cli.main import main

    (workspace / ".cronstable.toml").write_text("baseline = 'known.json'\n", encoding="utf-8")
    main(["lint", "--write-baseline", "known.json", "--from", FROM])
    capsys.readouterr()
    # A new finding after the baseline was written: only it is reported.
    added = WORKSPACE["cronstable.d/b.yaml"] + (
        '  - name: steps\n    command: /bin/s\n    schedule: "*/7 * * * *"\n'
    )
    (workspace / "cronstable.d/b.yaml").write_text(added, encoding="utf-8")
    expected = by_file(lint_json(capsys))
    # Only it is new; what else is reported is a refusal, which no baseline hides.
    from cronstable_cli.load_codes import REFUSALS

    reported = [f[0] for found in expected.values() for f in found]
    assert reported.count("uneven-step") == 1
    assert all(code in REFUSALS for code in reported if code != "uneven-step")
    session = Session(load_settings(now=NOW))
    published = session.open("cronstable.d/b.yaml", added)
    assert {k: shapes(v) for k, v in published.items() if v} == expected


@pytest.mark.parametrize("name", ["cronstable.yaml", "legacy.crontab"])
def test_crlf_and_bom_documents_get_lints_findings(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "\ufeff" + (ROOT / "examples" / name).read_text(encoding="utf-8").replace("\n", "\r\n")
    (tmp_path / name).write_bytes(text.encode("utf-8"))
    monkeypatch.chdir(tmp_path)
    expected = by_file(lint_json(capsys, "--isolated", name)).get(name, [])
    session = Session(load_settings(isolated=True, now=NOW))
    assert shapes(session.open(name, text)[name]) == expected
    assert expected  # the examples have findings


def test_a_missing_path_in_the_settings_is_told(workspace: Path) -> None:
    (workspace / ".cronstable.toml").write_text("paths = ['cronstable.d', 'gone']\n")
    settings = load_settings(now=NOW)
    assert settings.paths == ("cronstable.d",)
    assert settings.problem is not None and "names gone, which does not exist" in settings.problem
