"""The pure pieces on inputs the corpus lacks: wide characters, odd schedules, zones.

Expected values are worked out by hand (UTF-16 lengths, calendar dates).
"""

from __future__ import annotations

from datetime import datetime, timezone

from cronstable_cli.lsp.diagnostics import diagnostics, finding_range, related_places
from cronstable_cli.lsp.hover import hover
from cronstable_cli.lsp.inlay_hints import inlay_hints
from cronstable_cli.lsp.positions import position, token_range, units
from cronstable_cli.lsp.session import Session, load_settings
from cronstable_cli.records import Finding, SourceLocation

NOW = datetime(2026, 12, 1, tzinfo=timezone.utc)


def test_columns_count_utf16_units() -> None:
    line = "  - name: 🕐 café  # x"
    # "  - name: " is 10 units, the clock is 2 (a surrogate pair), the space 1.
    assert units(line, 10) == 10
    assert units(line, 11) == 12
    assert units(line, 12) == 13
    assert position([line], 1, 13).character == 13  # 'c' of café: index 12, 10 + 2 + 1 units
    assert position([line], 5, 3).line == 0  # past the end: the last line, its start
    assert position([], 0, 0).line == 0
    r = token_range([line], 1, 13, None)
    assert (r.start.character, r.end.character) == (13, 17)  # "café"
    whole = token_range([line + "\r"], 1, 0, None)
    assert (whole.start.character, whole.end.character) == (0, units(line, len(line)))
    # A client that negotiated UTF-8 counts bytes (the clock is 4, é 2), UTF-32 characters.
    assert units(line, 12, "utf-8") == 15 and units(line, 16, "utf-8") == 20
    assert units(line, 16, "utf-32") == 16
    assert token_range([line], 1, 13, None, "utf-8").end.character == 20
    nowhere = token_range([line], 3, 1, None)
    assert nowhere.start == nowhere.end


def test_a_schedule_finding_covers_the_schedule_quoted_or_not() -> None:
    lines = ['    schedule: "*/7 * * * *"  # note', "*/7 * * * * /bin/x"]
    quoted = Finding(
        "uneven-step", "warning", "m", SourceLocation("f", 1, 15), schedule="*/7 * * * *"
    )
    assert (
        finding_range(quoted, lines).start.character,
        finding_range(quoted, lines).end.character,
    ) == (14, 27)
    bare = Finding("uneven-step", "warning", "m", SourceLocation("f", 2, 1), schedule="*/7 * * * *")
    assert finding_range(bare, lines).end.character == 11


def test_related_places_of_a_cycle_and_a_duplicate() -> None:
    cycle = Finding(
        "include-cycle", "error",
        "include cycle: a.yaml -> b.yaml -> c.yaml -> a.yaml; a file cannot include itself",
        SourceLocation("a.yaml", 2, 5),
    )  # fmt: skip
    assert [p.file for p, _ in related_places(cycle, lambda n: [])] == ["b.yaml", "c.yaml"]
    dup = Finding("duplicate-job-name", "error", "m", SourceLocation("b.yaml", 3, 5), job="x")
    here, there = SourceLocation("b.yaml", 3, 5), SourceLocation("a.yaml", 7, 5)
    places = related_places(dup, lambda n: [here, there] if n == "x" else [])
    assert [p for p, _ in places] == [there]
    other = ["", "", "", "", "", "", "  - name: x"]
    out = diagnostics(
        [dup],
        "a\nb\n  - name: x\n",
        related=lambda f: places,
        lines_of=lambda p: other,
        uri_of=lambda p: "file:///w/" + p,
    )
    info = out[0].related_information
    assert info is not None and info[0].location.uri == "file:///w/a.yaml"
    assert info[0].location.range.start.line == 6
    unrelated = Finding("never-fires", "warning", "m", SourceLocation("a.yaml", 1, 1))
    assert related_places(unrelated, lambda n: []) == []


def opened(tmp_path, monkeypatch, name: str, text: str):  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    session = Session(load_settings(isolated=True, now=NOW))
    session.open(name, text)
    return session


