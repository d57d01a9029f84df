"""`calendar --format html`: the week view as one self-contained page.

Like the pressure report: no network, no scripts (a Content-Security-Policy
says so to the browser too), the grid as inline SVG with a `<title>` per cell,
colours from `prefers-color-scheme`, and every piece of config-supplied text
escaped.
"""

from __future__ import annotations

from .. import __version__
from ..analysis.calendar import Day, Week
from ..engine.describe import plural
from ..escaping import html as escape
from .calendar_text import agenda_title, background_title, dst_note, job_time
from .heat_scale import level, level_ranges, range_label
from .left_out import left_out
from .pressure_html import _level_css
from .svg_columns import svg_open

CELL = 26
PITCH = 28
LEFT = 92  # the day labels
TOP = 22  # the hour labels
RIGHT = 120  # the day's total and its DST mark

EXTRA_STYLE = """
.outside { fill: none; stroke: var(--border); stroke-dasharray: 2 2; }
.skipped { fill: none; stroke: var(--muted); }
svg text.dst { fill: var(--accent); }
td.t { white-space: nowrap; font-variant-numeric: tabular-nums; }
"""


def _cell_title(day: Day, hour: int) -> str:
    label = f"{day.date.strftime('%a %Y-%m-%d')} {hour:02d}:00"
    if hour in day.skipped:
        return f"{label} — skipped by the change to daylight saving time"
    if not day.spans[hour]:
        return f"{label} — outside the window"
    text = f"{label} — {plural(day.hours[hour], 'fire')}"
    if hour in day.repeated:
        text += " (the hour happens twice: both count)"
    return text


def grid_svg(week: Week) -> str:
    """One row per civil day, one cell per hour, each with a <title>."""
    peak = max((max(day.hours) for day in week.grid), default=0)
    width = LEFT + 24 * PITCH + RIGHT
    height = TOP + len(week.grid) * PITCH + 2
    parts = [svg_open("week", width, height, "Fires per hour, one row per day")]
    for hour in range(0, 24, 3):
        parts.append(f'<text x="{LEFT + hour * PITCH}" y="{TOP - 8}">{hour:02d}</text>')
    for row, day in enumerate(week.grid):
        y = TOP + row * PITCH
        parts.append(f'<text x="2" y="{y + 17}">{day.date.strftime("%a %m-%d")}</text>')
        for hour in range(24):
            x = LEFT + hour * PITCH
            value = day.hours[hour]
            if hour in day.skipped:
                kind = "skipped"
            elif not day.spans[hour] and not value:
                kind = "outside"
            else:
                kind = f"c l{level(value, peak)}"
            title = escape(_cell_title(day, hour))
            parts.append(
                f'<rect class="{kind}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" rx="3" '
                f'data-fires="{value}"><title>{title}</title></rect>'
            )
        total = f'<text x="{LEFT + 24 * PITCH + 6}" y="{y + 17}">{day.fires:,}'
        note = dst_note(day)
        if note:
            total += f'</text><text class="dst" x="{LEFT + 24 * PITCH + 62}" y="{y + 17}">{note}'
        parts.append(total + "</text>")
    parts.append("</svg>")
    return "".join(parts)


def legend_html(week: Week) -> str:
    peak = max((max(day.hours) for day in week.grid), default=0)
    items = [
        f'<span><i class="l{k}"></i>{range_label(low, high)}</span>'
        for k, low, high in level_ranges(peak)
    ]
    return f'<div class="legend"><span>fires per hour:</span>{"".join(items)}</div>'


def _agenda_html(week: Week) -> str:
    if not week.agenda:
        return ""
    own = any(job_time(week, i) for i in range(len(week.agenda)))
    rows = []
    for i, item in enumerate(week.agenda):
        zone_cell = f'<td class="t">{escape(job_time(week, i))}</td>' if own else ""
        rows.append(
            f'<tr><td class="t">{item.at.strftime("%a %m-%d")}</td>'
            f'<td class="t">{item.at.strftime("%H:%M:%S" if item.at.second else "%H:%M")}</td>'
            f"{zone_cell}<td>{escape(item.job)}</td>"
            f"<td><code>{escape(item.schedule)}</code></td></tr>"
        )
    zone_head = "<th>job's zone</th>" if own else ""
    return (
        f"<h2>{escape(agenda_title(week))}</h2><table><thead><tr><th>day</th><th>time</th>"
        f"{zone_head}<th>job</th><th>schedule</th></tr></thead><tbody>{''.join(rows)}"
        "</tbody></table>"
    )


def _background_html(week: Week) -> str:
    if not week.background:
        return ""
    rows = "".join(
        f"<tr><td>{escape(b.job)}</td><td><code>{escape(b.schedule)}</code></td>"
        f"<td>{escape(b.description)}</td><td>{escape(b.zone)}</td>"
        f'<td class="n">{b.fires:,}</td><td class="n">{b.per_day(week.days):,.0f}</td></tr>'
        for b in week.background
    )
    return (
        f"<h2>{escape(background_title(week))}</h2><table><thead><tr><th>job</th>"
        '<th>schedule</th><th>how often</th><th>zone</th><th class="n">fires</th>'
        f'<th class="n">a day</th></tr></thead><tbody>{rows}</tbody></table>'
    )


def render_calendar_html(week: Week) -> str:
    """The whole week view as one HTML document."""
    start = week.start.strftime("%Y-%m-%d %H:%M")
    meta = (
        f"{plural(week.jobs, 'job')} · {plural(week.total_fires, 'fire')} in "
        f"{plural(week.days, 'day')} from {start} · times in {week.timezone}"
    )
    missing = left_out(week.excluded, week.invalid)
    if missing:
        meta += " · left out: " + ", ".join(missing)
    body = [f'<header><h1>Calendar</h1><p class="meta">{escape(meta)}</p></header>']
    if week.total_fires:
        body += [
            f"<h2>Fires per hour ({escape(week.timezone)})</h2>",
            '<p class="note">One row per day; hover a cell for its count. Dashed: outside '
            "the window; outlined: an hour daylight saving time skips.</p>",
            grid_svg(week),
            legend_html(week),
            _agenda_html(week),
            _background_html(week),
        ]
    else:
        body.append('<p class="headline">Nothing fires in this window.</p>')
    title = f"cronstable calendar — {start} {week.timezone}"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; img-src data:\">"
        '<meta name="color-scheme" content="light dark">'
        f"<title>{escape(title)}</title><style>{_level_css()}{EXTRA_STYLE}</style></head>\n"
        "<body><main>"
        + "\n".join(part for part in body if part)
        + f"\n<footer><p>Generated by cronstable {escape(__version__)}.</p></footer>"
        "</main></body></html>\n"
    )
