"""Real-world inputs get the right verdict and hint (tests/data/real-world/).

Expressions (classic crontab lines, Quartz and Spring pastes) are listed in
`expressions.tsv` with the verdict each must get; crontabs from Debian
packages and public projects, copies of /etc/cron.d and YAML files of other
tools are pinned below, file by file. Every expected verdict was worked out
by hand from the dialect (docs/dialect.md) and the other tool's manual.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from cronstable_cli.analysis.lint import LintSettings, lint
from cronstable_cli.loaders import LoadResult, load_paths
from cronstable_cli.records import Job, SourceLocation

from . import helpers as cli

CORPUS = Path(__file__).resolve().parents[1] / "data" / "real-world"
NOW = datetime(2026, 12, 1, tzinfo=timezone.utc)
START = "2026-12-01T00:00:00Z"


def _expressions() -> list[tuple[str, str, str]]:
    rows = []
    for line in (CORPUS / "expressions.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        expr, verdict, words = [*line.split("\t"), ""][:3]
        rows.append((expr, verdict, words))
    return rows


EXPRESSIONS = _expressions()


def _verdict(expr: str) -> list[tuple[str, str, str]]:
    """(code, level, message) of every finding for a job with this schedule."""
    where = SourceLocation("jobs.yaml", 4, 15)
    job = Job(
        name="job",
        schedule=expr,
        location=SourceLocation("jobs.yaml", 2, 5),
        schedule_location=where,
    )
    report = lint(LoadResult(jobs=(job,), findings=(), files=("jobs.yaml",)), LintSettings(now=NOW))
    return [(f.code, f.level, f.message) for f in report.findings]


def test_the_corpus_is_not_empty() -> None:
    assert len(EXPRESSIONS) >= 40
    assert {v for _, v, _ in EXPRESSIONS} >= {
        "ok",
        "invalid-schedule",
        "seconds-first-six-fields",
        "quartz-weekday-number",
    }


@pytest.mark.parametrize(
    ("expr", "verdict", "words"), EXPRESSIONS, ids=[row[0] for row in EXPRESSIONS]
)
def test_expression_verdict(expr: str, verdict: str, words: str) -> None:
    found = _verdict(expr)
    if verdict == "ok":
        assert [(c, lv) for c, lv, _ in found if lv != "note"] == []
        return
    messages = [m for c, _, m in found if c == verdict]
    assert messages, f"{expr!r}: expected {verdict}, got {[c for c, _, _ in found]}"
    assert any(words in m for m in messages), messages


# file | lint options | (code, level, line) of every finding | words of the first message
FILES = [
    pytest.param("crontabs/nextcloud.crontab", [], [], "", id="nextcloud"),
    pytest.param("crontabs/homelab.crontab", [], [], "", id="homelab-with-reboot"),
    pytest.param(
        "crontabs/debian-etc-crontab",
        ["--system-crontab"],
        [],
        "",
        id="debian-etc-crontab-as-system",
    ),
    pytest.param(
        "crontabs/debian-etc-crontab",
        [],
        [("likely-user-column", "warning", n) for n in (19, 20, 21, 22)],
        "--system-crontab",
        id="debian-etc-crontab-as-user-crontab",
    ),
    pytest.param(
        "crontabs/first-saturday.crontab",
        [],
        [("day-fields-both-restricted", "warning", 3)],
        "Vixie cron fires on days matching either",
        id="first-saturday-idiom",
    ),
    pytest.param(
        "crontabs/dated-backup.crontab",
        [],
        [("invalid-config", "error", 2)],
        "write '\\%' for a literal percent sign",
        id="bare-percent-in-date",
    ),
    pytest.param(
        "crontabs/six-fields.crontab",
        [],
        [("command-looks-like-field", "warning", 2)],
        "runs '* /opt/app/bin/poll-queue' on `*/6 * * * *`",
        id="six-field-paste",
    ),
    pytest.param(
        "crontabs/night-window.crontab",
        [],
        [("invalid-schedule", "error", 2)],
        "write it as 22-23,0-2",
        id="backwards-night-window",
    ),
    pytest.param("cron.d", ["--system-crontab"], [], "", id="debian-cron-d-copy"),
    pytest.param(
        "yaml/spring-paste.yaml",
        [],
        [("seconds-first-six-fields", "warning", 5), ("quartz-weekday-number", "warning", 9)],
        "where it means every 5 minutes",
        id="spring-and-quartz-pastes",
    ),
    pytest.param(
        "yaml/unquoted-schedule.yaml",
        [],
        [("invalid-config", "error", 4)],
        'quote the schedule: schedule: "*/5 * * * *"',
        id="unquoted-schedule",
    ),
    pytest.param(
        "yaml/docker-compose.yml",
        [],
        [("invalid-config", "error", 9)],
        "(this looks like a Docker Compose file)",
        id="compose",
    ),
    pytest.param(
        "yaml/cronjob.yaml",
        [],
        [("invalid-config", "error", 1)],
        "(this looks like a Kubernetes CronJob manifest)",
        id="k8s-cronjob",
    ),
    pytest.param(
        "yaml/k8s-deployment.yaml",
        [],
        [("invalid-config", "error", 2)],
        "(this looks like a Kubernetes manifest)",
        id="k8s-deployment",
    ),
    pytest.param(
        "yaml/nightly.yml",
        [],
        [("invalid-config", "error", 3)],
        "(this looks like a GitHub Actions workflow)",
        id="github-workflow",
    ),
    pytest.param(
        "yaml/openapi.yaml",
        [],
        [("invalid-config", "error", 1)],
        "(this looks like an OpenAPI document)",
        id="openapi",
    ),
    pytest.param(
        "yaml/.gitlab-ci.yml",
        [],
        [("invalid-config", "error", 1)],
        "(this looks like a GitLab CI configuration)",
        id="gitlab-ci",
    ),
    pytest.param(
        "yaml/playbook.yml",
        [],
        [("invalid-config", "error", 1)],
        "(this looks like an Ansible playbook)",
        id="ansible",
    ),
]


@pytest.mark.parametrize(("name", "options", "expected", "words"), FILES)
def test_file_verdict(
    capsys: pytest.CaptureFixture[str],
    name: str,
    options: list[str],
    expected: list[tuple[str, str, int]],
    words: str,
) -> None:
    code, out, err = cli.run(
        capsys, "lint", str(CORPUS / name), *options, "--from", START, "--format", "json"
    )
    doc = json.loads(out)
    found = [(f["code"], f["level"], f["line"]) for f in doc["findings"]]
    assert found == expected, err
    if words:
        assert words in doc["findings"][0]["message"]
    failing = any(level in ("error", "warning") for _, level, _ in expected)
    assert code == (1 if failing else 0)


def test_cron_d_copy_reads_every_package_file() -> None:
    result = load_paths([str(CORPUS / "cron.d")], system_crontab=True)
    assert [(j.name, j.user) for j in result.jobs] == [
        ("certbot:17", "root"),
        ("e2scrub_all:1", "root"),
        ("e2scrub_all:2", "root"),
        ("mdadm:12", "root"),
        ("php:14", "root"),
        ("popularity-contest:3", "root"),
        ("sysstat:6", "root"),
        ("sysstat:9", "root"),
    ]
    # mdadm's `date +\%d` is an escaped percent: a literal % in the command.
    mdadm = next(j for j in result.jobs if j.name == "mdadm:12")
    assert "$(date +%d)" in mdadm.command
