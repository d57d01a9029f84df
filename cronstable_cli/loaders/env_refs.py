"""`${VAR}` references in checked config data, expanded as the daemon expands them.

The daemon replaces `${VAR}` and `${VAR:-default}` in string values after
validating a file (`$$` is a literal `$`; anything else with a `$` stays as
written), except in a job's or task's `command`/`shell`, a `verify` command,
a shell reporter and the `logging` section, which belong to other layers.
It refuses the file when a variable without a default is unset on its host.

Lint expands with the environment it runs in, and with the default when the
variable is unset there. An unset variable without a default cannot be
judged here (it is the host's business): the value becomes UNSET, which the
checks skip, and the loader notes it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .schema_check import INVALID

UNSET = INVALID  # a value whose variable is unknown here: checks skip it, as an invalid one
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SHELL_KINDS = frozenset({"job", "task", "defaults", "verify"})


def expand_text(text: str, environ: Mapping[str, str]) -> tuple[str | None, list[str]]:
    """The text with its references expanded, or None, and the unset variables."""
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
                        out.append(environ.get(name) or text[end + 2 : close])
                        i = close + 1
                        continue
                elif text[end : end + 1] == "}":
                    if name in environ:
                        out.append(environ[name])
                    else:
                        unset.append(name)
                    i = end + 1
                    continue
        out.append("$")
        i = j + 1
    return (None if unset else "".join(out)), unset


def expand(
    data: Any, path: str, kind: str, environ: Mapping[str, str], unset: list[tuple[str, str]]
) -> Any:
    """`data` with every reference expanded; (path, variable) of each unset one in `unset`."""
    if isinstance(data, str):
        text, missing = expand_text(data, environ)
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
            out[key] = expand(value, child, _child_kind(kind, key), environ, unset)
        return out
    if isinstance(data, list):
        item_kind = {"job-seq": "job", "dag-seq": "dag", "task-seq": "task"}.get(kind, "other")
        return [
            expand(item, f"{path}[{index}]", item_kind, environ, unset)
            for index, item in enumerate(data)
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
