"""Shared set-up for the command-line tests."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def fixed_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Render at a fixed width, with colour settings only where a test sets them."""
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
