"""A fast parser for the plain block-style YAML that job files are made of.

strictyaml (ruamel underneath) spends about half a millisecond per job, and
its schema validation is quadratic in the length of a sequence. This parser
reads the common subset — block mappings and sequences, plain and one-line
quoted scalars, `|`/`>` block scalars, comments — in one linear pass and
builds the same tree with the same positions. It never decides that a file
is *wrong*: anything outside the subset, or anything strictyaml would refuse
(duplicate keys, inconsistent indentation, tabs, flow style, anchors...)
raises `Unsupported`, and the caller parses the text with strictyaml itself,
so acceptance and error positions are strictyaml's by construction.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container

from .nodes import Mapping, Node, Scalar, Sequence


class Unsupported(Exception):
    """The text is outside the fast subset; parse it with strictyaml."""


# Characters the fast path handles. Everything else (control characters, the
# YAML 1.1 line breaks NEL/LS/PS, a BOM) goes to strictyaml. A tab is read here
# inside quoted and block scalars and comments; anywhere else (indentation,
# separation, a plain scalar, which strictyaml refuses) the parser declines, so
# one tab in a quoted command no longer sends a 50k-job file down the slow path.
# Compiled on first non-ASCII text: this class takes ~3 ms to compile, a good
# share of the start-up of `cronstable lint` on an ASCII file.
_OUTSIDE_TEXT = (
    "[^\t\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
)
_PRINTABLE_ASCII = bytes([9, 10, *range(0x20, 0x7F)])
_KEY = re.compile(r"([A-Za-z0-9_][A-Za-z0-9_.\-/]*):(?: +|$)")


def _key_of(text: str, start: int, seen: Container[str]) -> tuple[str, int]:
    """The key a mapping line opens with at `start`, and where its value starts; a line
    that is not `key:` or repeats a key of `seen` is for strictyaml to word."""
    m = _KEY.match(text, start)
    if m is None:
        raise Unsupported("not a key")
    name = m.group(1)
    if name in seen:
        raise Unsupported("duplicate key")
    return name, m.end()


_MARKER = re.compile(r"^(?:---|\.\.\.)(?: |$)|^%", re.MULTILINE)
_BLOCK_HEADER = re.compile(r"([|>])([+-]?)(?: +#.*| *)$")
_AFTER_QUOTE = re.compile(r"(?: +#.*| *)$")
# A plain scalar may not start with an indicator (quotes and `|`/`>` are
# handled separately; `-` is fine when a non-space follows).
_INDICATORS = frozenset("[]{},#&*!|>'\"%@`?:")
_MAX_DEPTH = 64
# A `key: value` line whose value `inline_scalar` would read as the text captured
# here: double-quoted with no backslash and nothing after the closing quote, or
# plain with an ordinary first character and no `#`, `:` or tab anywhere (the value
# ends at its last character that is not a space: greedy, then back to it, which
# costs a third of trying the end at every character as a lazy `*?` does). It reads
# most lines of a job file in one match; any other line goes the long way.
_PLAIN_ENTRY = re.compile(
    r"([A-Za-z0-9_][A-Za-z0-9_.\-/]*): +"
    r"(?:\"([^\"\\]*)\"|([^ #'\"|>\[\]{},&*!%@`?:\t\-](?:[^#:\t]*[^#:\t ])?)) *$"
)


class Block:
    """A nested block (a mapping or a list under a key) of a FlatItem: the tree the
    parser made for it when its key was at 1-based `line`.

    The tree of a nested block follows from the block's own lines, its key's column,
    its depth and the indentation of the line after it, and from nothing else (the
    block ends before the end of the text): jobs that repeat a block word for word (an
    `environment:` list, a retry policy) share one Block, parsed once, and each reads
    it at its own key's line with `at`. Blocks are compared by identity: one object
    per spelling of a file (a consumer may key its own work on it).
    """

    __slots__ = ("line", "node")

    def __init__(self, node: Mapping | Sequence, line: int) -> None:
        self.node = node
        self.line = line

    def at(self, line: int) -> Mapping | Sequence:
        """The block's tree under a key at 1-based `line`."""
        delta = line - self.line
        if not delta:
            return self.node
        shifted = _shifted(self.node, delta)
        assert not isinstance(shifted, Scalar)
        return shifted

    def __repr__(self) -> str:
        return f"Block({self.node!r}, {self.line})"


