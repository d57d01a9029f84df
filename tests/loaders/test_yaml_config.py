"""YAML configs: schedule maps, keys, defaults, includes, top-level shape, positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from cronstable_cli.loaders import LoadResult, load_paths


def load(tmp_path: Path, text: str, name: str = "jobs.yaml") -> LoadResult:
    path = tmp_path / name
    path.write_text(text)
    return load_paths([str(path)])


def job_yaml(extra: str = "", schedule: str = "'0 1 * * *'", name: str = "a") -> str:
    return f"jobs:\n  - name: {name}\n    command: /bin/x\n    schedule: {schedule}\n{extra}"


def codes(result: LoadResult) -> list[tuple[str, int, int]]:
    return [(f.code, f.line, f.column) for f in result.findings]


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"minute": "0", "hour": "4"}, "0 4 * * *"),
        ({"dayOfWeek": "mon-fri", "hour": "9"}, "* 9 * * mon-fri"),
        ({"minute": "0", "year": "2030"}, "0 * * * * 2030"),
        ({"second": "*/15"}, "*/15 * * * * * *"),
        ({"second": "0", "minute": "5", "year": "2031"}, "0 5 * * * * 2031"),
        ({"month": "jan", "dayOfMonth": "L"}, "* * L jan *"),
    ],
    ids=["5-fields", "order", "year-only", "second", "second-and-year", "names"],
)
def test_map_schedules_are_lowered(tmp_path: Path, fields: dict[str, str], expected: str) -> None:
    lines = "".join(f"      {k}: '{v}'\n" for k, v in fields.items())
    result = load(tmp_path, job_yaml(schedule="\n" + lines.rstrip("\n")))
    assert result.findings == ()
    (job,) = result.jobs
    assert job.schedule == expected
    assert (job.schedule_location.line, job.schedule_location.column) == (5, 7)


def test_unknown_schedule_field(tmp_path: Path) -> None:
    result = load(tmp_path, job_yaml(schedule="\n      minute: '0'\n      day_of_week: mon"))
    assert codes(result) == [("unknown-key", 6, 7)]
    assert "did you mean 'dayOfWeek'" in result.findings[0].message
    assert result.jobs == ()


def test_empty_schedule_field(tmp_path: Path) -> None:
    result = load(tmp_path, job_yaml(schedule="\n      minute:\n      hour: '1'"))
    assert [c for c, _, _ in codes(result)] == ["invalid-config"]


@pytest.mark.parametrize(
    ("key", "suggestion"),
    [("shedule", "schedule"), ("Timezone", "timezone"), ("working_directory", "workingDirectory"),
     ("concurrency_policy", "concurrencyPolicy"), ("zzz", None)],
)  # fmt: skip
def test_unknown_job_key_is_an_error_with_a_suggestion(
    tmp_path: Path, key: str, suggestion: str | None
) -> None:
    result = load(tmp_path, job_yaml(f"    {key}: value\n"))
    (finding,) = result.findings
    assert (finding.code, finding.level, finding.line, finding.column) == (
        "unknown-key",
        "error",
        5,
        5,
    )
    assert finding.job == "a"
    if suggestion:
        assert f"did you mean {suggestion!r}" in finding.message
    else:
        assert "did you mean" not in finding.message
    assert [j.name for j in result.jobs] == ["a"]  # still analysed


def test_every_key_of_the_daemon_schema_is_accepted() -> None:
    # The released daemon loads this file too (tests/daemon/test_differential.py).
    from cronstable_cli.loaders.schema.tables import JOB_COMMON

    path = Path(__file__).parents[1] / "data" / "loaders" / "daemon" / "every-key.yaml"
    result = load_paths([str(path)])
    assert result.findings == ()
    job, dag_job = result.jobs
    assert (dag_job.name, dag_job.kind) == ("dag:etl", "dag")
    text = path.read_text()
    # env_file names a file on the daemon's host: left out of a file it loads.
    assert [f.name for f in JOB_COMMON if f" {f.name}:" not in text] == ["env_file"]
    assert (job.name, job.schedule, job.timezone, job.utc) == (
        "everything", "H 2 * * *", "Europe/Berlin", False)  # fmt: skip


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ("    concurrencyPolicy: Sometimes\n", "one of Allow, Forbid, Replace"),
        ("    onMissed: maybe\n", "one of skip, run-once, run-all"),
        ("    saveLimit: 1.5\n", "'saveLimit' must be an integer"),
        ("    environment:\n      FOO: bar\n", "each a mapping with key, value"),
        ("    onFailure:\n      retry:\n        maximumRetries: 2\n", "missing required key"),
        ("    sla:\n      lateAfter: 5\n", "did you mean 'lateAfterSeconds'"),
        ("    failsWhen:\n      always: yes\n", "'producesStdout'"),
    ],
)
def test_nested_values_are_checked(tmp_path: Path, extra: str, words: str) -> None:
    result = load(tmp_path, job_yaml(extra))
    (finding,) = result.findings
    assert finding.level == "error" and finding.line >= 5
    assert words in finding.message


@pytest.mark.parametrize(
    ("extra", "column", "words"),
    [
        ("    utc: maybe\n", 10, "'utc' must be a boolean"),
        ("    enabled:\n      - no\n", 5, "'enabled' must be a boolean"),  # at the key
        ("    timezone:\n      name: UTC\n", 5, "'timezone' must be a string"),
    ],
)
def test_bad_values(tmp_path: Path, extra: str, column: int, words: str) -> None:
    result = load(tmp_path, job_yaml(extra))
    (finding,) = result.findings
    assert (finding.code, finding.column) == ("invalid-config", column)
    assert words in finding.message


@pytest.mark.parametrize(
    "value",
    ["yes", "Yes", "TRUE", "on", "1", "y", "no", "False", "OFF", "0", "n"],
)
def test_strictyaml_booleans(tmp_path: Path, value: str) -> None:
    result = load(tmp_path, job_yaml(f"    enabled: {value}\n"))
    assert result.findings == ()
    assert result.jobs[0].enabled is (value.lower() in {"yes", "true", "on", "1", "y"})


def test_name_and_command_shapes(tmp_path: Path) -> None:
    text = (
        "jobs:\n"
        "  - name:\n      first: x\n    command: /bin/x\n    schedule: '0 1 * * *'\n"
        "  - name: ''\n    command: /bin/x\n    schedule: '0 1 * * *'\n"
        "  - name: c\n    command:\n      a: b\n    schedule: '0 1 * * *'\n"
        "  - name: d\n    command:\n      - run\n      - k: v\n    schedule: '0 1 * * *'\n"
    )
    result = load(tmp_path, text)
    assert codes(result) == [
        ("invalid-config", 2, 5),  # a block where a string belongs: at its key
        ("empty-value", 6, 11),  # the daemon loads a job named '' (a warning)
        ("invalid-config", 10, 5),
        ("invalid-config", 16, 9),  # a list item: at the item
    ]
    assert [(j.name, j.command) for j in result.jobs] == [("", "/bin/x"), ("c", ""), ("d", "")]


def test_duplicate_names_across_files_at_the_second(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(job_yaml(name="same"))
    (tmp_path / "b.yaml").write_text(job_yaml(name="same"))
    result = load_paths([str(tmp_path)])
    (finding,) = result.findings
    assert (finding.code, finding.file, finding.line, finding.job) == (
        "duplicate-job-name",
        str(tmp_path / "b.yaml"),
        2,
        "same",
    )
    assert str(tmp_path / "a.yaml") + ":2:5" in finding.message
    assert len(result.jobs) == 2


def test_daemon_sections_are_checked_and_cluster_is_returned(tmp_path: Path) -> None:
    text = (
        "web:\n  listen:\n    - 127.0.0.1:8080\nlogging:\n  version: 1\n"
        "cluster:\n  nodeName: node-a\n  listen: 0.0.0.0:8900\n  tls:\n    ca: ca.pem\n"
        "    cert: a.pem\n    key: a.key\n  peers:\n    - host: node-b:8900\n"
        "state:\n  path: /var/lib/x\nmcp:\n" + job_yaml()
    )
    result = load(tmp_path, text)
    assert result.findings == ()
    assert result.cluster is not None
    assert (result.cluster["nodeName"], result.cluster["peers"]) == (
        "node-a", [{"host": "node-b:8900"}])  # fmt: skip
    assert result.cluster_file == str(tmp_path / "jobs.yaml")


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("web:\n  listen: ':8080'\n", 2, "'web.listen' must be a list"),
        ("state:\n  dir: /var/lib/x\n", 2, "unknown key 'dir' in state"),
        ("logging:\n  level: debug\n", 1, "missing required key(s) 'version'"),
        ("mcp: x\n", 1, "'mcp' must be empty or a mapping"),
        ("cluster:\n  backend: zookeeper\n", 2, "one of gossip, kubernetes"),
        ("cluster:\n  nodeName: a\n  peers:\n    - host: b:1\n", 1, "requires cluster.listen"),
        ("cluster:\n  backend: etcd\n  etcd:\n    ttl: 2\n", 4, "cluster.etcd.ttl must be >= 3"),
        ("pools:\n  db:\n    slots: 0\nstate:\n  path: /x\n", 3, "between 1 and 10000"),
        ("state:\n  path: ' '\n", 2, "state.path is required and must be non-empty"),
        ("state:\n  path: /x\n  gcGraceSeconds: 60\n", 3, "gcGraceSeconds"),
        ("state:\n  path: /x\n  jobApi:\n    listen: 10.0.0.1:80\n", 4, "not loopback"),
    ],
)
def test_daemon_section_errors(tmp_path: Path, text: str, line: int, words: str) -> None:
    result = load(tmp_path, text + job_yaml())
    assert {f.level for f in result.findings} == {"error"}
    assert [f for f in result.findings if f.line == line and words in f.message], result.findings


def test_unexpected_top_level_key_in_a_config(tmp_path: Path) -> None:
    result = load(tmp_path, job_yaml() + "job:\n  - name: typo\n")
    (finding,) = result.findings
    assert (finding.code, finding.line, finding.column) == ("invalid-config", 5, 1)
    assert "did you mean 'jobs'" in finding.message
    assert [j.name for j in result.jobs] == ["a"]


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("jobs:\n", 1, "'jobs' has no items"),
        ("jobs:\n  backup:\n    command: x\n", 1, "found a mapping"),
        ("jobs: nightly\n", 1, "found a string"),
        ("- a\n- b\n", 1, "not a cronstable config"),
        ("just text\n", 1, "not a cronstable config"),
        ("defaults:\n  - utc\n", 1, "'defaults' must be a mapping"),
        ("defaults:\n  name: x\n", 2, "cannot be set in defaults"),
        ("include:\n  nested: x\n", 1, "'include' takes a list of paths"),
    ],
)
def test_config_shape_errors(tmp_path: Path, text: str, line: int, words: str) -> None:
    result = load(tmp_path, text)
    (finding,) = result.findings
    assert (finding.code, finding.level, finding.line) == ("invalid-config", "error", line)
    assert words in finding.message


def test_an_empty_file_is_a_note(tmp_path: Path) -> None:
    result = load(tmp_path, "")
    assert [(f.code, f.level) for f in result.findings] == [("empty-config", "note")]
    assert result.jobs == ()


# The daemon refuses each of these "when expecting a mapping" (checked against it
# in tests/oracle/test_parity_generated.py).
@pytest.mark.parametrize(
    "text",
    ["\n\n", " ", "# only a comment\n", "# a\n\n# b", "---\n", "---\n# c\n", "\ufeff", "\r\n"],
)
def test_a_file_of_only_comments_blanks_or_dashes_is_refused(tmp_path: Path, text: str) -> None:
    result = load(tmp_path, text)
    (finding,) = result.findings
    assert (finding.code, finding.level, finding.line, finding.column) == (
        "invalid-config",
        "error",
        1,
        1,
    )
    assert "when expecting a mapping" in finding.message
    assert result.jobs == ()


def test_defaults_unknown_key_and_bad_zone_reported_once(tmp_path: Path) -> None:
    text = (
        "defaults:\n  timezone: Mars/Olympus\n  retries: 3\njobs:\n"
        "  - name: a\n    command: x\n    schedule: '0 1 * * *'\n"
        "  - name: b\n    command: x\n    schedule: '0 2 * * *'\n"
    )
    result = load(tmp_path, text)
    assert codes(result) == [("unknown-timezone", 2, 13), ("unknown-key", 3, 3)]
    assert [j.timezone for j in result.jobs] == ["Mars/Olympus", "Mars/Olympus"]


def test_defaults_precedence_through_includes(tmp_path: Path) -> None:
    (tmp_path / "_base.yaml").write_text(
        "defaults:\n  timezone: Asia/Tokyo\n  enabled: false\n  utc: false\n"
    )
    (tmp_path / "_zone.yaml").write_text(
        "defaults:\n  timezone: Europe/Paris\n" + job_yaml(name="from-zone")
    )
    (tmp_path / "main.yaml").write_text(
        "include:\n  - _base.yaml\n  - _zone.yaml\n"
        "defaults:\n  enabled: true\n"
        "jobs:\n"
        "  - name: own\n    command: x\n    schedule: '0 1 * * *'\n"
        "  - name: override\n    command: x\n    schedule: '0 1 * * *'\n    enabled: no\n"
    )
    result = load_paths([str(tmp_path / "main.yaml")])
    assert result.findings == ()
    jobs = {j.name: (j.zone, j.enabled, j.utc) for j in result.jobs}
    # Included jobs keep their own file's defaults; the includer's do not reach them.
    assert jobs["from-zone"] == ("Europe/Paris", True, True)
    # _base then _zone then main's own defaults, then the job's keys.
    assert jobs["own"] == ("Europe/Paris", True, False)
    assert jobs["override"] == ("Europe/Paris", False, False)
    assert [j.name for j in result.jobs] == ["from-zone", "own", "override"]


def test_a_single_include_path_is_refused_but_followed(tmp_path: Path) -> None:
    (tmp_path / "other.yaml").write_text(job_yaml(name="other"))
    result = load(tmp_path, "include: other.yaml\n" + job_yaml(name="main"))
    (finding,) = result.findings  # the daemon's Seq(Str()) refuses a scalar
    assert (finding.code, finding.line, finding.column) == ("invalid-config", 1, 10)
    assert "'include' must be a list of paths" in finding.message
    assert [j.name for j in result.jobs] == ["other", "main"]


def test_include_of_a_directory_and_a_file_loaded_once(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "one.yaml").write_text(job_yaml(name="one"))
    (shared / "two.crontab").write_text("0 1 * * * /bin/two\n")
    (tmp_path / "main.yaml").write_text("include:\n  - shared\n" + job_yaml(name="main"))
    result = load_paths([str(tmp_path / "main.yaml"), str(shared / "one.yaml")])
    # The daemon refuses a directory include ("Is a directory"); lint says so
    # and still analyses its files.
    (finding,) = result.findings
    assert (finding.code, finding.line, finding.column) == ("invalid-config", 2, 5)
    assert "is a directory" in finding.message
    assert [j.name for j in result.jobs] == ["one", "two.crontab:1", "main"]


def test_schedule_positions(tmp_path: Path) -> None:
    text = (
        "jobs:\n"
        "  - name: plain\n    command: x\n    schedule: 0 1 * * *\n"
        '  - name: quoted\n    command: x\n    schedule:   "0 2 * * *"\n'
        "  - name: block\n    command: x\n    schedule: >-\n      0 3 * * *\n"
    )
    result = load(tmp_path, text)
    where = [
        (j.schedule, j.schedule_location.line, j.schedule_location.column) for j in result.jobs
    ]
    assert where == [("0 1 * * *", 4, 15), ("0 2 * * *", 7, 18), ("0 3 * * *", 11, 7)]


def test_suppression_comments(tmp_path: Path) -> None:
    text = (
        "jobs:\n"
        "  # cronstable: ignore[never-fires, dst-skipped-time]\n"
        "  - name: above\n    command: x\n    schedule: '0 1 * * *'\n"
        "  - name: on-schedule\n    command: x\n    schedule: '0 1 * * *'  # cronstable: ignore\n"
        "  - name: not-a-comment-line\n    command: x # cronstable: ignore\n"
        "    schedule: '0 1 * * *'\n"
        "  - name: after\n    command: x\n    schedule: '0 1 * * *'\n"
    )
    result = load(tmp_path, text)
    assert [j.suppressed for j in result.jobs] == [
        frozenset({"never-fires", "dst-skipped-time"}),
        frozenset(),
        None,
        None,
    ]


def test_crlf_and_bom_yaml(tmp_path: Path) -> None:
    path = tmp_path / "win.yaml"
    path.write_bytes(("\ufeff" + job_yaml()).replace("\n", "\r\n").encode())
    result = load_paths([str(path)])
    assert result.findings == ()
    assert [(j.name, j.schedule) for j in result.jobs] == [("a", "0 1 * * *")]
