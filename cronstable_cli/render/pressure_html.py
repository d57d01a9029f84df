"""The `pressure --format html` report: one self-contained HTML file.

No network, no scripts, no external fonts or styles (a Content-Security-
Policy says so to the browser too). The heatmap and the histogram are
inline SVG, and so are the jitter charts when `--jitter` is given; hovering
a cell shows its time, fires and jobs through the SVG `<title>`. Colours
follow `prefers-color-scheme`. Every piece of user text (job names,
expressions, zones) is escaped.
"""

from __future__ import annotations

from .. import __version__
from ..analysis.duplicates import Duplicates
from ..analysis.pressure import Cell, Pressure
from ..analysis.suggest import Suggestion
from ..engine.describe import plural
from ..escaping import html as escape
from .heat_scale import LEVELS, level_ranges, range_label
from .jitter_html import jitter_section_html
from .left_out import left_out
from .pressure_text import cell_names, headline, minute_runs
from .stagger_text import duration_label
from .svg_columns import (
    column_chart_svg,
    minute_heatmap_svg,
)

HIST_HEIGHT = 120
MAX_LISTED = 12  # job names listed in a duplicate group before "more"

# Level 0 (no fires) .. 9, light and dark schemes: a sequential orange-red ramp.
LIGHT = (
    "#eceff3",
    "#fde7c4",
    "#fdd49e",
    "#fdbb84",
    "#fc8d59",
    "#ef6548",
    "#d7301f",
    "#b30000",
    "#860000",
    "#520000",
)
DARK = (
    "#1c2128",
    "#3a2a1c",
    "#57361b",
    "#7a461d",
    "#a1561e",
    "#c8661f",
    "#e47f2a",
    "#f39d40",
    "#f9bf66",
    "#ffe3a3",
)

STYLE = """
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1f2328; --muted: #59636e;
  --card: #f6f8fa; --border: #d1d9e0; --accent: #0969da; --bar: #1f77b4;
  --jbar: #8250df; %(light)s }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --card: #151b23;
    --border: #3d444d; --accent: #4493f8; --bar: #58a6ff; --jbar: #b48cf9; %(dark)s }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 1040px; margin: 0 auto; padding: 24px 20px 40px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 28px 0 10px; }
h3 { font-size: 15px; margin: 16px 0 6px; }
.meta, .note, footer { color: var(--muted); }
.headline { font-size: 22px; font-weight: 600; margin: 18px 0 4px; }
code { font: 14px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
svg { display: block; max-width: 100%%; height: auto; }
svg text { fill: var(--muted); font: 11px ui-monospace, SFMono-Regular, Menlo, monospace; }
.c { stroke: none; }
.c:hover, .b:hover, .jb:hover { stroke: var(--fg); stroke-width: 1.5; }
.b { fill: var(--bar); }
.jb { fill: var(--jbar); }
%(levels)s
.legend { display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: center;
  margin: 8px 0 0; color: var(--muted); font-size: 13px; }
.legend i { display: inline-block; width: 13px; height: 13px; border-radius: 2px;
  vertical-align: -2px; margin-right: 4px; border: 1px solid var(--border); }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
  gap: 14px; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 8px;
  padding: 14px 16px; }
.card .expr code { font-size: 22px; font-weight: 600; color: var(--accent); }
table { border-collapse: collapse; width: 100%%; font-size: 14px; }
th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--border);
  vertical-align: top; }
th { font-weight: 600; }
th.n { text-align: right; }
td code { white-space: nowrap; }
td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
details summary { cursor: pointer; color: var(--accent); }
"""


def _level_css() -> str:
    light = " ".join(f"--l{k}: {c};" for k, c in enumerate(LIGHT))
    dark = " ".join(f"--l{k}: {c};" for k, c in enumerate(DARK))
    levels = "\n".join(
        f".l{k} {{ fill: var(--l{k}); background: var(--l{k}); }}" for k in range(LEVELS + 1)
    )
    return STYLE % {"light": light, "dark": dark, "levels": levels}


