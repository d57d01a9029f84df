"""The fleet's coming days as a calendar: the feed and the week view (docs/fleet-analyses.md).

Both come from the one fire enumeration (`Fleet.window`), each job in its own
zone, over `[start, start + days)`; a fire exactly at `start` is inside. The
feed's days are 24 hours each, as the daemon's; the week view's are civil days
of the display zone.

- `calendar_feed`: what the daemon's `GET /calendar.ics` would list: the
  selected jobs sorted by name, each with its fires in the window (at most
  `cap`, with `truncated` set when more were left out), the event length and
  the daemon's plain-English sentence for the schedule (`daemon_sentence`).
  Jobs with no fire in the window are left out, as the daemon leaves them out.
- `week_view`: fires per display-zone civil day and hour (every fire of every
  job), the agenda (each fire of the jobs that fire at most
  `FREQUENT_PER_DAY` times a day on average, in time order) and one
  `Background` summary per job that fires more often than that.

Both are pure: jobs in, data out; the formats and renderers write them.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone, tzinfo

from ..engine import Parsed, zone_name
from ..engine.describe import describe
from ..records import Job
from .daemon_sentence import daemon_sentence
from .display_clock import offset_segments
from .fires import FireGroup, Fleet, Progress

MAX_DAYS = 60  # the longest window (the daemon's feed clamps `days` to 1-60 too)
FEED_DAYS = 14  # the feed's default window, the daemon's
WEEK_DAYS = 7  # the week view's default window
PER_JOB_CAP = 100  # events per job in the feed, the daemon's default
MAX_PER_JOB_CAP = 1000
# A job that fires more than this many times a day on average (56 in a week) is
# background: one summary line instead of its fires in the agenda, as the
# daemon's week panel does.
FREQUENT_PER_DAY = 8
# The event length rule of the daemon's feed: a typical runtime rounded up to a
# whole minute, never under 5 minutes (a zero-length event is an invisible
# sliver in a week view) and never over a day.
MIN_EVENT_SECONDS = 5 * 60
MAX_EVENT_SECONDS = 24 * 3600
_DAY = 86400
_HOUR = 3600


def event_seconds(runtime: float | None) -> int:
    """The length of a job's events, from its typical runtime in seconds (None: unknown)."""
    if runtime is None or not runtime > 0 or math.isnan(runtime):
        return MIN_EVENT_SECONDS
    if math.isinf(runtime):
        return MAX_EVENT_SECONDS
    whole_minutes = 60 * math.ceil(runtime / 60)
    return max(MIN_EVENT_SECONDS, min(MAX_EVENT_SECONDS, whole_minutes))


def feed_schedule(schedule: str) -> str:
    """The schedule as the daemon's feed writes it: runs of blanks as one space, a
    macro (`@HOURLY`) in lower case."""
    fields = schedule.split()
    if len(fields) == 1 and fields[0].startswith("@"):
        return fields[0].lower()
    return " ".join(fields)


def select_jobs(
    jobs: Iterable[Job], *, job: str | None = None, grep: str | None = None
) -> list[Job]:
    """The jobs `--job NAME` (exact name) and `--grep TEXT` (name or schedule,
    case-insensitive) keep, in load order."""
    needle = grep.lower() if grep else None
    out = []
    for j in jobs:
        if job is not None and j.name != job:
            continue
        if needle and needle not in f"{j.name}\n{j.schedule}".lower():
            continue
        out.append(j)
    return out


def window_end(start: datetime, days: int) -> tuple[int, int]:
    """[first, end) in whole epoch seconds for `days` days from `start`."""
    if not 1 <= days <= MAX_DAYS:
        raise ValueError(f"the window must be 1-{MAX_DAYS} days, not {days}")
    if start.tzinfo is None:
        raise ValueError("the window start must be an aware datetime")
    first = math.ceil(start.timestamp())
    return first, first + days * _DAY


