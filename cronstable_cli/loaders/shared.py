"""What the loaders' stages take from each other: the one door between sibling sub-packages.

A module in sources/, yaml/, schema/ or crontab/ imports from its own
sub-package, from the modules at the top of loaders/ (this one, `session`,
`yaml_config`, `problems`, `suppress`, `zones`) and from below the loaders,
never from a module of a sibling sub-package: what one stage offers another
is named here, so every seam between them is in one place
(tests/architecture/test_layering.py holds it).
"""

from __future__ import annotations

from .yaml.fast import Block, FlatItem, flat_mapping
from .yaml.messages import did_you_mean, shown
from .yaml.nodes import Mapping, Node, Scalar, Sequence, kind_of, problem_at, to_python


def has_user_column(line: str) -> bool:
    """`crontab.user_column.has_user_column`, loaded only when a directory is sniffed."""
    from .crontab.user_column import has_user_column as judged

    return judged(line)


__all__ = [
    "Block",
    "FlatItem",
    "Mapping",
    "Node",
    "Scalar",
    "Sequence",
    "did_you_mean",
    "flat_mapping",
    "has_user_column",
    "kind_of",
    "problem_at",
    "shown",
    "to_python",
]
