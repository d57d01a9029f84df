"""The `pressure --jitter` panel: the busiest minute second by second, before and after.

Two column charts over the same fires (those scheduled in the busiest minute of
the hour): by the second of `scheduled_for`, then by where `fire_after` lands.
A jittered chart longer than a minute (a wide `--jitter N`) is folded into 60
columns of several seconds each, and says so.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..analysis.jitter_pressure import JitterPressure
from ..engine.describe import plural
from .layout import Block, Keep, Line, Part, Prose
from .minute_charts import axis_line, bar_rows, halves, label_width

CHART_ROWS = 4
COLUMNS = 60


def seconds_label(seconds: int) -> str:
    """`45s`, `1m40s`: an offset from the start of the minute."""
    if seconds < 60:
        return f"{seconds}s"
    return f"{seconds // 60}m{seconds % 60:02d}s"


def folded(counts: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """(60 columns, seconds per column): whole minutes of 1-s bins summed into 60."""
    per = max(1, -(-len(counts) // COLUMNS))
    return tuple(sum(counts[c * per : (c + 1) * per]) for c in range(COLUMNS)), per


def option_label(result: JitterPressure) -> str:
    return f"--jitter {result.option}"


def widths_label(result: JitterPressure) -> str:
    """`60s × 7 jobs, exact × 1 job`."""
    return ", ".join(
        f"{f'{width}s' if width else 'exact'} × {plural(jobs, 'job')}"
        for width, jobs in result.widths
    )


def peak_label(result: JitterPressure) -> str:
    return f"{result.peak_scheduled:,} → {result.peak_fire_after:,}"


def jitter_blocks(j: JitterPressure, width: int) -> Iterator[Block]:
    """The jitter section of the pressure report, its charts fitted to `width`."""
    yield Line(
        (f"Jitter ({option_label(j)})", "bold"),
        f": {j.jittered_jobs:,} of {plural(len(j.jobs), 'job')} jittered",
    )
    if j.jobs:
        # One `60s × 19 jobs` entry is never split across lines.
        entries = widths_label(j).split(", ")
        widths: list[Part] = ["widths:"]
        for i, entry in enumerate(entries):
            widths += [" ", Keep(entry + ("," if i < len(entries) - 1 else ""))]
        yield Prose(*widths, style="dim")
    if j.busiest_minute is None:
        return
    minute = f":{j.busiest_minute:02d}"
    yield Line((f"Fires scheduled at {minute}, by second of scheduled_for (un-jittered)", "bold"))
    yield from _chart(j.scheduled, 1, "cyan", width)
    columns, per = folded(j.fire_after)
    title = "The same fires by second of fire_after (jittered"
    if per > 1:
        title += f", {per} s per column"
    title += ")"
    yield Line((title, "bold"))
    yield from _chart(columns, per, "magenta", width)
    if j.spill:
        yield Line(
            f"{plural(j.spill, 'fire')} of {minute} start in a later minute "
            "(fire_after 60 s or more after the minute began)."
        )
    yield Prose(
        ("Peak fires starting in one second (whole window): ", "bold"),
        Keep(f"{peak_label(j)} (un-jittered → jittered)"),
    )


def _chart(counts: Sequence[int], per: int, style: str, width: int) -> Iterator[Line]:
    indent = label_width(counts) + 1
    for columns in halves(width, indent):
        yield from bar_rows(counts, CHART_ROWS, style, columns)
        labels = [seconds_label(c * per) for c in range(columns.start, columns.stop, 10)]
        yield Line((axis_line(labels, indent), "dim"))
