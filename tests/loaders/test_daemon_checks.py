"""The daemon's load-time checks, each at the key that breaks it (positions counted by hand).

Every case here is one the released daemon 1.2.72 refuses (or loads, for the
`fine` ones); tests/oracle/test_generated_configs.py holds the same rules to
the daemon itself on generated configs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cronstable_cli.loaders import load_paths
from cronstable_cli.loaders.schema.env_refs import expand_text

STATE = "state:\n  path: /var/lib/cronstable\n"
JOB = "jobs:\n  - name: a\n    command: x\n    schedule: '0 1 * * *'\n"  # keys from line 5


def errors(tmp_path: Path, text: str, **files: str) -> list[tuple[int, int, str]]:
    for name, body in files.items():
        (tmp_path / name).write_text(body)
    path = tmp_path / "c.yaml"
    path.write_text(text)
    result = load_paths([str(path)])
    return [(f.line, f.column, f.message) for f in result.findings if f.level == "error"]


JOB_CASES = [
        ("    catchupJitterSeconds: -5\n", 5, 5, "catchupJitterSeconds must be >= 0"),
        ("    startingDeadlineSeconds: 0\n", 5, 5, "startingDeadlineSeconds must be > 0"),
        ("    saveLimit: -1\n", 5, 5, "saveLimit must be >= 0"),
        ("    maxLineLength: 0\n", 5, 5, "maxLineLength must be > 0"),
        ("    killTimeout: nan\n", 5, 5, "killTimeout must be >= 0"),
        ("    executionTimeout: 0\n", 5, 5, "executionTimeout must be > 0"),
        ("    poolSlots: 2\n", 5, 5, "poolSlots needs pool"),
        ("    concurrencyScope: cluster\n", 5, 5, "no effect with concurrencyPolicy: Allow"),
        ("    monitorResources:\n      interval: 0.05\n", 6, 7, "interval must be >= 0.1"),
        ("    sla:\n      lateAfterSeconds: 0\n", 6, 7, "sla.lateAfterSeconds must be > 0"),
        ("    onLate:\n      report:\n        shell:\n          command: page\n", 5, 5,
         "onLate requires sla"),
        ("    onFailure:\n      retry:\n        maximumRetries: -2\n        initialDelay: 1\n"
         "        maximumDelay: 5\n        backoffMultiplier: 2\n", 7, 9,
         "maximumRetries must be >= -1"),
        ("    verify:\n      command: ''\n", 6, 7, "verify.command must be non-empty"),
        ("    resourceLimits:\n      memory: 10k\n", 6, 7, "resourceLimits.memory"),
        ("    resourceLimits:\n      cpu: lots\n", 6, 7, "cannot read 'lots'"),
        ("    onSuccess:\n      report:\n        mail:\n          from: a@x\n          to: b@x\n"
         "          tls: yes\n          starttls: yes\n", 11, 11, "both tls and starttls"),
        ("    onSuccess:\n      report:\n        eventlog:\n          enabled: yes\n"
         "          source: System\n", 9, 11, "names a Windows event LOG"),
        ("    schedule:\n      minute: '0 1'\n", 5, 15, "single cron field"),
]  # fmt: skip


@pytest.mark.parametrize(("extra", "line", "col", "words"), JOB_CASES)
def test_job_checks(tmp_path: Path, extra: str, line: int, col: int, words: str) -> None:
    text = JOB.replace("    schedule: '0 1 * * *'\n", "") if "schedule:" in extra else JOB
    found = errors(tmp_path, text + extra)
    assert [f for f in found if f[:2] == (line, col) and words in f[2]], found


def test_a_value_from_defaults_is_blamed_on_the_job_and_says_so(tmp_path: Path) -> None:
    (found,) = errors(tmp_path, "defaults:\n  catchupJitterSeconds: -1\n" + JOB)
    assert found[:2] == (4, 5)  # the job's `- name:` item
    assert "(the value comes from defaults)" in found[2]


def test_a_defaults_value_is_blamed_on_every_job_whatever_keys_the_job_sets(
    tmp_path: Path,
) -> None:
    # Jobs that set no checked key share their file's verdicts (found once); a job
    # that sets one (saveLimit) is checked on its own: both must say the same.
    text = (
        "defaults:\n  poolSlots: 2\njobs:\n"
        "  - name: a\n    command: x\n    schedule: '0 1 * * *'\n"  # line 4
        "  - name: b\n    command: x\n    schedule: '0 2 * * *'\n    saveLimit: 9\n"  # 7
        "  - name: c\n    command: x\n    schedule: '0 3 * * *'\n    enabled: no\n"  # 11
        "  - name: d\n    command: x\n    schedule: '0 4 * * *'\n    poolSlots: 3\n"  # 15
    )
    found = errors(tmp_path, text)
    words = "poolSlots needs pool (poolSlots, queuePriority and queueTimeout only apply"
    assert [(line, col, words in message) for line, col, message in found] == [
        (4, 5, True), (7, 5, True), (11, 5, True), (18, 5, True)
    ]  # fmt: skip
    assert [m.endswith("(the value comes from defaults)") for *_, m in found] == [
        True, True, True, False
    ]  # fmt: skip


class _Reads(dict):  # type: ignore[type-arg]
    """A job's data that records every top-level key read from it."""

    def __init__(self, data: dict[str, object], seen: set[str]) -> None:
        super().__init__(data)
        self.seen = seen

    def get(self, key: object, default: object = None) -> object:
        self.seen.add(str(key))
        return super().get(key, default)

    def __getitem__(self, key: object) -> object:
        self.seen.add(str(key))
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self.seen.add(str(key))
        return super().__contains__(key)


