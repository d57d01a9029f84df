"""Which files a path means, and how an explicitly named file is recognised."""

from __future__ import annotations

from pathlib import Path

import pytest

from cronstable_cli.loaders import load_paths
from cronstable_cli.loaders.sources.discover import (
    is_crontab_name,
    is_system_path,
    is_yaml_name,
    sniff,
)


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


# -- names case-folded as the daemon does (config.py _config_dir_entries, crontabs.is_crontab_path)


@pytest.mark.parametrize(
    ("name", "expected"),
    [("jobs.yaml", True), ("JOBS.YAML", True), ("Jobs.Yml", True), ("x.yml", True),
     ("yaml", False), ("jobs.yaml.bak", False), ("jobs.json", False), ("x.YAMLX", False)],
)  # fmt: skip
def test_yaml_names_are_case_folded(name: str, expected: bool) -> None:
    assert is_yaml_name(name) is expected


def test_directory_walk_takes_upper_case_names(tmp_path: Path) -> None:
    (tmp_path / "JOBS.YAML").write_text(
        'jobs:\n  - name: upper\n    command: x\n    schedule: "0 1 * * *"\n'
    )
    (tmp_path / "Legacy.CRON").write_text("0 2 * * * /bin/legacy\n")
    (tmp_path / "CRONTAB").write_text("0 3 * * * /bin/plain\n")
    (tmp_path / "README.md").write_text("0 4 * * * not a job file\n")
    (tmp_path / "_Fragment.YAML").write_text("jobs: [\n")  # skipped: starts with _
    result = load_paths([str(tmp_path)])
    assert [j.name for j in result.jobs] == ["CRONTAB:1", "upper", "Legacy.CRON:1"]
    assert result.findings == ()


# -- --system-crontab DIR reads the directory as cron reads /etc/cron.d


def _cron_d_copy(root: Path) -> Path:
    copy = root / "roles" / "x" / "files" / "cron.d"
    copy.mkdir(parents=True)
    (copy / "php").write_text("09,39 *     * * *     root   /usr/lib/php/sessionclean\n")
    (copy / "sysstat").write_text(
        "PATH=/usr/lib/sysstat:/usr/bin\n5-55/10 * * * * root debian-sa1 1 1\n"
    )
    (copy / "php~").write_text("* * * * * root editor-backup\n")  # leftovers cron skips
    (copy / "sysstat.dpkg-old").write_text("* * * * * root old\n")
    return copy


def test_system_crontab_reads_any_directory_as_cron_d(tmp_path: Path) -> None:
    copy = _cron_d_copy(tmp_path)
    result = load_paths([str(copy)], system_crontab=True)
    assert [(j.name, j.user, j.command) for j in result.jobs] == [
        ("php:1", "root", "/usr/lib/php/sessionclean"),
        ("sysstat:2", "root", "debian-sa1 1 1"),
    ]
    assert result.findings == ()


def test_without_the_flag_the_copy_holds_no_job_files(tmp_path: Path) -> None:
    copy = _cron_d_copy(tmp_path)
    assert load_paths([str(copy)]).jobs == ()


def test_system_crontab_keeps_yaml_in_other_directories(tmp_path: Path) -> None:
    (tmp_path / "jobs.yaml").write_text(
        'jobs:\n  - name: y\n    command: x\n    schedule: "0 1 * * *"\n'
    )
    (tmp_path / "backup").write_text("0 2 * * * root /bin/backup\n")
    result = load_paths([str(tmp_path)], system_crontab=True)
    assert [(j.name, j.user) for j in result.jobs] == [("backup:1", "root"), ("y", None)]


def test_system_crontab_reads_a_named_file_without_suffix(tmp_path: Path) -> None:
    path = tmp_path / "certbot"
    path.write_text("SHELL=/bin/sh\n0 */12 * * * root certbot -q renew\n")
    result = load_paths([str(path)], system_crontab=True)
    assert [(j.user, j.command) for j in result.jobs] == [("root", "certbot -q renew")]
