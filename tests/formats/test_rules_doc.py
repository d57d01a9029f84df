"""docs/lint-rules.md is generated from the rules and kept current (like the completions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cronstable_cli.analysis.lint import RULES
from cronstable_cli.formats.rules_doc import main, rules_markdown

PAGE = Path(__file__).resolve().parents[2] / "docs" / "lint-rules.md"


def test_the_committed_page_is_current() -> None:
    assert PAGE.read_text(encoding="utf-8") == rules_markdown(), (
        "docs/lint-rules.md is stale: run `make docs`"
    )


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_every_rule_has_a_section_with_the_four_parts(rule: object) -> None:
    page = rules_markdown()
    code = rule.code  # type: ignore[attr-defined]
    section = page.split(f"\n## {code}\n", 1)[1].split("\n## ", 1)[0]
    for part in ("### What it does", "### Why is this bad?", "### Example", "### Use instead"):
        assert part in section, f"{code}: its docstring has no '{part[4:]}' section"
    assert f"[`{code}`](#{code})" in page


def test_main_writes_the_page(tmp_path: Path) -> None:
    target = tmp_path / "rules.md"
    assert main([str(target)]) == 0
    assert target.read_text(encoding="utf-8") == rules_markdown()
    assert main([]) == 2
