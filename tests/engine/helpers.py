"""Small helpers the engine tables share: UTC instants and runs of next()."""

from __future__ import annotations

from datetime import datetime, timezone

from cronstable_cli import CronTab

UTC = timezone.utc


def at(text: str) -> datetime:
    """A UTC instant from `YYYY-MM-DD HH:MM[:SS]`."""
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def next_fires(expr: str, now: str, count: int, fmt: str) -> list[str | None]:
    """The next `count` fires after `now`, formatted with `fmt`; None ends the list."""
    tab = CronTab(expr)
    out: list[str | None] = []
    current = at(now)
    for _ in range(count):
        following = tab.next(current)
        if following is None:
            out.append(None)
            break
        current = following
        out.append(current.strftime(fmt))
    return out
