"""What the runtime-key rules share: the job's gaps, its run bound, and their wording."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, NamedTuple

from ...records import Finding, Level, RuntimeKeys
from .context import JobContext

if TYPE_CHECKING:
    from ..gaps import Gap, Gaps


_UNKNOWN: Any = object()  # a fact not found yet (None is a found one: no gap)


def gaps(ctx: JobContext) -> Gaps | None:
    """The job's shortest and longest gap over the coming year (shared by the whole run).

    Jobs that share a timeline (the linter makes one per parsed schedule and zone)
    find the answer by its identity first; the timelines live as long as the run.
    """
    if ctx.parsed.reboot:
        return None
    facts = ctx.facts
    known = ("timeline gaps", id(ctx.timeline), ctx.now)
    found: Gaps | None = facts.get(known, _UNKNOWN)
    if found is not _UNKNOWN:
        return found
    # Imported on the first job with runtime keys: a run without any never loads it.
    from ..gaps import cached_gaps

    zone = ctx.job.zone if ctx.zone_known else "UTC"
    text = ctx.parsed.resolved or ctx.job.schedule
    found = facts[known] = cached_gaps(
        facts, ctx.timeline, f"{ctx.job.kind}:{text}", zone, _window_start(ctx)
    )
    return found


def gaps_exceed(ctx: JobContext, seconds: float) -> bool:
    """Whether every gap `gaps` can find is surely longer than `seconds`, told without
    finding them: from a floor under the shortest (`analysis.gaps.shortest_floor`,
    one per timeline). False leaves the question to `gaps`; a daily job with an
    hour's timeout is decided here."""
    if ctx.parsed.reboot:
        return False  # no gaps at all: `gaps` says so
    facts = ctx.facts
    known = ("timeline gap floor", id(ctx.timeline), ctx.now)
    floor: int | None = facts.get(known)
    if floor is None:
        from ..gaps import shortest_floor

        floor = facts[known] = shortest_floor(ctx.timeline, _window_start(ctx), memo=facts)
    return seconds < floor


def _window_start(ctx: JobContext) -> int:
    """Today (UTC) as the DST rules use it: where the gaps' window starts."""
    from ..gaps import DAY

    return int(ctx.now.timestamp()) // DAY * DAY


class Verdict(NamedTuple):
    """What a runtime rule says about a job, before it is said about that job: the
    message (without its subject), the key it points at, its level, and the finding's
    `key` (see `Finding.key`) where the rule says more than one thing of a job."""

    message: str
    path: str
    level: Level
    key: str = ""


def said(ctx: JobContext, code: str, verdict: Verdict) -> Finding:
    """`verdict` said about the job of `ctx`: at the key it points at, with its subject."""
    message, path, level, key = verdict
    return ctx.key_finding(code, message, path, level=level, key=key)


def shared_verdict(
    ctx: JobContext, key: tuple[object, ...], decide: Callable[[], Verdict]
) -> Verdict:
    """`decide()`, made once for every job with the same timeline, frame and `key`.

    `key` holds the runtime values the verdict depends on. A timeline is one parse in
    one frame, which with `zone_known` fixes the zone a message names: jobs alike in
    those and in `key` get the same verdict, and only their names and the places of
    their keys differ (`JobContext.key_finding`). 35,000 jobs of one team's defaults
    are then a look-up each, not a gap search and a message each.
    """
    full = (key, id(ctx.timeline), ctx.zone_known, ctx.now)
    facts = ctx.facts
    known: Verdict | None = facts.get(full)
    if known is None:
        known = facts[full] = decide()
    return known


class Bound(NamedTuple):
    """The longest a run of the job lasts, and the key that says so."""

    seconds: float
    path: str  # the key that decides: executionTimeout or sla.maxRuntimeSeconds
    timeout: float | None  # executionTimeout (None: the bound is sla.maxRuntimeSeconds)
    kill: float  # the killTimeout escalation after the timeout
    expected: int | None  # sla.maxRuntimeSeconds as written, where it is the bound

    @property
    def said(self) -> str:
        """How a message explains it (made only for a message: most bounds have none)."""
        timeout, kill = self.timeout, self.kill
        if timeout is None:
            return f"sla.maxRuntimeSeconds {seconds(self.expected or 0)}, the expected bound"
        if kill:
            return (
                f"executionTimeout {seconds(timeout)} plus killTimeout {seconds(kill)} "
                "before the kill"
            )
        return f"executionTimeout {seconds(timeout)}"


def run_bound(runtime: RuntimeKeys) -> Bound | None:
    """executionTimeout plus the killTimeout escalation, else sla.maxRuntimeSeconds."""
    timeout = runtime.execution_timeout
    if timeout is not None:
        kill = runtime.kill_timeout
        return Bound(timeout + kill, "executionTimeout", timeout, kill, None)
    expected = runtime.max_runtime
    if expected is not None:
        return Bound(float(expected), "sla.maxRuntimeSeconds", None, 0.0, expected)
    return None


def catchup_offset(name: str, jitter: int) -> float:
    """The daemon's catch-up start offset for a job: crc32 of its name, in [0, jitter)."""
    if jitter <= 0:
        return 0.0
    import zlib  # only a job with catch-up jitter and a lateness alarm needs it (start-up)

    return (zlib.crc32(name.encode("utf-8")) % (jitter * 1000)) / 1000.0


def seconds(value: float) -> str:
    """`900 s`, `0.5 s`."""
    return f"{int(value)} s" if float(value).is_integer() else f"{value:g} s"


def span(value: float) -> str:
    """A length of time for a reader: `4 minutes`, `25 hours`, `1 hour 30 seconds`."""
    whole = int(value)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    parts = []
    if hours:
        parts.append(f"{hours} hour{'s' if hours != 1 else ''}")
    if minutes:
        parts.append(f"{minutes} minute{'s' if minutes != 1 else ''}")
    if secs or not parts:
        parts.append(f"{secs} second{'s' if secs != 1 else ''}")
    return " ".join(parts)


def fire_pair(ctx: JobContext, gap: Gap) -> str:
    """Where a gap is: `from Fri 2026-01-02 09:00 to Mon 2026-01-05 09:00 UTC`.

    Each fire's UTC offset is shown when the two differ (a DST day).
    """
    before, after = gap.at(ctx.zone)
    secs = ctx.parsed.field_count == 7
    zone = ctx.job.zone if ctx.zone_known else "UTC"
    shift = before.utcoffset() != after.utcoffset()
    first, second = (
        _clock(at, secs) + (at.strftime(" %z") if shift else "") for at in (before, after)
    )
    if before.date() == after.date():
        return f"between the {first} and {second} fires on {_day(before)} {zone}"
    return f"from {_day(before)} {first} to {_day(after)} {second} {zone}"


def wrap(ctx: JobContext, gap: Gap) -> str:
    """` at the :56→:00 wrap of the hour` when a short gap is a step's wrap, else ``."""
    before, after = gap.at(ctx.zone)
    if gap.seconds < 3600 and before.hour != after.hour and after.minute < before.minute:
        return f" at the :{before.minute:02d}→:{after.minute:02d} wrap of the hour"
    if gap.seconds < 60 and before.minute != after.minute and after.second < before.second:
        return f" at the :{before.second:02d}→:{after.second:02d} wrap of the minute"
    return ""


def _day(at: datetime) -> str:
    return at.strftime("%a %Y-%m-%d")


def _clock(at: datetime, with_seconds: bool) -> str:
    return at.strftime("%H:%M:%S" if with_seconds or at.second else "%H:%M")
