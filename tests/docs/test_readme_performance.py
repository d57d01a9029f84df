"""README's performance table is the one `make bench-readme` writes from the recorded run."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results.jsonl"


def _readme_writer() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_readme", ROOT / "benchmarks" / "readme.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_table_is_the_recorded_runs() -> None:
    # A figure edited by hand, or a run recorded without `make bench-readme`, fails here.
    writer = _readme_writer()
    rows = [json.loads(line) for line in RESULTS.read_text().splitlines() if line.strip()]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split(writer.START, 1)[1].split(writer.END, 1)[0]
    assert block == f"\n{writer.table(rows)}\n"


def test_the_recorded_run_names_its_machine_and_every_verdict_follows_its_figure() -> None:
    rows = [json.loads(line) for line in RESULTS.read_text().splitlines() if line.strip()]
    run = [r for r in rows if r["section"] == "run"]
    assert len(run) == 1 and run[0]["machine"] and run[0]["date"]
    # An engine row passes exactly when its ratio reaches the 1.5x target.
    for row in rows:
        if row["section"] == "engine":
            assert row["passed"] == (row["ratio"] >= 1.5), row
