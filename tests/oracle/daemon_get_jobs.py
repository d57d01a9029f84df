"""Start the released daemon on 127.0.0.1 with a tiny config and save what its GET /jobs answers.

Used by tests/cli/test_durations_daemon.py, and to refresh the committed
document: `python -m tests.oracle.daemon_get_jobs tests/data/daemon-get-jobs/jobs.json`
(from the repository root, with `.venv-daemon` installed).
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from .daemon import daemon_or_skip

CONFIG = """\
web:
  listen:
    - http://127.0.0.1:{port}
jobs:
  - name: quick
    command: "sleep 0.3"
    schedule: "*/2 * * * * * *"
  - name: slower
    command: "sleep 0.7"
    schedule: "*/3 * * * * * *"
  - name: never-ran
    command: "true"
    schedule: "0 0 1 1 *"
"""
WANTED = {"quick": 3, "slower": 2}  # runs in each job's history before the answer is kept


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def capture(workdir: Path, timeout: float = 40) -> list[dict[str, Any]]:
    """The daemon's GET /jobs once every WANTED job has enough finished runs."""
    python = daemon_or_skip()
    port = _free_port()
    (workdir / "cronstable.yaml").write_text(CONFIG.format(port=port))
    log = (workdir / "daemon.log").open("w")
    daemon = subprocess.Popen(
        [str(python), "-I", "-m", "cronstable", "-c", "cronstable.yaml"],
        cwd=workdir,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            time.sleep(0.5)
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/jobs", timeout=5) as r:
                    jobs: list[dict[str, Any]] = json.load(r)
            except OSError:
                continue
            runs = {j["name"]: len(j.get("history") or []) for j in jobs}
            if all(runs.get(name, 0) >= n for name, n in WANTED.items()):
                return jobs
        raise AssertionError(f"the daemon answered no full GET /jobs in {timeout}s")
    finally:
        daemon.terminate()
        try:
            daemon.wait(10)
        except subprocess.TimeoutExpired:
            daemon.kill()
            daemon.wait()
        log.close()


def main(argv: list[str]) -> int:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        jobs = capture(Path(tmp))
    Path(argv[0]).write_text(json.dumps(jobs, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
