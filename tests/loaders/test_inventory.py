"""Realistic configs in, the exact job inventory out (name, place, schedule, zone...)."""

from __future__ import annotations

import os

from cronstable_cli.loaders import load_paths

from .conftest import FLEET


def inventory(paths: list[str]) -> list[tuple[object, ...]]:
    result = load_paths(paths)
    return [
        (
            job.name,
            os.path.basename(job.location.file),
            job.location.line,
            job.schedule,
            job.schedule_location.line,
            job.schedule_location.column,
            job.zone,
            job.enabled,
            job.kind,
        )
        for job in result.jobs
    ]


def test_directory_with_crontab_beside_yaml_files() -> None:
    # Sorted order: app.yaml (its include _defaults.yaml first), legacy.crontab, ops.yml;
    # _defaults.yaml, .hidden.yaml and README.md are not loaded on their own.
    yaml, crontab, berlin, chicago = "yaml", "crontab", "Europe/Berlin", "America/Chicago"
    assert inventory([str(FLEET)]) == [
        ("backup", "app.yaml", 6, "0 2 * * *", 8, 16, berlin, True, yaml),
        ("report-ny", "app.yaml", 9, "30 9 * * mon-fri", 14, 16, "America/New_York", True, yaml),
        ("migration-2030", "app.yaml", 18, "0 4 1 jan * 2030", 21, 7, berlin, True, yaml),
        ("heartbeat", "app.yaml", 27, "*/15 */5 * * * * *", 30, 7, berlin, True, yaml),
        ("local-cleanup", "app.yaml", 33, "15 3 * * *", 36, 16, "UTC", False, yaml),
        ("legacy.crontab:5", "legacy.crontab", 5, "*/10 * * * *", 5, 1, "UTC", True, crontab),
        ("legacy.crontab:7", "legacy.crontab", 7, "@daily", 7, 1, chicago, True, crontab),
        ("legacy.crontab:8", "legacy.crontab", 8, "0 6 * * 1", 8, 1, chicago, True, crontab),
        ("host-local", "ops.yml", 4, "H * * * *", 6, 16, "local", True, yaml),
        ("host-utc", "ops.yml", 7, "H * * * *", 9, 16, "UTC", True, yaml),
    ]


def test_directory_load_is_clean_and_lists_files_in_order() -> None:
    result = load_paths([str(FLEET)])
    assert result.findings == ()
    assert [os.path.basename(f) for f in result.files] == [
        "app.yaml",
        "_defaults.yaml",
        "legacy.crontab",
        "ops.yml",
    ]


def test_defaults_zone_and_a_job_overriding_it() -> None:
    jobs = {job.name: job for job in load_paths([str(FLEET / "app.yaml")]).jobs}
    assert jobs["backup"].timezone == "Europe/Berlin"  # from the included _defaults.yaml
    assert jobs["backup"].zone_explicit
    assert jobs["report-ny"].timezone == "America/New_York"  # the job's own key wins
    assert jobs["local-cleanup"].zone == "UTC"  # timezone wins over utc: false
    assert not jobs["local-cleanup"].utc


def test_utc_false_from_defaults_and_overridden() -> None:
    jobs = {job.name: job for job in load_paths([str(FLEET / "ops.yml")]).jobs}
    assert (jobs["host-local"].utc, jobs["host-local"].zone) == (False, "local")
    assert (jobs["host-utc"].utc, jobs["host-utc"].zone) == (True, "UTC")
    assert not jobs["host-local"].zone_explicit


def test_commands_keys_and_suppressions() -> None:
    jobs = {job.name: job for job in load_paths([str(FLEET)]).jobs}
    assert jobs["report-ny"].command == "/usr/local/bin/report --region 'us east'"
    assert jobs["local-cleanup"].command == "find /tmp -mtime +7 -delete\n"
    assert jobs["legacy.crontab:8"].command == '/usr/local/bin/weekly --stamp "$(date +%F)"'
    assert jobs["report-ny"].keys == ("name", "command", "schedule", "timezone")
    assert jobs["migration-2030"].suppressed == frozenset({"never-fires"})
    assert jobs["migration-2030"].is_suppressed("never-fires")
    assert not jobs["migration-2030"].is_suppressed("dst-skipped-time")
    assert jobs["heartbeat"].suppressed == frozenset()  # no list: every code
    assert jobs["heartbeat"].is_suppressed("anything")
    assert jobs["backup"].suppressed is None


def test_the_fragment_alone_has_no_jobs_and_no_findings() -> None:
    result = load_paths([str(FLEET / "_defaults.yaml")])
    assert result.jobs == ()
    assert result.findings == ()


def test_same_file_twice_loads_once() -> None:
    once = load_paths([str(FLEET / "ops.yml")])
    twice = load_paths([str(FLEET / "ops.yml"), str(FLEET), str(FLEET / "ops.yml")])
    assert [j.name for j in once.jobs] == ["host-local", "host-utc"]
    assert [j.name for j in twice.jobs].count("host-local") == 1
    assert not [f for f in twice.findings if f.code == "duplicate-job-name"]
