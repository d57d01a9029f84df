"""The Python sessions (`pycon` blocks) in docs/ print what they say they print."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
SESSION = re.compile(r"^```pycon\n(.*?)^```$", re.M | re.S)
PAGES = [p for p in sorted(DOCS.glob("*.md")) if SESSION.search(p.read_text(encoding="utf-8"))]


def test_the_api_pages_have_sessions() -> None:
    assert {"python-api.md", "hashing.md"} <= {p.name for p in PAGES}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_sessions_run_as_shown(page: Path) -> None:
    text = "\n".join(SESSION.findall(page.read_text(encoding="utf-8")))
    test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0
