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
"""

from __future__ import annotations

from collections.abc import Iterator

from ....records import Finding, Level
from ..context import JobContext

CODE = "implicit-timezone"
LEVEL: Level = "note"
DEFAULT_ON = False  # runs only when selected (--select or the config file's select)


def check(ctx: JobContext) -> Iterator[Finding]:
    job = ctx.job
    if job.zone_explicit:
        return
    clock = "the host's local clock" if not job.utc else "UTC"
    yield ctx.key_finding(
        CODE,
        f"the job names no zone, so it fires on {clock}; say which with `timezone:`.",
        "timezone",
    )
