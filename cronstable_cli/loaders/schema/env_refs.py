"""`${VAR}` references in checked config data: the one policy for the environment.

The daemon replaces `${VAR}` and `${VAR:-default}` in string values after
validating a file (`$$` is a literal `$`; anything else with a `$` stays as
written), except in a job's or task's `command`/`shell`, a `verify` command,
a shell reporter and the `logging` section, which belong to other layers.
It refuses the file when a variable without a default is unset on its host.

Lint never reads its own environment for this: the linter's environment is
not the daemon's, and in CI it holds tokens that would otherwise be printed
in findings, JSON, annotations, SARIF and PR comments. So:

- `$$` and text without a reference are read exactly as the daemon reads them;
- `${VAR:-default}` is checked with its default, the value the daemon uses on
  a host where VAR is unset or empty (the default is the file's own text);
- `${VAR}` without a default is left to the host: the value becomes UNSET,
  which the checks skip, and the loader notes the reference by name only.

Nothing here takes an environment, so no path through the loaders can put a
variable's value into anything shown or written.
"""

from __future__ import annotations

import re
from typing import Any

from .type_check import INVALID

UNSET = INVALID  # a value whose variable is unknown here: checks skip it, as an invalid one
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SHELL_KINDS = frozenset({"job", "task", "defaults", "verify"})


def expand_text(text: str) -> tuple[str | None, list[str]]:
    """The text as lint checks it (see above), or None, and the variables left to the host."""
    if "$" not in text:
        return text, []
    out: list[str] = []
    unset: list[str] = []
    i, n = 0, len(text)
    while i < n:
        j = text.find("$", i)
        if j < 0:
            out.append(text[i:])
            break
        out.append(text[i:j])
        nxt = text[j + 1 : j + 2]
        if nxt == "$":
            out.append("$")
            i = j + 2
            continue
        if nxt == "{":
            match = _NAME.match(text, j + 2)
            if match is not None:
                end, name = match.end(), match.group()
                if text[end : end + 2] == ":-":
                    close = text.find("}", end + 2)
                    if close >= 0:
                        out.append(text[end + 2 : close])
                        i = close + 1
                        continue
                elif text[end : end + 1] == "}":
                    unset.append(name)
                    i = end + 1
                    continue
        out.append("$")
        i = j + 1
    return (None if unset else "".join(out)), unset


def expand(data: Any, path: str, kind: str, unset: list[tuple[str, str]]) -> Any:
    """`data` as lint checks it; (path, variable) of each reference left to the host in `unset`."""
    if isinstance(data, str):
        text, missing = expand_text(data)
        unset.extend((path, name) for name in missing)
        return UNSET if text is None else text
    if isinstance(data, dict):
        out: dict[str, Any] = {}
        for key, value in data.items():
            if (kind == "report" and key == "shell") or (
                kind in _SHELL_KINDS and key in ("command", "shell")
            ):
                out[key] = value  # the runtime shell's ${...}, not the daemon's
                continue
            child = f"{path}.{key}" if path else key
            out[key] = expand(value, child, _child_kind(kind, key), unset)
        return out
    if isinstance(data, list):
        item_kind = {"job-seq": "job", "dag-seq": "dag", "task-seq": "task"}.get(kind, "other")
        return [
            expand(item, f"{path}[{index}]", item_kind, unset) for index, item in enumerate(data)
        ]
    return data


def _child_kind(kind: str, key: str) -> str:
    if key == "report":
        return "report"
    if kind == "dag" and key == "tasks":
        return "task-seq"
    if kind in ("job", "task", "defaults") and key == "verify":
        return "verify"
    return "other"
