"""`cronstable jobs` as a rich table."""

from __future__ import annotations

from datetime import datetime
from typing import IO

from ..analysis.inventory import Inventory
from .console import make_console, relative


def render_jobs(result: Inventory, start: datetime, file: IO[str] | None = None) -> None:
    """One row per job in load order, then the count line and any load errors."""
    from rich.table import Table
    from rich.text import Text

    console = make_console(file)
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("job / where", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    table.add_column("schedule (→ resolved)", overflow="fold")
    table.add_column("zone", no_wrap=True)
    table.add_column("on", no_wrap=True)
    table.add_column(f"next ({start.tzname()})", no_wrap=True)
    for row in result.rows:
        job = row.job
        who = Text(job.name)
        who.append(f"\n{job.location.file}:{job.location.line}", style="dim")
        schedule = Text(job.schedule)
        if row.resolved not in (None, job.schedule):
            schedule.append(f"\n→ {row.resolved}", style="green")
        if row.resolved is None:
            nxt = Text("invalid", style="red")
        elif row.next is not None:
            local = row.next.astimezone(start.tzinfo)
            clock = f"{local:%H:%M:%S}" if local.second else f"{local:%H:%M}"
            nxt = Text(f"{local:%a %m-%d} {clock}\n")
            nxt.append(relative((row.next - start).total_seconds()), style="dim")
        elif job.schedule.strip().lower() == "@reboot":
            nxt = Text("at daemon start", style="dim")
        else:
            nxt = Text("never fires", style="yellow")
        on = "yes" if job.enabled else Text("no", style="dim")
        table.add_row(who, row.kind, schedule, job.zone, on, nxt,
                      style=None if job.enabled else "dim")
    console.print(table)
    enabled = sum(1 for r in result.rows if r.job.enabled)
    shown = len(result.rows)
    filtered = f" (of {result.total} loaded)" if shown != result.total else ""
    console.print(f"{shown} job{'s' if shown != 1 else ''}{filtered}, {enabled} enabled, "
                  f"from {len(result.files)} "
                  f"file{'s' if len(result.files) != 1 else ''}")
    for err in result.errors:
        where = f"{err.location}: " if err.location else ""
        console.print(Text.assemble((f"{where}error", "bold red"), f" [{err.code}] ",
                                    err.message))
