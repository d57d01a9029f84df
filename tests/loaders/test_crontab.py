"""Classic crontab files: entries, NAME=value lines, CRON_TZ, `%`, user columns."""

from __future__ import annotations

from pathlib import Path

import pytest

from cronstable_cli.loaders import load_paths
from cronstable_cli.loaders.crontab.classic import parse_crontab
from cronstable_cli.loaders.problems import Problems


def parse(text: str, *, system: bool = False, file: str = "jobs.crontab"):  # type: ignore[no-untyped-def]
    out = Problems(file)
    jobs = parse_crontab(text, out, system=system)
    return jobs, out.found


def test_entries_names_and_columns() -> None:
    jobs, found = parse("# header\n\n  0 5 * * *   /bin/backup  --now\n@hourly /bin/tick\n")
    assert found == []
    assert [(j.name, j.schedule, j.command) for j in jobs] == [
        ("jobs.crontab:3", "0 5 * * *", "/bin/backup  --now"),
        ("jobs.crontab:4", "@hourly", "/bin/tick"),
    ]
    assert (jobs[0].schedule_location.line, jobs[0].schedule_location.column) == (3, 3)
    assert all(j.kind == "crontab" and j.zone == "UTC" and j.enabled for j in jobs)


def test_schedule_text_is_kept_as_written() -> None:
    (job,), _ = parse("*/5  9-17 * *  mon-fri /bin/x\n")
    assert job.schedule == "*/5  9-17 * *  mon-fri"


def test_midnight_is_rewritten_to_daily() -> None:
    (job,), _ = parse("@midnight /bin/rotate\n")
    assert job.schedule == "@daily"


def test_reboot_is_kept() -> None:
    (job,), _ = parse("@reboot /bin/start\n")
    assert job.schedule == "@reboot"


@pytest.mark.parametrize(
    ("line", "zone"),
    [
        ("CRON_TZ=Europe/Berlin", "Europe/Berlin"),
        ("CRON_TZ = Asia/Tokyo", "Asia/Tokyo"),
        ('CRON_TZ="America/New_York"', "America/New_York"),
        ("CRON_TZ='UTC'", "UTC"),
    ],
)
def test_cron_tz_sets_the_zone_of_the_entries_below(line: str, zone: str) -> None:
    jobs, found = parse(f"0 1 * * * /bin/before\n{line}\n0 2 * * * /bin/after\n")
    assert found == []
    assert [j.timezone for j in jobs] == [None, zone]
    assert jobs[1].zone_explicit


def test_cron_tz_unknown_zone() -> None:
    jobs, found = parse("CRON_TZ=Europe/Pari\n0 1 * * * /bin/x\n")
    (finding,) = found
    assert (finding.code, finding.line, finding.column) == ("unknown-timezone", 1, 9)
    assert "Europe/Paris" in finding.message
    assert jobs[0].timezone == "Europe/Pari"


def test_other_variables_are_accepted() -> None:
    jobs, found = parse('SHELL=/bin/bash\nMAILTO = "ops@example.com"\nPATH=/usr/bin\n0 1 * * * x\n')
    assert found == [] and len(jobs) == 1


def test_escaped_percent_is_literal() -> None:
    (job,), found = parse("0 1 * * * date +\\%Y-\\%m\n")
    assert found == []
    assert job.command == "date +%Y-%m"


def test_bare_percent_is_an_error_at_its_column() -> None:
    jobs, found = parse("0 1 * * * mail -s hi root%body\n")
    (finding,) = found
    assert (finding.code, finding.level, finding.line, finding.column) == (
        "invalid-config",
        "error",
        1,
        26,
    )
    assert "stdin" in finding.message and finding.job == "jobs.crontab:1"
    assert len(jobs) == 1  # still analysed


def test_missing_final_newline() -> None:
    _, found = parse("0 1 * * * /bin/a\n0 2 * * * /bin/b")
    (finding,) = found
    assert (finding.code, finding.level, finding.line) == ("missing-final-newline", "note", 2)


def test_final_newline_after_a_comment_is_not_needed() -> None:
    _, found = parse("0 1 * * * /bin/a\n# end")
    assert found == []


def test_incomplete_entries() -> None:
    jobs, found = parse("0 1 * *\n0 1 * * *\n@daily\n")
    assert jobs == []
    assert [(f.code, f.line) for f in found] == [("invalid-config", n) for n in (1, 2, 3)]


def test_likely_user_column_in_a_plain_crontab() -> None:
    (job,), found = parse("0 1 * * * root /usr/bin/backup\n")
    (finding,) = found
    # A warning: the daemon loads the file, and the job fails on every run.
    assert (finding.code, finding.level, finding.column) == ("likely-user-column", "warning", 11)
    assert job.command == "root /usr/bin/backup"


