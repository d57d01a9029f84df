"""How often one command asks the engine for a parse: run as a child by benchmarks/scale.py.

    python benchmarks/parse_count.py lint fleet/ --from 2026-01-05T00:00Z

Runs `cronstable ARGS...` in this process with every module's reference to the
engine's parse entry point (`engine.parser.parse`) replaced by a counter, and
prints one JSON line: the calls, the distinct schedules asked for (text, its H
key when the text has H, crontab or not: what one parse is of) and the most
times any one of them was asked. The command's own output goes to /dev/null.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import sys
from collections import Counter
from typing import Any

import cronstable_cli
from cronstable_cli.engine import parser

# Modules that run something when imported (the entry points) or need an extra.
_SKIP = ("__main__", "completions", ".lsp", ".mcp_server")


def count(args: list[str]) -> dict[str, int]:
    for found in pkgutil.walk_packages(cronstable_cli.__path__, "cronstable_cli."):
        if not any(part in found.name for part in _SKIP):
            importlib.import_module(found.name)
    real = parser.parse
    calls: Counter[tuple[object, ...]] = Counter()

    def counting(text: Any, hash_key: Any = None, crontab: bool = False) -> Any:
        hashed = isinstance(text, str) and ("H" in text or "h" in text)
        calls[(text, hash_key if hashed else None, crontab)] += 1
        return real(text, hash_key, crontab=crontab)

    for name, module in list(sys.modules.items()):
        if name.startswith("cronstable_cli") and getattr(module, "parse", None) is real:
            module.parse = counting  # type: ignore[attr-defined]
    from cronstable_cli.cli.main import main

    out = os.dup(1)
    with open(os.devnull, "w", encoding="utf-8") as null:
        os.dup2(null.fileno(), 1)
        try:
            code = main(args)
        finally:
            sys.stdout.flush()
            os.dup2(out, 1)
    return {
        "calls": sum(calls.values()),
        "distinct": len(calls),
        "most": max(calls.values(), default=0),
        "exit": code,
    }


if __name__ == "__main__":
    print(json.dumps(count(sys.argv[1:])))
