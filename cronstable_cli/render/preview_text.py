"""`cronstable preview` as a rich table."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import IO

from ..analysis.preview import Preview
from .console import countdown, make_writer
from .layout import Column, FitTable, Keep, Part, Prose, Row

LEVEL_STYLES = {"error": "bold red", "warning": "yellow", "note": "cyan"}


def _offset(dt: datetime) -> str:
    off = dt.utcoffset()
    if off is None:
        return ""
    total = int(off.total_seconds())
    sign = "+" if total >= 0 else "-"
    hours, minutes = divmod(abs(total) // 60, 60)
    return f"{sign}{hours:02d}:{minutes:02d}"


def render_preview(result: Preview, file: IO[str] | None = None) -> None:
    """Header (expression, resolved, description, zone) and the fires table."""
    console = make_writer(file)
    head: list[Part] = [Keep(result.expression, "bold")]
    if result.resolved != result.expression:
        key = result.job or result.hash_key
        head += [
            "  →  ",
            Keep(result.resolved, "bold green"),
            ("  (H resolved" + (f" with key {key!r})" if key else ")"), "dim"),
        ]
    console.print(Prose(*head))
    console.print(Prose(result.description, indent=0))
    where = f"Zone {result.timezone}"
    if result.job:
        where = f"Job {result.job} · {where}"
    start = f"{result.start:%Y-%m-%d %H:%M:%S} {result.start.tzname() or ''}".rstrip()
    console.print(Prose((f"{where} · from {start}", "dim"), indent=0))
    for finding in result.findings:
        style = LEVEL_STYLES.get(finding.level, "")
        console.print(Prose((f"{finding.level}", style), f" [{finding.code}] ", finding.message))
    if result.reboot:
        console.print(Prose("No clock fires: it runs once each time the daemon starts."))
        return
    if result.never_fires:
        console.print(
            Prose(
                ("Never fires: no occurrence is left before the end of 2099.", "bold red"), indent=0
            )
        )
        return
    first = result.fires[0]
    wait = countdown((first - result.start).total_seconds())
    if abs((datetime.now(timezone.utc) - result.start).total_seconds()) > 60:
        wait = wait.removeprefix("in ") + " after --from"  # a countdown from another instant
    console.print(Prose(f"Next fire {wait} ({first:%a %Y-%m-%d %H:%M:%S %Z})", indent=0))
    columns = [
        Column("#", keep=True, justify="right"),
        Column(f"scheduled ({result.timezone})", keep=True),
        Column("UTC", keep=True),
    ]
    jitter = result.fire_after is not None
    if jitter:
        # One offset per job (docs/fleet-analyses.md): every fire is delayed by the same seconds.
        assert result.fire_after is not None
        delay = (result.fire_after[0] - result.fires[0]).total_seconds() if result.fires else 0
        columns.append(Column(f"fire_after (+{delay:.0f}s of {result.jitter_seconds}s)", keep=True))
    columns.append(Column("note"))
    rows: list[Row] = []
    previous = _offset(result.start)
    for i, fire in enumerate(result.fires):
        offset = _offset(fire)
        notes = []
        if offset != previous:
            notes.append(f"offset {previous}→{offset}")
        if result.shifted and result.shifted[i]:
            notes.append("in a DST gap: fired shifted")
        previous = offset
        utc = fire.astimezone(timezone.utc)
        utc_text = f"{utc:%H:%M:%S}Z" if utc.date() == fire.date() else f"{utc:%m-%d %H:%M:%S}Z"
        row = [str(i + 1), f"{fire:%a %Y-%m-%d %H:%M:%S} {offset}", utc_text]
        if jitter:
            assert result.fire_after is not None
            row.append(f"{result.fire_after[i]:%H:%M:%S}")
        row.append("; ".join(notes))
        rows.append(Row(tuple(row), style="yellow" if notes else None))
    console.print(FitTable(columns, rows))
    if jitter and result.jitter_seconds == 0:
        console.print(
            Prose(
                (
                    "Jitter 0: the schedule does not fire at minute 0, or --jitter 0 "
                    "was given; fire_after equals scheduled_for.",
                    "dim",
                ),
                indent=0,
            )
        )
