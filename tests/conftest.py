"""Suite-wide set-up: slow tests start first; each test has its whole did-you-mean budget."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cronstable_cli.names import reset_suggestions


@pytest.fixture(autouse=True)
def _whole_suggestion_budget() -> Iterator[None]:
    """Each test starts with the whole did-you-mean budget, as each CLI command does.

    The budget is the process's (`names.closest`): without this a test's hints
    would depend on how much the tests before it in the same worker spent.
    """
    reset_suggestions()
    yield


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Put the tests marked slow (builds, venvs, pre-commit) at the front, otherwise in order.

    `make test` spreads modules over pytest-xdist workers in collection order; a
    20-second module collected last would leave one worker running it alone at the end.
    """
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
