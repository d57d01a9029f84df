"""Files that two loads read word for word, read once (`diff`'s two revisions).

What loading a file yields — its jobs, its sections, its findings — follows
from its path, its kind and its text, and from nothing else as long as it
includes nothing: an `include` hands it the defaults of other files, which
may differ between the loads, so a file that follows one is never kept. A
load handed a `LoadMemo` another load filled takes what that load made for a
file it meets again with the same path and text (Jobs and Findings are
immutable, and nothing changes a loaded file's record once made); anything
else in it (which files, in which order, names across files, the checks of
the whole config) is still its own. A change touches a few files of a fleet:
the rest is read once for both sides, and a file changed only inside some
of its job items is read again only for those (loaders/incremental.py: `texts`
finds the first load of its path).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..records import Finding, Job

if TYPE_CHECKING:
    from .yaml_config import YamlFile


class LoadMemo:
    """What loads sharing this memo made of each file, by (path, text)."""

    __slots__ = ("crontabs", "texts", "yaml")

    def __init__(self) -> None:
        # (path, text) -> the file as `load_yaml` read it, and the findings it reported.
        self.yaml: dict[tuple[str, str], tuple[YamlFile, tuple[Finding, ...]]] = {}
        # path -> the first text kept in `yaml` for it: a load that meets the path at
        # another text reads only the job items that differ (loaders/incremental.py).
        self.texts: dict[str, str] = {}
        # (path, text, read with a user column) -> the entries `parse_crontab` made, and
        # the findings it reported.
        self.crontabs: dict[tuple[str, str, bool], tuple[list[Job], tuple[Finding, ...]]] = {}