# --- the feed -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FeedEntry:
    """One job of the feed: what its events say, and their start instants."""

    name: str
    schedule: str  # as written, blanks collapsed (`feed_schedule`)
    description: str  # the schedule in plain English, as the daemon words it
    zone: str  # the job's resolved zone: UTC, an IANA name, or local
    runtime: float | None  # typical runtime in seconds, when known
    fires: Sequence[int]  # epoch seconds, in order, at most the cap
    truncated: bool  # more fires in the window than the cap

    @property
    def seconds(self) -> int:
        """Each event's length."""
        return event_seconds(self.runtime)


@dataclass(frozen=True)
class Feed:
    """The calendar feed over [start, end): its entries sorted by job name."""

    title: str  # the calendar's name
    start: datetime  # UTC
    end: datetime
    days: int
    cap: int
    entries: tuple[FeedEntry, ...]
    jobs: int  # jobs in the selection that were enumerated
    excluded: int  # disabled and @reboot jobs
    invalid: int  # jobs with an invalid schedule or zone

    @property
    def events(self) -> int:
        return sum(len(entry.fires) for entry in self.entries)


def calendar_feed(
    fleet: Fleet,
    start: datetime,
    days: int = FEED_DAYS,
    *,
    cap: int = PER_JOB_CAP,
    runtimes: Mapping[str, float] | None = None,
    title: str = "cronstable",
    progress: Progress | None = None,
) -> Feed:
    """The feed's entries: each job's first `cap` fires in [start, start + days)."""
    if not 1 <= cap <= MAX_PER_JOB_CAP:
        raise ValueError(f"the per-job cap must be 1-{MAX_PER_JOB_CAP}, not {cap}")
    first, end = window_end(start, days)
    runtimes = runtimes or {}
    entries: list[FeedEntry] = []
    for group, fires in fleet.window(first, end).track(progress):
        if not fires:
            continue
        kept = fires if len(fires) <= cap else fires[:cap]
        truncated = len(fires) > cap
        described = _describer(group)
        for job, parsed in zip(group.jobs, group.parsed, strict=True):
            schedule = feed_schedule(job.schedule)
            entries.append(
                FeedEntry(
                    job.name,
                    schedule,
                    described(schedule, parsed),
                    job.zone,
                    runtimes.get(job.name),
                    kept,
                    truncated,
                )
            )
    entries.sort(key=lambda e: e.name)  # stable: equal names keep load order
    return Feed(
        title,
        datetime.fromtimestamp(first, timezone.utc),
        datetime.fromtimestamp(end, timezone.utc),
        days,
        cap,
        tuple(entries),
        fleet.jobs,
        fleet.excluded,
        len(fleet.skipped),
    )


def _describer(group: FireGroup) -> Callable[[str, Parsed], str]:
    """The daemon's sentence per (text, parse): the members of a group share a meaning,
    and most share the text and the parse too (H slots are spelled per parse)."""
    cache: dict[tuple[str, int], str] = {}

    def described(schedule: str, parsed: Parsed) -> str:
        key = (schedule, id(parsed))
        text = cache.get(key)
        if text is None:
            text = cache[key] = daemon_sentence(schedule, parsed)
        return text

    return described


# --- the week view --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Day:
    """One civil day of the display zone: fires per hour, and how long each hour is."""

    date: date
    hours: tuple[int, ...]  # 24 fire counts, by the display zone's civil hour
    spans: tuple[int, ...]  # seconds of each civil hour inside the window (0: outside it,
    # or skipped by a DST gap; 7200: an hour the zone repeats)
    length: int  # seconds in the whole civil day: 86400, or 82800 / 90000 on a DST day
    skipped: tuple[int, ...] = ()  # civil hours the display zone skips (spring forward)
    repeated: tuple[int, ...] = ()  # civil hours it repeats (fall back): their fires count twice

    @property
    def dst(self) -> bool:
        """The display zone changes its UTC offset on this day."""
        return self.length != _DAY

    @property
    def fires(self) -> int:
        return sum(self.hours)


@dataclass(frozen=True, slots=True)
class AgendaItem:
    """One fire of a calendar-worthy job."""

    at: datetime  # in the display zone
    local: datetime  # the same instant in the job's own zone
    job: str
    schedule: str  # as written
    zone: str  # the job's zone


