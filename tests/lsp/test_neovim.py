"""One real editor: Neovim, headless, with `cronstable lsp` set up from a Lua init.

Neovim opens a job file, attaches the server as docs/editors.md sets it up,
waits for the diagnostics, asks for one hover, and writes what it got to a
JSON file that is checked here against `cronstable lint --format json` and
the slot `H` resolves to. Neovim comes from the system's packages
(tests/setup-system.sh installs it where it runs as root); without it the
test skips and says so.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .harness import FROM, lint_json

ROOT = Path(__file__).resolve().parents[2]
NVIM = shutil.which("nvim")

INIT = r"""
local root = os.getenv("CRONSTABLE_ROOT")
local out = os.getenv("CRONSTABLE_OUT")
-- vim.lsp.start (0.8+) does both steps below; Debian's 0.7 has start_client and attach.
local config = {
  name = "cronstable",
  cmd = {
    os.getenv("CRONSTABLE_PYTHON"), "-m", "cronstable_cli", "lsp",
    "--from", os.getenv("CRONSTABLE_FROM"),
  },
  root_dir = root,
}
vim.cmd("edit " .. root .. "/cronstable.yaml")
local id = vim.lsp.start_client(config)
vim.lsp.buf_attach_client(0, id)
local got = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp_data = (d.user_data or {}).lsp or {}
  table.insert(diagnostics, {
    lnum = d.lnum, col = d.col, message = d.message, severity = d.severity,
    code = d.code or lsp_data.code, source = d.source,
  })
end
local line = tonumber(os.getenv("CRONSTABLE_HOVER_LINE"))
local answers = vim.lsp.buf_request_sync(0, "textDocument/hover", {
  textDocument = { uri = vim.uri_from_bufnr(0) },
  position = { line = line, character = 17 },
}, 30000) or {}
local hover = ""
for _, answer in pairs(answers) do
  if answer.result and answer.result.contents then hover = answer.result.contents.value end
end
local file = io.open(out, "w")
file:write(vim.fn.json_encode({ waited = got, diagnostics = diagnostics, hover = hover }))
file:close()
vim.lsp.stop_client(id)
vim.cmd("qa!")
"""


@pytest.mark.skipif(
    NVIM is None, reason="neovim is not installed (tests/setup-system.sh installs it as root)"
)
def test_neovim_shows_the_diagnostics_and_a_hover(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert NVIM is not None
    root = tmp_path / "project"
    root.mkdir()
    shutil.copy(ROOT / "examples" / "cronstable.yaml", root / "cronstable.yaml")
    text = (root / "cronstable.yaml").read_text()
    line = next(i for i, t in enumerate(text.split("\n")) if "H/15 9-17" in t)
    (tmp_path / "init.lua").write_text(INIT)
    out = tmp_path / "out.json"
    home = tmp_path / "home"
    env = {
        **os.environ,
        "HOME": str(home),
        **{f"XDG_{d}_HOME": str(home / d.lower()) for d in ("CONFIG", "DATA", "STATE", "CACHE")},
        "CRONSTABLE_ROOT": str(root),
        "CRONSTABLE_OUT": str(out),
        "CRONSTABLE_PYTHON": sys.executable,
        "CRONSTABLE_FROM": FROM,
        "CRONSTABLE_HOVER_LINE": str(line),
    }
    subprocess.run(
        [NVIM, "--headless", "-n", "-i", "NONE", "-u", str(tmp_path / "init.lua")],
        env=env,
        cwd=root,
        timeout=120,
        capture_output=True,
        check=False,
    )
    assert out.exists(), "neovim wrote nothing back"
    got = json.loads(out.read_text())
    monkeypatch.chdir(root)
    expected = lint_json(capsys, "cronstable.yaml")["findings"]
    # Neovim's diagnostics: 0-based line and column, the message and code of each finding.
    assert sorted((d["lnum"], d["col"], d["message"]) for d in got["diagnostics"]) == sorted(
        (f["line"] - 1, max(f["column"] - 1, 0), f["message"]) for f in expected
    )
    severity = {"error": 1, "warning": 2, "note": 3}
    assert sorted((d["lnum"], d["severity"]) for d in got["diagnostics"]) == sorted(
        (f["line"] - 1, severity[f["level"]]) for f in expected
    )
    # The hover on refresh-cache's schedule: H/15 for that name is minute 14 (hand-worked).
    assert "14,29,44,59 9-17 * * mon-fri" in got["hover"]
    assert "Europe/Berlin" in got["hover"]
