"""The HTML pressure report: self-contained, escaped, and really rendered by Chromium."""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from cronstable_cli.analysis.jitter import JitterOption
from cronstable_cli.render.pressure_html import render_pressure_html

from ..analysis.fleet_helpers import h_value
from .pressure_cases import report_parts

EVIL = "<script>alert('x')</script>"
PROBE = """<script>
window.__errors = [];
window.addEventListener("error", (e) => window.__errors.push(String(e.message)));
window.addEventListener("load", () => {
  const map = document.getElementById("heatmap");
  const box = map.getBoundingClientRect();
  const out = document.createElement("pre");
  out.id = "render-check";
  out.textContent = JSON.stringify({
    cells: map.querySelectorAll("rect.c").length,
    titled: map.querySelectorAll("rect.c > title").length,
    bars: document.querySelectorAll("#histogram rect.b").length,
    jitterBars: document.querySelectorAll("#jitter-scheduled rect.b, "
                                          + "#jitter-fire-after rect.jb").length,
    jitterTitled: document.querySelectorAll("#jitter-fire-after rect.jb > title").length,
    jitterHeight: document.getElementById("jitter-fire-after").getBoundingClientRect().height,
    jitterFill: getComputedStyle(document.querySelector("#jitter-fire-after rect.jb")).fill,
    width: box.width, height: box.height,
    background: getComputedStyle(document.body).backgroundColor,
    errors: window.__errors,
  });
  document.body.appendChild(out);
});
</script>"""


def report(all_cells: bool = True, jitter: JitterOption | None = None) -> str:
    pressure, dups, hourly, daily = report_parts(all_cells, jitter)
    return render_pressure_html(pressure, duplicates=dups, hourly=hourly, daily=daily)


# --- the document itself ------------------------------------------------------------


def test_one_cell_per_minute_of_the_day_each_with_a_title() -> None:
    html = report()
    assert html.count('<rect class="c l') == 24 * 60
    assert html.count("<title>") == 24 * 60 + 60 + 1  # cells, histogram bars, the page
    assert "03:15 — 2 fires, 2 jobs\nnightly\nnightly-copy" in html


@pytest.mark.parametrize("jitter", [None, "auto"])
def test_job_names_are_escaped_everywhere(jitter: JitterOption | None) -> None:
    html = report(jitter=jitter)
    assert EVIL not in html
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in html


@pytest.mark.parametrize("jitter", [None, "auto"])
def test_nothing_is_fetched_or_run(jitter: JitterOption | None) -> None:
    html = report(jitter=jitter)
    assert "<script" not in html.lower()
    assert "<link" not in html.lower()
    assert "src=" not in html and "@import" not in html and "url(" not in html
    # The only URL is the SVG namespace, which browsers never fetch.
    assert set(re.findall(r"https?://[^\s\"'<>]+", html)) == {"http://www.w3.org/2000/svg"}
    assert "default-src 'none'" in html


def test_both_colour_schemes_and_all_sections() -> None:
    html = report()
    assert "@media (prefers-color-scheme: dark)" in html
    for heading in (
        "Fires per minute of the day",
        "Fires by minute of the hour",
        "Where the next job should go",
        "Busiest cells",
        "Duplicate schedules",
    ):
        assert heading in html
    assert "<code>30 * * * *</code>" in html  # the hourly suggestion
    assert "4 jobs fire at :00" in html


def test_cells_without_details_still_say_their_count() -> None:
    html = report(all_cells=False)
    assert "12:45 — 1 fire</title>" in html


def test_jitter_section_has_two_charts_with_titled_bars() -> None:
    html = report(jitter="auto")
    assert "<h2>Jitter (--jitter auto)</h2>" in html
    assert "4 of 7 jobs jittered (60s × 4 jobs, exact × 3 jobs)" in html
    assert html.count("<title>") == 24 * 60 + 60 + 1 + 2 * 60
    assert html.count('<rect class="jb"') == 60
    # Un-jittered: 96 fires at second 0; jittered: the :00 jobs' docs offsets, 24 each.
    assert "+0s — 96 fires</title>" in html
    for name in ("backup-db", "rotate-logs", "sync-users", "thirds"):
        assert f"+{h_value('jitter', name) % 60}s — 24 fires</title>" in html
    assert "Peak fires starting in one second (whole window):</b> 4 → 2" in html
    assert "--jbar: #8250df" in html and "--jbar: #b48cf9" in html  # light and dark


