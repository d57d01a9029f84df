"""The job does not name its zone (off by default).

## What it does
For teams that want every job to say which clock it runs on: reports each
job whose zone comes from neither its own `timezone` nor a `defaults:`
timezone (nor `CRON_TZ` in a crontab). Off unless selected with `--select
implicit-timezone` or in the configuration file's `select`.

## Why is this bad?
A job without a zone fires in UTC (or, with `utc: false`, on the host's
clock); a reader cannot tell whether that was meant. Naming the zone, even
`UTC`, makes the intent reviewable.

## Example
```yaml
- name: billing
  command: bill.sh
  schedule: "0 9 * * 1-5"
```

## Use instead
```yaml
  schedule: "0 9 * * 1-5"
  timezone: Europe/Paris
```
For a job that fires on UTC, `lint --fix` writes `timezone: UTC` into it (a
safe fix: every fire stays where it is); a `utc: false` job gets no fix, the
host's zone is not known here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ....records import Edit, Finding, Fix, Job, Level
from ..context import JobContext

CODE = "implicit-timezone"
LEVEL: Level = "note"
DEFAULT_ON = False  # runs only when selected (--select or the config file's select)
FIX = "safe"


def check(ctx: JobContext) -> Iterator[Finding]:
    job = ctx.job
    if job.zone_explicit:
        return
    clock = "the host's local clock" if not job.utc else "UTC"
    finding = ctx.key_finding(
        CODE,
        f"the job names no zone, so it fires on {clock}; say which with `timezone:`.",
        "timezone",
    )
    yield replace(finding, fix=_utc_fix(job)) if job.utc else finding


def _utc_fix(job: Job) -> Fix | None:
    """`timezone: UTC` written as the job's first key (the same fires as no zone)."""
    at = job.location
    if job.kind != "yaml" or not job.keys or not at.line or at.column < 1:
        return None
    first = job.keys[0]
    indent = " " * (at.column - 1)
    edit = Edit(at.line, at.column, first, f"timezone: UTC\n{indent}{first}")
    return Fix("write `timezone: UTC` into the job", (edit,), True)
