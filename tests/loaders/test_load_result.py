"""LoadResult.merge: two loads read as one, in order."""

from __future__ import annotations

from cronstable_cli.loaders import LoadResult
from cronstable_cli.records import Finding, SourceLocation


def _finding(file: str) -> Finding:
    return Finding(
        code="empty-config", level="note", message="no jobs", location=SourceLocation(file, 1, 1)
    )


def test_merge_keeps_order_and_the_first_cluster_section() -> None:
    a = LoadResult((), (_finding("a.yaml"),), ("a.yaml",))
    b = LoadResult(
        (), (_finding("b.yaml"),), ("b.yaml",), cluster={"nodes": ["x"]}, cluster_file="b.yaml"
    )
    c = LoadResult((), (), ("c.yaml",), cluster={"nodes": ["y"]}, cluster_file="c.yaml")
    merged = a.merge(b).merge(c)
    assert merged.files == ("a.yaml", "b.yaml", "c.yaml")
    assert [f.file for f in merged.findings] == ["a.yaml", "b.yaml"]
    assert (merged.cluster, merged.cluster_file) == ({"nodes": ["x"]}, "b.yaml")