def test_the_job_checks_read_only_the_declared_keys() -> None:
    # The loader reuses a file's verdicts for every job setting none of
    # JOB_CHECKED_KEYS: that is right only while job_issues reads no other key.
    from cronstable_cli.loaders.schema.daemon_checks import (
        JOB_BASE,
        JOB_CHECKED_KEYS,
        job_issues,
        merge,
        uses_push,
    )
    from cronstable_cli.loaders.schema.tables import JOB

    report = {"push": {"enabled": True}, "mail": {"tls": True, "starttls": True}}
    variants: list[dict[str, object]] = [
        {},
        {"pool": "db", "poolSlots": 0, "queueTimeout": 0.0},
        {"pool": None, "poolSlots": 2, "queuePriority": 1, "queueTimeout": 5.0},
        {"verify": {"command": "", "timeout": 0.0}, "secrets": [{"name": "s"}]},
        {"resourceLimits": {"cpu": "lots", "memory": "1k", "processes": "0"}},
        {"monitorResources": {"interval": 0.0, "history": -1}, "sla": {"lateAfterSeconds": 0}},
        {"concurrencyScope": "cluster", "concurrencyPolicy": "Allow"},
        {"onLate": {"report": report}, "onFailure": {"retry": {"maximumRetries": -5},
                                                     "report": report}},
        {hook: {"report": report} for hook in ("onSuccess", "onPermanentFailure")},
    ]  # fmt: skip
    # Every key of the schema set, so a check reading any of them is seen reading it.
    every = {name: "x" for name in JOB.names}
    for variant in variants:
        for data in (merge(JOB_BASE, variant), merge(every, variant)):
            seen: set[str] = set()
            job_issues(_Reads(data, seen))
            uses_push(_Reads(data, seen))
            assert seen <= JOB_CHECKED_KEYS, seen - JOB_CHECKED_KEYS
            assert seen, "nothing recorded: the recorder no longer sees the reads"


