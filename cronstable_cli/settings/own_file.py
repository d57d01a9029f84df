"""Reading one of the toolkit's own files: through the one reader, size-capped, depth-checked.

The config file, the lint baseline and a durations file are parsed by
recursive parsers (tomllib, json), so each is refused before parsing when it
is larger than its limit or nests deeper than NESTING_LIMIT; every such file
is read here, so none can skip either check.
"""

from __future__ import annotations

from collections.abc import Callable


def read_own_file(
    path: str, limit: int, error: Callable[[str], Exception], *, named: str, too_deep: str
) -> bytes:
    """The bytes of `path`; else `error(message)` raised, the message opening with `named`.

    `too_deep` ends the message for a file that nests too deeply (`{limit}` is
    replaced by the depth allowed).
    """
    # Imported here: most runs read no settings file, and the reader need not load.
    from ..loaders.sources.reading import NESTING_LIMIT, ReadError, nesting_depth, read_bytes

    try:
        raw = read_bytes(path, limit)
    except ReadError as err:
        raise error(f"{named}: {err}") from None
    if nesting_depth(raw) > NESTING_LIMIT:
        raise error(f"{named} {too_deep.format(limit=NESTING_LIMIT)}")
    return raw
