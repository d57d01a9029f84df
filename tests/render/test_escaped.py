"""`escaped()`: every string of a result shown safely, unchanged parts shared.

Large results (100,000 job names, rankings) skip the item-by-item walk when all
their text is safe; these tests hold the shortcut to the plain rule: each string
becomes `shown()` of itself (cut in the middle past DISPLAY_LIMIT), nothing else
changes, and a container with nothing to change is the same object.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cronstable_cli.safe_text import DISPLAY_LIMIT, escaped, shown

TEXT = st.one_of(
    st.sampled_from(["job-1", "", "0 3 * * *", "caf\u00e9", "\u65e5\u672c"]),
    st.sampled_from(["bell\x07", "esc\x1b[31m", "bidi\u202e", "nl\nx", "tab\tx"]),
    st.just("x" * (DISPLAY_LIMIT + 5)),
    st.text(max_size=8),
)
LEAF = st.one_of(TEXT, st.none(), st.integers(), st.booleans())
VALUES = st.recursive(
    LEAF,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.lists(inner, max_size=6).map(tuple),
        st.frozensets(TEXT, max_size=6),
        st.dictionaries(TEXT, inner, max_size=6),
    ),
    max_leaves=30,
)


def expected(value: Any) -> Any:
    """The rule, applied naively: every string shown (and cut when too long)."""
    if isinstance(value, str):
        if len(value) > DISPLAY_LIMIT:
            cut = len(value) - DISPLAY_LIMIT
            value = f"{value[: DISPLAY_LIMIT - 200]}...({cut:,} characters cut)...{value[-200:]}"
        return shown(value)
    if isinstance(value, list):
        return [expected(v) for v in value]
    if isinstance(value, tuple):
        return tuple(expected(v) for v in value)
    if isinstance(value, frozenset):
        return frozenset(expected(v) for v in value)
    if isinstance(value, dict):
        return {expected(k): expected(v) for k, v in value.items()}
    return value


@given(VALUES)
def test_every_string_is_shown_and_nothing_else_changes(value: Any) -> None:
    out = escaped(value)
    assert out == expected(value)
    assert type(out) is type(value)
    if out == value:
        assert out is value  # nothing to change: the very same object


@dataclass(frozen=True)
class _Result:
    owners: dict[str, str | None]
    ranking: dict[str, tuple[str, ...]]


def test_a_big_safe_result_is_shared_and_one_bad_name_is_escaped() -> None:
    names = [f"job-{n:05d}" for n in range(20_000)]
    result = _Result(
        owners={name: ("node-a" if n % 3 else None) for n, name in enumerate(names)},
        ranking={name: ("node-a", "node-b") for name in names},
    )
    assert escaped(result) is result
    bad = _Result({**result.owners, "evil\x1b[2J": "node-a"}, {"x": ("node\u202e",)})
    out = escaped(bad)
    assert "evil\\x1b[2J" in out.owners and "evil\x1b[2J" not in out.owners
    assert out.ranking == {"x": ("node\\u202e",)}


@dataclass(frozen=True)
class _Where:
    file: str
    line: int


@dataclass(frozen=True)
class _Finding:
    code: str
    message: str
    where: _Where
    job: str | None
    count: int


@given(TEXT, TEXT, TEXT, st.one_of(st.none(), TEXT))
def test_a_record_has_each_text_field_shown_and_is_shared_when_safe(
    code: str, message: str, file: str, job: str | None
) -> None:
    record = _Finding(code, message, _Where(file, 3), job, 7)
    out = escaped(record)
    assert (out.code, out.message, out.where.file, out.job) == (
        expected(code), expected(message), expected(file), expected(job)
    )  # fmt: skip
    assert (out.where.line, out.count) == (3, 7)
    if out == record:
        assert out is record


@dataclass(frozen=True)
class _Report:
    findings: tuple[_Finding, ...]
    related: list[tuple[str, _Where]]
    files: tuple[str, ...]


def _expected_finding(record: _Finding) -> _Finding:
    where = _Where(expected(record.where.file), record.where.line)
    return _Finding(expected(record.code), expected(record.message), where,
                    expected(record.job), record.count)  # fmt: skip


@given(
    st.lists(st.tuples(TEXT, TEXT, TEXT, st.one_of(st.none(), TEXT)), min_size=1, max_size=12),
    st.integers(0, 700),
    st.integers(0, 40),
)
def test_long_lists_of_records_are_vetted_in_batches_with_the_same_result(
    drawn: list[tuple[str, str, str, str | None]], count: int, safe_run: int
) -> None:
    # Runs of safe records (whole batches kept as they are) around the drawn ones,
    # which may hold text to escape anywhere: in a field, a nested record, a tuple.
    safe = [
        _Finding("code", f"message {n}", _Where("f.yaml", n), f"job-{n}", n) for n in range(count)
    ]
    mixed = [
        _Finding(code, message, _Where(file, n), job, n)
        for n, (code, message, file, job) in enumerate(drawn)
    ]
    findings = tuple(safe[:safe_run] + mixed + safe[safe_run:])
    related = [(f.message, f.where) for f in findings]
    report = _Report(findings, related, tuple(f.where.file for f in findings))
    out = escaped(report)
    assert out.findings == tuple(_expected_finding(f) for f in findings)
    assert out.related == [(expected(m), _Where(expected(w.file), w.line)) for m, w in related]
    assert out.files == tuple(expected(f.where.file) for f in findings)
    if out == report:
        assert out is report
    for new, old in zip(out.findings, findings, strict=True):
        if new == old:
            assert new is old  # a record with nothing to escape is shared, in a batch or not
