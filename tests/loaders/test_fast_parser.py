"""The fast YAML parser builds exactly strictyaml's tree, or declines.

Whatever text it accepts, strictyaml (ruamel underneath) must accept with the
same values and positions; anything else it hands over (`Unsupported`).
"""

from __future__ import annotations

import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cronstable_cli.loaders.yaml.fast import (
    _PLAIN_ENTRY,
    Unsupported,
    _has_marker,
    _key_of,
    _Parser,
    parse_fast,
)
from cronstable_cli.loaders.yaml.nodes import Node
from cronstable_cli.loaders.yaml.strict import parse_strict

sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))

SCALARS = [
    "a", "b c", "0 5 * * *", "*/5 * * * *", "true", "~", "''", '""', "'it''s'", '"q u"',
    "a#b", "a #c", "--flag", "http://x:80/y", "é ü", "x  y", "'a # b'", '"#x"', "-5", "a]",
    "a,b", "0", "null", "{{ x }}", "@x", "a:b", "[a]", "{a: b}", "&x a", "*x", "!!str a",
    "a: b", '"a\\"b"', "'unterminated", "|", ">", "- a", "?", "%x",
]  # fmt: skip
KEYS = ["name", "command", "schedule", "a", "env", "x1", "k-2", "Weird Key", "'q'"]
BLOCK_LINES = ["echo a", "# not a comment", "b  c", "x: y", "- z", ""]


@st.composite
def block_scalar(draw: st.DrawFn, indent: int) -> list[str]:
    extra = draw(st.sampled_from([1, 2, 4]))
    lines = []
    for _ in range(draw(st.integers(1, 4))):
        text = draw(st.sampled_from(BLOCK_LINES))
        pad = draw(st.sampled_from([0, 0, 0, 2, -1]))
        lines.append(
            " " * max(0, indent + extra + pad) + text
            if text
            else " " * draw(st.integers(0, indent + extra + 1))
        )
    return lines


@st.composite
def mapping(draw: st.DrawFn, indent: int, depth: int, first: str | None = None) -> list[str]:
    lines: list[str] = []
    for index in range(draw(st.integers(1, 4))):
        prefix = first if index == 0 and first is not None else " " * indent
        key = draw(st.sampled_from(KEYS))
        sep = draw(st.sampled_from([": ", ":  ", ":"]))
        choice = draw(st.integers(0, 9))
        if depth < 3 and choice == 0:
            lines.append(prefix + key + ":" + draw(st.sampled_from(["", " # c"])))
            lines += draw(mapping(indent + draw(st.sampled_from([1, 2, 4])), depth + 1))
        elif depth < 3 and choice == 1:
            lines.append(prefix + key + ":")
            lines += draw(sequence(indent + draw(st.sampled_from([0, 2])), depth + 1))
        elif choice == 2:
            header = draw(st.sampled_from(["|", "|-", "|+", ">", ">-", ">+", "|2"]))
            lines.append(prefix + key + ": " + header)
            lines += draw(block_scalar(indent))
        elif choice == 3:
            lines.append(prefix + key + ":" + draw(st.sampled_from(["", " # c", "   #c"])))
        else:
            comment = draw(st.sampled_from(["", "", " # c", "  "]))
            lines.append(prefix + key + sep + draw(st.sampled_from(SCALARS)) + comment)
        if draw(st.integers(0, 9)) == 0:
            lines.append(draw(st.sampled_from(["", "# c", "   # c", "  ", "---", "\t"])))
    return lines


@st.composite
def sequence(draw: st.DrawFn, indent: int, depth: int) -> list[str]:
    lines: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        gap = draw(st.sampled_from([" ", " ", "  "]))
        if depth < 3 and draw(st.booleans()):
            lines += draw(mapping(indent + 1 + len(gap), depth + 1, " " * indent + "-" + gap))
        else:
            lines.append(" " * indent + "-" + gap + draw(st.sampled_from(SCALARS)))
    return lines


@st.composite
def documents(draw: st.DrawFn) -> str:
    lines = [draw(st.sampled_from(["---", "# head", "--- # x"]))] if draw(st.booleans()) else []
    if draw(st.integers(0, 5)):
        lines += draw(mapping(draw(st.sampled_from([0, 0, 2])), 0))
    else:
        lines += draw(sequence(0, 0))
    text = "\n".join(lines)
    return text + draw(st.sampled_from(["\n", "\n", "", "\n\n", "\r\n"]))