CONFIG_CASES = [
        (JOB + "    pool: db\n", 5, 5, "unknown pool 'db'"),
        # From defaults, for a job that sets none of the checked keys itself: at the job.
        ("defaults:\n  pool: db\n" + JOB, 4, 5, "job 'a': unknown pool 'db'"),
        ("defaults:\n  concurrencyScope: cluster\n" + JOB, 4, 5, "requires a `state` section"),
        ("pools:\n  db:\n    slots: 2\n" + JOB + "    pool: db\n", 1, 1,
         "pools require durable state"),
        ("pools:\n  db:\n    slots: 2\n" + STATE + JOB + "    pool: dbb\n    poolSlots: 1\n", 10, 5,
         "did you mean 'db'"),
        ("pools:\n  db:\n    slots: 2\n" + STATE + JOB + "    pool: db\n    poolSlots: 3\n", 10, 5,
         "exceeds the capacity"),
        (JOB + "    secrets:\n      - name: t\n        value: s\n", 5, 5, "no `state` section"),
        (STATE + "  jobApi:\n    enabled: no\n" + JOB + "    secrets:\n      - name: t\n"
         "        value: s\n", 9, 5, "state.jobApi.enabled is false"),
        (STATE + JOB + "    secrets:\n      - name: t\n", 8, 9, "needs a value, fromFile or"),
        (JOB + "    concurrencyScope: cluster\n    concurrencyPolicy: Forbid\n", 5, 5,
         "requires a `state` section"),
        ("dags:\n  - name: d\n    tasks:\n      - id: t\n        command: x\n", 1, 1,
         "dags require a `state` section"),
        (STATE + "dags:\n  - name: d\n    retainRuns: 0\n    tasks:\n      - id: t\n"
         "        command: x\n", 5, 5, "retainRuns must be >= 1"),
        (STATE + "dags:\n  - name: d\n    tasks:\n      - id: t\n        retries: -1\n"
         "        command: x\n", 7, 9, "retries must be >= 0"),
        (STATE + "dags:\n  - name: d\n    tasks:\n      - id: t\n        type: sensor\n", 6, 9,
         "needs a command"),
        (STATE + "dags:\n  - name: d\n    tasks:\n      - id: t\n        type: approval\n"
         "        pool: db\n", 8, 9, "approval gate runs no process"),
        (STATE + "dags:\n  - name: d\n    tasks:\n      - id: t\n        command: x\n"
         "  - name: d\n    tasks:\n      - id: u\n        command: x\n", 8, 5,
         "duplicate dag name 'd'"),
        ("mcp:\n  enabled: yes\n" + JOB, 1, 1, "requires a `web` section"),
        ("web:\n  listen:\n    - 0.0.0.0:8080\nmcp:\n  enabled: yes\n" + JOB, 4, 1,
         "without authentication"),
        ("web:\n  listen:\n    - https://127.0.0.1:8443\n" + JOB, 2, 3, "no web.tls.cert"),
        (JOB + "    onFailure:\n      report:\n        push:\n          enabled: yes\n", 2, 5,
         "no `push:` section"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "line", "col", "words"), CONFIG_CASES)
def test_whole_config_checks(tmp_path: Path, text: str, line: int, col: int, words: str) -> None:
    found = errors(tmp_path, text)
    assert [f for f in found if f[:2] == (line, col) and words in f[2]], found


def test_sections_appear_once_per_config(tmp_path: Path) -> None:
    found = errors(tmp_path, "include:\n  - other.yaml\n" + STATE + JOB, **{"other.yaml": STATE})
    assert [(f[0], f[1]) for f in found] == [(3, 1)]  # the second one seen, in load order
    assert "a second 'state' section (the first is at" in found[0][2]


def test_pools_from_two_files_must_not_share_a_name(tmp_path: Path) -> None:
    pools = "pools:\n  db:\n    slots: 2\n"
    found = errors(tmp_path, "include:\n  - other.yaml\n" + pools + STATE + JOB,
                   **{"other.yaml": pools})  # fmt: skip
    assert [(f[0], f[1]) for f in found] == [(4, 3)]
    assert "duplicate pool 'db'" in found[0][2]


def test_a_valid_config_with_every_cross_section_feature_is_clean(tmp_path: Path) -> None:
    text = ("pools:\n  db:\n    slots: 2\n" + STATE + JOB
            + "    pool: db\n    poolSlots: 2\n    concurrencyScope: cluster\n"
            "    concurrencyPolicy: Replace\n    secrets:\n      - name: t\n        fromEnvVar: T\n"
            "    onLate:\n      report:\n        shell:\n          command: page\n"
            "    sla:\n      lateAfterSeconds: 60\n")  # fmt: skip
    assert errors(tmp_path, text) == []


