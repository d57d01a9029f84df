"""README's Python API snippet runs as written, and the paths it names exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_api_snippet_runs() -> None:
    section = README.split("## Python API", 1)[1]
    (code,) = re.findall(r"```python\n(.*?)```", section.split("\n## ", 1)[0], re.S)
    names: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), names)  # the project's own text
    assert names["tab"].resolved == "14,29,44,59 9-17 * * mon-fri"  # type: ignore[attr-defined]
    assert "hash_key=" in str(names["hint"])


def test_the_test_directories_it_names_exist() -> None:
    named = set(re.findall(r"`(tests/[\w/.-]+)`", README))
    assert "tests/oracle/" in named
    assert [p for p in sorted(named) if not (ROOT / p).exists()] == []
