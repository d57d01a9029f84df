"""Where each file is included from: the `include` entries the last lints followed.

The loader records every entry it follows as (the path it names, the entry's
place); this index answers, by file key (`session.document_key`), the entries
that include a file and the file an entry names, for relatedInformation
("included from here").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..records import SourceLocation

# A file's key (how findings name it in the session).
KeyOf = Callable[[str], str]


def place_key(where: SourceLocation, key_of: KeyOf) -> tuple[str, int, int]:
    return key_of(where.file), where.line, where.column


class IncludeIndex:
    """The include entries of one or more loads, deduplicated, in load order."""

    def __init__(self, edges: Iterable[tuple[str, SourceLocation]], key_of: KeyOf) -> None:
        self._key_of = key_of
        self._from: dict[str, list[SourceLocation]] = {}
        self._names: dict[tuple[str, int, int], str] = {}
        for path, at in edges:
            target = key_of(path)
            place = place_key(at, key_of)
            # An entry names one path (a directory's entry also includes each of its files).
            self._names.setdefault(place, target)
            sites = self._from.setdefault(target, [])
            if all(place_key(s, key_of) != place for s in sites):
                sites.append(at)

    def including(self, path: str) -> list[SourceLocation]:
        """The entries that include `path` (any spelling of it), in load order."""
        return list(self._from.get(self._key_of(path), ()))

    def named_at(self, where: SourceLocation) -> str | None:
        """The file key the include entry at `where` names (None: no entry there)."""
        return self._names.get(place_key(where, self._key_of))
