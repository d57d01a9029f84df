"""Lines and columns between the loaders (1-based code points) and LSP (0-based UTF-16).

A finding's line and column count from 1 in characters, lines split at
`\\n` only, as the loaders count them; LSP counts from 0 and measures a line
in UTF-16 code units unless the client negotiated UTF-8 or UTF-32 (every
function here takes the encoding).
"""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types as lsp


def split_lines(text: str) -> list[str]:
    """The document's lines, split at `\\n` only (form feeds and U+2028 stay in a line)."""
    return text.split("\n")


UTF16 = "utf-16"  # LSP's default; the client may negotiate "utf-8" or "utf-32"


def units(line: str, index: int, encoding: str = UTF16) -> int:
    """The offset of code-point `index` in `line`, counted in the negotiated encoding."""
    head = line[: max(index, 0)]
    if head.isascii() or encoding == "utf-32":
        return len(head)
    if encoding == "utf-8":
        return len(head.encode("utf-8", "surrogatepass"))
    return len(head.encode("utf-16-le", "surrogatepass")) // 2


def position(lines: Sequence[str], line: int, column: int, encoding: str = UTF16) -> lsp.Position:
    """The LSP position of a 1-based (line, column); 0 means unknown (start of line / file)."""
    if line < 1 or line > len(lines):
        return lsp.Position(line=max(min(line, len(lines)) - 1, 0), character=0)
    text = lines[line - 1]
    return lsp.Position(line=line - 1, character=units(text, column - 1, encoding))


def token_range(
    lines: Sequence[str], line: int, column: int, length: int | None, encoding: str = UTF16
) -> lsp.Range:
    """From (line, column) over `length` characters; None: to the end of the word there.

    An unknown column covers the whole line (the line's text, without its `\\r`).
    """
    start = position(lines, line, column, encoding)
    if line < 1 or line > len(lines):
        return lsp.Range(start=start, end=start)
    text = lines[line - 1].rstrip("\r")
    begin = column - 1 if column >= 1 else 0
    if column < 1:
        end = len(text)
    elif length is not None:
        end = begin + length
    else:
        end = begin
        while end < len(text) and not text[end].isspace():
            end += 1
    end = min(max(end, begin), len(lines[line - 1]))
    return lsp.Range(
        start=start, end=lsp.Position(line=line - 1, character=units(text, end, encoding))
    )
