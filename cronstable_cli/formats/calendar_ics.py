"""`calendar --format ics` and `diff --format ics`: RFC 5545 through the icalendar library.

The feed says what the daemon's own `GET /calendar.ics` says, so a client
subscribed to the daemon and one fed by this file show the same events and
update them in place:

- one VEVENT per fire, DTSTART in UTC (`...Z`), no VTIMEZONE;
- UID `sha256(job name)[:12] + "-" + DTSTART + "@cronstable"`, stable across
  regenerations;
- DURATION from the typical runtime (`analysis.calendar.event_seconds`);
- SUMMARY the job name; DESCRIPTION the schedule, its plain English, the zone
  (and the typical runtime when known); never a command, environment or output;
- STATUS:CONFIRMED (CANCELLED for a fire a change removes), TRANSP:TRANSPARENT;
- a capped job is announced after its events by `X-CRONSTABLE-TRUNCATED;CAP=N:<name>`.

icalendar escapes, folds and ends every line with CRLF. Each job's event is
built and serialized once with a placeholder instant; its fires are then
spliced in (the UID and DTSTART lines come before any job text and never
fold), which keeps a 10,000-job feed fast. icalendar is an extra
(`pip install 'cronstable-cli[ics]'`): it is imported here only.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..safe_text import shown_lines

if TYPE_CHECKING:
    from ..analysis.calendar import Feed, FeedEntry

PRODID = f"-//cronstable-cli//{__version__}//EN"
# An instant no fire can have (DTSTAMP is the time of writing): its stamp marks
# where each fire's own stamp goes in a job's serialized event.
_PLACEHOLDER = datetime(1970, 1, 1, tzinfo=timezone.utc)
_PLACEHOLDER_STAMP = "19700101T000000Z"
_DAY = 86400


class IcsUnavailable(Exception):
    """The icalendar package is not installed."""


def require_icalendar() -> Any:
    """The icalendar module, or IcsUnavailable with how to install it."""
    try:
        import icalendar
    except ImportError:
        raise IcsUnavailable(
            "--format ics needs the icalendar package: pip install 'cronstable-cli[ics]'"
        ) from None
    return icalendar


def uid_prefix(name: str) -> str:
    """The daemon's per-job UID namespace: the first 12 hex digits of sha256(name)."""
    return hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def uid(name: str, stamp: str) -> str:
    """The UID of job `name`'s event starting at `stamp` (YYYYMMDDTHHMMSSZ)."""
    return f"{uid_prefix(name)}-{stamp}@cronstable"


def runtime_phrase(seconds: float) -> str:
    """A typical runtime as the feed's DESCRIPTION states it: 45s, 12m, 1.5h."""
    if seconds < 60:
        return f"{round(seconds)}s"
    if seconds < 3600:
        return f"{round(seconds / 60)}m"
    return f"{seconds / 3600:.1f}h"


def description(entry: FeedEntry) -> str:
    text = f"Schedule: {entry.schedule}\n{entry.description}\nTimezone: {entry.zone}"
    if entry.runtime is not None and entry.runtime > 0:
        text += f"\nTypical runtime: {runtime_phrase(entry.runtime)}"
    return text


class _Stamps:
    """Epoch seconds as YYYYMMDDTHHMMSSZ, each day and each second of a day formatted once."""

    def __init__(self) -> None:
        self.days: dict[int, str] = {}
        self.times: dict[int, str] = {}

    def __call__(self, epoch: int) -> str:
        day, second = divmod(epoch, _DAY)
        head = self.days.get(day)
        if head is None:
            head = self.days[day] = datetime.fromtimestamp(day * _DAY, timezone.utc).strftime(
                "%Y%m%d"
            )
        tail = self.times.get(second)
        if tail is None:
            h, rest = divmod(second, 3600)
            tail = self.times[second] = f"T{h:02d}{rest // 60:02d}{rest % 60:02d}Z"
        return head + tail


@dataclass(frozen=True, slots=True)
class Events:
    """One job's events for the writer: its entry, the fires to write and their status."""

    entry: FeedEntry
    fires: Sequence[int]
    status: str = "CONFIRMED"  # or CANCELLED
    truncated: bool = False


def _text(value: str) -> str:
    # TEXT may not hold control characters (RFC 5545 3.3.11): config-supplied text
    # keeps its line breaks (escaped as \n by icalendar) and shows the rest escaped.
    return shown_lines(value)


def _header(ical: Any, title: str) -> str:
    cal = ical.Calendar()
    cal.add("version", "2.0")
    cal.add("prodid", PRODID)
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", ical.vText(_text(title)))
    # subscription clients honour one of these two refresh hints
    cal.add("refresh-interval", timedelta(hours=1), parameters={"VALUE": "DURATION"})
    cal.add("x-published-ttl", ical.vDuration(timedelta(hours=1)))
    text: str = cal.to_ical(sorted=False).decode("utf-8")
    end = "END:VCALENDAR\r\n"
    assert text.endswith(end)
    return text[: -len(end)]


def _template(ical: Any, events: Events, dtstamp: datetime) -> tuple[str, str, str]:
    """(head, middle, tail) of the job's serialized event, cut where the fire's stamp goes."""
    entry = events.entry
    event = ical.Event()
    event.add("uid", uid(entry.name, _PLACEHOLDER_STAMP))
    event.add("dtstamp", dtstamp)
    event.add("dtstart", _PLACEHOLDER)
    event.add("duration", timedelta(seconds=entry.seconds))
    event.add("summary", ical.vText(_text(entry.name)))
    event.add("description", ical.vText(_text(description(entry))))
    event.add("status", events.status)
    event.add("transp", "TRANSPARENT")
    text: str = event.to_ical(sorted=False).decode("utf-8")
    # UID, DTSTAMP and DTSTART come first and hold no job text: the first two
    # placeholders are the UID's and DTSTART's.
    size = len(_PLACEHOLDER_STAMP)
    a = text.index(_PLACEHOLDER_STAMP)
    b = text.index(_PLACEHOLDER_STAMP, a + size)
    return text[:a], text[a + size : b], text[b + size :]


def _truncated_line(ical: Any, name: str, cap: int) -> str:
    from icalendar.parser import Contentline, Parameters

    line = Contentline.from_parts(
        "X-CRONSTABLE-TRUNCATED", Parameters({"CAP": str(cap)}), ical.vText(_text(name))
    )
    return str(line.to_ical().decode("utf-8")) + "\r\n"


def write_ics(title: str, jobs: Iterable[Events], cap: int, dtstamp: datetime | None = None) -> str:
    """The whole .ics text: the header, each job's events (and truncation marker), the end."""
    ical = require_icalendar()
    if dtstamp is None:
        dtstamp = datetime.now(timezone.utc)
    dtstamp = dtstamp.astimezone(timezone.utc).replace(microsecond=0)
    stamp = _Stamps()
    parts = [_header(ical, title)]
    for events in jobs:
        if not events.fires and not events.truncated:
            continue
        head, middle, tail = _template(ical, events, dtstamp)
        for t in events.fires:
            s = stamp(t)
            parts.append(head + s + middle + s + tail)
        if events.truncated:
            parts.append(_truncated_line(ical, events.entry.name, cap))
    parts.append("END:VCALENDAR\r\n")
    return "".join(parts)


def feed_ics(feed: Feed, dtstamp: datetime | None = None) -> str:
    """`calendar --format ics`: the feed's entries in name order."""
    return write_ics(
        feed.title,
        (Events(e, e.fires, truncated=e.truncated) for e in feed.entries),
        feed.cap,
        dtstamp,
    )