def _cell_title(hour: int, minute: int, value: int, cell: Cell | None) -> str:
    label = f"{hour:02d}:{minute:02d}"
    if not value:
        return f"{label} — no fires"
    if cell is None:  # no per-cell details were computed for this cell
        return f"{label} — {plural(value, 'fire')}"
    lines = [f"{label} — {plural(cell.fires, 'fire')}, {plural(cell.jobs, 'job')}"]
    lines.extend(cell.names)
    if cell.jobs > len(cell.names):
        lines.append(f"+{cell.jobs - len(cell.names):,} more")
    return "\n".join(lines)


def heatmap_svg(result: Pressure) -> str:
    """The 24×60 grid as SVG: one <rect> per cell, each with a <title>."""
    details = {(c.hour, c.minute): c for c in result.cells or result.top_cells}
    return minute_heatmap_svg(
        "heatmap",
        "Fires per minute of the day",
        result.grid,
        "fires",
        lambda hour, minute, value: _cell_title(hour, minute, value, details.get((hour, minute))),
    )


def legend_html(result: Pressure) -> str:
    peak = max(max(row) for row in result.grid)
    items = [
        f'<span><i class="l{k}"></i>{range_label(low, high)}</span>'
        for k, low, high in level_ranges(peak)
    ]
    return f'<div class="legend"><span>fires per cell:</span>{"".join(items)}</div>'


def histogram_svg(result: Pressure) -> str:
    """Fires per minute of the hour (all hours together), aligned with the heatmap."""
    counts = result.by_minute_fires
    titles = [
        f":{minute:02d} — {plural(count, 'fire')}, {plural(result.by_minute_jobs[minute], 'job')}"
        for minute, count in enumerate(counts)
    ]
    axis = [(minute, f":{minute:02d}") for minute in range(0, 60, 5)]
    return column_chart_svg(
        "histogram",
        "Fires by minute of the hour",
        counts,
        titles,
        axis,
        height=HIST_HEIGHT,
        bar_class="b",
    )


def _top_cells_html(result: Pressure) -> str:
    if not result.top_cells:
        return ""
    rows = "".join(
        f'<tr><td class="n">{c.hour:02d}:{c.minute:02d}</td><td class="n">{c.fires:,}</td>'
        f'<td class="n">{c.jobs:,}</td><td>{escape(cell_names(c))}</td></tr>'
        for c in result.top_cells
    )
    return (
        '<h2>Busiest cells</h2><table><thead><tr><th class="n">time</th>'
        '<th class="n">fires</th><th class="n">jobs</th><th>heaviest jobs</th></tr>'
        f"</thead><tbody>{rows}</tbody></table>"
    )


def _facts_html(result: Pressure) -> str:
    empty = minute_runs(result.empty_minutes) if result.empty_minutes else "none"
    items = [f"<li><b>Empty minutes of the hour:</b> {escape(empty)}</li>"]
    if result.gaps is not None:
        g = result.gaps
        items.append(
            "<li><b>Gaps between fire instants:</b> "
            f"min {duration_label(g.min)} · q1 {duration_label(g.q1)} · median "
            f"{duration_label(g.median)} · q3 {duration_label(g.q3)} · max "
            f"{duration_label(g.max)}</li>"
        )
    return f"<ul>{''.join(items)}</ul>"


def _suggestion_card(title: str, s: Suggestion) -> str:
    alternatives = ", ".join(
        f"<code>{escape(a.expression)}</code> ({a.fires:,})" for a in s.alternatives
    )
    return (
        f'<div class="card"><div>{escape(title)}</div>'
        f'<div class="expr"><code>{escape(s.expression)}</code></div>'
        f"<div>{escape(s.slot.label)} has {plural(s.fires_in_window, 'fire')} in the "
        f"{s.based_on.hours} h from {s.based_on.start.strftime('%Y-%m-%d %H:%M')} "
        f"({escape(s.timezone)}); the busiest slot, {escape(s.busiest.label)}, has "
        f"{s.busiest.fires:,}.</div>"
        f'<div class="note">Alternatives: {alternatives}. Or let the daemon spread it: '
        f"<code>{escape(s.hash_hint)}</code>.</div></div>"
    )