@dataclass(frozen=True, slots=True)
class Background:
    """A job that fires too often for the agenda, summarized."""

    job: str
    schedule: str
    description: str
    zone: str
    fires: int  # in the window

    def per_day(self, days: int) -> float:
        return self.fires / days


@dataclass(frozen=True)
class Week:
    """The week view: the day × hour grid, the agenda and the background jobs."""

    start: datetime  # in the display zone
    end: datetime
    days: int
    timezone: str  # the display zone
    grid: tuple[Day, ...]  # every civil day the window touches, in order
    agenda: tuple[AgendaItem, ...]
    background: tuple[Background, ...]  # by job name
    frequent_above: int  # more fires than this in the window makes a job background
    jobs: int
    excluded: int
    invalid: int
    total_fires: int


def week_view(
    fleet: Fleet,
    start: datetime,
    days: int = WEEK_DAYS,
    zone: tzinfo = timezone.utc,
    *,
    progress: Progress | None = None,
) -> Week:
    """Fires per civil day and hour of `zone`, the agenda and the background jobs.

    The window is `days` civil days of `zone` (a DST day in it is 23 or 25 hours
    long), so a week from midnight is seven whole rows.
    """
    first, _ = window_end(start, days)
    end = int((datetime.fromtimestamp(first, zone) + timedelta(days=days)).timestamp())
    threshold = FREQUENT_PER_DAY * days
    hour_counts: Counter[int] = Counter()  # civil hour number (local epoch // 3600)
    segments = offset_segments(zone, first, end)
    items: list[tuple[int, str, Job, tzinfo]] = []
    background: list[Background] = []
    zones: dict[str, tzinfo] = {}
    total = 0
    for group, fires in fleet.window(first, end).track(progress):
        if not fires:
            continue
        weight = group.weight
        total += len(fires) * weight
        for hour, n in _civil_hours(fires, segments).items():
            hour_counts[hour] += n * weight
        if len(fires) > threshold:
            text = describe(group.parsed[0])
            background.extend(
                Background(job.name, job.schedule, text, job.zone, len(fires)) for job in group.jobs
            )
            continue
        job_zone = zones.get(group.zone)
        if job_zone is None:
            job_zone = zones[group.zone] = group.tz
        for job in group.jobs:
            items.extend((t, job.name, job, job_zone) for t in fires)
    items.sort(key=lambda item: (item[0], item[1]))
    agenda = tuple(
        AgendaItem(
            datetime.fromtimestamp(t, zone),
            datetime.fromtimestamp(t, job_zone),
            name,
            job.schedule,
            job.zone,
        )
        for t, name, job, job_zone in items
    )
    background.sort(key=lambda b: b.job)
    return Week(
        start=datetime.fromtimestamp(first, zone),
        end=datetime.fromtimestamp(end, zone),
        days=days,
        timezone=zone_name(zone),
        grid=_days(zone, first, end, hour_counts),
        agenda=agenda,
        background=tuple(background),
        frequent_above=threshold,
        jobs=fleet.jobs,
        excluded=fleet.excluded,
        invalid=len(fleet.skipped),
        total_fires=total,
    )


