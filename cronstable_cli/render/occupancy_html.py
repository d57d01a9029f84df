"""Runs in flight in the pressure page: an in-flight heatmap and the busiest hour's timeline.

Inline SVG only (the page allows no scripts); every job name is escaped.
"""

from __future__ import annotations

from datetime import datetime

from ..analysis.occupancy import Occupancy
from ..engine.describe import plural
from ..escaping import html as escape
from .svg_columns import minute_heatmap_svg, svg_open

LABEL = 180  # px for the job names left of the timeline
PER_MINUTE = 10  # px per minute of the busiest hour
ROW = 14


def in_flight_heatmap_svg(o: Occupancy) -> str:
    """The 24×60 grid of runs in flight (summed over the window's days), like the fires one."""
    return minute_heatmap_svg(
        "in-flight",
        "Runs in flight per minute of the day",
        o.grid,
        "runs",
        lambda hour, minute, value: f"{hour:02d}:{minute:02d} — {plural(value, 'run')} in flight",
    )


def timeline_svg(o: Occupancy) -> str:
    """One row per job, one bar per run, over the busiest hour."""
    if o.busiest_hour is None or not o.timeline:
        return ""
    zone = o.start.tzinfo
    hour = int(o.busiest_hour.timestamp())
    # Overlapping runs of one job go on lanes of their own, so each bar shows.
    lanes: dict[str, list[float]] = {}  # job -> the end of the last run on each lane
    placed: list[tuple[str, int]] = []
    for run in sorted(o.timeline, key=lambda r: (r.job, r.start)):
        ends = lanes.setdefault(run.job, [])
        lane = next((i for i, end in enumerate(ends) if end <= run.start), len(ends))
        if lane == len(ends):
            ends.append(run.end)
        else:
            ends[lane] = run.end
        placed.append((run.job, lane))
    rows: dict[tuple[str, int], int] = {}
    for run in o.timeline:  # rows in the order the runs come: busiest job first
        for lane in range(len(lanes[run.job])):
            rows.setdefault((run.job, lane), len(rows))
    width = LABEL + 60 * PER_MINUTE + 10
    height = 20 + len(rows) * ROW + 4
    parts = [svg_open("timeline", width, height, "Runs of each job in the busiest hour")]
    for minute in range(0, 60, 10):
        x = LABEL + minute * PER_MINUTE
        parts.append(f'<text x="{x}" y="12">:{minute:02d}</text>')
    for (name, lane), i in rows.items():
        if lane == 0:
            parts.append(f'<text x="2" y="{20 + i * ROW + 10}">{escape(name[:28])}</text>')
    ordered = sorted(o.timeline, key=lambda r: (r.job, r.start))
    for run, key in zip(ordered, placed, strict=True):
        y = 20 + rows[key] * ROW
        a = max(run.start, hour)
        b = min(max(run.end, run.start + 30), hour + 3600)
        left = LABEL + (a - hour) / 60 * PER_MINUTE
        wide = max((b - a) / 60 * PER_MINUTE, 2)
        began = datetime.fromtimestamp(run.start, zone).strftime("%H:%M:%S")
        ended = datetime.fromtimestamp(run.end, zone).strftime("%H:%M:%S")
        title = f"{run.job}: {began} → {ended}"
        parts.append(
            f'<rect class="run" x="{left:.1f}" y="{y + 2}" width="{wide:.1f}" height="{ROW - 4}" '
            f'rx="2" fill="var(--jbar)" fill-opacity="0.75"><title>{escape(title)}</title></rect>'
        )
    parts.append("</svg>")
    return "".join(parts)


def occupancy_section_html(o: Occupancy, zone: str) -> str:
    head = "<h2>Runs in flight</h2>"
    if o.peak_at is None:
        return head + '<p class="note">No run is in flight in this window.</p>'
    at = o.peak_at.strftime("%Y-%m-%d %H:%M")
    jobs = ", ".join(f"{name} ×{n}" if n > 1 else name for name, n in o.peak_jobs)
    sources = ", ".join(f"{k}: {n}" for k, n in sorted(o.sources.items()))
    hour = "" if o.busiest_hour is None else o.busiest_hour.strftime("%Y-%m-%d %H:00")
    return (
        head + f'<p class="headline">Peak: {escape(plural(o.peak, "run"))} in flight at '
        f"{escape(at)} ({escape(zone)})</p>"
        f'<p class="note">At the peak: {escape(jobs)}. A run occupies every minute from its '
        f"start to its end; durations from {escape(sources)}.</p>"
        + in_flight_heatmap_svg(o)
        + f"<h2>Busiest hour: {escape(hour)}</h2>"
        '<p class="note">One bar per run; hover a bar for its start and end.</p>' + timeline_svg(o)
    )