def test_hovers_on_schedules_that_cannot_fire_normally(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    text = (
        "jobs:\n"
        "  - name: feb30\n    command: x\n    schedule: '0 0 30 2 *'\n"
        "  - name: boot\n    command: x\n    schedule: '@reboot'\n"
        "  - name: off\n    command: x\n    enabled: false\n    schedule: '0 1 * * *'\n"
        "  - name: bad\n    command: x\n    timezone: Mars/Base\n    schedule: '0 1 * * *'\n"
        "    timezone: UTC\n"
    )
    session = opened(tmp_path, monkeypatch, "j.yaml", text)
    jobs = session.jobs("j.yaml")

    def at(line: int) -> str:
        shown = hover(text, jobs, [], line, NOW)
        return "" if shown is None else shown.contents.value  # type: ignore[union-attr]

    assert "Never fires" in at(3)  # February 30th
    assert "once each time the daemon starts" in at(6) or "@reboot" in at(6)
    assert "Disabled" in at(10) and "1. Tue 2026-12-01 01:00:00+00:00" in at(10)
    assert "Mars/Base" in at(13)  # the zone hover names the unknown zone
    assert "No change of offset" in at(15)  # UTC never changes


def test_inlay_hints_of_a_crontab(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    text = "H 3 * * * /bin/nightly\n@reboot /bin/up\n0 0 30 2 * /bin/never\n"
    session = opened(tmp_path, monkeypatch, "x.crontab", text)
    hints = inlay_hints(text, session.jobs("x.crontab"), 0, 10, NOW)
    by_line = {h.position.line: (h.position.character, h.label) for h in hints}
    # After the five fields of line 1 (9 characters); @reboot has no clock fire, no hint.
    assert by_line[0][0] == 9 and str(by_line[0][1]).startswith("→ ")
    assert 1 not in by_line
    assert by_line[2][1] == "never fires"


def test_hover_on_a_dag_schedule(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    text = (
        "state:\n  path: /var/lib/cronstable\n"
        'dags:\n  - name: etl\n    schedule: "H 2 * * *"\n    timezone: Europe/Berlin\n'
        "    tasks:\n      - id: extract\n        command: extract.sh\n"
    )
    session = opened(tmp_path, monkeypatch, "dags.yaml", text)
    shown = hover(text, session.jobs("dags.yaml"), [], 4, NOW)
    assert shown is not None
    value = shown.contents.value  # type: ignore[union-attr]
    # A DAG is the job `dag:etl`: its H is keyed by that name (the daemon's hash).
    from cronstable_cli.engine.daemon_hash import hash_value

    minute = hash_value("minute", "dag:etl") % 60
    assert f"`{minute} 2 * * *`" in value and "`dag:etl`" in value and "Europe/Berlin" in value


def test_hover_on_cron_tz(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    text = "CRON_TZ=America/New_York\n30 2 * * * /bin/x\n"
    session = opened(tmp_path, monkeypatch, "tz.crontab", text)
    shown = hover(text, session.jobs("tz.crontab"), [], 0, NOW)
    assert shown is not None
    value = shown.contents.value  # type: ignore[union-attr]
    # December in New York: EST, -05:00; clocks go forward on 2027-03-14 at 07:00 UTC.
    assert "now UTC-05:00 (EST)" in value
    assert "forward 1 h at 2027-03-14 07:00 UTC" in value
    entry = hover(text, session.jobs("tz.crontab"), [], 1, NOW)
    assert entry is not None and "America/New_York" in entry.contents.value  # type: ignore[union-attr]


def test_findings_and_jobs_group_by_file_key_worked_out_once_per_file(  # type: ignore[no-untyped-def]
    tmp_path, monkeypatch
) -> None:
    from cronstable_cli.lsp import session as session_module

    monkeypatch.chdir(tmp_path)
    asked: list[str] = []
    real = session_module.document_key

    def counting(path: str) -> str:
        asked.append(path)
        return real(path)

    monkeypatch.setattr(session_module, "document_key", counting)
    inside, outside = str(tmp_path / "a.yaml"), "/elsewhere/b.yaml"
    places = [inside, "a.yaml", outside, inside, "", outside, "a.yaml"]
    found = [
        Finding("X", "warning", f"m{i}", SourceLocation(p, i + 1, 1)) for i, p in enumerate(places)
    ]
    grouped = session_module._by_file(found, ["c.yaml"])
    # The absolute and the relative name of one file share a key; a file outside the
    # working directory keeps its absolute name; a finding without a file is left out.
    assert {k: [f.message for f in v] for k, v in grouped.items()} == {
        "c.yaml": [],
        "a.yaml": ["m0", "m1", "m3", "m6"],
        outside: ["m2", "m5"],
    }
    assert sorted(asked) == sorted({inside, "a.yaml", outside})
    asked.clear()
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    # The next grouping works the keys out afresh: the working directory changed, and
    # a.yaml is now outside it.
    assert set(session_module._by_file(found[:1], [])) == {inside}
    assert asked == [inside]