def _shifted(node: Node, delta: int) -> Node:
    """A copy of `node` moved down `delta` lines."""
    if type(node) is Scalar:
        return Scalar(node.value, node.line + delta, node.col)
    if type(node) is Mapping:
        return Mapping(
            [(Scalar(k.value, k.line + delta, k.col), _shifted(v, delta)) for k, v in node.entries],
            node.line + delta,
            node.col,
        )
    assert isinstance(node, Sequence)
    return Sequence([_shifted(v, delta) for v in node.items], node.line + delta, node.col)


# A job item as `on_flat_job` gets it, with no Mapping and no key nodes: each key's
# text -> (its line, its value's column, its value), in the file's order. A scalar
# value is its text and starts on its key's line; a nested block (a mapping or a
# list under the key) is a Block (its tree is `block.at(line)`), and in place of the
# column the 0-based index of the line after the block (the block's text is
# `lines[key_line:that]`). The item's own line and column, and every key's column,
# are those `on_flat_job` is given.
FlatItem = dict[str, tuple[int, int, "str | Block"]]

# Told the top-level entries before `jobs` and the top-level indentation (parse_fast).
OnJobs = Callable[[list[tuple[Scalar, Node]], int], None]


def parse_fast(
    text: str,
    on_job: Callable[[Node], None] | None = None,
    lines: list[str] | None = None,
    on_flat_job: Callable[[FlatItem, int, int], None] | None = None,
    on_jobs: OnJobs | None = None,
) -> Node | None:
    """Parse `text`; None for an empty document. Raises Unsupported.

    With `on_job`, each item of the top-level `jobs` sequence is handed to it
    as soon as it is parsed and not kept in the tree: a big file's tree never
    has to sit in memory, which keeps the parse linear in practice. `lines`
    may pass in `text.split("\n")` when the caller has it already. With
    `on_flat_job` too, an item whose values are scalars or nested blocks (most
    jobs) goes to it as a FlatItem with its line and column, no Mapping and no key
    nodes made for the item itself (`flat_mapping` makes them, for a consumer that
    wants the tree after all).
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n")
        if "\r" in text:
            raise Unsupported("carriage return")
        lines = None
    if not _plain_characters(text):
        raise Unsupported("character")
    return _Parser(text, on_job, lines or text.split("\n"), on_flat_job, on_jobs).document()


def _plain_characters(text: str) -> bool:
    """True when every character is one the fast path handles."""
    if text.isascii():  # the common case, much faster than the regex
        return not text.encode("ascii").translate(None, _PRINTABLE_ASCII)
    return re.search(_OUTSIDE_TEXT, text) is None  # re caches the compiled class


def _has_marker(text: str) -> bool:
    """A `---`/`...` marker or a `%` directive at the start of some line."""
    starts = ("---", "...", "%")
    # Each looked for alone first: a search for a needle that opens with a newline
    # stops at every line (twice as slow on a job file), one for `---` mostly skips.
    return text.startswith(starts) or any(
        start in text and f"\n{start}" in text for start in starts
    )


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def flat_mapping(item: FlatItem, line: int, col: int) -> Mapping:
    """The Mapping node the parser makes for a FlatItem at `line`, `col`."""
    return Mapping(
        [
            (
                Scalar(key, at, col),
                Scalar(value, at, at_col) if isinstance(value, str) else value.at(at),
            )
            for key, (at, at_col, value) in item.items()
        ],
        line,
        col,
    )


def _first_map_col(entries: list[tuple[Scalar, Node]]) -> int:
    """The column of the first mapping value among `entries` (0: none), which every
    later mapping value of the same mapping must share."""
    for _, value in entries:
        if type(value) is Mapping:
            return value.col
    return 0


class _Parser:
    def __init__(
        self,
        text: str,
        on_job: Callable[[Node], None] | None,
        lines: list[str],
        on_flat_job: Callable[[FlatItem, int, int], None] | None = None,
        on_jobs: OnJobs | None = None,
    ) -> None:
        self.on_job = on_job
        self.on_flat_job = on_flat_job
        self.on_jobs = on_jobs
        self.text = text
        self.ends_with_newline = text.endswith("\n")
        self.lines = lines  # text.split("\n"): a final newline leaves one "" at the end
        self.n = len(lines) - 1 if self.ends_with_newline else len(lines)
        # `lines` is text.split("\n"): one more than the text's newlines, not counted again.
        self.eof = (len(lines), len(text) - text.rfind("\n"))
        # Each line's indentation, once; -1 for a blank or comment line. Outside block
        # scalars (which read their own lines) this is all the structure looks at.
        self.indents = [
            len(line) - len(rest) if (rest := line.lstrip(" ")) and rest[0] != "#" else -1
            for line in lines[: self.n]
        ]
        # The nested blocks of job items read so far, by what decides their tree (see
        # Block): key column, depth, the next line's indentation, the block's text.
        self.blocks: dict[tuple[int, int, int, str], Block] = {}

    # -- navigation ---------------------------------------------------------

    def next_content(self, i: int) -> int:
        """Index of the first line at or after i that is not blank or a comment."""
        indents, n = self.indents, self.n
        while i < n and indents[i] < 0:
            i += 1
        return i if i < n else n

    def position(self, i: int) -> tuple[int, int]:
        """Where the token at content line i starts (or the end of the stream)."""
        if i >= self.n:
            return self.eof
        return i + 1, self.indents[i] + 1

    # -- document -------------------------------------------------------------

    def document(self) -> Node | None:
        i = self.next_content(0)
        if _has_marker(self.text):
            # Only a lone `---` opening the document stays on the fast path.
            markers = [k for k, line in enumerate(self.lines) if _MARKER.match(line)]
            opening = self.lines[i] if i < self.n else ""
            if markers != [i] or not opening.startswith("---"):
                raise Unsupported("document marker or directive")
            if not _AFTER_QUOTE.match(opening, 3):
                raise Unsupported("content after ---")
            i = self.next_content(i + 1)
        if i >= self.n:
            return None
        node, i = self.block_node(i, self.indents[i], 0)
        if i < self.n:
            raise Unsupported("trailing content")
        return node

    def block_node(self, i: int, indent: int, depth: int) -> tuple[Node, int]:
        if depth > _MAX_DEPTH:
            raise Unsupported("deep nesting")
        text = self.lines[i][indent:]
        if text.startswith("- "):
            return self.sequence(i, indent, depth)
        if _KEY.match(text):
            return self.mapping(i, indent, None, depth)
        raise Unsupported("scalar on its own line")

    # -- collections ------------------------------------------------------------

    def mapping(
        self, i: int, indent: int, first: str | None, depth: int, begun: Mapping | None = None
    ) -> tuple[Mapping, int]:
        """The block mapping at line i; `begun` holds the entries `flat_item` read
        before a value that is not a scalar (line i, at the mapping's indentation)."""
        node = Mapping([], i + 1, indent + 1) if begun is None else begun
        entries = node.entries
        seen: set[str] = {key.value for key, _ in entries}
        # Column of the first mapping value (strictyaml insists they agree), counting
        # those `flat_item` read already.
        map_col = _first_map_col(entries) if entries else 0
        lines, n, indents = self.lines, self.n, self.indents
        match_entry = _PLAIN_ENTRY.match
        while True:
            if first is not None:
                # The first key shares the line of a `- ` item: `first` starts at `indent`.
                text, start, first = first, 0, None
            else:
                if i >= n:
                    break
                ind = indents[i]
                if ind < indent:
                    break
                if ind > indent:
                    raise Unsupported("over-indented line")
                text, start = lines[i], ind
            m = match_entry(text, start)
            if m is not None:  # most lines: `key: value` read in one match, as flat_item
                name, quoted, plain = m.groups()
                if name in seen:
                    raise Unsupported("duplicate key")
                seen.add(name)
                if quoted is not None:  # double-quoted: the value starts at the quote
                    scalar = Scalar(quoted, i + 1, indent + m.start(2) - start)
                else:
                    scalar = Scalar(plain, i + 1, indent + m.start(3) - start + 1)
                entries.append((Scalar(name, i + 1, indent + 1), scalar))
                i += 1
                while i < n and indents[i] < 0:
                    i += 1
                if i < n and indents[i] > indent:
                    raise Unsupported("continuation line")
                continue
            name, end = _key_of(text, start, seen)
            seen.add(name)
            key = Scalar(name, i + 1, indent + 1)
            rest = text[end:]
            col = indent + end - start  # 0-based column just after `key: `
            value: Node
            if not rest or rest[0] == "#":
                stream = self.on_job if depth == 0 and name == "jobs" else None
                if stream is not None and self.on_jobs is not None:
                    self.on_jobs(entries, indent)
                value, i = self.empty_value(i, indent, depth, stream)
                if rest and isinstance(value, Scalar) and i < n and indents[i] == indent:
                    # ruamel hangs the comment on the `:` and puts the empty value right
                    # after it when the mapping goes on; otherwise at the next token.
                    value.line, value.col = key.line, indent + len(name) + 2
            elif rest[0] in "|>":
                value, i = self.block_scalar(i, indent, col, rest)
            else:
                value = self.inline_scalar(rest, i, col)
                i += 1
                while i < n and indents[i] < 0:
                    i += 1
                if i < n and indents[i] > indent:
                    raise Unsupported("continuation line")
            if type(value) is Mapping:
                if not map_col:
                    map_col = value.col
                elif value.col != map_col:
                    raise Unsupported("inconsistent indentation")
            entries.append((key, value))
        return node, i

    def flat_item(
        self, i: int, indent: int, first: str, entry: re.Match[str] | None, depth: int
    ) -> tuple[FlatItem, int, bool]:
        """`mapping` (at `depth`) for a streamed job item, making no nodes for its keys
        or scalar values; a nested block under a key is read by `empty_value`, as
        `mapping` reads it. Returns the entries read, the next line, and True when that
        is the whole item; False: line i has an empty value or a comment after its
        key, for `mapping` to read from there. Accepts and refuses exactly what
        `mapping` does. `entry` is `_PLAIN_ENTRY` matched on `first`, the item's
        first line after its `- `."""
        item: FlatItem = {}
        lines, n, indents = self.lines, self.n, self.indents
        match_entry = _PLAIN_ENTRY.match
        text, start, m = first, 0, entry
        map_col = 0  # as in `mapping`: every mapping value of the item at one column
        while True:
            if m is not None:  # most lines: the value is the text matched
                name, quoted, plain = m.groups()
                if name in item:
                    raise Unsupported("duplicate key")
                if quoted is not None:  # double-quoted: the value starts at the quote
                    item[name] = (i + 1, indent + m.start(2) - start, quoted)
                else:
                    item[name] = (i + 1, indent + m.start(3) - start + 1, plain)
                i += 1
                if i < n and indents[i] == indent:  # the next key, on the next line
                    text = lines[i]
                    start = indent
                    m = match_entry(text, indent)
                    continue
                one_line = True
            else:
                name, end = _key_of(text, start, item)
                rest = text[end:]
                if not rest:  # a nested block, or an empty value
                    block, j = self.nested(i, indent, depth)
                    if block is None:
                        return item, i, False  # an empty value: `mapping` places it
                    if type(block.node) is Mapping:
                        if not map_col:
                            map_col = block.node.col
                        elif block.node.col != map_col:
                            raise Unsupported("inconsistent indentation")
                    item[name] = (i + 1, j, block)
                    i = j
                    one_line = False
                elif rest[0] == "#":
                    return item, i, False  # a comment after the key: `mapping` places it
                else:
                    col = indent + end - start
                    one_line = rest[0] not in "|>"
                if one_line:
                    value = self.inline_scalar(rest, i, col)
                    item[name] = (i + 1, value.col, value.value)
                    i += 1
                elif rest:
                    value, i = self.block_scalar(i, indent, col, rest)
                    item[name] = (value.line, value.col, value.value)
            if one_line:
                while i < n and indents[i] < 0:
                    i += 1
                if i < n and indents[i] > indent:
                    raise Unsupported("continuation line")
            if i >= n:
                return item, i, True
            ind = indents[i]
            if ind < indent:
                return item, i, True
            if ind > indent:
                raise Unsupported("over-indented line")
            text, start = lines[i], ind
            m = match_entry(text, start)

    def nested(self, i: int, indent: int, depth: int) -> tuple[Block | None, int]:
        """`empty_value` for a key of a job item at `indent` on line i, but a block
        spelt as one read before (the same lines, key column, depth and next line's
        indentation) is that Block, not parsed again. None: the key's value is empty."""
        indents, n = self.indents, self.n
        k = i + 1
        while k < n and indents[k] < 0:
            k += 1
        if k < n and indents[k] > indent:
            while k < n and (indents[k] > indent or indents[k] < 0):
                k += 1
            if k < n:  # a block that ends before the text does: its tree is its own
                spelling = (indent, depth, indents[k], "\n".join(self.lines[i + 1 : k]))
                known = self.blocks.get(spelling)
                if known is not None:
                    return known, k
                node, j = self.empty_value(i, indent, depth)
                assert not isinstance(node, Scalar)
                block = Block(node, i + 1)
                if j == k:  # else the item is refused at line j (over-indented)
                    self.blocks[spelling] = block
                return block, j
        node, j = self.empty_value(i, indent, depth)  # empty, indentless or at the end
        return (None if isinstance(node, Scalar) else Block(node, i + 1)), j

    def empty_value(
        self, i: int, indent: int, depth: int, stream: Callable[[Node], None] | None = None
    ) -> tuple[Node, int]:
        j = self.next_content(i + 1)
        if j < self.n:
            line = self.lines[j]
            ind = self.indents[j]
            text = line[ind:]
            if ind >= indent and (text.startswith("- ") or text == "-"):
                return self.sequence(j, ind, depth + 1, stream)
            if ind > indent:
                return self.block_node(j, ind, depth + 1)
        line_no, col = self.position(j)
        return Scalar("", line_no, col), j

    def sequence(
        self, i: int, indent: int, depth: int, stream: Callable[[Node], None] | None = None
    ) -> tuple[Sequence, int]:
        if depth > _MAX_DEPTH:
            raise Unsupported("deep nesting")
        node = Sequence([], i + 1, indent + 1)
        lines, n, indents = self.lines, self.n, self.indents
        # Streamed job items go flat when the consumer takes them so (looked up once).
        on_flat = self.on_flat_job if stream is not None else None
        match_entry, flat_item = _PLAIN_ENTRY.match, self.flat_item
        while i < n:
            line = lines[i]
            ind = indents[i]
            if ind < indent:
                break
            if ind > indent:
                raise Unsupported("over-indented line")
            if not line.startswith("- ", ind):
                if line[ind:] == "-":
                    raise Unsupported("empty item")
                break  # a key of the enclosing mapping (sequence at the key's indentation)
            after = line[ind + 2 :]
            rest = after.lstrip(" ")
            col = ind + 2 + len(after) - len(rest)
            if not rest or rest[0] == "#" or (rest[0] == "-" and (rest == "-" or rest[1] == " ")):
                raise Unsupported("nested item")
            item: Node
            if on_flat is not None and (
                (entry := match_entry(rest)) is not None or _KEY.match(rest)
            ):
                flat, j, whole = flat_item(i, col, rest, entry, depth + 1)
                if whole:
                    on_flat(flat, i + 1, col + 1)
                    i = j
                    continue
                # A value that is not a scalar at line j: the generic walk goes on there.
                begun = flat_mapping(flat, i + 1, col + 1)
                item, i = self.mapping(j, col, None if flat else rest, depth + 1, begun)
            elif _KEY.match(rest):
                item, i = self.mapping(i, col, rest, depth + 1)
            else:
                if rest[0] in "|>":
                    raise Unsupported("block scalar item")
                item = self.inline_scalar(rest, i, col)
                i = self.next_content(i + 1)
                if i < n and indents[i] > indent:
                    raise Unsupported("continuation line")
            if stream is None:
                node.items.append(item)
            else:
                stream(item)
        return node, i

    # -- scalars --------------------------------------------------------------

    def inline_scalar(self, rest: str, i: int, col: int) -> Scalar:
        """A one-line scalar starting at 0-based column `col` of line i."""
        first = rest[0]
        if first == '"':
            end = rest.find('"', 1)
            if end < 0 or "\\" in rest[1:end]:
                raise Unsupported("multi-line or escaped double-quoted scalar")
            value = rest[1:end]
            after = rest[end + 1 :]
        elif first == "'":
            end = 1
            while True:
                end = rest.find("'", end)
                if end < 0:
                    raise Unsupported("multi-line single-quoted scalar")
                if rest.startswith("''", end):
                    end += 2
                    continue
                break
            value = rest[1:end].replace("''", "'")
            after = rest[end + 1 :]
        else:
            if first in _INDICATORS or (first == "-" and (len(rest) == 1 or rest[1] == " ")):
                raise Unsupported("indicator")
            cut = rest.find(" #")
            value = (rest if cut < 0 else rest[:cut]).rstrip(" ")
            if "\t" in value:
                raise Unsupported("tab in a plain scalar")  # strictyaml refuses it
            if ": " in value or value.endswith(":"):
                raise Unsupported("colon in plain scalar")
            return Scalar(value, i + 1, col + 1)
        if after and not _AFTER_QUOTE.match(after):  # mostly nothing follows the quote
            raise Unsupported("text after quoted scalar")
        return Scalar(value, i + 1, col + 1)

    def block_scalar(self, i: int, parent: int, col: int, header: str) -> tuple[Scalar, int]:
        """A `|` or `>` scalar whose header is at 0-based column `col` of line i."""
        m = _BLOCK_HEADER.match(header)
        if m is None:
            raise Unsupported("block scalar header")
        style, chomp = m.groups()
        lines, n = self.lines, self.n
        j = i + 1
        leading = 0
        while j < n and not lines[j].strip(" "):
            leading = max(leading, len(lines[j]))
            j += 1
        if j >= n:
            raise Unsupported("empty block scalar")
        indent = _indent(lines[j])
        if indent <= parent or leading > indent:
            raise Unsupported("block scalar indentation")
        body: list[str] = [""] * (j - i - 1)
        last = j  # last content line
        k = j
        while k < n:
            line = lines[k]
            if not line.strip(" "):
                if len(line) > indent:
                    raise Unsupported("spaces beyond the indentation")
                body.append("")
            elif _indent(line) < indent:
                break
            else:
                body.append(line[indent:])
                last = k
            k += 1
        trailing = k - last - 1
        content = body[: len(body) - trailing]
        value = _fold(content) if style == ">" else "\n".join(content)
        has_break = last < n - 1 or self.ends_with_newline
        if chomp == "-":
            pass
        elif chomp == "+":
            breaks = trailing - (1 if trailing and k == n and not self.ends_with_newline else 0)
            value += "\n" * (breaks + (1 if has_break else 0))
        elif has_break:
            value += "\n"
        return Scalar(value, i + 1, col + 1), self.next_content(k)


def _fold(lines: list[str]) -> str:
    """Fold a `>` scalar whose lines all start at the content indentation."""
    out: list[str] = []
    blanks = 0
    for line in lines:
        if not line:
            blanks += 1
            continue
        if line[0] == " ":
            raise Unsupported("more-indented folded line")
        if out:
            out.append("\n" * blanks if blanks else " ")
        elif blanks:
            out.append("\n" * blanks)
        out.append(line)
        blanks = 0
    return "".join(out)
