"""The week view's text and page in the cases the fleet tests do not reach."""

from __future__ import annotations

import io
from datetime import datetime
from zoneinfo import ZoneInfo

from cronstable_cli.analysis.calendar import week_view
from cronstable_cli.analysis.fires import build_fleet
from cronstable_cli.render.calendar_html import render_calendar_html
from cronstable_cli.render.calendar_text import render_calendar

from ..analysis.fleet_helpers import job, utc

NEW_YORK = ZoneInfo("America/New_York")


def text(week: object, width: int = 80) -> str:
    out = io.StringIO()
    render_calendar(week, out, width=width)  # type: ignore[arg-type]
    return out.getvalue()


def test_nothing_fires() -> None:
    week = week_view(
        build_fleet([job("never", "0 0 31 2 *"), job("off", "0 1 * * *", enabled=False)]),
        utc(2026, 1, 5),
        7,
    )
    shown = text(week)
    assert "Nothing fires in this window." in shown
    assert "left out: 1 disabled or @reboot" in shown
    assert "Nothing fires in this window." in render_calendar_html(week)
    assert 'id="week"' not in render_calendar_html(week)


def test_only_background_jobs() -> None:
    week = week_view(build_fleet([job("often", "*/10 * * * *")]), utc(2026, 1, 5), 1)
    shown = text(week)
    assert "Every job in the window is a background job (below)." in shown
    assert "Background: 1 job firing more than 8 times in 1 day" in shown
    assert "often" in shown and "144" in shown
    assert "<h2>Agenda" not in render_calendar_html(week)


def test_narrow_grid_uses_one_column_per_hour() -> None:
    week = week_view(build_fleet([job("daily", "0 6 * * *")]), utc(2026, 1, 5), 2)
    rows = [line for line in text(week, 60).splitlines() if line.startswith(("Mon 01-05", "Tue"))]
    assert rows and all(len(line) <= 60 for line in rows)
    assert rows[0][len("Mon 01-05 ") + 6] == "@"  # 06:00, one column per hour


def test_fall_back_day_and_partial_window_in_the_page() -> None:
    start = datetime(2026, 11, 1, 0, 30, tzinfo=NEW_YORK)
    week = week_view(build_fleet([job("hourly", "0 * * * *")]), start, 1, NEW_YORK)
    html = render_calendar_html(week)
    assert "Sun 2026-11-01 00:00 — outside the window" not in html  # 00:30-01:00 is inside
    assert "Sun 2026-11-01 01:00 — 2 fires (the hour happens twice: both count)" in html
    assert "Mon 2026-11-02 01:00 — outside the window" in html
    assert ">DST +1h</text>" in html
    assert "DST +1h" in text(week)
