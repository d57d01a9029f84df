"""`cronstable jobs` as a rich table."""

from __future__ import annotations

from datetime import datetime
from typing import IO

from ..analysis.inventory import Inventory
from .console import countdown, make_writer, print_block
from .layout import Column, FitTable, Prose, Row, Spans


def render_jobs(result: Inventory, start: datetime, file: IO[str] | None = None) -> None:
    """One row per job in load order, then the count line and any load errors."""
    console = make_writer(file)
    # Schedules and instants are kept whole; names, paths and zones wrap (layout.py).
    columns = [
        Column("job / where"),
        Column("kind", keep=True),
        Column("schedule (→ resolved)", keep=True),
        Column("zone"),
        Column("on", keep=True),
        Column(f"next ({start.tzname()})", keep=True),
    ]
    rows: list[Row] = []
    for row in result.rows:
        job = row.job
        who: Spans = ((job.name, ""), (f"\n{job.location.file}:{job.location.line}", "dim"))
        schedule: Spans = ((row.shown_schedule, ""),)
        if row.resolved not in (None, row.shown_schedule):
            schedule += ((f"\n→ {row.resolved}", "green"),)
        nxt: Spans
        if row.resolved is None:
            nxt = (("invalid", "red"),)
        elif row.next is not None:
            local = row.next.astimezone(start.tzinfo)
            clock = f"{local:%H:%M:%S}" if local.second else f"{local:%H:%M}"
            nxt = (
                (f"{local:%a %m-%d} {clock}\n", ""),
                (countdown((row.next - start).total_seconds()), "dim"),
            )
        elif row.shown_schedule == "@reboot":
            nxt = (("at daemon start", "dim"),)
        else:
            nxt = (("never fires", "yellow"),)
        rows.append(
            Row(
                (
                    who,
                    row.kind,
                    schedule,
                    job.zone,
                    "yes" if job.enabled else (("no", "dim"),),
                    nxt,
                ),
                style=None if job.enabled else "dim",
            )
        )
    console.print(FitTable(columns, rows))
    enabled = sum(1 for r in result.rows if r.job.enabled)
    shown = len(result.rows)
    filtered = f" (of {result.total} loaded)" if shown != result.total else ""
    console.print(
        Prose(
            f"{shown} job{'s' if shown != 1 else ''}{filtered}, {enabled} enabled, "
            f"from {len(result.files)} "
            f"file{'s' if len(result.files) != 1 else ''}",
            indent=0,
        )
    )
    for err in result.errors:
        where = f"{err.location}: " if err.location else ""
        error = Prose(
            (f"{where}error", "bold red"),
            f" [{err.code}] ",
            err.message,
            indent=0,
            whole_lead=bool(where),  # the location stays whole: editors follow it
        )
        print_block(console, error)
