"""The jitter section of the HTML pressure report: two inline SVG column charts.

The same fires (those scheduled in the busiest minute of the hour) by the
second of `scheduled_for` and by where `fire_after` lands, on the report's
column layout; a jittered span longer than a minute is folded into 60 columns.
No scripts: each bar's `<title>` says its seconds and fires.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..analysis.jitter_pressure import JitterPressure
from .jitter_text import folded, option_label, peak_label, seconds_label, widths_label
from .svg_columns import CELL, TOP, WIDTH, column_x
from .text_bits import plural

CHART_HEIGHT = 90


def _span(column: int, per: int) -> str:
    if per == 1:
        return f"+{seconds_label(column)}"
    return f"+{seconds_label(column * per)} to +{seconds_label(column * per + per - 1)}"


def chart_svg(svg_id: str, label: str, columns: Sequence[int], per: int, bar: str) -> str:
    """60 bars (class `bar`), one per column of `per` seconds, each with a <title>."""
    peak = max(columns, default=0) or 1
    height = CHART_HEIGHT + TOP
    parts = [f'<svg id="{svg_id}" xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" '
             f'height="{height}" viewBox="0 0 {WIDTH} {height}" role="img" '
             f'aria-label="{escape(label)}">',
             f'<text x="2" y="10">{max(columns, default=0):,}</text>']
    for column, count in enumerate(columns):
        tall = round(count * (CHART_HEIGHT - 14) / peak) if count else 0
        title = escape(f"{_span(column, per)} — {plural(count, 'fire')}")
        parts.append(
            f'<rect class="{bar}" x="{column_x(column)}" y="{CHART_HEIGHT - tall}" '
            f'width="{CELL}" height="{max(tall, 1) if count else 0}" rx="1">'
            f"<title>{title}</title></rect>"
        )
    for column in range(0, 60, 10):
        parts.append(f'<text x="{column_x(column)}" y="{CHART_HEIGHT + 16}">'
                     f"+{seconds_label(column * per)}</text>")
    parts.append("</svg>")
    return "".join(parts)


def jitter_section_html(result: JitterPressure) -> str:
    """`<h2>` to the last fact: the whole jitter section."""
    j = result
    summary = f"{j.jittered_jobs:,} of {plural(len(j.jobs), 'job')} jittered"
    if j.jobs:
        summary += f" ({widths_label(j)})"
    parts = [f"<h2>Jitter ({escape(option_label(j))})</h2>",
             f'<p class="note">{escape(summary)}. fire_after = scheduled_for + the job\'s '
             "offset; history and keys keep scheduled_for.</p>"]
    if j.busiest_minute is None:
        return "".join(parts)
    minute = f":{j.busiest_minute:02d}"
    columns, per = folded(j.fire_after)
    after = "By second of fire_after (jittered)"
    if per > 1:
        after += f", {per} s per column"
    parts += [
        f"<h3>Fires scheduled at {minute}, by second of scheduled_for (un-jittered)</h3>",
        chart_svg("jitter-scheduled", f"Fires scheduled at {minute} by second",
                  j.scheduled, 1, "b"),
        f"<h3>{escape(after)}</h3>",
        chart_svg("jitter-fire-after", f"Fires scheduled at {minute} by second of fire_after",
                  columns, per, "jb"),
    ]
    facts = [f"<li><b>Peak fires starting in one second (whole window):</b> "
             f"{escape(peak_label(j))} (un-jittered → jittered)</li>"]
    if j.spill:
        facts.append(f"<li>{plural(j.spill, 'fire')} of {minute} start in a later minute "
                     "(fire_after 60 s or more after the minute began).</li>")
    parts.append(f"<ul>{''.join(facts)}</ul>")
    return "".join(parts)
