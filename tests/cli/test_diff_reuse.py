"""`diff` reads a file both sides hold word for word once: its report is the same as
when each side is loaded in full (loaders/reuse.py).

Each case is run twice, once as `diff` runs and once with a memo that keeps
nothing, and every format must come out byte for byte the same. The cases
are the ones where reuse could go wrong: an includer whose text is the same
while what it includes is not, a name repeated across files on one side
only, a file broken on one side, crontabs, and the diff fixture itself (whose
changed file is read again only for the job items that differ,
loaders/incremental.py; the memo that keeps nothing reads it whole).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cronstable_cli.loaders import reuse
from tests.cli.helpers import run
from tests.gitrepo import Repo

DATA = Path(__file__).resolve().parents[1] / "data" / "diff"
FROM = "2027-03-08T00:00Z"
FORMATS = ("json", "text", "markdown", "github")


class _Forgetful(dict[Any, Any]):
    """A memo table that keeps nothing: every file is loaded in full on each side."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


class _NoReuse(reuse.LoadMemo):
    def __init__(self) -> None:
        super().__init__()
        self.yaml = _Forgetful()
        self.crontabs = _Forgetful()
        self.texts = _Forgetful()


class _Counting(dict[Any, Any]):
    hits = 0

    def get(self, key: Any, default: Any = None) -> Any:
        found = super().get(key, default)
        if found is not None:
            _Counting.hits += 1
        return found


class _CountingMemo(reuse.LoadMemo):
    def __init__(self) -> None:
        super().__init__()
        self.yaml = _Counting()
        self.crontabs = _Counting()


def _job(name: str, schedule: str) -> str:
    return f'  - name: {name}\n    command: /bin/{name}\n    schedule: "{schedule}"\n'


def _fixture(side: str) -> dict[str, str]:
    return {
        f"cronstable.d/{p.name}": p.read_text(encoding="utf-8")
        for p in sorted((DATA / side).iterdir())
    }


_SAME = {"cronstable.d/same.yaml": "jobs:\n" + _job("steady", "H/15 * * * *")}
_TOP = "include:\n  - _zone.yaml\njobs:\n" + _job("top", "30 2 * * *") + _job("h", "H H * * *")
CASES = {
    "fixture": ({**_fixture("base"), **_SAME}, {**_fixture("head"), **_SAME}),
    "includer unchanged, fragment changed": (
        {
            "cronstable.d/cronstable.yaml": _TOP,
            "cronstable.d/_zone.yaml": "defaults:\n  timezone: America/New_York\n",
            "cronstable.d/team.yaml": "jobs:\n" + _job("t", "0 * * * *"),
        },
        {
            "cronstable.d/cronstable.yaml": _TOP,
            "cronstable.d/_zone.yaml": "defaults:\n  timezone: Europe/Berlin\n",
            "cronstable.d/team.yaml": "jobs:\n" + _job("t", "0 * * * *"),
        },
    ),
    "a name repeated on one side": (
        {
            "cronstable.d/a.yaml": "jobs:\n" + _job("same", "0 * * * *"),
            "cronstable.d/b.yaml": "jobs:\n" + _job("other", "15 * * * *"),
            "cronstable.d/tasks.crontab": "0 4 * * * /bin/tasks\n",
        },
        {
            "cronstable.d/a.yaml": "jobs:\n" + _job("same", "0 * * * *"),
            "cronstable.d/b.yaml": "jobs:\n" + _job("same", "15 * * * *"),
            "cronstable.d/tasks.crontab": "0 4 * * * /bin/tasks\n",
        },
    ),
    "a file broken on one side": (
        {
            "cronstable.d/a.yaml": "jobs:\n" + _job("a", "* * * * *"),
            "cronstable.d/b.yaml": "jobs:\n" + _job("b", "0 12 * * *"),
        },
        {
            "cronstable.d/a.yaml": "jobs:\n" + _job("a", "* * * * *"),
            "cronstable.d/b.yaml": "jobs:\n  - name: b\n    schedule: [oops\n",
        },
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_reports_equal_those_of_two_full_loads(
    case: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    base, head = CASES[case]
    repo = Repo(tmp_path)
    repo.commit(base, "base")
    repo.write({path: None for path in base if path not in head})
    repo.write(head)
    monkeypatch.chdir(tmp_path)

    def reports() -> list[tuple[int, str, str]]:
        args = ("diff", "main", "cronstable.d", "--from", FROM, "--max-per-minute", "1")
        return [run(capsys, *args, "--format", fmt) for fmt in FORMATS]

    _Counting.hits = 0
    monkeypatch.setattr(reuse, "LoadMemo", _CountingMemo)
    reused = reports()
    assert _Counting.hits >= len(FORMATS)  # an unchanged file was read once, each run
    monkeypatch.setattr(reuse, "LoadMemo", _NoReuse)
    assert reused == reports()
