"""The jitter section of the HTML pressure report: two inline SVG column charts.

The same fires (those scheduled in the busiest minute of the hour) by the
second of `scheduled_for` and by where `fire_after` lands, on the report's
column layout; a jittered span longer than a minute is folded into 60 columns.
No scripts: each bar's `<title>` says its seconds and fires.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..analysis.jitter_pressure import JitterPressure
from ..engine.describe import plural
from ..escaping import html as escape
from .jitter_text import folded, option_label, peak_label, seconds_label, widths_label
from .svg_columns import column_chart_svg

CHART_HEIGHT = 90


def _span(column: int, per: int) -> str:
    if per == 1:
        return f"+{seconds_label(column)}"
    return f"+{seconds_label(column * per)} to +{seconds_label(column * per + per - 1)}"


def chart_svg(svg_id: str, label: str, columns: Sequence[int], per: int, bar: str) -> str:
    """60 bars (class `bar`), one per column of `per` seconds, each with a <title>."""
    titles = [
        f"{_span(column, per)} — {plural(count, 'fire')}" for column, count in enumerate(columns)
    ]
    axis = [(column, f"+{seconds_label(column * per)}") for column in range(0, 60, 10)]
    return column_chart_svg(
        svg_id, label, columns, titles, axis, height=CHART_HEIGHT, bar_class=bar
    )


def jitter_section_html(result: JitterPressure) -> str:
    """`<h2>` to the last fact: the whole jitter section."""
    j = result
    summary = f"{j.jittered_jobs:,} of {plural(len(j.jobs), 'job')} jittered"
    if j.jobs:
        summary += f" ({widths_label(j)})"
    parts = [
        f"<h2>Jitter ({escape(option_label(j))})</h2>",
        f'<p class="note">{escape(summary)}. fire_after = scheduled_for + the job\'s '
        "offset; history and keys keep scheduled_for.</p>",
    ]
    if j.busiest_minute is None:
        return "".join(parts)
    minute = f":{j.busiest_minute:02d}"
    columns, per = folded(j.fire_after)
    after = "By second of fire_after (jittered)"
    if per > 1:
        after += f", {per} s per column"
    parts += [
        f"<h3>Fires scheduled at {minute}, by second of scheduled_for (un-jittered)</h3>",
        chart_svg(
            "jitter-scheduled", f"Fires scheduled at {minute} by second", j.scheduled, 1, "b"
        ),
        f"<h3>{escape(after)}</h3>",
        chart_svg(
            "jitter-fire-after",
            f"Fires scheduled at {minute} by second of fire_after",
            columns,
            per,
            "jb",
        ),
    ]
    facts = [
        f"<li><b>Peak fires starting in one second (whole window):</b> "
        f"{escape(peak_label(j))} (un-jittered → jittered)</li>"
    ]
    if j.spill:
        facts.append(
            f"<li>{plural(j.spill, 'fire')} of {minute} start in a later minute "
            "(fire_after 60 s or more after the minute began).</li>"
        )
    parts.append(f"<ul>{''.join(facts)}</ul>")
    return "".join(parts)
