"""Suite-wide set-up: the slow tests are started first."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Put the tests marked slow (builds, venvs, pre-commit) at the front, otherwise in order.

    `make test` spreads modules over pytest-xdist workers in collection order; a
    20-second module collected last would leave one worker running it alone at the end.
    """
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
