"""What `lint` of one clean file does not load: each module below is imported by the code
that needs it (a misspelt key, a finding, a job with runtime keys, a zone's changes,
text that is not plain), so the common run's start-up stays near a bare import.

Each case runs in a fresh interpreter, as a user's command does; the second half
checks that the deferred code is still reached when a run needs it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

DEFERRED = (
    "difflib",
    "unicodedata",
    "cronstable_cli.render.layout",
    "cronstable_cli.analysis.gaps",
    "cronstable_cli.analysis.lint.baseline",
    "cronstable_cli.engine.tzif",
)
CLEAN = 'jobs:\n  - name: one\n    command: /bin/true\n    schedule: "0 * * * *"\n'


def _run(path: Path, *args: str) -> dict[str, object]:
    script = (
        "import json, sys\n"
        "from cronstable_cli.cli.main import main\n"
        "from cronstable_cli import safe_text\n"
        f"code = main(['lint', {str(path)!r}, *{list(args)!r}])\n"
        "print(json.dumps({'code': code, 'loaded': sorted(sys.modules),"
        " 'patterns': safe_text.pattern.cache_info().currsize}), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, cwd=path.parent
    )
    result: dict[str, object] = json.loads(done.stderr.strip().splitlines()[-1])
    result["stdout"] = done.stdout
    return result


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_a_clean_one_file_lint_loads_none_of_the_deferred_modules(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / "one.yaml"
    path.write_text(CLEAN)
    result = _run(path, "--format", fmt)
    assert result["code"] == 0
    loaded = result["loaded"]
    assert isinstance(loaded, list)
    assert "cronstable_cli.analysis.lint" in loaded  # the run did lint
    # Text reports are laid out (render/layout.py); JSON needs no layout at all.
    deferred = [name for name in DEFERRED if fmt == "json" or not name.endswith("layout")]
    assert [name for name in deferred if name in loaded] == []
    assert result["patterns"] == 0  # plain text: no escaping pattern compiled


def test_the_deferred_code_still_runs_when_a_run_needs_it(tmp_path: Path) -> None:
    """A finding (fingerprints), a job with runtime keys (gaps), a zone near its DST
    change (the zone's file) and a name that must be escaped (the patterns)."""
    path = tmp_path / "busy.yaml"
    path.write_text(
        "jobs:\n"
        '  - name: "night\\u202e"\n'
        "    command: /bin/true\n"
        '    schedule: "30 2 * * *"\n'
        "    timezone: America/New_York\n"
        "    executionTimeout: 90000\n"
    )
    result = _run(path, "--format", "json")
    loaded = result["loaded"]
    assert isinstance(loaded, list)
    for name in (
        "cronstable_cli.analysis.gaps",
        "cronstable_cli.analysis.lint.baseline",
        "cronstable_cli.engine.tzif",
    ):
        assert name in loaded, name
    report = json.loads(str(result["stdout"]))
    codes = {finding["code"] for finding in report["findings"]}
    assert "dst-skipped-time" in codes
    assert all(len(finding["fingerprint"]) > 8 for finding in report["findings"])
    assert "\\u202e" in str(result["stdout"])  # the name escaped, not written raw
