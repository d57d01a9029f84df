"""Path globs as config files write them: `*`, `?`, `[...]` and `**` for any depth.

A glob comes from the project's config file, which a pull request can change,
so it is never turned into a backtracking regular expression: `glob_matches`
runs the pattern as a set of states over the path, one step per character, so
a match costs at most len(path) x len(pattern) steps, whatever the pattern.
`check_glob` refuses a pattern the matcher cannot mean (`[z-a]`, `[]`, `[^]`)
with a message, before any file is matched.

- `*` any run of characters but `/`; `?` one character but `/`;
- `[abc]`, `[a-z]`, `[!a-z]` or `[^a-z]`: one character (never `/`) in or not
  in the set; a `[` without its `]` is a plain `[`;
- `**/` zero or more whole directories; any other `**` any run of characters;
- a pattern without `/` matches a base name; one ending in `/` everything below.
"""

from __future__ import annotations

from functools import lru_cache

# Token kinds.
_LIT, _ONE, _STAR, _ANY, _DIRS, _SET = range(6)
Token = tuple[int, str, bool, tuple[tuple[str, str], ...]]  # kind, char, negated, ranges


class GlobError(ValueError):
    """A glob that means nothing (a reversed range, an empty class)."""


def _class(pattern: str, i: int) -> tuple[Token, int] | None:
    """The class opening at `pattern[i]` and the index after it, or None if unclosed."""
    j = i + 1
    negated = j < len(pattern) and pattern[j] in "!^"
    if negated:
        j += 1
    end = pattern.find("]", j)
    if end < 0:
        return None
    body = pattern[j:end]
    if not body:
        raise GlobError(f"{pattern[i : end + 1]!r} is an empty character class")
    ranges: list[tuple[str, str]] = []
    k = 0
    while k < len(body):
        if k + 2 < len(body) and body[k + 1] == "-":
            low, high = body[k], body[k + 2]
            if low > high:
                raise GlobError(
                    f"the range {low}-{high} in {pattern[i : end + 1]!r} is empty "
                    f"(write {high}-{low})"
                )
            ranges.append((low, high))
            k += 3
        else:
            ranges.append((body[k], body[k]))
            k += 1
    return (_SET, "", negated, tuple(ranges)), end + 1


@lru_cache(maxsize=256)
def _tokens(pattern: str) -> tuple[Token, ...]:
    out: list[Token] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if pattern.startswith("**/", i):
            out.append((_DIRS, "", False, ()))
            i += 3
        elif pattern.startswith("**", i):
            out.append((_ANY, "", False, ()))
            i += 2
        elif char == "*":
            out.append((_STAR, "", False, ()))
            i += 1
        elif char == "?":
            out.append((_ONE, "", False, ()))
            i += 1
        elif char == "[" and (found := _class(pattern, i)) is not None:
            token, i = found
            out.append(token)
        else:
            out.append((_LIT, char, False, ()))
            i += 1
    return tuple(out)


def check_glob(pattern: str) -> None:
    """Raise GlobError when `pattern` cannot be matched as written."""
    _tokens(_normal(pattern))


def _in_set(token: Token, char: str) -> bool:
    if char == "/":
        return False
    inside = any(low <= char <= high for low, high in token[3])
    return inside != token[2]


def _closure(tokens: tuple[Token, ...], states: set[tuple[int, bool]]) -> set[tuple[int, bool]]:
    """`states` with every state reachable without reading a character."""
    stack = list(states)
    while stack:
        index, inside = stack.pop()
        if inside or index >= len(tokens):
            continue
        if tokens[index][0] in (_STAR, _ANY, _DIRS):
            nxt = (index + 1, False)
            if nxt not in states:
                states.add(nxt)
                stack.append(nxt)
    return states


def _run(tokens: tuple[Token, ...], text: str) -> bool:
    # A state is (token index, inside a directory name of a `**/`).
    states = _closure(tokens, {(0, False)})
    for char in text:
        after: set[tuple[int, bool]] = set()
        for index, _inside in states:
            if index >= len(tokens):
                continue
            kind = tokens[index][0]
            if kind == _DIRS:
                if char == "/":
                    after.add((index, False))  # a whole directory read: more may follow
                else:
                    after.add((index, True))
            elif kind == _STAR:
                if char != "/":
                    after.add((index, False))
            elif kind == _ANY:
                after.add((index, False))
            elif kind == _ONE:
                if char != "/":
                    after.add((index + 1, False))
            elif kind == _LIT:
                if char == tokens[index][1]:
                    after.add((index + 1, False))
            elif _in_set(tokens[index], char):
                after.add((index + 1, False))
        if not after:
            return False
        states = _closure(tokens, after)
    return (len(tokens), False) in states


def _normal(pattern: str) -> str:
    pattern = pattern.removeprefix("./")
    if pattern.endswith("/"):
        pattern += "**"  # a directory: everything below it
    return pattern


def glob_matches(pattern: str, path: str) -> bool:
    """True when `path` (forward slashes) matches; a pattern without `/` matches any base name."""
    pattern = _normal(pattern)
    try:
        tokens = _tokens(pattern)
    except GlobError:
        return False  # refused when the config file was read (check_glob)
    if "/" not in pattern.rstrip("/"):
        return _run(tokens, path.rsplit("/", 1)[-1])
    return _run(tokens, path)
