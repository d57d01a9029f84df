"""The `--format json` documents of docs/json.md, built from results made by hand."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any, Literal
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.analysis.inventory import Inventory, InventoryRow
from cronstable_cli.analysis.lint import RULES
from cronstable_cli.analysis.owners import Balance, Move, OwnersResult
from cronstable_cli.analysis.placement import Election, Placement
from cronstable_cli.analysis.preview import Preview
from cronstable_cli.analysis.stagger import StaggerResult
from cronstable_cli.formats.json_out import (
    jobs_json,
    lint_json,
    owners_json,
    preview_json,
    rules_json,
    stagger_json,
)
from cronstable_cli.records import Finding, Job, SourceLocation
from cronstable_cli.safe_text import valid_unicode

from ..analysis.lint_cases import FILE, make_job, run
from ..analysis.test_stagger import FIXED
from ..cli.helpers import FINDING_KEYS


def test_document_shape() -> None:
    report = run(make_job("H/7 * * * *", name="poll"))
    doc = json.loads(lint_json(report))
    assert list(doc) == ["version", "files", "jobs", "findings", "summary"]
    assert doc["version"] == 1
    assert doc["files"] == [FILE]
    assert doc["jobs"] == 1
    assert doc["summary"] == {"error": 0, "warning": 1, "note": 1}
    first = doc["findings"][0]
    assert list(first) == [*FINDING_KEYS, "fingerprint"]  # lint's findings name their baseline id
    assert first["code"] == "uneven-step" and first["job"] == "poll"
    assert (first["file"], first["line"], first["column"]) == (FILE, 4, 1)
    assert first["schedule"] == "H/7 * * * *"
    assert first["resolved"] != first["schedule"]


def test_findings_without_a_job_or_position() -> None:
    loose = Finding("unreadable-file", "error", "cannot read x.yaml", SourceLocation("x.yaml"))
    doc = json.loads(lint_json(run(findings=(loose,))))
    (only,) = doc["findings"]
    assert only["job"] is None and only["schedule"] is None and only["resolved"] is None
    assert (only["line"], only["column"]) == (0, 0)


def test_clean_report() -> None:
    doc = json.loads(lint_json(run(make_job("0 2 * * *"))))
    assert doc["findings"] == []
    assert doc["summary"] == {"error": 0, "warning": 0, "note": 0}


def test_rules_listing() -> None:
    doc = json.loads(rules_json(RULES))
    assert doc["version"] == 1
    assert [r["code"] for r in doc["rules"]] == [r.code for r in RULES]
    assert {"code", "level", "summary", "explanation", "doc"} <= set(doc["rules"][0])


# --- documents built from hand-made results: the builder reads fields, adds nothing ---


def owners_placement(down: tuple[str, ...]) -> Placement:
    """Three nodes, two jobs, a single leader; `b` down or not (values set by hand)."""
    moves = (Move("j1", "b", "a"),) if down else ()
    live = tuple(n for n in ("a", "b", "c") if n not in down)
    result = OwnersResult(
        hash="sha256",
        nodes=("a", "b", "c"),
        live=live,
        down=down,
        quorum=True,
        majority=2,
        quorum_met=True,
        owners={"j1": "a", "j2": None},
        ranking={"j1": live, "j2": live},
        counts=dict.fromkeys(live, 1),
        moves=moves,
        unexpected_moves=(),
        balance=Balance(min=1, max=1, ideal=1.0, stdev=0.0),
    )
    election = Election(True, "single-leader", "gossip", "cronstable.yaml")
    return Placement(
        result,
        election,
        {"j1": "Leader", "j2": "EveryNode"},
        {"j1": ("a",), "j2": live},
        (),
    )


def owners_doc(down: tuple[str, ...]) -> dict[str, Any]:
    text = owners_json(
        owners_placement(down), nodes_from="--nodes", notes=["n"], disabled=3, errors=[]
    )
    doc: dict[str, Any] = json.loads(text)
    return doc


def test_owners_document_without_down_nodes() -> None:
    doc = owners_doc(())
    assert list(doc) == [
        "version",
        "hash",
        "nodes",
        "live",
        "owners",
        "ranking",
        "counts",
        "quorum",
        "balance",
        "election",
        "policy",
        "runs_on",
        "nodes_from",
        "notes",
        "disabled",
        "errors",
    ]
    assert doc["owners"] == {"j1": "a", "j2": None}
    assert doc["ranking"] == {"j1": ["a", "b", "c"], "j2": ["a", "b", "c"]}
    assert doc["quorum"] == {"required": True, "majority": 2, "met": True}
    assert doc["balance"] == {"min": 1, "max": 1, "ideal": 1.0, "stdev": 0.0}
    assert doc["election"] == {
        "elect_leader": True,
        "distribution": "single-leader",
        "backend": "gossip",
        "from": "cronstable.yaml",
    }
    assert doc["runs_on"] == {"j1": ["a"], "j2": ["a", "b", "c"]}
    assert (doc["nodes_from"], doc["notes"], doc["disabled"]) == ("--nodes", ["n"], 3)


def test_owners_document_with_a_node_down() -> None:
    doc = owners_doc(("b",))
    assert list(doc)[7:10] == ["down", "moves", "quorum"]
    assert doc["down"] == ["b"]
    assert doc["moves"] == [{"job": "j1", "from": "b", "to": "a"}]
    assert doc["stopped"] == []
    assert list(doc).index("stopped") == list(doc).index("runs_on") + 1


def test_stagger_document() -> None:
    # FIXED: two sources in 20 minutes from 23:50, the second past midnight.
    assert json.loads(stagger_json(FIXED)) == {
        "version": 1,
        "window_start": "23:50",
        "window_minutes": 20,
        "offsets": {"db-01": 5, "db-02": 727},
        "starts": {"db-01": "23:50:05", "db-02": "00:02:07"},
        "gaps": {"min": 722, "q1": 722.0, "median": 722.0, "q3": 722.0, "max": 722},
        "buckets": [1, 0, 1, 0],
        "bucket_minutes": 5,
        "wraps_midnight": True,
    }


def test_stagger_document_without_gaps() -> None:
    result = StaggerResult("02:00", 50, {"only": 7}, {"only": "02:00:07"}, None, (1,) * 10, False)
    assert json.loads(stagger_json(result))["gaps"] is None


UTC = timezone.utc
FIRES = (datetime(2027, 3, 14, 3, 30, tzinfo=UTC), datetime(2027, 3, 15, 2, 30, tzinfo=UTC))


def test_preview_document_keeps_optional_keys_out() -> None:
    plain = Preview("e", "r", "d", "UTC", datetime(2027, 3, 14, tzinfo=UTC), FIRES)
    doc = json.loads(preview_json(plain))
    assert list(doc) == [
        "version",
        "expression",
        "resolved",
        "description",
        "timezone",
        "job",
        "from",
        "fires",
        "never_fires",
        "findings",
    ]
    assert doc["from"] == "2027-03-14T00:00:00+00:00"
    assert doc["fires"] == ["2027-03-14T03:30:00+00:00", "2027-03-15T02:30:00+00:00"]
    assert doc["never_fires"] is False


def test_preview_document_with_shifted_fires_and_jitter() -> None:
    start = datetime(2027, 3, 14, tzinfo=UTC)
    after = tuple(f.replace(second=9) for f in FIRES)
    shifted = Preview(
        "e",
        "r",
        "d",
        "UTC",
        start,
        FIRES,
        jitter_seconds=60,
        fire_after=after,
        shifted=(True, False),
    )
    doc = json.loads(preview_json(shifted))
    assert list(doc)[-3:] == ["shifted", "jitter_seconds", "fire_after"]
    assert doc["shifted"] == ["2027-03-14T03:30:00+00:00"]
    assert doc["jitter_seconds"] == 60
    assert doc["fire_after"] == ["2027-03-14T03:30:09+00:00", "2027-03-15T02:30:09+00:00"]
    reboot = json.loads(
        preview_json(Preview("@reboot", "@reboot", "d", "UTC", start, (), reboot=True))
    )
    assert (reboot["never_fires"], reboot["reboot"]) == (False, True)


JOB_TEXT = st.text(max_size=12)  # any code point: quotes, controls, non-ASCII, surrogates


@settings(max_examples=150)
@given(
    name=JOB_TEXT,
    file=JOB_TEXT,
    line=st.integers(min_value=0, max_value=10**9),
    schedule=JOB_TEXT,
    resolved=st.none() | JOB_TEXT,
    zone=st.none() | st.sampled_from(["Europe/Berlin", "Asia/Tokyo"]),
    enabled=st.booleans(),
    kind=st.sampled_from(["yaml", "dag", "crontab"]),
    hour=st.none() | st.integers(min_value=0, max_value=23),
)
def test_jobs_rows_are_what_json_writes_for_each_row(
    name: str,
    file: str,
    line: int,
    schedule: str,
    resolved: str | None,
    zone: str | None,
    enabled: bool,
    kind: Literal["yaml", "dag", "crontab"],
    hour: int | None,
) -> None:
    # The rows are written without a dict per row; each line must be exactly what the
    # json module writes for that row's object (docs/json.md), twice in a row (the
    # second row reads the remembered texts).
    job = Job(
        name=name,
        schedule=schedule,
        location=SourceLocation(file, line, 1),
        schedule_location=SourceLocation(file, line, 5),
        timezone=zone,
        enabled=enabled,
        kind=kind,
    )
    at = None if hour is None else datetime(2026, 1, 5, hour, tzinfo=ZoneInfo("Asia/Tokyo"))
    row = InventoryRow(job, resolved, at, False)
    document = jobs_json(Inventory((row, row), (file,), (), 2))
    expected = json.dumps(
        {
            "name": name,
            "kind": {"yaml": "job", "dag": "dag", "crontab": "crontab"}[kind],
            "file": file,
            "line": line,
            "schedule": schedule,
            "resolved": resolved,
            "timezone": zone or "UTC",
            "enabled": enabled,
            "next": None if at is None else at.isoformat(),
        },
        ensure_ascii=False,
        separators=(", ", ": "),
    )
    lines = document.split("\n")
    start = lines.index('  "jobs": [') + 1
    assert lines[start : start + 2] == [
        f"    {valid_unicode(expected)},",
        f"    {valid_unicode(expected)}",
    ]


def test_equal_instants_in_other_zones_keep_their_own_offsets() -> None:
    job = make_job("0 2 * * *")
    tokyo = datetime(2026, 1, 5, 9, tzinfo=ZoneInfo("Asia/Tokyo"))
    utc = tokyo.astimezone(timezone.utc)
    assert tokyo == utc  # the same instant: a cache keyed on it alone would mix them up
    rows = (
        InventoryRow(job, "0 2 * * *", tokyo, False),
        InventoryRow(job, "0 2 * * *", utc, False),
    )
    doc = json.loads(jobs_json(Inventory(rows, (FILE,), (), 2)))
    assert [j["next"] for j in doc["jobs"]] == [
        "2026-01-05T09:00:00+09:00",
        "2026-01-05T00:00:00+00:00",
    ]


def test_no_jobs_is_an_empty_list() -> None:
    doc = jobs_json(Inventory((), (FILE,), (), 0))
    assert '  "jobs": [],' in doc.split("\n")
    assert json.loads(doc)["jobs"] == []


_TEXT = st.text(max_size=12)  # any code point: quotes, backslashes, controls, surrogates
_OPTIONAL = st.none() | _TEXT


@st.composite
def _findings(draw: st.DrawFn) -> Finding:
    from cronstable_cli.records import Edit, Fix

    location = draw(
        st.none() | st.builds(SourceLocation, _TEXT, st.integers(0, 10**6), st.integers(0, 10**4))
    )
    fix = draw(
        st.none()
        | st.builds(
            Fix,
            _TEXT,
            st.lists(
                st.builds(Edit, st.integers(1, 99), st.integers(1, 99), _TEXT, _TEXT), max_size=2
            ).map(tuple),
            st.booleans(),
        )
    )
    return Finding(
        code=draw(st.sampled_from([r.code for r in RULES])),
        level=draw(st.sampled_from(["error", "warning", "note"])),
        message=draw(_TEXT),
        location=location,
        job=draw(_OPTIONAL),
        schedule=draw(_OPTIONAL),
        resolved=draw(_OPTIONAL),
        fix=fix,
    )


@given(st.lists(_findings(), max_size=6), st.none() | st.text("0123456789abcdef", max_size=8))
@settings(max_examples=300)
def test_a_finding_written_directly_is_its_dict_as_json_writes_it(
    findings: list[Finding], fingerprint: str | None
) -> None:
    """lint writes each finding's object without making the dict: the same text as the
    dict of docs/json.md through the document's encoder, key for key."""
    from cronstable_cli.formats.json_out import finding_dict, finding_text
    from cronstable_cli.formats.jsondoc import compact, string_writer

    text = string_writer()  # shared across findings, as lint shares it
    for finding in findings:
        expected = finding_dict(finding)
        if fingerprint is not None:
            expected["fingerprint"] = fingerprint
        assert finding_text(finding, text, fingerprint) == compact(expected)