@pytest.mark.parametrize(
    ("text", "expected", "unset"),
    [
        ("plain", "plain", []),
        ("${A}", None, ["A"]),  # left to the host, whatever lint's own environment holds
        ("x${A}y${B:-b}", None, ["A"]),
        ("${EMPTY:-d}", "d", []),  # the daemon's value on a host where EMPTY is unset
        ("$$A and $${A}", "$A and ${A}", []),
        ("$A ${ ${1x} ${A", "$A ${ ${1x} ${A", []),  # not references: left as written
        ("${NOPE:-}", "", []),
        ("${NOPE}", None, ["NOPE"]),
        ("${A:-${B}}", "${B}", []),  # the default ends at the first '}': `${B` then `}`
        ("${A}${B}", None, ["A", "B"]),
    ],
)
def test_env_references_are_read_without_the_environment(
    text: str, expected: str | None, unset: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("A", "1")
    monkeypatch.setenv("EMPTY", "")
    assert expand_text(text) == (expected, unset)


def test_a_reference_is_a_note_and_its_value_is_never_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CRONSTABLE_TEST_NOPE", raising=False)
    monkeypatch.setenv("CRONSTABLE_TEST_TZ", "Mars/Base-SECRET-VALUE")
    path = tmp_path / "c.yaml"
    path.write_text(
        "jobs:\n  - name: a\n    schedule: '0 1 * * *'\n"
        "    timezone: ${CRONSTABLE_TEST_NOPE}\n"
        "    workingDirectory: ${CRONSTABLE_TEST_NOPE:-/srv}\n"
        "    command: echo ${CRONSTABLE_TEST_NOPE}\n"
    )  # fmt: skip (a shell's ${})
    result = load_paths([str(path)])
    assert [(f.code, f.level, f.line, f.column) for f in result.findings] == [
        ("env-reference", "note", 4, 5)
    ]
    path.write_text(JOB + "    timezone: ${CRONSTABLE_TEST_TZ}\n")
    (finding,) = load_paths([str(path)]).findings  # set for lint, but never read
    assert finding.code == "env-reference" and "left to the host" in finding.message
    assert "SECRET" not in finding.message


def test_the_released_daemon_refuses_every_case_above(tmp_path: Path) -> None:
    """Each error case above is a refusal of the daemon itself; the clean one loads."""
    from tests.oracle.daemon import ask

    texts = [JOB.replace("    schedule: '0 1 * * *'\n", "") + extra if "schedule:" in extra
             else JOB + extra for extra, *_ in JOB_CASES]  # fmt: skip
    texts += [text for text, *_ in CONFIG_CASES]
    cases = []
    for number, text in enumerate(texts):
        root = tmp_path / f"case{number}"
        root.mkdir()
        (root / "c.yaml").write_text(text)
        cases.append({"root": str(root), "entry": "c.yaml"})
    answers = ask("load", cases)
    assert [a["error"] for a in answers if a["ok"]] == []


def test_include_paths_use_defaults_and_leave_references_to_the_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CRONSTABLE_TEST_NOPE", raising=False)
    monkeypatch.setenv("CRONSTABLE_TEST_DIR", "sub")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.yaml").write_text(JOB.replace("name: a", "name: b"))
    (tmp_path / "c.yaml").write_text(JOB.replace("name: a", "name: c"))
    path = tmp_path / "main.yaml"
    path.write_text("include:\n  - ${CRONSTABLE_TEST_DIR}/b.yaml\n"
                    "  - ${CRONSTABLE_TEST_NOPE:-.}/c.yaml\n"
                    "  - ${CRONSTABLE_TEST_NOPE}/d.yaml\n" + JOB)  # fmt: skip
    result = load_paths([str(path)])
    assert [j.name for j in result.jobs] == ["c", "a"]
    assert [(f.code, f.line) for f in result.findings] == [
        ("env-reference", 2),
        ("env-reference", 4),
    ]


def test_jobs_with_the_same_checked_values_share_a_verdict_each_at_its_own_key(
    tmp_path: Path,
) -> None:
    # The job checks' verdicts are remembered per set of checked values (JobBase):
    # equal values give each job the finding at its own key, other values their own.
    job = "  - name: {n}\n    command: x\n    schedule: '0 1 * * *'\n    poolSlots: {slots}\n"
    text = "jobs:\n" + "".join(
        job.format(n=n, slots=slots) for n, slots in (("a", 0), ("b", 1), ("c", 0), ("d", 0.5))
    )
    found = errors(tmp_path, text)
    assert [(line, col) for line, col, message in found if "poolSlots must be >= 1" in message] == [
        (5, 5),
        (13, 5),
    ]
    assert [line for line, _, message in found if "needs pool" in message] == [5, 13]
