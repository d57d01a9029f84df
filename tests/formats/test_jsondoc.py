"""The shared JSON envelope: version first, valid JSON, one line per top-level item."""

from __future__ import annotations

import json
from datetime import datetime, timezone

from hypothesis import given
from hypothesis import strategies as st

from cronstable_cli.formats.jsondoc import to_json

LEAVES = st.none() | st.booleans() | st.integers() | st.text(max_size=8)
VALUES = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=12,
)


@given(st.dictionaries(st.text(max_size=6).filter(lambda k: k != "version"), VALUES, max_size=5))
def test_any_payload_reads_back_with_version_first(payload: dict[str, object]) -> None:
    document = to_json(payload)
    assert document.endswith("}\n")
    back = json.loads(document)
    assert back == {"version": 1, **payload}
    assert next(iter(back)) == "version"


def test_top_level_lists_and_mappings_get_a_line_per_item() -> None:
    at = datetime(2026, 1, 1, tzinfo=timezone.utc)
    document = to_json(
        {
            "jobs": [{"name": "a", "next": at}, {"name": "b", "next": None}],
            "summary": {"error": 0, "note": 2},
            "files": [],
        }
    )
    assert document.splitlines() == [
        "{",
        '  "version": 1,',
        '  "jobs": [',
        '    {"name": "a", "next": "2026-01-01T00:00:00+00:00"},',
        '    {"name": "b", "next": null}',
        "  ],",
        '  "summary": {',
        '    "error": 0,',
        '    "note": 2',
        "  },",
        '  "files": []',
        "}",
    ]


def test_sets_are_written_sorted() -> None:
    assert json.loads(to_json({"codes": frozenset({"b", "a"})}))["codes"] == ["a", "b"]


def test_the_reused_c_encoder_writes_what_json_writes() -> None:
    # Items are encoded by one C encoder built once (not per call); the text must be
    # exactly what a fresh JSONEncoder with the same settings gives.
    from cronstable_cli.formats.jsondoc import _compact, _default

    fresh = json.JSONEncoder(ensure_ascii=False, default=_default, separators=(", ", ": "))
    values: list[object] = [
        'caf\u00e9 "q" \\ \n\x1b',
        {"b": [1, 2.5, None, True], "a": {"x": ("t", "u")}},
        [datetime(2026, 1, 5, 3, tzinfo=timezone.utc), frozenset({"z", "y"})],
        float("nan"),
        {},
        [],
        12,
    ]
    for value in values:
        assert _compact(value) == fresh.encode(value)


@given(
    st.dictionaries(st.text(max_size=6).filter(lambda k: k != "version"), VALUES, max_size=5),
    st.lists(VALUES, max_size=30),
    st.integers(min_value=1, max_value=40),
)
def test_a_document_written_in_pieces_is_the_whole_one(
    payload: dict[str, object], rows: list[object], piece: int
) -> None:
    """`json_pieces` (what lint and jobs write) joins to `to_json`'s text, whatever the
    piece size, with a list written only as it is reached (`WrittenLater`)."""
    from unittest import mock

    from cronstable_cli.formats import jsondoc
    from cronstable_cli.formats.jsondoc import WrittenLater, compact, json_pieces

    def later() -> WrittenLater:
        return WrittenLater(len(rows), lambda: (compact(row) for row in rows))

    whole = to_json({**payload, "rows": rows})
    assert to_json({**payload, "rows": later()}) == whole
    with mock.patch.object(jsondoc, "PIECE", piece):
        pieces = list(json_pieces({**payload, "rows": later()}))
    assert "".join(pieces) == whole
    if sum(len(compact(row)) for row in rows) >= 2 * piece and len(rows) > 2:
        assert len(pieces) > 1  # the list did not wait to be written whole
