"""The HTML week view: self-contained, escaped, and really rendered by Chromium."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from cronstable_cli.analysis.calendar import week_view
from cronstable_cli.analysis.fires import build_fleet
from cronstable_cli.render.calendar_html import render_calendar_html

from ..analysis.fleet_helpers import job
from .test_pressure_html import console_messages, png_pixels, run_chromium

EVIL = "<script>alert('x')</script>"
BERLIN = ZoneInfo("Europe/Berlin")
PROBE = """<script>
window.__errors = [];
window.addEventListener("error", (e) => window.__errors.push(String(e.message)));
window.addEventListener("load", () => {
  const grid = document.getElementById("week");
  const box = grid.getBoundingClientRect();
  const out = document.createElement("pre");
  out.id = "render-check";
  out.textContent = JSON.stringify({
    cells: grid.querySelectorAll("rect").length,
    titled: grid.querySelectorAll("rect > title").length,
    skipped: grid.querySelectorAll("rect.skipped").length,
    agendaRows: document.querySelectorAll("table")[0].querySelectorAll("tbody tr").length,
    width: box.width, height: box.height,
    background: getComputedStyle(document.body).backgroundColor,
    errors: window.__errors,
  });
  document.body.appendChild(out);
});
</script>"""


def page() -> str:
    jobs = [
        job("nightly", "30 2 * * *", timezone="Europe/Berlin"),
        job(EVIL, "0 9 * * mon-fri"),
        job("every-5", "*/5 * * * *"),
        job("lunch", "45 12 * * *"),
    ]
    start = datetime(2026, 3, 28, tzinfo=BERLIN)  # the week of the spring-forward Sunday
    return render_calendar_html(week_view(build_fleet(jobs), start, 7, BERLIN))


def test_one_cell_per_hour_of_each_day_each_with_a_title() -> None:
    html = page()
    assert html.count("<rect ") == 7 * 24
    assert html.count("<title>") == 7 * 24 + 1  # the cells and the page
    assert "Sun 2026-03-29 02:00 — skipped by the change to daylight saving time" in html
    assert html.count('class="skipped"') == 1
    assert ">DST -1h</text>" in html
    # nightly: 02:30 Berlin every day but the short Sunday, when it fires at 03:30.
    assert "Sun 2026-03-29 03:00 — 13 fires" in html  # every-5's 12 and nightly's one
    # nightly and lunch daily, the weekday job Monday to Friday; every-5 is background.
    assert "<h2>Agenda: 19 fires of 3 jobs (Europe/Berlin)</h2>" in html
    assert "<h2>Background: 1 job firing more than 56 times in 7 days" in html


def test_names_are_escaped_and_nothing_is_fetched_or_run() -> None:
    html = page()
    assert EVIL not in html
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in html
    assert "<script" not in html.lower() and "<link" not in html.lower()
    assert "src=" not in html and "url(" not in html
    assert set(re.findall(r"https?://[^\s\"'<>]+", html)) == {"http://www.w3.org/2000/svg"}
    assert "default-src 'none'" in html
    assert "@media (prefers-color-scheme: dark)" in html


def probe(tmp_path: Path, *extra: str) -> dict[str, object]:
    html = page().replace("default-src 'none';", "default-src 'none'; script-src 'unsafe-inline';")
    target = tmp_path / "probe.html"
    target.write_text(html.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    done = run_chromium(tmp_path, target, "--dump-dom", *extra)
    match = re.search(r'<pre id="render-check">(.*?)</pre>', done.stdout, re.S)
    assert match, f"the page did not finish loading:\n{done.stderr[-2000:]}"
    assert console_messages(done.stderr) == []
    check: dict[str, object] = json.loads(match.group(1).replace("&quot;", '"'))
    return check


def test_browser_renders_the_week_without_errors(tmp_path: Path) -> None:
    check = probe(tmp_path)
    assert check["cells"] == check["titled"] == 7 * 24
    assert check["skipped"] == 1
    assert check["agendaRows"] == 19
    assert check["errors"] == []
    assert float(check["width"]) > 500 and float(check["height"]) > 150  # type: ignore[arg-type]
    assert check["background"] == "rgb(255, 255, 255)"


def test_browser_dark_scheme(tmp_path: Path) -> None:
    assert probe(tmp_path, "--force-dark-mode")["background"] == "rgb(13, 17, 23)"


def test_screenshot_is_not_blank(tmp_path: Path) -> None:
    target = tmp_path / "week.html"
    target.write_text(page(), encoding="utf-8")
    shot = tmp_path / "week.png"
    done = run_chromium(tmp_path, target, f"--screenshot={shot}", "--window-size=1200,1400")
    assert shot.exists(), done.stderr[-2000:]
    assert console_messages(done.stderr) == []
    width, height, raw = png_pixels(shot.read_bytes())
    assert (width, height) == (1200, 1400)
    assert len(set(raw[::101])) > 20
