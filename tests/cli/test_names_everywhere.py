"""Every command answers a mistyped name with the same did-you-mean, and sorts names naturally."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from . import helpers as cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = str(ROOT / "examples")


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        pytest.param(
            ["preview", "0 0 * * *", "--tz", "Europe/Berln"],
            "did you mean 'Europe/Berlin'?",
            id="preview --tz",
        ),
        pytest.param(
            ["pressure", EXAMPLES, "--tz", "america/new york"],
            "did you mean 'America/New_York'?",
            id="pressure --tz",
        ),
        pytest.param(
            ["suggest", EXAMPLES, "--job", "nightly-reprot"],
            "did you mean 'nightly-report'?",
            id="suggest --job",
        ),
        pytest.param(
            ["explain", "--job", "nightly-reprot", EXAMPLES],
            "did you mean 'nightly-report'?",
            id="explain --job",
        ),
        pytest.param(["preview", "@daliy"], "did you mean @daily?", id="macro"),
        pytest.param(
            ["owners", EXAMPLES, "--nodes", "node-a,node-b", "--down", "node-c"],
            "did you mean 'node-a'?",
            id="owners --down",
        ),
    ],
)
def test_mistyped_names_get_a_suggestion(
    capsys: pytest.CaptureFixture[str], args: list[str], hint: str
) -> None:
    code, _, err = cli.run(capsys, *args)
    assert code in (1, 2)
    assert hint in err, err


def test_suggest_job_with_nothing_close_has_no_hint(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli.run(capsys, "suggest", EXAMPLES, "--job", "zzzzzz")
    assert code == 2
    assert "no job named 'zzzzzz'" in err and "did you mean" not in err


def test_duplicates_lists_crontab_lines_in_natural_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Lines 1..12 all run hourly: one group whose names must read :1, :2, ..., :12.
    path = tmp_path / "legacy.crontab"
    path.write_text("".join(f"0 * * * * /bin/job{n}\n" for n in range(1, 13)))
    code, out, _ = cli.run(capsys, "duplicates", str(path), "--format", "json")
    assert code == 0
    (group,) = json.loads(out)["groups"]
    assert group["jobs"] == [f"legacy.crontab:{n}" for n in range(1, 13)]
    code, out, _ = cli.run(capsys, "duplicates", str(path))
    assert out.index("legacy.crontab:9") < out.index("legacy.crontab:10")
