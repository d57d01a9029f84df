"""Job runtime keys, merged from defaults and includes, as the released daemon merges them."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cronstable_cli.loaders import load_paths

from .daemon import daemon_or_skip

DRIVER = Path(__file__).with_name("runtime_driver.py")
SLA = ("maxTimeSinceSuccessSeconds", "lateAfterSeconds", "maxRuntimeSeconds")


def daemon_view(root: Path, entry: str) -> dict[str, Any]:
    done = subprocess.run(
        [str(daemon_or_skip()), "-I", str(DRIVER)],
        input=json.dumps({"root": str(root), "entry": entry}),
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def _block(keys: dict[str, Any], indent: int) -> str:
    out = ""
    for key, value in keys.items():
        if isinstance(value, dict):
            out += " " * indent + f"{key}:\n" + _block(value, indent + 2)
        else:
            out += (
                " " * indent
                + f"{key}: {str(value).lower() if isinstance(value, bool) else value}\n"
            )
    return out


def _random_keys(rng: random.Random) -> dict[str, Any]:
    keys: dict[str, Any] = {}
    if rng.random() < 0.5:
        keys["executionTimeout"] = rng.choice([60, 900, 3600.5])
    if rng.random() < 0.4:
        keys["killTimeout"] = rng.choice([0, 10, 45.5])
    if rng.random() < 0.3:
        keys["concurrencyPolicy"] = rng.choice(["Allow", "Forbid", "Replace"])
    if rng.random() < 0.3:
        keys["catchupJitterSeconds"] = rng.choice([0, 30, 600])
    if rng.random() < 0.3:
        keys["onMissed"] = rng.choice(["skip", "run-once", "run-all"])
    if rng.random() < 0.3:
        keys["utc"] = rng.choice([True, False])
    sla = {k: rng.choice([60, 3600, 93600]) for k in SLA if rng.random() < 0.4}
    if sla:
        keys["sla"] = sla
    return keys


@pytest.mark.parametrize("seed", range(6))
def test_merged_runtime_keys_match_the_daemon(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    (tmp_path / "base.yaml").write_text(
        "defaults:\n" + _block(_random_keys(rng) or {"utc": True}, 2)
    )
    text = "include:\n  - base.yaml\n"
    own_defaults = _random_keys(rng)
    if own_defaults:
        text += "defaults:\n" + _block(own_defaults, 2)
    text += "jobs:\n"
    for n in range(12):
        text += f"  - name: j{n}\n    command: 'true'\n    schedule: '*/5 * * * *'\n"
        text += _block(_random_keys(rng), 4)
    (tmp_path / "jobs.yaml").write_text(text)
    theirs = daemon_view(tmp_path, "jobs.yaml")
    loaded = load_paths([str(tmp_path / "jobs.yaml")])
    if not theirs["ok"]:
        assert any(f.level == "error" for f in loaded.findings), theirs["error"]
        return
    ours = {job.name: job for job in loaded.jobs}
    for view in theirs["jobs"]:
        job = ours[view["name"]]
        rt = job.runtime
        assert rt is not None
        got = {
            "executionTimeout": rt.execution_timeout,
            "killTimeout": rt.kill_timeout,
            "concurrencyPolicy": rt.concurrency_policy,
            "concurrencyScope": rt.concurrency_scope,
            "catchupJitterSeconds": rt.catchup_jitter,
            "onMissed": rt.on_missed,
            "utc": job.utc,
            "sla": (rt.max_time_since_success, rt.late_after, rt.max_runtime),
        }
        want = {k: view[k] for k in got if k != "sla"}
        want["sla"] = tuple(view["sla"].get(k) for k in SLA)
        assert got == want, view["name"]
