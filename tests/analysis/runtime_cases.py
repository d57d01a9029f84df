"""Lint a YAML job file written for a test, through the real loader (defaults merged)."""

from __future__ import annotations

import textwrap
from datetime import datetime, timezone
from pathlib import Path

from cronstable_cli.analysis.lint import LintSettings, lint
from cronstable_cli.loaders import load_paths
from cronstable_cli.records import Finding

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)  # a Thursday


def lint_yaml(
    tmp: Path, text: str, codes: set[str], *, files: dict[str, str] | None = None
) -> list[Finding]:
    """The findings of `codes` for a config whose text is `text` (dedented)."""
    for name, body in (files or {}).items():
        (tmp / name).write_text(textwrap.dedent(body))
    path = tmp / "jobs.yaml"
    path.write_text(textwrap.dedent(text))
    loaded = load_paths([str(path)])
    assert not [f for f in loaded.findings if f.level == "error"], loaded.findings
    report = lint(loaded, LintSettings(now=NOW, select=frozenset(codes)))
    return [f for f in report.findings if f.code in codes]


def job(name: str, schedule: str, **keys: object) -> str:
    """One job item as YAML (nested dicts become blocks)."""
    lines = [f"  - name: {name}", '    command: "true"', f'    schedule: "{schedule}"']
    lines += _block(keys, 4)
    return "\n".join(lines) + "\n"


def _block(keys: dict[str, object], indent: int) -> list[str]:
    out = []
    for key, value in keys.items():
        if isinstance(value, dict):
            out.append(" " * indent + f"{key}:")
            out += _block(value, indent + 2)
        else:
            shown = str(value).lower() if isinstance(value, bool) else value
            out.append(" " * indent + f"{key}: {shown}")
    return out


def jobs(*items: str, defaults: str = "") -> str:
    return (defaults + "\n" if defaults else "") + "jobs:\n" + "".join(items)
