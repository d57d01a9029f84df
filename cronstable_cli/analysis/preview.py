"""The next fires of one schedule in its frame, with optional jitter."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from itertools import islice

from ..engine import CronTab
from ..engine.describe import describe
from ..records import Finding
from .jitter import JitterOption, apply_jitter, jitter_offset, schedule_jitter_seconds


@dataclass(frozen=True)
class Preview:
    """What `cronstable preview` shows (docs/cli.md)."""

    expression: str
    resolved: str
    description: str
    timezone: str
    start: datetime
    fires: tuple[datetime, ...]
    findings: tuple[Finding, ...] = ()
    jitter_seconds: int | None = None
    fire_after: tuple[datetime, ...] | None = None
    job: str | None = None
    hash_key: str | None = None  # the --seed of a bare expression (H items and jitter)
    # Per fire: True when its wall time fell in a DST gap and it fired shifted.
    shifted: tuple[bool, ...] = field(default_factory=tuple)
    reboot: bool = False  # @reboot: fires at daemon start, never on the clock

    @property
    def never_fires(self) -> bool:
        # @reboot has no clock fires, yet it does run: at every daemon start.
        return not self.fires and not self.reboot


def preview(
    tab: CronTab,
    expression: str,
    zone_label: str,
    start: datetime,
    count: int,
    *,
    job: str | None = None,
    hash_key: str | None = None,
    jitter: JitterOption | None = None,
    findings: tuple[Finding, ...] = (),
) -> Preview:
    """The next `count` fires after `start`, shown in the schedule's zone.

    The jitter offset is keyed by the job name (docs/fleet-analyses.md): `job`, else the
    `--seed` hash key of a bare expression, else the expression itself.
    """
    local_start = start.astimezone(tab.zone)
    fires = tuple(islice(tab.occurrences(local_start), count))
    width: int | None = None
    after: tuple[datetime, ...] | None = None
    if jitter is not None and not tab.is_reboot:
        width = schedule_jitter_seconds(jitter, tab.timeline, int(start.timestamp()))
        offset = jitter_offset(job or hash_key or expression, width)
        after = tuple(apply_jitter(f, offset) for f in fires)
    return Preview(
        expression=expression,
        resolved=tab.resolved,
        description=describe(tab.parsed),
        timezone=zone_label,
        start=local_start,
        fires=fires,
        findings=findings,
        jitter_seconds=width,
        fire_after=after,
        job=job,
        hash_key=hash_key,
        shifted=tuple(not tab.test(f) for f in fires),
        reboot=tab.is_reboot,
    )