def _civil_hours(fires: Sequence[int], segments: Sequence[tuple[int, int]]) -> Counter[int]:
    """Fires per civil hour number of the display zone ((epoch + offset) // 3600)."""
    counts: Counter[int] = Counter()
    for k, (seg_start, off) in enumerate(segments):
        i = bisect_left(fires, seg_start) if k else 0
        j = bisect_left(fires, segments[k + 1][0]) if k + 1 < len(segments) else len(fires)
        if i < j:
            counts.update([(t + off) // _HOUR for t in fires[i:j]])
    return counts


def _civil_spans(segments: Sequence[tuple[int, int]], lo: int, hi: int) -> Counter[int]:
    """Real seconds of [lo, hi) that land in each civil hour number."""
    spans: Counter[int] = Counter()
    for k, (seg_start, off) in enumerate(segments):
        seg_end = segments[k + 1][0] if k + 1 < len(segments) else hi
        a, b = max(seg_start, lo), min(seg_end, hi)
        while a < b:
            hour = (a + off) // _HOUR
            cut = min(b, (hour + 1) * _HOUR - off)
            spans[hour] += cut - a
            a = cut
    return spans


def _days(zone: tzinfo, first: int, end: int, counts: Counter[int]) -> tuple[Day, ...]:
    """Every civil day of `zone` the window [first, end) touches."""
    offsets = offset_segments(zone, first - 2 * _DAY, end + 2 * _DAY)
    inside = _civil_spans(offsets, first, end)
    whole = _civil_spans(offsets, first - 2 * _DAY, end + 2 * _DAY)
    first_day = (first + _offset(offsets, first)) // _DAY
    last_day = (end - 1 + _offset(offsets, end - 1)) // _DAY
    epoch = date(1970, 1, 1)
    out = []
    for day in range(first_day, last_day + 1):
        hours = range(day * 24, day * 24 + 24)
        real = [whole.get(h, 0) for h in hours]
        out.append(
            Day(
                epoch + timedelta(days=day),
                tuple(counts.get(h, 0) for h in hours),
                tuple(inside.get(h, 0) for h in hours),
                sum(real),
                tuple(h for h in range(24) if real[h] == 0),
                tuple(h for h in range(24) if real[h] > _HOUR),
            )
        )
    return tuple(out)


def _offset(segments: Sequence[tuple[int, int]], epoch: int) -> int:
    off = segments[0][1]
    for seg_start, seg_off in segments:
        if seg_start > epoch:
            break
        off = seg_off
    return off


# --- a change's effect on the feed ------------------------------------------------------


@dataclass(frozen=True)
class FeedChange:
    """The fires a change adds and removes over [start, end), as feed entries.

    A fire is identified as the feed identifies its event (job name and
    instant), so an added entry's fires are the head's events no base event
    has, and a removed entry's the other way round: a calendar that applies
    both (removed ones as cancelled) ends up showing the head's feed.
    """

    title: str
    start: datetime  # UTC
    end: datetime
    cap: int
    added: tuple[FeedEntry, ...]  # head jobs, by name
    removed: tuple[FeedEntry, ...]  # base jobs, by name


def feed_change(
    base: Fleet,
    head: Fleet,
    start: datetime,
    hours: int,
    *,
    cap: int = PER_JOB_CAP,
    title: str = "cronstable diff",
) -> FeedChange:
    """What the head's feed has that the base's has not (added), and the reverse (removed)."""
    from .fires import window_bounds

    first, end = window_bounds(start, hours)
    before, after = _fires_by_name(base, first, end), _fires_by_name(head, first, end)

    def entries(ours: dict[str, _Named], theirs: dict[str, _Named]) -> tuple[FeedEntry, ...]:
        out = []
        for name in sorted(ours):
            job, parsed, fires = ours[name]
            other = theirs.get(name)
            new = sorted(fires - other[2]) if other is not None else sorted(fires)
            if new:
                out.append(
                    FeedEntry(
                        name,
                        schedule := feed_schedule(job.schedule),
                        daemon_sentence(schedule, parsed),
                        job.zone,
                        None,
                        new[:cap],
                        len(new) > cap,
                    )
                )
        return tuple(out)

    return FeedChange(
        title,
        datetime.fromtimestamp(first, timezone.utc),
        datetime.fromtimestamp(end, timezone.utc),
        cap,
        entries(after, before),
        entries(before, after),
    )


_Named = tuple[Job, Parsed, set[int]]


def _fires_by_name(fleet: Fleet, first: int, end: int) -> dict[str, _Named]:
    """Each job name's fires in [first, end) (a name loaded twice: both jobs' fires)."""
    out: dict[str, _Named] = {}
    for group, fires in fleet.window(first, end):
        for job, parsed in zip(group.jobs, group.parsed, strict=True):
            known = out.get(job.name)
            if known is None:
                out[job.name] = (job, parsed, set(fires))
            else:
                known[2].update(fires)
    return out
