"""README's performance table is the one `make bench-readme` writes from the recorded run."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
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


def test_every_benchmark_names_its_machine_and_every_verdict_follows_its_figure() -> None:
    rows = [json.loads(line) for line in RESULTS.read_text().splitlines() if line.strip()]
    runs = [r for r in rows if r["section"] == "run"]
    # One run row per benchmark that recorded figures (`make bench BENCH=...` replaces
    # one benchmark's rows and keeps the others').
    benches = {r["bench"] for r in rows if r["section"] != "run"}
    assert {r["bench"] for r in runs} == benches
    assert all(r["machine"] and r["date"] for r in runs)
    # An engine row passes exactly when its ratio reaches its own target ("≥ 2×").
    for row in rows:
        if row["section"] == "engine":
            assert row["target"].startswith("≥ ") and row["target"].endswith("×"), row
            target = float(row["target"][2:-1])
            assert row["passed"] == (row["ratio"] >= target), row
        spread = row.get("spread")
        if spread is not None:
            # The median of the rounds lies between the lowest and the highest.
            assert spread[0] <= row["ratio"] <= spread[1], row


def test_merging_one_benchmark_keeps_the_others_rows(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("bench_record", ROOT / "benchmarks" / "record.py")
    assert spec is not None and spec.loader is not None
    record = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(record)
    results, new = tmp_path / "results.jsonl", tmp_path / "engine.new"
    old = [
        {"bench": "engine", "section": "engine", "what": "old engine"},
        {"bench": "scale", "section": "scale", "what": "scale"},
        {"bench": "diff", "section": "diff", "what": "diff"},
    ]
    results.write_text("".join(json.dumps(r) + "\n" for r in old))
    new.write_text(json.dumps({"bench": "engine", "section": "engine", "what": "new"}) + "\n")
    record.merge(str(results), str(new))
    kept = [json.loads(line)["what"] for line in results.read_text().splitlines()]
    assert kept == ["new", "scale", "diff"]
    assert not new.exists()
    # A benchmark never recorded before goes last.
    new.write_text(json.dumps({"bench": "lsp", "section": "lsp", "what": "lsp"}) + "\n")
    record.merge(str(results), str(new))
    assert [json.loads(line)["what"] for line in results.read_text().splitlines()][-1] == "lsp"


def test_a_benchmark_is_judged_by_the_figures_it_recorded(tmp_path: Path) -> None:
    # `make bench` asks `record.py missed` whatever the benchmark's exit status: a
    # benchmark that prints FAIL and exits 0 (engine, scale, diff without --check)
    # is still named among the missed.
    script = ROOT / "benchmarks" / "record.py"
    new = tmp_path / "engine.new"
    rows = [
        {"bench": "engine", "what": "kept", "passed": True},
        {"bench": "engine", "what": "short", "passed": False},
        {"bench": "engine", "what": "no target"},
    ]
    new.write_text("".join(json.dumps(r) + "\n" for r in rows))
    done = subprocess.run(
        [sys.executable, str(script), "missed", str(new)], capture_output=True, text=True
    )
    assert done.returncode == 1
    assert done.stdout.splitlines() == ["  missed: short"]
    new.write_text(json.dumps(rows[0]) + "\n" + json.dumps(rows[2]) + "\n")
    done = subprocess.run(
        [sys.executable, str(script), "missed", str(new)], capture_output=True, text=True
    )
    assert (done.returncode, done.stdout) == (0, "")
    # Nothing recorded (a peer missing): nothing missed.
    done = subprocess.run(
        [sys.executable, str(script), "missed", str(tmp_path / "absent")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0
    # The Makefile's loop asks it after every benchmark, before the merge.
    makefile = (ROOT / "Makefile").read_text()
    assert makefile.index("record.py missed") < makefile.index("record.py merge")
