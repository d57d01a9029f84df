"""textDocument/hover: what a schedule means for this job, and what a zone does next.

On a schedule (a string or map form, a crontab entry, a DAG's schedule):
the sentence, the `H` expression resolved for this job's name, the zone,
the next five fires (`preview --job`'s, from the same preview) with DST
shifts marked, and the findings of that line. On a `timezone` (or
`CRON_TZ=`): the offset now and the next change of it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone

from lsprotocol import types as lsp

from ..analysis.frames import job_crontab
from ..analysis.preview import Preview, preview
from ..engine import ScheduleError, ZoneError, load_zone
from ..engine.transitions import transitions
from ..records import Finding, Job
from ..safe_text import shown

FIRES = 5
_ZONE_KEY = re.compile(r"^\s*(?:-\s+)?[\"']?timezone[\"']?\s*:\s*[\"']?([^\s\"'#]+)")
_MAP_KEY = re.compile(r"^\s*(?:-\s+)?[\"']?schedule[\"']?\s*:\s*(?:#.*)?$")
_CRON_TZ = re.compile(r"^\s*(?:CRON_TZ|TZ)\s*=\s*[\"']?([^\s\"'#]+)")


def schedule_lines(job: Job) -> set[int]:
    """The 1-based lines a job's schedule is written on (key, value, map fields)."""
    lines = {job.schedule_location.line}
    lines.update(f.line for f in job.schedule_fields if f is not None)
    if job.kind == "crontab":
        lines.add(job.location.line)
    lines.discard(0)
    return lines


def job_at(jobs: Sequence[Job], line: int) -> Job | None:
    """The job whose schedule is written on `line` (1-based)."""
    for job in jobs:
        if line in schedule_lines(job):
            return job
    return None


def hover(
    text: str, jobs: Sequence[Job], findings: Sequence[Finding], line: int, now: datetime
) -> lsp.Hover | None:
    """The hover at 0-based `line` of a document, or None when there is nothing to say."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    number = line + 1
    here = [f for f in findings if f.line == number]
    job = job_at(jobs, number)
    if job is None and _MAP_KEY.match(lines[line]):
        job = job_at(jobs, number + 1)  # the `schedule:` key of a map: its fields follow
    if job is not None:
        body = schedule_hover(job, now)
    else:
        zone = _ZONE_KEY.match(lines[line]) or _CRON_TZ.match(lines[line])
        body = zone_hover(zone.group(1), now) if zone else []
    if here:
        body += ["", "Findings on this line:"]
        body += [f"- **{f.level}** {code(f.code)}: {shown(f.message)}" for f in here]
    if not body:
        return None
    return lsp.Hover(
        contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value="\n".join(body).strip())
    )


def schedule_hover(job: Job, now: datetime) -> list[str]:
    """The lines about one job's schedule."""
    head = f"{code(job.schedule)} · job {code(job.name)}"
    try:
        tab = job_crontab(job)
    except (ScheduleError, ZoneError) as err:
        return [head, "", f"Not usable: {shown(str(err))}"]
    seen = preview(tab, job.schedule, job.zone, now, FIRES, job=job.name)
    out = [head, "", shown(seen.description) + "."]
    if seen.resolved != " ".join(job.schedule.split()):
        out += ["", f"Resolved for this job: {code(seen.resolved)} (renaming the job moves it)"]
    out += ["", f"Zone: {code(seen.timezone)}"]
    if seen.reboot:
        return [*out, "", "No clock fires: it runs once each time the daemon starts."]
    if seen.never_fires:
        return [*out, "", "Never fires: no occurrence is left before the end of 2099."]
    if not job.enabled:
        out += ["", "Disabled (`enabled: false`): these are the fires it would have."]
    return [*out, "", f"Next {len(seen.fires)} fires:", *fire_lines(seen)]


def fire_lines(seen: Preview) -> list[str]:
    """One list item per fire: the wall time with its offset, DST shifts marked."""
    out = []
    previous = _offset(seen.start)
    for index, fire in enumerate(seen.fires):
        notes = []
        offset = _offset(fire)
        if offset != previous:
            notes.append(f"offset {previous} → {offset}")
        if seen.shifted and seen.shifted[index]:
            notes.append("shifted: its wall time is skipped by the DST change")
        previous = offset
        when = f"{fire:%a %Y-%m-%d %H:%M:%S}{offset} {fire.tzname() or ''}".rstrip()
        out.append(f"{index + 1}. {when}" + (f" ({'; '.join(notes)})" if notes else ""))
    return out


def zone_hover(name: str, now: datetime) -> list[str]:
    """The offset a zone has now and its next change (in the coming 400 days)."""
    try:
        zone = load_zone(name)
    except ZoneError as err:
        return [f"{code(name)}: {shown(str(err))}"]
    epoch = int(now.timestamp())
    local = now.astimezone(zone)
    out = [f"{code(name)}: now UTC{_offset(local)} ({local.tzname() or ''})"]
    changes = transitions(zone, epoch, epoch + 400 * 86400, 6 * 3600)
    if not changes:
        return [*out, "", "No change of offset in the coming 400 days."]
    change = changes[0]
    at = datetime.fromtimestamp(change.epoch, zone)
    before = datetime.fromtimestamp(change.epoch - 1, zone)
    shift = timedelta(seconds=change.after - change.before)
    direction = "forward" if shift > timedelta(0) else "back"
    out += [
        "",
        f"Next change: {at:%a %Y-%m-%d %H:%M:%S}{_offset(at)} ({at.tzname() or ''}), "
        f"from UTC{_offset(before)}: clocks go {direction} {_span(abs(shift))} "
        f"at {datetime.fromtimestamp(change.epoch, timezone.utc):%Y-%m-%d %H:%M} UTC.",
    ]
    return out


def code(text: str) -> str:
    """`text` as a Markdown code span, escaped, whatever backticks it holds."""
    text = shown(text)
    run = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * (run + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _offset(moment: datetime) -> str:
    off = moment.utcoffset()
    total = int(off.total_seconds()) if off is not None else 0
    sign = "+" if total >= 0 else "-"
    hours, minutes = divmod(abs(total) // 60, 60)
    return f"{sign}{hours:02d}:{minutes:02d}"


def _span(delta: timedelta) -> str:
    minutes = int(delta.total_seconds()) // 60
    hours, minutes = divmod(minutes, 60)
    if minutes and hours:
        return f"{hours} h {minutes} min"
    return f"{hours} h" if hours else f"{minutes} min"