def test_wide_jitter_folds_the_chart() -> None:
    html = report(jitter=900)
    last = max(
        h_value("jitter", name) % 900
        for name in ("backup-db", "rotate-logs", "sync-users", "thirds")
    )
    minutes = last // 60 + 1  # the chart covers whole minutes up to the latest fire_after
    assert minutes > 1
    # 60 columns over `minutes` minutes: `minutes` seconds per column.
    assert f"By second of fire_after (jittered), {minutes} s per column</h3>" in html
    assert "start in a later minute" in html
    assert html.count('<rect class="jb"') == 60


def test_no_jitter_section_unless_asked() -> None:
    html = report()
    assert 'id="jitter-' not in html and "<h2>Jitter" not in html


# --- rendered by a real browser -----------------------------------------------------


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None and os.path.exists("/usr/bin/chromium"):
        found = "/usr/bin/chromium"
    if found is None:
        pytest.skip("chromium is not installed (tests/setup-system.sh installs it)")
    return found


def run_chromium(tmp_path: Path, page: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [
        chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}",
        "--enable-logging=stderr",
        "--v=0",
        *extra,
        page.as_uri(),
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def console_messages(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]


def probe(tmp_path: Path, *extra: str) -> dict[str, object]:
    # The report forbids scripts; this copy lets exactly one inline probe in.
    html = report(jitter="auto").replace(
        "default-src 'none';", "default-src 'none'; script-src 'unsafe-inline';"
    )
    page = tmp_path / "probe.html"
    page.write_text(html.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    done = run_chromium(tmp_path, page, "--dump-dom", *extra)
    match = re.search(r'<pre id="render-check">(.*?)</pre>', done.stdout, re.S)
    assert match, f"the page did not finish loading:\n{done.stderr[-2000:]}"
    assert console_messages(done.stderr) == []
    check: dict[str, object] = json.loads(match.group(1).replace("&quot;", '"'))
    return check


def test_browser_renders_the_grid_without_errors(tmp_path: Path) -> None:
    check = probe(tmp_path)
    assert check["cells"] == check["titled"] == 24 * 60
    assert check["bars"] == 60
    assert check["jitterBars"] == 120 and check["jitterTitled"] == 60
    assert float(check["jitterHeight"]) > 50  # type: ignore[arg-type]
    assert check["jitterFill"] == "rgb(130, 80, 223)"
    assert check["errors"] == []
    assert float(check["width"]) > 500 and float(check["height"]) > 200  # type: ignore[arg-type]
    assert check["background"] == "rgb(255, 255, 255)"


def test_browser_dark_scheme_changes_the_page(tmp_path: Path) -> None:
    check = probe(tmp_path, "--force-dark-mode")
    assert check["background"] == "rgb(13, 17, 23)"
    assert check["jitterFill"] == "rgb(180, 140, 249)"  # the lighter purple on dark


def png_pixels(data: bytes) -> tuple[int, int, bytes]:
    """(width, height, decompressed scanlines) of a PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    chunks, pos = [], 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        if kind == b"IDAT":
            chunks.append(data[pos + 8 : pos + 8 + length])
        pos += 12 + length
    return width, height, zlib.decompress(b"".join(chunks))


def test_screenshot_is_not_blank_and_the_real_report_logs_nothing(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    page.write_text(report(jitter="auto"), encoding="utf-8")
    shot = tmp_path / "report.png"
    done = run_chromium(tmp_path, page, f"--screenshot={shot}", "--window-size=1400,1800")
    assert shot.exists(), done.stderr[-2000:]
    # No console output at all: a blocked fetch (CSP) or a broken element would log.
    assert console_messages(done.stderr) == []
    width, height, raw = png_pixels(shot.read_bytes())
    assert (width, height) == (1400, 1800)
    assert shot.stat().st_size > 20_000
    assert len(set(raw[::101])) > 20  # many distinct byte values: not one flat colour


def test_an_empty_fleet_still_makes_a_page() -> None:
    from datetime import datetime, timezone

    from cronstable_cli.analysis.duplicates import find_duplicates
    from cronstable_cli.analysis.fires import build_fleet
    from cronstable_cli.analysis.pressure import compute_pressure
    from cronstable_cli.analysis.suggest import suggest_slots

    fleet = build_fleet([])
    start = datetime(2026, 1, 5, tzinfo=timezone.utc)
    hourly, daily = suggest_slots(fleet, start)
    html = render_pressure_html(
        compute_pressure(fleet, start, 24, all_cells=True),
        duplicates=find_duplicates(fleet),
        hourly=hourly,
        daily=daily,
    )
    assert "Nothing fires in this window." in html
    assert 'id="heatmap"' not in html
    assert "<code>30 * * * *</code>" in html and "No two jobs share a schedule." in html
