"""The escaper against the Unicode database: every invisible character, every code point."""

from __future__ import annotations

import json
import sys
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from cronstable_cli.escaping import (
    github_message,
    github_property,
    html,
    json_document,
    markdown,
    shell_word,
)
from cronstable_cli.safe_text import is_plain, printable_ascii, shown, shown_lines

# From unicodedata, not from the code under test.
INVISIBLE = [
    chr(point)
    for point in range(sys.maxunicode + 1)
    if unicodedata.category(chr(point)) in ("Cc", "Cf", "Cs", "Zl", "Zp")
] + ["\u115f", "\u1160", "\u3164", "\uffa0"]


def test_every_control_and_format_character_is_escaped_by_every_sink() -> None:
    assert len([c for c in INVISIBLE if unicodedata.category(c) == "Cf"]) >= 161
    for char in INVISIBLE:
        text = f"a{char}b"
        for sink in (shown, github_message, github_property, markdown):
            assert char not in sink(text), (sink.__name__, hex(ord(char)))
        if char != "\n":  # a line break is whitespace in HTML and kept by shown_lines
            assert char not in shown_lines(text), hex(ord(char))
            assert char not in html(text), hex(ord(char))
        assert not is_plain(text)


def test_json_documents_escape_losslessly() -> None:
    for char in INVISIBLE:
        if 0xD800 <= ord(char) <= 0xDFFF:
            continue  # lone surrogates are written as text: they cannot be UTF-8
        document = json.dumps({"name": f"a{char}b"}, ensure_ascii=False)
        escaped = json_document(document)
        assert char not in escaped, hex(ord(char))
        assert json.loads(escaped) == {"name": f"a{char}b"}


def test_plain_text_is_kept() -> None:
    for text in ("job-1", "Zürich", "日本語", "emoji 🎉", "a b"):
        assert shown(text) == text and is_plain(text)


@given(
    st.text(st.characters(max_codepoint=0x7F), max_size=40),
    st.integers(0, 300),
    st.text(max_size=2),
)
def test_printable_ascii_is_isascii_and_isprintable(body: str, pad: int, odd: str) -> None:
    # Long texts take the byte-deleting path; one character anywhere (a control, DEL,
    # something past ASCII) must turn the answer as `isprintable` would.
    for text in (body, "a" * pad + body, body + "a" * pad + odd, odd + " " * pad):
        assert printable_ascii(text) == (text.isascii() and text.isprintable()), repr(text)


def test_printable_ascii_every_code_point_in_a_long_text() -> None:
    base = "x" * 100
    for point in range(0x100):
        text = base + chr(point) + base
        assert printable_ascii(text) == (0x20 <= point < 0x7F), point
    assert printable_ascii(base + "\u00e9") is False


def test_markdown_never_mentions_and_the_shell_gets_one_word() -> None:
    assert "@" not in markdown("@octocat").replace("`@`", "")
    assert shell_word("a;rm -rf ~") == "'a;rm -rf ~'"
    assert shell_word("plain-id_1") == "plain-id_1"
