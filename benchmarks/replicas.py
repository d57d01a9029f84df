"""Benchmark rendezvous owners: 100,000 jobs x 10 nodes, both hashes, and --down.

Run from the repository root: `python benchmarks/replicas.py [--jobs N] [--nodes N]`.
Prints seconds and scores per second (one score = one job-node pair). The per-pair
`rank()` figure is the naive path, measured on a sample, for comparison.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

try:
    from cronstable_cli.analysis.owners import HASHES, HashName, compute_owners, rank
except ImportError:  # run from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from cronstable_cli.analysis.owners import HASHES, HashName, compute_owners, rank

from record import record  # benchmarks/ is this script's directory

T = TypeVar("T")


def best_of(repeats: int, func: Callable[[], T]) -> tuple[float, T]:
    """(fastest seconds, last result) over `repeats` runs."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        result = func()
        best = min(best, time.perf_counter() - start)
    return best, result


def sha256_floor(jobs: list[str], nodes: list[str]) -> None:
    """One hashlib.sha256 per pair and nothing else: the cost no ranking can avoid."""
    suffixes = [b"\0" + node.encode() for node in nodes]
    sha256 = hashlib.sha256
    for job in jobs:
        prefix = job.encode()
        for suffix in suffixes:
            sha256(prefix + suffix).digest()


def rank_all(jobs: list[str], nodes: list[str], hash_name: HashName) -> list[list[str]]:
    """The naive path: score every pair through rank()."""
    return [rank(job, nodes, hash_name) for job in jobs]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=100_000)
    parser.add_argument("--nodes", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)

    jobs = [f"team-{i % 37}/job-{i:06d}" for i in range(args.jobs)]
    nodes = [f"node-{i:02d}" for i in range(args.nodes)]
    pairs = len(jobs) * len(nodes)
    down = [nodes[len(nodes) // 2]]
    sample = jobs[: max(1, len(jobs) // 20)]

    print(f"owners: {len(jobs):,} jobs x {len(nodes)} nodes = {pairs:,} scores")
    print(f"{'case':<40}{'seconds':>9}{'scores/s':>14}")
    seconds, _ = best_of(args.repeats, lambda: sha256_floor(jobs, nodes))
    print(f"{'floor: hashlib.sha256 per pair only':<40}{seconds:>9.3f}{pairs / seconds:>14,.0f}")
    floor = seconds
    for hash_name in HASHES:
        seconds, up = best_of(args.repeats, partial(compute_owners, jobs, nodes, hash=hash_name))
        print(f"{hash_name + ' compute_owners':<40}{seconds:>9.3f}{pairs / seconds:>14,.0f}")
        record(
            "owners",
            f"owners of {len(jobs):,} jobs × {len(nodes)} nodes ({hash_name})",
            f"{seconds:.2f} s",
            peer=f"hashing each pair alone (sha256) {floor:.2f} s",
            ratio=floor / seconds,
        )

        seconds, result = best_of(
            args.repeats, partial(compute_owners, jobs, nodes, hash=hash_name, down=down)
        )
        label = f"{hash_name} --down {down[0]}"
        print(f"{label:<40}{seconds:>9.3f}{pairs / seconds:>14,.0f}")

        on_down = sum(1 for owner in up.owners.values() if owner == down[0])
        balance = up.balance
        assert balance is not None
        print(
            f"  moves {len(result.moves):,} (jobs {down[0]} owned: {on_down:,}), "
            f"unexpected {len(result.unexpected_moves)}, "
            f"balance min {balance.min:,} max {balance.max:,} "
            f"stdev {balance.stdev:,.1f} (ideal {balance.ideal:,.0f})"
        )
        if len(result.moves) != on_down or result.unexpected_moves:
            print("  ERROR: a job moved that rendezvous hashing must keep", file=sys.stderr)
            return 1

        seconds, _ = best_of(1, partial(rank_all, sample, nodes, hash_name))
        label = f"{hash_name} rank() per pair ({len(sample):,} jobs)"
        print(f"{label:<40}{seconds:>9.3f}{len(sample) * len(nodes) / seconds:>14,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
