"""Whole documents, layouts and spellings against the released daemon, by construction.

tests/oracle/paritygen.py builds, from a fixed seed, job trees of the kinds
real files have and key-and-value mutation never produces: whole documents
(empty, comments only, `---`, several documents, a byte-order mark, CRLF,
tabs), directory layouts (a sibling that is also included, `_`/`.` names,
nested directories, crontabs beside YAML, one basename in two directories),
spellings (macros and keywords in every case, zone names in every case,
links, `Etc/` zones, `Z`) and crontab lines. The released daemon loads each
with `parse_config` (one batch); lint must refuse exactly what it refuses,
and for what it loads the toolkit must list the same jobs in the same order
with the same schedule (as the daemon uses it: fields joined by one space),
resolved H slots and zone.

`CRONSTABLE_PARITY_CASES=N` runs N cases instead of the default (and
`CRONSTABLE_PARITY_SEED` another seed).
"""

from __future__ import annotations

import os
import re
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from cronstable_cli.analysis.frames import job_crontab
from cronstable_cli.analysis.lint import LintSettings, lint
from cronstable_cli.loaders import LoadResult, load_paths

from . import paritygen
from .daemon import ask

SEED = int(os.environ.get("CRONSTABLE_PARITY_SEED", "20261201"))
CASES = int(os.environ.get("CRONSTABLE_PARITY_CASES", "2400"))
NOW = datetime(2026, 12, 1, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, Path, str, Any]]:
    """Every case on disk, with the daemon's answer (one batch)."""
    base = tmp_path_factory.mktemp("parity")
    made = []
    for number, (kind, (files, entry)) in enumerate(paritygen.cases(SEED, CASES)):
        root = base / f"{kind}-{number}"
        for name, data in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        root.mkdir(exist_ok=True)
        made.append((kind, root, entry))
    answers = ask("load", [{"root": str(root), "entry": entry} for _, root, entry in made])
    return [
        (kind, root, entry, answer)
        for (kind, root, entry), answer in zip(made, answers, strict=True)
    ]


def _ours(root: Path, entry: str) -> tuple[list[str], LoadResult]:
    loaded = load_paths([str(root / entry)])
    report = lint(loaded, LintSettings(now=NOW))
    errors = [
        f"{f.location}: [{f.code}] {f.message}" for f in report.findings if f.level == "error"
    ]
    return errors, loaded


def _jobs(loaded: LoadResult) -> list[dict[str, Any]]:
    """What the daemon's view holds, for a config lint passes (every zone and schedule good)."""
    return [
        {
            "name": job.name,
            "schedule": job_crontab(job).parsed.source,
            "resolved": job_crontab(job).resolved,
            "timezone": None if job.zone == "local" else job.zone,
        }
        for job in loaded.jobs
        if job.kind != "dag"
    ]


def _theirs(answer: dict[str, Any]) -> list[dict[str, Any]]:
    keys = ("name", "schedule", "resolved", "timezone")
    return [{key: job[key] for key in keys} for job in answer["jobs"]]


def _shown(root: Path) -> str:
    parts = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        parts.append(f"--- {path.relative_to(root)}: {path.read_bytes()!r}")
    return "\n".join(parts)


def test_the_cases_cover_both_verdicts_and_every_generator(
    generated: list[tuple[str, Path, str, Any]],
) -> None:
    kinds = Counter(kind for kind, *_ in generated)
    assert set(kinds) == {name for name, _, _ in paritygen.GENERATORS}
    refused = Counter(kind for kind, _, _, answer in generated if not answer["ok"])
    for kind, count in kinds.items():
        # every generator produces both files the daemon loads and files it refuses
        assert 0 < refused[kind] < count, (kind, refused[kind], count)


def test_lint_refuses_exactly_what_the_daemon_refuses_and_jobs_list_what_it_loads(
    generated: list[tuple[str, Path, str, Any]],
) -> None:
    wrong = []
    for _kind, root, entry, answer in generated:
        errors, loaded = _ours(root, entry)
        if (not errors) != answer["ok"]:
            side = "daemon refuses, lint passes" if not errors else "lint errors, daemon loads"
            why = answer["error"] if not answer["ok"] else "; ".join(errors)
            wrong.append(f"{root.name} [{entry}] {side}: {why}\n{_shown(root)}")
        elif answer["ok"] and (jobs := _jobs(loaded)) != _theirs(answer):
            wrong.append(
                f"{root.name} [{entry}] jobs differ:\n ours   {jobs}\n daemon "
                f"{_theirs(answer)}\n{_shown(root)}"
            )
    assert not wrong, f"{len(wrong)} of {len(generated)} disagree:\n\n" + "\n\n".join(wrong[:15])


_MARK = re.compile(r"line (\d+), column (\d+)")


def test_syntax_errors_are_placed_where_the_daemon_places_them(
    generated: list[tuple[str, Path, str, Any]],
) -> None:
    """A scanner error at the line its bad token starts (the daemon's first mark);
    any other refusal at one of the lines the daemon's message marks."""
    wrong = []
    checked = 0
    for kind, root, entry, answer in generated:
        if kind != "broken" or answer["ok"]:
            continue
        marks = [int(m.group(1)) for m in _MARK.finditer(answer["error"])]
        if not marks:
            continue
        errors = [
            f
            for f in load_paths([str(root / entry)]).findings
            if f.level == "error" and f.code == "invalid-config"
        ]
        if not errors:
            continue  # the verdict test reports a missing refusal
        checked += 1
        first = errors[0].line
        head = answer["error"].split("\n")[0]
        if "required key" in answer["error"] or "quoted string" in errors[0].message:
            # a schema refusal (not syntax); or a quoted string left open, which lint
            # places at its opening quote where the daemon gives up lines later
            continue
        scanner = "while scanning a" in head
        if (first != marks[0]) if scanner else (first not in marks):
            wrong.append(
                f"{root.name}: ours {first}, daemon {marks}: {answer['error']}\n{_shown(root)}"
            )
    assert checked > 50
    assert not wrong, f"{len(wrong)} misplaced:\n\n" + "\n\n".join(wrong[:10])


def test_files_of_a_directory_given_one_by_one_are_the_directory(
    generated: list[tuple[str, Path, str, Any]],
) -> None:
    """A pre-commit batch of a directory's job files is judged as the daemon judges
    the directory: the same verdict, whatever order the files come in."""
    from cronstable_cli.loaders.sources.discover import is_crontab_name, is_yaml_name, skipped

    wrong = []
    checked = 0
    for kind, root, entry, answer in generated:
        if kind != "layout" or entry != ".":
            continue
        listed = sorted(
            p
            for p in root.iterdir()
            if p.is_file()
            and not skipped(p.name)
            and (is_yaml_name(p.name) or is_crontab_name(p.name))
        )
        if len(listed) < 2:
            continue
        checked += 1
        given = [str(p) for p in reversed(listed)]
        report = lint(load_paths(given), LintSettings(now=NOW))
        ok = not any(f.level == "error" for f in report.findings)
        if ok != answer["ok"]:
            wrong.append(f"{root.name}: daemon {answer['error']!r}, lint ok={ok}\n{_shown(root)}")
    assert checked > 50
    assert not wrong, f"{len(wrong)} of {checked} disagree:\n\n" + "\n\n".join(wrong[:10])
