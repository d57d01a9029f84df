"""One parse per schedule per command: the table every layer reads a job's parse from.

A command reads each schedule several times: the loader checks a crontab
line, lint prepares every job, pressure and duplicates group the fleet,
`jobs` finds the next fire, `diff` does all of that on both revisions. The
engine shares parses between equal texts, but its cache is bounded (4,096
entries): a fleet with more hashed schedules than that re-parses each of them
at every pass. Inside `one_parse_each()` (the CLI opens it around every
command) `parse_schedule` parses each distinct (text, hash key, crontab)
once and hands every later reader the same result, or raises the same
error; outside it, it is the engine's `parse`.

A text without H is parsed without its key (as the engine does), so jobs
that share such a text share one entry.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from .errors import ScheduleError
from .parse_result import Parsed
from .parser import parse

_Key = str | tuple[str, str | None, bool]
_table: dict[_Key, Parsed | ScheduleError] | None = None


@contextmanager
def one_parse_each() -> Iterator[None]:
    """Within the block, each distinct schedule is parsed once (the table is dropped after)."""
    global _table
    outer = _table
    if outer is None:
        _table = {}
    try:
        yield
    finally:
        _table = outer


def parse_schedule(text: str, hash_key: str | None = None, *, crontab: bool = False) -> Parsed:
    """The engine's `parse(text, hash_key, crontab=...)`, once per command; raises ScheduleError."""
    table = _table
    if table is None or type(text) is not str:
        return parse(text, hash_key, crontab)
    if hash_key is not None and ("H" in text or "h" in text):
        key: _Key = (text, hash_key, crontab)
    else:
        key = (text, None, True) if crontab else text
    known = table.get(key)
    if known is None:
        try:
            known = parse(text, hash_key, crontab)
        except ScheduleError as err:
            known = err
        table[key] = known
    if isinstance(known, ScheduleError):
        raise known.with_traceback(None)  # each reader's own traceback, not every earlier one
    return known
