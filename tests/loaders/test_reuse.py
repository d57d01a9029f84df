"""Two loads sharing a LoadMemo (diff's two sides) load exactly what each would alone.

Fleets are generated from variants of each file, so that the two sides share
some files word for word and differ in others: an includer whose text is the
same on both sides while what it includes is not (its jobs inherit other
defaults), a fragment included by one side only, a job name that repeats
across files on one side only, crontabs read with and without a user column,
load errors and suppression comments. Each side loaded with the memo must
equal the same side loaded alone, in either order, and an unchanged file
that includes nothing must be read once.
"""

from __future__ import annotations

import os
import posixpath

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cronstable_cli.loaders import LoadResult, load_paths
from cronstable_cli.loaders.problems import Problems
from cronstable_cli.loaders.reuse import LoadMemo


class Memory:
    """Files held in a dict (path -> text), as a load reads them (a FileSource)."""

    def __init__(self, files: dict[str, str]) -> None:
        self.files = files
        self.reads: list[str] = []

    def _dirs(self) -> set[str]:
        out = set()
        for path in self.files:
            parent = posixpath.dirname(path)
            while parent:
                out.add(parent)
                parent = posixpath.dirname(parent)
        return out

    def is_dir(self, path: str) -> bool:
        return posixpath.normpath(path) in self._dirs()

    def exists(self, path: str) -> bool:
        return posixpath.normpath(path) in self.files or self.is_dir(path)

    def list_dir(self, path: str) -> list[str]:
        base = posixpath.normpath(path)
        names = {
            p[len(base) + 1 :].split("/")[0]
            for p in [*self.files, *self._dirs()]
            if p.startswith(base + "/")
        }
        return sorted(names)

    def identity(self, path: str) -> str:
        return posixpath.normpath(path)

    def read_text(self, path: str, out: Problems) -> str | None:
        self.reads.append(posixpath.normpath(path))
        return self.files[posixpath.normpath(path)]


def _job(name: str, schedule: str, extra: str = "") -> str:
    return f'  - name: {name}\n    command: /bin/{name}\n    schedule: "{schedule}"\n{extra}'


_TOP = (
    # includes a fragment whose defaults (zone, enabled) its jobs inherit
    "include:\n  - _zone.yaml\njobs:\n" + _job("top-a", "H * * * *") + _job("top-b", "0 6 * * *"),
    "include:\n  - _zone.yaml\n  - _off.yaml\njobs:\n" + _job("top-a", "H * * * *"),
    "defaults:\n  timezone: Europe/Berlin\njobs:\n" + _job("top-a", "30 2 * * *"),
    "jobs:\n" + _job("top-a", "H * * * *") + _job("shared", "*/5 * * * *"),
)
_ZONE = (
    "defaults:\n  timezone: America/New_York\njobs:\n" + _job("zoned", "30 2 * * *"),
    "defaults:\n  timezone: Europe/Berlin\njobs:\n" + _job("zoned", "30 2 * * *"),
    "defaults:\n  timezone: Mars/Olympus\njobs:\n" + _job("zoned", "0 * * * *"),
    "defaults:\n  executionTimeout: 7200\njobs:\n" + _job("zoned", "*/15 * * * *"),
)
_OFF = (
    "defaults:\n  enabled: false\n",
    "defaults:\n  enabled: true\n  executionTimeout: 30\n",
    "jobs:\n" + _job("shared", "0 0 * * *"),  # repeats a name of team.yaml
)
_TEAM = (
    "jobs:\n" + _job("t1", "H H * * *") + _job("t2", "0 12 * * *"),
    "jobs:\n" + _job("t1", "H H * * *") + _job("shared", "0 12 * * *"),
    "jobs:\n" + _job("t1", "61 * * * *") + _job("t2", "0 12 31 2 *"),
    "jobs:\n"
    + _job("t1", "0 0-23 * * *", "    # cronstable: ignore[every-minute]\n")
    + _job("t2", "* * * * *"),
    "jobs:\n  - name: t1\n    command: x\n    schedule: [oops\n",
)
_CRONTAB = (
    "0 * * * * /bin/hourly\n15 4 * * * /bin/daily\n",
    "CRON_TZ=Europe/Berlin\n30 2 * * * /bin/nightly\n",
    "0 * * * * root /bin/hourly\n",
    "61 * * * * /bin/broken\n",
)