def same_as_strictyaml(text: str) -> bool:
    """True when the fast parser accepted the text (and then agrees with strictyaml)."""
    try:
        fast: Node | None = parse_fast(text)
    except Unsupported:
        return False
    assert repr(fast) == repr(parse_strict(text)), text
    return True


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_fast_parser_agrees_with_strictyaml(text: str) -> None:
    same_as_strictyaml(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=" -:#'\"|>\n\tab1[]{}&*!?%@,", max_size=80))
def test_fast_parser_on_arbitrary_text(text: str) -> None:
    same_as_strictyaml(text)


# Everyday shapes must stay on the fast path (this is what keeps big files fast).
FAST = [
    "jobs:\n  - name: a\n    command: /bin/x --y\n    schedule: '0 1 * * *'\n",
    'jobs:\n- name: a\n  command: x\n  schedule: "*/5 * * * *"  # every 5\n',
    "---\n# comment\ndefaults:\n  timezone: Europe/Berlin\njobs:\n  - name: a\n    command: |\n"
    "      echo one\n      echo two\n    schedule:\n      minute: '0'\n      hour: '4'\n",
    "jobs:\n  - name: a\n    command:\n      - /bin/x\n      - --flag=1\n    schedule: '@daily'\n"
    "    environment:\n      A: b\n    onFailure:\n      retry:\n        maximumRetries: 3\n",
    "jobs:\n  - name: a\n    command: >-\n      one\n      two\n\n      three\n    schedule: x\n",
    "web:\n  listen: ':8080'\ncluster:\n  peers:\n  - a\n  - b\n",
]


@pytest.mark.parametrize("text", FAST)
def test_everyday_files_take_the_fast_path(text: str) -> None:
    assert same_as_strictyaml(text)


# What the fast path declines: strictyaml decides (and reports) these.
DECLINED = [
    "a: {b: c}\n", "a: [1]\n", "a: &x b\n", "a: *x\n", "a: !!str b\n", "a:\tb\n",
    "a: b\na: c\n", "a: 1\n---\nb: 2\n", "a: 'multi\n  line'\n", "a: plain\n  continued\n",
    "a:\n  b: 1\nc:\n    d: 2\n", '"quoted key": 1\n', "? a\n: b\n", "a: |2\n   x\n",
    "\ufeffa: 1\n", "a: 1\r\nb: 2\rc\n",
]  # fmt: skip


# Where ruamel puts an empty value depends on what follows; these pin it down.
EMPTY_VALUES = [
    "c: # c\nx: 1\n", "c: # c\n", "  c:   # c\n  x: 1\n", "a:\n  c: # c\nb: 1\n",
    "- a: # c\n- a: b\n", "c:\nx: 1\n", "c:", "c: # c", "a:\n  c:\n  # x\n\n  d: 1\n",
]  # fmt: skip


@pytest.mark.parametrize("text", EMPTY_VALUES)
def test_empty_value_positions(text: str) -> None:
    assert same_as_strictyaml(text)


@pytest.mark.parametrize("text", DECLINED)
def test_unusual_or_refused_text_goes_to_strictyaml(text: str) -> None:
    with pytest.raises(Unsupported):
        parse_fast(text)


@settings(max_examples=1500, deadline=None)
@given(
    st.sampled_from(["a", "name", "k-2", "x.y/z", "_"]),
    st.sampled_from([": ", ":  ", ":"]),
    st.text(alphabet=" -:#'\"|>\tab1[]{}&*!?%@,\xa0\\", max_size=24),
)
def test_a_plain_entry_reads_as_the_long_way_reads_it(key: str, sep: str, value: str) -> None:
    # `_PLAIN_ENTRY` reads most `key: value` lines in one match: when it matches, the
    # key, the value and its column are those `_key_of` and `inline_scalar` find.
    line = "  " + key + sep + value
    m = _PLAIN_ENTRY.match(line, 2)
    if m is None:
        return
    name, quoted, plain = m.groups()
    parser = _Parser(line, None, [line])
    found, end = _key_of(line, 2, ())
    scalar = parser.inline_scalar(line[end:], 0, end)
    assert name == found
    assert (quoted if quoted is not None else plain) == scalar.value
    assert (m.start(2) if quoted is not None else m.start(3) + 1) == scalar.col


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet="-.%\n a#", max_size=40))
def test_a_marker_is_found_at_any_line_start_and_only_there(text: str) -> None:
    # By hand: a line of the text (the first too) that opens with ---, ... or %.
    starts = ("---", "...", "%")
    assert _has_marker(text) == any(line.startswith(starts) for line in text.split("\n"))
