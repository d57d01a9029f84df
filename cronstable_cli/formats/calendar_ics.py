"""`calendar --format ics` and `diff --format ics`: RFC 5545 through the icalendar library.

The feed says what the daemon's own `GET /calendar.ics` says, so a client
subscribed to the daemon and one fed by this file show the same events and
update them in place:

- one VEVENT per fire, DTSTART in UTC (`...Z`), no VTIMEZONE;
- UID `sha256(job name)[:12] + "-" + DTSTART + "@cronstable"`, stable across
  regenerations;
- DURATION from the typical runtime (`analysis.calendar.event_seconds`);
- SUMMARY the job name; DESCRIPTION the schedule, its plain English (the
  daemon's own sentence, `analysis.daemon_sentence`), the zone (and the typical
  runtime when known); never a command, environment or output;
- STATUS:CONFIRMED (CANCELLED for a fire a change removes), TRANSP:TRANSPARENT;
- a capped job is announced after its events by `X-CRONSTABLE-TRUNCATED;CAP=N:<name>`.

icalendar escapes and folds every line (its value types and content lines;
the header is its Calendar); each job's lines are made once and its fires'
stamps spliced into the UID and DTSTART lines, which never fold, so a
10,000-job feed stays fast. icalendar is an extra
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
    from ..analysis.calendar import Feed, FeedChange, FeedEntry

PRODID = f"-//cronstable-cli//{__version__}//EN"
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


class _Lines:
    """A job's event lines through icalendar's value types and content-line folding.

    Building and serializing a whole icalendar Event per job costs half a
    millisecond, most of a 10,000-job feed; the same lines come from its value
    types (escaping) and its content lines (folding, only for a line longer
    than 75 octets, which is all folding changes), each distinct text once.
    `tests/formats/test_calendar_ics.py` pins them to `Event.to_ical()`.
    """

    def __init__(self, ical: Any, dtstamp: datetime) -> None:
        from icalendar.parser import Contentline

        self.ical = ical
        self.contentline: Any = Contentline
        self.dtstamp = "DTSTAMP:" + ical.vDatetime(dtstamp).to_ical().decode("utf-8")
        self.texts: dict[tuple[str, str], str] = {}
        self.durations: dict[int, str] = {}

    def text(self, name: str, value: str) -> str:
        """`NAME:value` as a TEXT property line, escaped and folded."""
        key = (name, value)
        line = self.texts.get(key)
        if line is None:
            escaped = self.ical.vText(_text(value)).to_ical().decode("utf-8")
            line = f"{name}:{escaped}"
            if not (line.isascii() and len(line) <= 75):
                line = self.contentline(line).to_ical().decode("utf-8")
            self.texts[key] = line
        return line

    def duration(self, seconds: int) -> str:
        line = self.durations.get(seconds)
        if line is None:
            value = self.ical.vDuration(timedelta(seconds=seconds)).to_ical().decode("utf-8")
            line = self.durations[seconds] = f"DURATION:{value}"
        return line

    def template(self, events: Events) -> tuple[str, str]:
        """(head, tail) of the job's event: head + stamp + `@cronstable` ... DTSTART: + stamp
        + tail is the event of the fire at stamp."""
        entry = events.entry
        head = f"BEGIN:VEVENT\r\nUID:{uid_prefix(entry.name)}-"
        tail = "\r\n".join(
            (
                "",
                self.duration(entry.seconds),
                self.text("SUMMARY", entry.name),
                self.text("DESCRIPTION", description(entry)),
                f"STATUS:{events.status}",
                "TRANSP:TRANSPARENT",
                "END:VEVENT\r\n",
            )
        )
        return head, tail


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
    lines = _Lines(ical, dtstamp)
    middle = f"@cronstable\r\n{lines.dtstamp}\r\nDTSTART:"
    stamp = _Stamps()
    stamped: dict[int, tuple[Sequence[int], list[str]]] = {}  # jobs of a group share fires
    parts = [_header(ical, title)]
    for events in jobs:
        if not events.fires and not events.truncated:
            continue
        head, tail = lines.template(events)
        known = stamped.get(id(events.fires))
        if known is None or known[0] is not events.fires:
            known = stamped[id(events.fires)] = (events.fires, [stamp(t) for t in events.fires])
        parts.extend([f"{head}{s}{middle}{s}{tail}" for s in known[1]])
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


def change_ics(change: FeedChange, dtstamp: datetime | None = None) -> str:
    """`diff --format ics`: the fires a change adds, and those it removes as cancelled
    events with the UIDs the feed gave them; by job name, added before removed."""
    jobs = [Events(e, e.fires, "CONFIRMED", e.truncated) for e in change.added]
    jobs += [Events(e, e.fires, "CANCELLED", e.truncated) for e in change.removed]
    jobs.sort(key=lambda events: events.entry.name)  # stable: added first
    return write_ics(change.title, jobs, change.cap, dtstamp)
