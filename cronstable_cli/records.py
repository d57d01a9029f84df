"""Shared records: where things are, what was loaded, what was found.

Importable from every layer (engine, loaders, analysis, formats, cli).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Literal, NamedTuple

Level = Literal["error", "warning", "note"]
FixKind = Literal["safe", "unsafe"]  # safe: every fire time stays the same
LEVELS: tuple[Level, ...] = ("error", "warning", "note")  # most severe first
MESSAGE_LIMIT = 1000  # characters of a finding's message; longer ones are cut in the middle


@dataclass(frozen=True, slots=True)
class SourceLocation:
    """A place in a file; line and column are 1-based, 0 means unknown."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        # `path:line:col`, `path:line` or `path`: a report prints one per finding.
        if not self.line:
            return self.file
        return (
            f"{self.file}:{self.line}:{self.column}" if self.column else f"{self.file}:{self.line}"
        )


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace `old`, found at line:column of a file (1-based, code points), with `new`."""

    line: int
    column: int
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class Fix:
    """What a finding proposes to change in its own file."""

    description: str  # imperative, e.g. "write `0` for the minute"
    edits: tuple[Edit, ...]
    safe: bool  # True: every fire time stays the same (`lint --fix`); else --unsafe-fixes


@dataclass(frozen=True, slots=True, init=False)
class Finding:
    """One lint or load problem, with a stable kebab-case code."""

    code: str
    level: Level
    message: str
    location: SourceLocation | None = None
    job: str | None = None
    schedule: str | None = None
    resolved: str | None = None
    # What tells this finding apart from others of its code on the same job (or
    # file), in terms that survive rewording, line moves and the date: a field
    # and item, a wall-clock time, a set of minutes, a key name. Rules that can
    # report a code more than once per job fill it in; SARIF fingerprints and
    # baselines are built from it, never from the message.
    key: str = ""
    fix: Fix | None = None  # an edit of this finding's file that resolves it, if one is known
    # Other places the finding is about, each with what it is there (SARIF
    # relatedLocations): a runtime-key finding points at the key and relates the schedule.
    related: tuple[tuple[str, SourceLocation], ...] = ()

    def __init__(
        self,
        code: str,
        level: Level,
        message: str,
        location: SourceLocation | None = None,
        job: str | None = None,
        schedule: str | None = None,
        resolved: str | None = None,
        key: str = "",
        fix: Fix | None = None,
        related: tuple[tuple[str, SourceLocation], ...] = (),
    ) -> None:
        # Messages quote what a file says (a schedule, a value); a 1 MB schedule must
        # not make a 1 MB message. The start and the end (hints) are what a reader needs.
        if len(message) > MESSAGE_LIMIT:
            from .safe_text import cut_middle

            message = cut_middle(message, MESSAGE_LIMIT)
        # Set through the slots (a frozen dataclass's own __init__ calls object.__setattr__
        # per field, at twice the cost): a fleet's report makes one per problem.
        s = _FINDING_SLOTS
        s[0](self, code)
        s[1](self, level)
        s[2](self, message)
        s[3](self, location)
        s[4](self, job)
        s[5](self, schedule)
        s[6](self, resolved)
        s[7](self, key)
        s[8](self, fix)
        s[9](self, related)

    @property
    def file(self) -> str | None:
        return self.location.file if self.location else None

    @property
    def line(self) -> int:
        return self.location.line if self.location else 0

    @property
    def column(self) -> int:
        return self.location.column if self.location else 0


# Each field's slot setter, in field order (what Finding.__init__ sets).
_FINDING_SLOTS = tuple(Finding.__dict__[f.name].__set__ for f in fields(Finding))
assert len(_FINDING_SLOTS) == 10


class KeyOrigins(NamedTuple):
    """Where a job's runtime keys are written, resolved only when a finding asks.

    `own` holds (key path, line, column) for the job's own keys in `file`;
    `defaults` (key path, location) for those its `defaults:` (own or included) set.
    Tuples all through, so a Job stays hashable.
    """

    file: str = ""
    own: tuple[tuple[str, int, int], ...] = ()
    defaults: tuple[tuple[str, SourceLocation], ...] = ()

    def get(self, path: str) -> SourceLocation | None:
        for key, line, column in self.own:
            if key == path:
                return SourceLocation(self.file, line, column)
        for key, location in self.defaults:
            if key == path:
                return location
        return None


class RuntimeKeys(NamedTuple):
    """A job's runtime keys as the daemon merges them (job over `defaults` over built-ins).

    `origins` says where each key's value is written: a dotted key path
    (`executionTimeout`, `sla.maxRuntimeSeconds`) to the job's own key or the
    `defaults` key it came from; a path without an entry is the daemon's
    built-in default. Numbers are seconds; None means unset. A NamedTuple:
    the loader makes one per job that sets a runtime key.
    """

    execution_timeout: float | None = None
    kill_timeout: float = 30.0
    concurrency_policy: str = "Allow"  # Allow, Forbid or Replace
    concurrency_scope: str = "node"  # node or cluster
    catchup_jitter: int = 0
    on_missed: str = "skip"
    max_time_since_success: int | None = None  # sla.maxTimeSinceSuccessSeconds
    late_after: int | None = None  # sla.lateAfterSeconds
    max_runtime: int | None = None  # sla.maxRuntimeSeconds
    origins: KeyOrigins = KeyOrigins()

    def origin(self, path: str) -> SourceLocation | None:
        """Where the value of `path` is written (None: the daemon's built-in default)."""
        return self.origins.get(path)


def resolved_zone(timezone: str | None, utc: bool) -> str:
    """A job's zone from its `timezone` (job, defaults or CRON_TZ) and `utc` keys."""
    if timezone:
        return timezone
    return "UTC" if utc else "local"


@dataclass(frozen=True, slots=True)
class Job:
    """One job exactly as the daemon would load it (after defaults are merged).

    `schedule` is the text as written (a map-form schedule is lowered to its
    string form); H items are resolved later by the engine with `name` as key.
    """

    name: str
    schedule: str
    location: SourceLocation  # where the job starts (the `- name:` item / crontab line)
    schedule_location: SourceLocation  # where the schedule value is
    # A schedule written as a map (minute:, hour:, ...): where each field of its text
    # is written, in the text's order (None for a field left out, read as `*`).
    # Empty for a schedule written as text.
    schedule_fields: tuple[SourceLocation | None, ...] = ()
    command: str = ""
    timezone: str | None = None  # IANA name from the job, its defaults, or CRON_TZ
    utc: bool = True
    enabled: bool = True
    # yaml: a `jobs:` entry; crontab: a classic crontab line; dag: the schedule
    # job `dag:<name>` the daemon builds for a scheduled DAG.
    kind: Literal["yaml", "crontab", "dag"] = "yaml"
    # Codes silenced by `# cronstable: ignore[...]`; the empty set silences all.
    suppressed: frozenset[str] | None = None
    keys: tuple[str, ...] = field(default=())  # job keys as written, for reference
    user: str | None = None  # a system crontab's user column (the daemon does not use it)
    cluster_policy: str = "Leader"  # clusterPolicy: Leader, PreferLeader or EveryNode
    # The runtime keys (timeouts, concurrency, sla) merged as the daemon merges them;
    # None for a job whose file kind has none (a crontab line, a DAG's schedule job).
    runtime: RuntimeKeys | None = None

    @property
    def zone(self) -> str:
        """The resolved zone: an IANA name, `UTC`, or `local` (the host's)."""
        return resolved_zone(self.timezone, self.utc)

    @property
    def zone_explicit(self) -> bool:
        """True when the zone was named (timezone, defaults timezone or CRON_TZ)."""
        return self.timezone is not None

    def is_suppressed(self, code: str) -> bool:
        if self.suppressed is None:
            return False
        return not self.suppressed or code in self.suppressed
