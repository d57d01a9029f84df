"""One escaping rule per sink: what text from outside the tool becomes in each output.

Job names, file names, commands and zones come from files a pull request may
have written. Each sink has its own dangerous characters, and each gets one
function here:

- terminal and stderr: `terminal` (control, format and undecodable characters
  as visible escapes such as `\\x1b`, `\\u202e`; see safe_text.py);
- GitHub workflow commands: `github_message`, `github_property` (the runner's
  `%25`/`%0A`/`%3A`/`%2C` escapes over the visible form, so no line is forged
  and no ESC or bidi reaches the log);
- Markdown (a pull-request comment): `markdown` (every special backslashed,
  `@` taken out of mention position);
- HTML: `html` (the visible form, then `&<>"'` as entities);
- a POSIX shell word: `shell_word`;
- JSON documents (JSON, SARIF, the baseline): `json_document`, a lossless pass
  that writes every control, format and separator character as a `\\uXXXX`
  escape, so the parsed value is unchanged and the file shows nothing raw.

The writer (cli/writer.py) applies `document()` to every report by its
format, whatever renderer made it: a JSON-family format gets `json_document`,
every other document gets `terminal_lines` (line breaks the renderer made
stay, CRLF ones in an iCalendar feed, anything else is made visible). A new
output format therefore cannot forget the escaping; the renderer-level calls
above keep the structure of each syntax intact (a name with a newline must not
end a GitHub command line).
"""

from __future__ import annotations

import re

from .safe_text import is_plain, pattern, shown, shown_lines, valid_unicode

# Formats whose documents are JSON: escaped losslessly in JSON's own syntax.
JSON_FORMATS = frozenset({"json", "sarif"})
# Formats whose lines end in CRLF by their standard (RFC 5545's iCalendar): the
# pass keeps those line ends and makes every other character visible, as for text.
CRLF_FORMATS = frozenset({"ics"})


def terminal(text: str) -> str:
    """Text for a terminal or stderr line: one line, nothing raw."""
    return shown(text)


def terminal_lines(text: str) -> str:
    """A document for a terminal or a text file: its line breaks kept, nothing else raw."""
    return shown_lines(text)


def github_message(text: str) -> str:
    """The message part of a workflow command (`::error ...::MESSAGE`)."""
    return shown(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def github_property(text: str) -> str:
    """A property value of a workflow command (`file=`, `title=`): one line, no `:` or `,`."""
    return shown(
        text.replace("%", "%25")
        .replace("\r", "%0D")
        .replace("\n", "%0A")
        .replace(":", "%3A")
        .replace(",", "%2C")
    )


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~&])")


def markdown(text: str) -> str:
    """Config text as inert Markdown: nothing raw, every special backslashed, no @mention.

    GitHub turns `@name` into a notification except inside code: each `@` becomes a
    code span of its own, which reads the same and notifies nobody.
    """
    return _MD_SPECIAL.sub(r"\\\1", shown(text)).replace("@", "`@`")


def html(text: str) -> str:
    """Text for an HTML page: the visible form (line breaks kept), then `&<>"'`."""
    import html as _html  # only an HTML report needs it (start-up)

    return _html.escape(shown_lines(text))


def shell_word(text: str) -> str:
    """Text as one POSIX shell word (single-quoted unless it is plainly safe)."""
    import shlex  # only `stagger --emit` needs it (start-up)

    return shlex.quote(text)


def _json_char(match: re.Match[str]) -> str:
    point = ord(match.group())
    if point > 0xFFFF:
        point -= 0x10000
        return f"\\u{0xD800 + (point >> 10):04x}\\u{0xDC00 + (point & 0x3FF):04x}"
    return f"\\u{point:04x}"


def json_document(document: str) -> str:
    """A JSON document with every control, format or separator character as `\\uXXXX`.

    Lossless: a parser reads the same strings back. Lone surrogates (names that
    were not UTF-8) are written as the text `\\xe9` first (safe_text.valid_unicode),
    so the document always encodes as UTF-8.
    """
    document = valid_unicode(document)
    if is_plain(document.replace("\n", "")):
        return document
    # A raw line break between lines is the document's own.
    return pattern("unsafe inline").sub(_json_char, document)


def document(fmt: str, text: str) -> str:
    """The last pass over any report the writer emits, chosen by the report's format."""
    if fmt in JSON_FORMATS:
        return json_document(text)
    if fmt in CRLF_FORMATS:
        return "\r\n".join(terminal_lines(line) for line in text.split("\r\n"))
    return terminal_lines(text)
