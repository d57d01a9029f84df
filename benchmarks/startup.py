"""Start-up cost: `cronstable lint` on a one-job file vs `import click, strictyaml`.

Target (issue: lint): the lint run within 1.5x the bare import, wall time, same
venv. Each command runs many times after a warm-up run that writes bytecode
caches, as an installed package has them; the minimum is the figure (the least
noisy estimate of the fixed cost).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

RUNS = 25
ONE_JOB = """jobs:
  - name: one
    command: /bin/true
    schedule: "0 * * * *"
"""


# As installed: bytecode caches written and used (an environment that sets
# PYTHONDONTWRITEBYTECODE would otherwise recompile every module on every run).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def best_of(cmd: list[str]) -> float:
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                   env=ENV)  # warm-up: writes the bytecode caches
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                       env=ENV)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "one.yaml")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(ONE_JOB)
        py = sys.executable
        # The installed console script, as a user or pre-commit runs it.
        script = os.path.join(os.path.dirname(py), "cronstable")
        command = [script] if os.path.exists(script) else [py, "-m", "cronstable_cli"]
        base = best_of([py, "-c", "import click, strictyaml"])
        rows = [
            ("python -c 'import click, strictyaml'", base),
            ("cronstable lint one.yaml --format json",
             best_of([*command, "lint", path, "--format", "json"])),
            ("cronstable lint one.yaml (text)", best_of([*command, "lint", path])),
            ("cronstable --version", best_of([*command, "--version"])),
        ]
    print(f"start-up, best of {RUNS} runs (Python {sys.version.split()[0]})")
    for label, seconds in rows:
        print(f"  {label:42s} {seconds * 1000:7.1f} ms  {seconds / base:5.2f}x")
    ratio = rows[1][1] / base
    verdict = "PASS" if ratio <= 1.5 else "FAIL"
    print(f"  lint/json vs bare import: {ratio:.2f}x (target <= 1.5x) {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
