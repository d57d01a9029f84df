"""The `calendar` week view for a terminal: the day × hour grid, the agenda, the background.

Every level of the grid has its own glyph (heat_scale) and the cells that
are not fires say so with their own marks (`·` an hour without fires, `×`
an hour the display zone skips, blank outside the window), so the grid
reads the same without colour. Days on which the display zone changes its
UTC offset are marked at the end of their row.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

from ..analysis.calendar import Day, Week
from ..engine.describe import plural
from .console import print_blocks
from .heat_scale import GLYPHS, level, level_ranges, range_label
from .layout import Block, Column, FitTable, Keep, Line, Part, Prose, Row
from .left_out import left_out_line
from .pressure_text import COLOURS

EMPTY = "·"  # an hour of the window without fires
SKIPPED = "×"  # an hour the display zone skips (spring forward)
LABEL = "Mon 03-23 "  # the width of a row's day label
TOTAL_WIDTH = 7  # " 12,345"


def render_calendar(week: Week, file: IO[str] | None = None, *, width: int | None = None) -> None:
    """The whole week view, its grid fitted to the output width."""
    print_blocks(lambda w: calendar_blocks(week, w), file, width=width)


def calendar_blocks(week: Week, width: int) -> Iterator[Block]:
    yield Line(
        ("calendar", "bold"),
        f": {plural(week.jobs, 'job')}, {plural(week.total_fires, 'fire')} in "
        f"{plural(week.days, 'day')} from {week.start.strftime('%Y-%m-%d %H:%M')} "
        f"({week.timezone})",
    )
    yield from left_out_line(week.excluded, week.invalid)
    yield Line()
    if not week.total_fires:
        yield Line(("Nothing fires in this window.", "bold"))
        return
    yield from _grid(week, width)
    yield Line()
    yield from _agenda(week)
    if week.background:
        yield Line()
        yield from _background(week)


def _cell_width(width: int) -> int:
    """Two columns per hour when they fit beside the label, the total and a DST mark."""
    return 2 if len(LABEL) + 48 + TOTAL_WIDTH + 10 <= width else 1


def dst_note(day: Day) -> str:
    """`DST -1h` / `DST +1h` for a day the display zone shifts its clock on, else ''."""
    if not day.dst:
        return ""
    change = day.length - 86400
    sign = "+" if change > 0 else "-"
    hours, rest = divmod(abs(change), 3600)
    amount = (f"{hours}h" if hours else "") + (f"{rest // 60}m" if rest else "")
    return f"DST {sign}{amount}"


def _grid(week: Week, width: int) -> Iterator[Block]:
    peak = max((max(day.hours) for day in week.grid), default=0)
    pitch = _cell_width(width)
    yield Line((f"Fires per hour ({week.timezone}), one row per day", "bold"))
    axis = "".join(f"{h:02d}".ljust(3 * pitch) for h in range(0, 24, 3))
    yield Line((" " * len(LABEL) + axis.rstrip(), "dim"))
    for day in week.grid:
        runs: list[str | tuple[str, str]] = [(day.date.strftime("%a %m-%d "), "dim")]
        for hour, (value, span) in enumerate(zip(day.hours, day.spans, strict=True)):
            if value:
                k = level(value, peak)
                glyph, style = GLYPHS[k], COLOURS[k]
            elif hour in day.skipped:
                glyph, style = SKIPPED, "dim"
            elif span:
                glyph, style = EMPTY, "dim"
            else:
                glyph, style = " ", ""
            runs.append((glyph.ljust(pitch), style))
        runs.append(f"{day.fires:>{TOTAL_WIDTH},}")
        note = dst_note(day)
        if note:
            runs.append(("  " + note, "yellow"))
        yield Line(*runs)
    legend: list[Part] = [("fires per hour:", "dim")]
    for k, low, high in level_ranges(peak):
        if k == 0:
            continue
        legend.append("  ")
        legend.append(Keep(f"{GLYPHS[k]} {range_label(low, high)}"))
    legend += ["  ", Keep(f"{EMPTY} none"), "  ", Keep(f"{SKIPPED} an hour DST skips")]
    yield Prose(*legend, indent=len("fires per hour:  "))


def agenda_title(week: Week) -> str:
    jobs = len({item.job for item in week.agenda})
    return f"Agenda: {plural(len(week.agenda), 'fire')} of {plural(jobs, 'job')} ({week.timezone})"


def job_time(week: Week, index: int) -> str:
    """The fire's time in the job's own zone, when it reads differently from the display's."""
    item = week.agenda[index]
    if item.local.replace(tzinfo=None) == item.at.replace(tzinfo=None):
        return ""
    same_day = item.local.date() == item.at.date()
    when = item.local.strftime("%H:%M" if same_day else "%a %H:%M")
    return f"{when} {item.zone}"


def _agenda(week: Week) -> Iterator[Block]:
    yield Line((agenda_title(week), "bold"))
    if not week.agenda:
        yield Line(("  Every job in the window is a background job (below).", "dim"))
        return
    rows = []
    previous = None
    for i, item in enumerate(week.agenda):
        day = item.at.strftime("%a %m-%d")
        rows.append(
            Row(
                (
                    day if day != previous else "",
                    item.at.strftime("%H:%M:%S" if item.at.second else "%H:%M"),
                    job_time(week, i),
                    item.job,
                    item.schedule,
                )
            )
        )
        previous = day
    columns = [
        Column("day", keep=True),
        Column("time", keep=True),
        Column("job's zone", keep=True),
        Column("job"),
        Column("schedule", keep=True),
    ]
    if not any(row.cells[2] for row in rows):
        columns.pop(2)
        rows = [Row(row.cells[:2] + row.cells[3:]) for row in rows]
    yield FitTable(columns, rows, boxed=False)


def background_title(week: Week) -> str:
    return (
        f"Background: {plural(len(week.background), 'job')} firing more than "
        f"{week.frequent_above:,} times in {plural(week.days, 'day')}, left out of the agenda"
    )


def _background(week: Week) -> Iterator[Block]:
    yield Line((background_title(week), "bold"))
    rows = [
        Row(
            (
                b.job,
                b.schedule,
                b.description,
                f"{b.fires:,}",
                f"{b.per_day(week.days):,.0f}",
            )
        )
        for b in week.background
    ]
    columns = [
        Column("job"),
        Column("schedule", keep=True),
        Column("how often"),
        Column("fires", keep=True, justify="right"),
        Column("a day", keep=True, justify="right"),
    ]
    yield FitTable(columns, rows, boxed=False)
