"""The project documents itself: every docs/ page the code, tests and README cite exists,
and every relative link between the pages (and its #anchor) resolves."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md"))
LINK = re.compile(r"\]\(([^)\s]+)\)")
CITED = re.compile(r"docs/([a-z0-9-]+\.md)")


def anchors(page: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    found = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def tracked_text_files() -> list[Path]:
    names = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / n for n in names if n.endswith((".py", ".md", ".sh", ".toml", ".json", ".txt"))]


def test_every_cited_docs_page_exists() -> None:
    cited: dict[str, str] = {}
    for path in tracked_text_files():
        for name in CITED.findall(path.read_text(encoding="utf-8", errors="replace")):
            cited.setdefault(name, str(path.relative_to(ROOT)))
    assert len(cited) >= 9
    missing = {name: where for name, where in cited.items() if not (DOCS / name).is_file()}
    assert not missing


def test_the_index_lists_every_page() -> None:
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    assert {p.name for p in PAGES} - {"README.md"} <= set(LINK.findall(index))


def test_the_readme_links_the_docs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/README.md" in LINK.findall(readme)


@pytest.mark.parametrize("page", [ROOT / "README.md", *PAGES], ids=lambda p: p.name)
def test_relative_links_resolve(page: Path) -> None:
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target) or target.startswith("<"):
            continue
        file, _, anchor = target.partition("#")
        dest = (page.parent / file) if file else page
        assert dest.exists(), f"{page.name}: {target}"
        if anchor and dest.suffix == ".md":
            assert anchor in anchors(dest), f"{page.name}: {target}"


def test_no_page_cites_the_old_spec() -> None:
    for path in tracked_text_files():
        if path == Path(__file__):
            continue  # the pattern below
        text = path.read_text(encoding="utf-8", errors="replace")
        assert not re.search(r"\bSPEC\b(?!_)|SPEC\.md|§\d", text), path
