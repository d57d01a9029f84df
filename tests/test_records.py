"""Finding sets its fields through its slots: the same record the dataclass would make."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cronstable_cli.records import MESSAGE_LIMIT, Edit, Finding, Fix, SourceLocation

LOCATIONS = st.builds(SourceLocation, st.text(max_size=8), st.integers(0, 99), st.integers(0, 99))
FIELDS: dict[str, Any] = {
    "code": st.text(max_size=12),
    "level": st.sampled_from(["error", "warning", "note"]),
    "message": st.one_of(st.text(max_size=40), st.just("m" * (MESSAGE_LIMIT + 7))),
    "location": st.one_of(st.none(), LOCATIONS),
    "job": st.one_of(st.none(), st.text(max_size=8)),
    "schedule": st.one_of(st.none(), st.text(max_size=8)),
    "resolved": st.one_of(st.none(), st.text(max_size=8)),
    "key": st.text(max_size=8),
    "fix": st.one_of(st.none(), st.just(Fix("write 0", (Edit(1, 2, "*", "0"),), True))),
    "related": st.lists(st.tuples(st.text(max_size=6), LOCATIONS), max_size=2).map(tuple),
}
DEFAULTS = {
    f.name: f.default for f in dataclasses.fields(Finding) if f.default is not dataclasses.MISSING
}


def _reference(values: dict[str, Any]) -> dict[str, Any]:
    """What the generated dataclass __init__ (with the message cut) would hold, by hand."""
    out = {**DEFAULTS, **values}
    message = out["message"]
    if len(message) > MESSAGE_LIMIT:
        cut = len(message) - MESSAGE_LIMIT
        out["message"] = f"{message[:800]} ...({cut:,} characters cut)... {message[-200:]}"
    return out


@given(st.fixed_dictionaries({}, optional=FIELDS), st.booleans())
def test_every_field_is_what_was_given_or_its_default(
    drawn: dict[str, Any], positional: bool
) -> None:
    values = {"code": "c", "level": "note", "message": "m", **drawn}
    names = [f.name for f in dataclasses.fields(Finding)]
    if positional:
        args: list[Any] = [values.get(n, DEFAULTS.get(n)) for n in names]
        finding = Finding(*args)
    else:
        finding = Finding(**values)
    expected = _reference(values)
    assert {n: getattr(finding, n) for n in names} == expected
    # The dataclass machinery around it is unchanged: replace, equality, hash, pickle
    # (a message cut once is cut again by replace, as it always was).
    if len(values["message"]) <= MESSAGE_LIMIT:
        again = dataclasses.replace(finding)
        assert again == finding and hash(again) == hash(finding)
    assert pickle.loads(pickle.dumps(finding)) == finding
    assert dataclasses.replace(finding, key="other").key == "other"


def test_a_finding_stays_frozen() -> None:
    finding = Finding("c", "note", "m")
    with pytest.raises(dataclasses.FrozenInstanceError):
        finding.message = "changed"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Finding("c", "note")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Finding("c", "note", "m", nonsense=1)  # type: ignore[call-arg]
