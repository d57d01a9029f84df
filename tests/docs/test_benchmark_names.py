"""A benchmark script never takes a standard-library module's name.

`make bench` runs `python benchmarks/NAME.py`, which puts benchmarks/ first on
sys.path: a script called `calendar.py` would be imported by every other
benchmark (and by the libraries they load) in place of the standard `calendar`.
"""

from __future__ import annotations

import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def test_no_benchmark_shadows_a_standard_module() -> None:
    stems = {path.stem for path in BENCHMARKS.glob("*.py")}
    assert stems  # the directory is where this test thinks it is
    assert not stems & set(sys.stdlib_module_names), sorted(stems & set(sys.stdlib_module_names))


def test_make_bench_runs_scripts_that_exist() -> None:
    makefile = (BENCHMARKS.parent / "Makefile").read_text(encoding="utf-8")
    line = next(x for x in makefile.splitlines() if x.startswith("BENCH ?="))
    names = line.split("=", 1)[1].split()
    assert names and all((BENCHMARKS / f"{name}.py").is_file() for name in names), names