def _suggestions_html(hourly: Suggestion | None, daily: Suggestion | None) -> str:
    cards = []
    if hourly is not None:
        cards.append(_suggestion_card("Next hourly job", hourly))
    if daily is not None:
        cards.append(_suggestion_card("Next daily job", daily))
    if not cards:
        return ""
    return f'<h2>Where the next job should go</h2><div class="cards">{"".join(cards)}</div>'


def _job_list(jobs: tuple[str, ...]) -> str:
    shown = ", ".join(escape(j) for j in jobs[:MAX_LISTED])
    if len(jobs) <= MAX_LISTED:
        return shown
    rest = ", ".join(escape(j) for j in jobs[MAX_LISTED:])
    return f"{shown} <details><summary>+{len(jobs) - MAX_LISTED:,} more</summary>{rest}</details>"


def _duplicates_html(dups: Duplicates | None) -> str:
    if dups is None:
        return ""
    if not dups.groups:
        return '<h2>Duplicate schedules</h2><p class="note">No two jobs share a schedule.</p>'
    rows = "".join(
        f'<tr><td class="n">{g.count:,}</td><td><code>{escape(g.expression)}</code></td>'
        f"<td>{escape(g.description)}</td><td>{escape(g.timezone)}</td>"
        f"<td>{_job_list(g.jobs)}</td></tr>"
        for g in dups.groups
    )
    return (
        "<h2>Duplicate schedules</h2>"
        '<p class="note">Jobs whose schedules fire at exactly the same times in the same '
        'zone.</p><table><thead><tr><th class="n">jobs</th><th>schedule</th><th>meaning</th>'
        f"<th>zone</th><th>names</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def render_pressure_html(
    result: Pressure,
    *,
    duplicates: Duplicates | None = None,
    hourly: Suggestion | None = None,
    daily: Suggestion | None = None,
) -> str:
    """The whole report as one HTML document."""
    start = result.start.strftime("%Y-%m-%d %H:%M")
    missing = left_out(result.excluded, result.invalid)
    meta = (
        f"{plural(result.jobs, 'job')} · {plural(result.total_fires, 'fire')} in "
        f"{result.hours} h from {start} · times in {result.timezone}"
    )
    if missing:
        meta += " · left out: " + ", ".join(missing)
    body = [
        f'<header><h1>Schedule pressure</h1><p class="meta">{escape(meta)}</p></header>',
        f'<p class="headline">{escape(headline(result))}</p>',
    ]
    if result.total_fires:
        body += [
            f"<h2>Fires per minute of the day ({escape(result.timezone)})</h2>",
            '<p class="note">One row per hour; hover a cell for its jobs.</p>',
            heatmap_svg(result),
            legend_html(result),
            "<h2>Fires by minute of the hour</h2>",
            histogram_svg(result),
            _facts_html(result),
        ]
    if result.jitter is not None:
        body.append(jitter_section_html(result.jitter))
    if result.occupancy is not None:
        from .occupancy_html import occupancy_section_html

        body.append(occupancy_section_html(result.occupancy, result.timezone))
    body += [
        _suggestions_html(hourly, daily),
        _top_cells_html(result),
        _duplicates_html(duplicates),
    ]
    title = f"cronstable pressure — {start} {result.timezone}"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; img-src data:\">"
        '<meta name="color-scheme" content="light dark">'
        f"<title>{escape(title)}</title><style>{_level_css()}</style></head>\n<body><main>"
        + "\n".join(part for part in body if part)
        + f"\n<footer><p>Generated by cronstable {escape(__version__)}.</p></footer>"
        "</main></body></html>\n"
    )