# Users the system crontabs of Debian packages name, each before the commands they run.
@pytest.mark.parametrize(
    "line",
    [
        "0 1 * * * news test -x /usr/lib/news/bin/expire && /usr/lib/news/bin/expire",
        "*/5 * * * * munin if [ -x /usr/bin/munin-cron ]; then /usr/bin/munin-cron; fi",
        "@daily list [ -x /usr/lib/mailman/cron/gate_news ] && /usr/lib/mailman/cron/gate_news",
        "0 3 * * *\toperator\t/usr/local/sbin/periodic daily",
        "17 * * * * Debian-exim /usr/sbin/exim_tidydb /var/spool/exim4 retry",
        "9 2 * * * smmsp test -x /etc/init.d/sendmail && /usr/share/sendmail/sendmail cron-msp",
        "30 4 * * * deploy-user /opt/app/bin/cleanup",
        "0 0 * * * mail /usr/local/bin/rotate-mail",
    ],
)
def test_a_user_column_is_recognised_by_its_shape(line: str) -> None:
    _, found = parse(line + "\n")
    assert [(f.code, f.level) for f in found] == [("likely-user-column", "warning")]


@pytest.mark.parametrize(
    "line",
    [
        "0 1 * * * mail -s hi root@example.com < /tmp/report",
        "0 1 * * * test -x /usr/bin/x && /usr/bin/x",
        "0 1 * * * cd /srv && make",
        "0 1 * * * /usr/bin/backup --full",
        "0 1 * * * my-script --flag value",
        "0 1 * * * run-parts /etc/cron.daily",
    ],
)
def test_a_command_is_not_a_user_column(line: str) -> None:
    _, found = parse(line + "\n")
    assert found == []


def test_repeated_user_columns_explain_once() -> None:
    _, found = parse("0 1 * * * root /bin/a\n0 2 * * * root /bin/b\n0 3 * * * news /bin/c\n")
    assert [(f.code, f.line) for f in found] == [("likely-user-column", n) for n in (1, 2, 3)]
    assert "fails on every run" in found[0].message
    assert all("see line 1" in f.message and len(f.message) < 120 for f in found[1:])


def test_a_lone_word_is_not_a_user_column() -> None:
    _, found = parse("0 1 * * * backup\n")
    assert found == []


def test_system_crontab_takes_the_user_column_out() -> None:
    jobs, found = parse(
        "SHELL=/bin/sh\n17 * * * * root cd / && run-parts --report /etc/cron.hourly\n"
        "@reboot www-data /srv/start\n0 1 * * * root\n",
        system=True,
    )
    assert [(j.user, j.command) for j in jobs] == [
        ("root", "cd / && run-parts --report /etc/cron.hourly"),
        ("www-data", "/srv/start"),
    ]
    assert [(f.code, f.line) for f in found] == [("invalid-config", 4)]


def test_system_crontab_flag_and_paths(tmp_path: Path) -> None:
    path = tmp_path / "host.crontab"
    path.write_text("0 1 * * * root /bin/x\n")
    plain = load_paths([str(path)])
    system = load_paths([str(path)], system_crontab=True)
    assert plain.jobs[0].command == "root /bin/x"
    assert [f.code for f in plain.findings] == ["likely-user-column"]
    assert (system.jobs[0].user, system.jobs[0].command) == ("root", "/bin/x")
    assert system.findings == ()


def test_suppression_comment_above_or_on_the_entry() -> None:
    jobs, _ = parse(
        "# cronstable: ignore[every-minute]\n* 2 * * * /bin/a\n"
        "* 3 * * * /bin/b # cronstable: ignore\n0 4 * * * /bin/c\n"
    )
    assert [j.suppressed for j in jobs] == [frozenset({"every-minute"}), frozenset(), None]


def test_empty_crontab_is_a_note() -> None:
    jobs, found = parse("# nothing yet\nMAILTO=x\n")
    assert jobs == []
    assert [(f.code, f.level) for f in found] == [("empty-config", "note")]


def test_crlf_and_bom() -> None:
    # The daemon reads CRLF as LF, but keeps a BOM as part of line 1 and refuses the file;
    # the entries are still read, so the rest of the file is checked.
    jobs, found = parse("\ufeff0 1 * * * /bin/a\r\n@daily /bin/b\r\n")
    assert [(f.code, f.line, f.column) for f in found] == [("invalid-config", 1, 1)]
    assert "byte-order mark" in found[0].message
    assert [(j.schedule, j.command) for j in jobs] == [
        ("0 1 * * *", "/bin/a"),
        ("@daily", "/bin/b"),
    ]
