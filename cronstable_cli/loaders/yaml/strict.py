"""Parse with strictyaml's own loader (no schema) and say why it refused a text.

This is the reference: the fast parser hands over to it whenever it is unsure,
and every syntax finding comes from here, at the position strictyaml reports.
"""

from __future__ import annotations

import gc

from strictyaml import exceptions as sy_exceptions
from strictyaml import ruamel
from strictyaml.parser import StrictYAMLLoader
from strictyaml.ruamel.comments import CommentedMap, CommentedSeq
from strictyaml.ruamel.error import MarkedYAMLError
from strictyaml.ruamel.reader import ReaderError
from strictyaml.ruamel.scanner import ScannerError

from .nodes import Mapping, Node, Scalar, Sequence, SyntaxProblem


class _Loader(StrictYAMLLoader):  # type: ignore[misc]  # strictyaml ships no types
    label = "<job file>"
    allow_flow_style = False


def parse_strict(text: str) -> Node | SyntaxProblem | None:
    """The document tree, None when empty, or the problem strictyaml found."""
    # ruamel builds many small objects; the cyclic collector would otherwise
    # rescan them over and over and make big files superlinear.
    enabled = gc.isenabled()
    gc.disable()
    try:
        document = ruamel.load(text, Loader=_Loader)
        if isinstance(document, str) and not document:
            return None  # a lone `---`: an empty document
        return _convert(document, 1, 1)
    except MarkedYAMLError as error:
        return _problem(error, text)
    except ReaderError as error:
        line, col = _line_col(text, error.position)
        return SyntaxProblem(
            f"special character U+{error.character:04X} is not allowed in YAML "
            "(strictyaml refuses control characters)",
            line,
            col,
        )
    except RecursionError:
        return SyntaxProblem(
            "nesting is too deep for the YAML parser (strictyaml would fail on it)",
            _deepest_line(text),
            0,
        )
    except (TypeError, AttributeError, KeyError, IndexError, ValueError) as error:
        # strictyaml's loader itself fails on some texts (a repeated key with a
        # comment under it: "'NoneType' object is not iterable"); the daemon reports
        # the failure as its config error and refuses the file, and so does lint.
        return SyntaxProblem(
            f"strictyaml, the daemon's YAML parser, fails on this file ({error}); the "
            "daemon refuses it. Look for a key given twice (with a comment under it)",
            1,
            0,
        )
    finally:
        if enabled:
            gc.enable()


def _convert(data: object, line: int, col: int) -> Node | None:
    if isinstance(data, CommentedMap):
        entries: list[tuple[Scalar, Node]] = []
        for key, value in data.items():
            key_line, key_col, value_line, value_col = data.lc.data[key]
            node = _convert(value, value_line + 1, value_col + 1)
            if node is None:  # pragma: no cover - strictyaml makes every scalar a string
                node = Scalar("", value_line + 1, value_col + 1)
            key_text = key if isinstance(key, str) else str(key)
            entries.append((Scalar(key_text, key_line + 1, key_col + 1), node))
        return Mapping(entries, data.lc.line + 1, data.lc.col + 1)
    if isinstance(data, CommentedSeq):
        items: list[Node] = []
        for index, value in enumerate(data):
            item_line, item_col = data.lc.data[index]
            node = _convert(value, item_line + 1, item_col + 1)
            items.append(node if node is not None else Scalar("", item_line + 1, item_col + 1))
        return Sequence(items, data.lc.line + 1, data.lc.col + 1)
    if data is None:
        return None
    return Scalar(str(data), line, col)


def _problem(error: MarkedYAMLError, text: str) -> SyntaxProblem:
    # strictyaml's own refusals mark the start of the offending token as the
    # context; ruamel's syntax errors mark it as the problem.
    # A scanner error ("while scanning a simple key", "... a quoted scalar") marks
    # where the bad token starts as its context, and where the scanner gave up (often
    # the next, valid line) as the problem: the daemon's message names the token's
    # line first, and so do lint, SARIF and the editors.
    token_start = isinstance(error, ScannerError) and (error.context or "").startswith(
        "while scanning a"
    )
    strict = isinstance(error, sy_exceptions.StrictYAMLError)
    mark = error.context_mark if strict or token_start else None
    mark = mark or error.problem_mark or error.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)
    return SyntaxProblem(_explain(error, text, line, col), line, col)


def _explain(error: MarkedYAMLError, text: str, line: int, col: int) -> str:
    found = _char_at(text, line, col)
    if isinstance(error, sy_exceptions.FlowMappingDisallowed):
        shape = "{...}" if found == "{" else "[...]"
        return (
            f"flow style is not allowed ({shape}); use block style "
            "(strictyaml, the daemon's parser, refuses it; quote the value if it is text)"
        )
    if isinstance(error, sy_exceptions.AnchorTokenDisallowed):
        return (
            "anchors and aliases (&name, *name) are not allowed; strictyaml refuses them "
            "(repeat the value, or use `defaults`; quote it if it is text)"
        )
    if isinstance(error, sy_exceptions.TagTokenDisallowed):
        return "tags (!!str, !tag) are not allowed; strictyaml refuses them (every value is text)"
    if isinstance(error, sy_exceptions.DuplicateKeysDisallowed):
        key = _clean(error.problem).removeprefix("Duplicate key ").removesuffix(" found")
        return f"duplicate key {key} in this mapping; strictyaml refuses duplicate keys"
    if isinstance(error, sy_exceptions.InconsistentIndentationDisallowed):
        return (
            "this mapping is indented differently from the previous mapping at the same level; "
            "strictyaml refuses inconsistent indentation"
        )
    problem = _clean(error.problem)
    if found == "\t" or "'\\t'" in problem:
        return "tab character in indentation or between tokens; YAML allows spaces only"
    if "expected a single document" in (error.context or ""):
        return "several YAML documents in one file (---); the daemon reads exactly one"
    started = error.context_mark
    if "end of stream" in problem and started is not None and "quoted" in (error.context or ""):
        return (
            "YAML syntax error: the file ends inside the quoted string that starts at "
            f"line {started.line + 1}, column {started.column + 1}"
        )
    if "alias" in problem:
        return "aliases (*name) are not allowed; strictyaml refuses anchors and aliases"
    for marker, meaning in _PLAIN_WORDS:
        if marker in problem:
            return f"YAML syntax error: {meaning} ({problem})"
    context = f" ({_clean(error.context)})" if error.context else ""
    return f"YAML syntax error: {problem}{context}"


# ruamel's wording for the common mistakes, and what it means for a job file.
_PLAIN_WORDS = (
    ("expected <block end>", "this line does not line up with the lines of its block"),
    ("mapping values are not allowed", "unexpected ': ' (quote a value that contains ': ')"),
    ("could not find expected ':'", "a key is missing its ':', or a value is not indented"),
    ("found unexpected end of stream", "the file ends inside a quoted string"),
    ("expected a comment or a line break", "unexpected text after a value"),
)


def _clean(text: str | None) -> str:
    return " ".join((text or "").split())


def _char_at(text: str, line: int, col: int) -> str:
    if line < 1 or col < 1:
        return ""
    lines = text.split("\n", line)
    if len(lines) < line:
        return ""
    row = lines[line - 1]
    return row[col - 1] if col <= len(row) else ""


def _line_col(text: str, index: int) -> tuple[int, int]:
    before = text[:index]
    return before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1


def _deepest_line(text: str) -> int:
    best, best_line = -1, 0
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.lstrip(" ")
        if stripped and not stripped.startswith("#"):
            depth = len(line) - len(stripped)
            if depth > best:
                best, best_line = depth, number
    return best_line
