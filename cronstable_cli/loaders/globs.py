"""Path globs as config files write them: `*`, `?`, `[...]` and `**` for any depth."""

from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=256)
def _compile(pattern: str) -> re.Pattern[str]:
    out: list[str] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:[^/]*/)*")  # zero or more whole directories
            i += 3
            continue
        if pattern.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[":
            end = pattern.find("]", i + 1)
            if end < 0:
                out.append(re.escape(char))
            else:
                body = pattern[i + 1 : end]
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append(f"[{body}]")
                i = end
        else:
            out.append(re.escape(char))
        i += 1
    return re.compile("".join(out) + r"\Z")


def glob_matches(pattern: str, path: str) -> bool:
    """True when `path` (forward slashes) matches; a pattern without `/` matches any base name."""
    pattern = pattern.removeprefix("./")
    if pattern.endswith("/"):
        pattern += "**"  # a directory: everything below it
    if "/" not in pattern.rstrip("/"):
        return bool(_compile(pattern).match(path.rsplit("/", 1)[-1]))
    return bool(_compile(pattern).match(path))
