"""Which files a path means, and how an explicitly named file is recognised."""

from __future__ import annotations

from pathlib import Path

import pytest

from cronstable_cli.loaders import load_paths
from cronstable_cli.loaders.discover import is_crontab_name, is_system_path, sniff


@pytest.mark.parametrize(
    ("name", "expected"),
    [("crontab", True), ("CRONTAB", True), ("legacy.crontab", True), ("x.cron", True),
     ("x.CRON", True), ("crontab.txt", False), ("jobs.yaml", False), ("mycrontab", False)],
)  # fmt: skip
def test_crontab_names(name: str, expected: bool) -> None:
    assert is_crontab_name(name) is expected


@pytest.mark.parametrize(
    ("path", "expected"),
    [("/etc/crontab", True), ("/etc/cron.d/e2scrub_all", True), ("/etc/cron.d", False),
     ("/etc/cron.daily/logrotate", False), ("/srv/etc/crontab", False)],
)  # fmt: skip
def test_system_paths(path: str, expected: bool) -> None:
    assert is_system_path(path) is expected


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("# comment\n\nMAILTO=ops\n0 1 * * * x\n", "crontab"),
        ("CRON_TZ = UTC\n", "crontab"),
        ("@daily /bin/x\n", "crontab"),
        ("*/5 9-17 * * mon-fri /bin/x\n", "crontab"),
        ("H H(0-5) * * * /bin/x\n", "crontab"),
        ("0 1 * * *\n", "yaml"),  # five fields and no command
        ("jobs:\n  - name: x\n", "yaml"),
        ("services:\n  web: {}\n", "yaml"),
        ("a b c d e f\n", "yaml"),
        # Five fields the schedule parser refuses do not make a crontab (as in the daemon).
        ("61 * * * * /bin/x\n", "yaml"),
        ("0 1 ? * * /bin/x\n", "crontab"),
        ("\ufeff0 1 * * * /bin/x\n", "yaml"),
        ("", "yaml"),
    ],
)
def test_sniffing(text: str, kind: str) -> None:
    assert sniff(text) == kind


def test_explicitly_named_files_are_sniffed(tmp_path: Path) -> None:
    (tmp_path / "hostjobs").write_text("# from the old box\n15 3 * * * /bin/cleanup\n")
    (tmp_path / "config").write_text("jobs:\n  - name: y\n    command: x\n    schedule: '@daily'\n")
    result = load_paths([str(tmp_path / "hostjobs"), str(tmp_path / "config")])
    assert result.findings == ()
    assert [(j.name, j.kind) for j in result.jobs] == [("hostjobs:2", "crontab"), ("y", "yaml")]


def test_directory_mode_picks_sorted_job_files_only(tmp_path: Path) -> None:
    job = "jobs:\n  - name: {}\n    command: x\n    schedule: '@daily'\n"
    for name in ("b.yml", "a.yaml", "_fragment.yaml", ".hidden.yaml", "notes.txt", "c.json"):
        (tmp_path / name).write_text(job.format(name))
    (tmp_path / "Crontab").write_text("0 1 * * * /bin/x\n")
    (tmp_path / "z.cron").write_text("0 2 * * * /bin/y\n")
    (tmp_path / "hostjobs").write_text("0 3 * * * /bin/z\n")  # not by name: not in dir mode
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "deeper.yaml").write_text(job.format("deeper"))
    result = load_paths([str(tmp_path)])
    assert result.findings == ()
    assert [j.name for j in result.jobs] == ["Crontab:1", "a.yaml", "b.yml", "z.cron:1"]