_FILES = {
    "conf/cronstable.yaml": _TOP,
    "conf/_zone.yaml": _ZONE,
    "conf/_off.yaml": _OFF,
    "conf/team.yaml": _TEAM,
    "conf/legacy.crontab": _CRONTAB,
}


@st.composite
def fleets(draw: st.DrawFn) -> dict[str, str]:
    """One side: a variant of each file (a fragment or the crontab may be missing)."""
    out = {}
    for path, variants in _FILES.items():
        if path.endswith(("_off.yaml", ".crontab")) and draw(st.booleans()):
            continue
        out[path] = variants[draw(st.integers(0, len(variants) - 1))]
    return out


def _load(files: dict[str, str], memo: LoadMemo | None, system: bool) -> LoadResult:
    return load_paths(["conf"], files=Memory(files), system_crontab=system, reuse=memo)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    base=fleets(),
    head=fleets(),
    base_system=st.booleans(),
    head_system=st.booleans(),
    head_first=st.booleans(),
)
def test_each_side_loads_as_it_would_alone(
    base: dict[str, str],
    head: dict[str, str],
    base_system: bool,
    head_system: bool,
    head_first: bool,
) -> None:
    alone = (_load(base, None, base_system), _load(head, None, head_system))
    memo = LoadMemo()
    if head_first:
        head_result = _load(head, memo, head_system)
        base_result = _load(base, memo, base_system)
    else:
        base_result = _load(base, memo, base_system)
        head_result = _load(head, memo, head_system)
    assert (base_result, head_result) == alone


def test_an_includer_with_the_same_text_is_read_again() -> None:
    """Its text is the same on both sides; what it includes is not, nor its jobs' zone."""
    top = _TOP[0]
    base = {"conf/cronstable.yaml": top, "conf/_zone.yaml": _ZONE[0]}
    head = {"conf/cronstable.yaml": top, "conf/_zone.yaml": _ZONE[1]}
    memo = LoadMemo()
    before = load_paths(["conf/cronstable.yaml"], files=Memory(base), reuse=memo)
    source = Memory(head)
    after = load_paths(["conf/cronstable.yaml"], files=source, reuse=memo)
    zones = {job.name: job.timezone for job in after.jobs}
    assert zones["top-a"] == "Europe/Berlin"
    assert {job.name: job.timezone for job in before.jobs}["top-a"] == "America/New_York"
    assert after == load_paths(["conf/cronstable.yaml"], files=Memory(head))


def test_an_unchanged_file_is_read_once_and_shares_its_jobs() -> None:
    base = {"conf/team.yaml": _TEAM[0], "conf/legacy.crontab": _CRONTAB[0]}
    head = {"conf/team.yaml": _TEAM[0], "conf/legacy.crontab": _CRONTAB[1]}
    memo = LoadMemo()
    before = load_paths(["conf"], files=Memory(base), reuse=memo)
    after = load_paths(["conf"], files=Memory(head), reuse=memo)
    team = [job for job in after.jobs if job.location.file == os.path.join("conf", "team.yaml")]
    assert team and all(any(job is old for old in before.jobs) for job in team)
    assert not any(job is old for job in after.jobs if job not in team for old in before.jobs)
    assert after == load_paths(["conf"], files=Memory(head))


def test_the_same_text_at_another_path_is_read_again() -> None:
    """Findings and jobs name their file: two directories (`diff old/ new/`) share nothing."""
    memo = LoadMemo()
    load_paths(["old"], files=Memory({"old/team.yaml": _TEAM[4]}), reuse=memo)
    after = load_paths(["new"], files=Memory({"new/team.yaml": _TEAM[4]}), reuse=memo)
    assert after.findings and all(f.file == "new/team.yaml" for f in after.findings)
    assert after == load_paths(["new"], files=Memory({"new/team.yaml": _TEAM[4]}))
