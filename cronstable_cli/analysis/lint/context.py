"""What a rule sees: one job with its parsed schedule and frame, or the whole fleet."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Any, Literal

from ...engine import Parsed, Schedule, Timeline
from ...engine.parse_result import FieldText
from ...records import Edit, Finding, Fix, Job, Level, SourceLocation
from . import wording as w

# Positions in the parser's canonical 7-field order (engine.fields.ALL_FIELDS).
SECOND, MINUTE, HOUR, DAY_OF_MONTH, MONTH, DAY_OF_WEEK, YEAR = range(7)


@dataclass(frozen=True, slots=True)
class LintSettings:
    """Everything the command line decides about a lint run (no click objects)."""

    select: frozenset[str] | None = None  # None = every code
    ignore: frozenset[str] = frozenset()
    fail_on: Literal["error", "warning", "note", "never"] = "warning"
    max_per_minute: int | None = None  # crowded-minute runs only when set
    now: datetime | None = None  # "today" for never-fires, DST and crowding; None = now
    # Messages open with their job ("job 'x': "); off for a bare expression, which is no job.
    subject: bool = True


@dataclass(slots=True)
class JobContext:
    """One job whose schedule parsed: what every per-job rule's `check(ctx)` gets."""

    job: Job
    parsed: Parsed
    timeline: Timeline  # the schedule in the job's frame (UTC when the zone is unknown)
    zone_known: bool  # False when `timezone` names no zone (unknown-timezone)
    now: datetime  # aware
    levels: Mapping[str, Level]
    memo: dict[str, Any] = field(default_factory=dict)  # shared work between rules
    subject: bool = True  # see LintSettings.subject
    # Facts shared by every job of the run (a schedule's gaps in a zone): see
    # analysis.gaps.cached_gaps.
    facts: dict[Any, Any] = field(default_factory=dict)

    @property
    def schedule(self) -> Schedule:
        return self.timeline.schedule

    @property
    def zone(self) -> tzinfo:
        return self.timeline.zone

    def next_fire(self) -> datetime | None:
        """The first fire strictly after `now`, in the job's zone (None: no fire left)."""
        epoch = None if self.parsed.reboot else self.timeline.next_epoch(self.now)
        return None if epoch is None else datetime.fromtimestamp(epoch, self.zone)

    def prev_fire(self) -> datetime | None:
        """The last fire strictly before `now`, in the job's zone."""
        epoch = None if self.parsed.reboot else self.timeline.prev_epoch(self.now)
        return None if epoch is None else datetime.fromtimestamp(epoch, self.zone)

    @property
    def name(self) -> str:
        return self.job.name

    def field(self, index: int) -> FieldText:
        return self.parsed.fields[index]

    def location(self, column: int = 0) -> SourceLocation:
        """Where the schedule is; `column` is 1-based within the schedule text (0 = its start)."""
        where = self.job.schedule_location
        if not where.line:
            where = self.job.location
        if column > 0 and self.job.schedule_fields:
            return self._field_location(column) or where
        if column > 0 and where.column:
            return SourceLocation(where.file, where.line, where.column + column - 1)
        return where

    def _field_location(self, column: int) -> SourceLocation | None:
        """For a map schedule: where the text's `column` is written (None: a field left out)."""
        start = 1  # the text is the map's fields single-spaced
        for token, at in zip(self.job.schedule.split(" "), self.job.schedule_fields, strict=False):
            if column <= start + len(token):
                if at is None:
                    return None
                return SourceLocation(at.file, at.line, at.column + max(0, column - start))
            start += len(token) + 1
        return None

    def about(self, message: str) -> str:
        """`message` said about this job: `job 'x': message` (unchanged without a subject)."""
        return f"{w.job(self.name)}: {message}" if self.subject else message

    def finding(
        self,
        code: str,
        message: str,
        *,
        column: int = 0,
        level: Level | None = None,
        subject: bool = True,
        key: str = "",
        fix: Fix | None = None,
    ) -> Finding:
        """A finding about this job at `column` of its schedule, at the code's level.

        The message gets the job as its subject here, once; a finding that is not
        about this one job alone (a fleet rule's) passes `subject=False`. `key` (see
        `Finding.key`) separates several findings of one code on this job.
        """
        parsed = self.parsed
        # Positional: a fleet's report makes one per problem, and keywords cost a third.
        return Finding(
            code,
            level or self.levels[code],
            self.about(message) if subject else message,
            self.location(column),
            self.job.name,
            # As the daemon uses it (fields joined by one space): the text as written is
            # the fixes' business, and tabs or a macro's case are no "resolved" form.
            parsed.source,
            parsed.resolved,
            key,
            fix,
        )

    def key_finding(
        self, code: str, message: str, path: str, *, level: Level | None = None, key: str = ""
    ) -> Finding:
        """A finding at the runtime key `path` that decides it (the job's own, or the
        `defaults` one it inherits; the job itself for a built-in default), with the
        schedule as a related location."""
        job = self.job
        runtime = job.runtime
        origin = runtime.origin(path) if runtime is not None else None
        schedule = self.location()
        at = origin or job.location
        return Finding(
            code,
            level or self.levels[code],
            self.about(message),
            at,
            job.name,
            job.schedule,
            self.parsed.resolved,
            key,
            None,
            (("the schedule", schedule),) if schedule != at else (),
        )

    def field_fix(self, index: int, new: str, description: str, *, safe: bool) -> Fix | None:
        """A fix that rewrites one field of the schedule as written (None if it has no column)."""
        text = self.field(index)
        if not text.column or not self.job.schedule_location.line:
            return None  # a macro, or a field a map schedule leaves out: no token to rewrite
        if self.job.schedule_fields and (
            not _BARE_SAFE.fullmatch(new) or self._field_location(text.column) is None
        ):
            return None  # a field left out, or a bare YAML scalar (`*/5` there is an alias)
        where = self.location(text.column)
        return Fix(description, (Edit(where.line, where.column, text.source, new),), safe)


# Field texts that read the same as a bare YAML scalar as they do quoted.
_BARE_SAFE = re.compile(r"[A-Za-z0-9][A-Za-z0-9(),/-]*")


@dataclass(frozen=True, slots=True)
class FleetContext:
    """Every enabled, schedulable job of the loaded set: what a fleet rule gets."""

    jobs: tuple[JobContext, ...]  # load order; disabled, @reboot and invalid jobs left out
    settings: LintSettings
    now: datetime
