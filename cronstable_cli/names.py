"""Names as people read them: did-you-mean for unknown ones, and natural order.

One did-you-mean for every unknown name (job keys, jobs, zones, macros,
nodes), so every command answers a typo the same way; one natural order for
every list of job names (`file:9` before `file:10`). Importable from every
layer: it depends on nothing but the standard library.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_DIGITS = re.compile(r"([0-9]+)")


def natural_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that orders the numbers inside names by value: `a:9` < `a:10` < `b:1`."""
    return tuple(
        (0, int(part)) if i % 2 else (1, part)
        for i, part in enumerate(_DIGITS.split(name))
        if part or i % 2
    )


# Every ASCII digit to `0` in a name's UTF-8 bytes (no other character encodes to an
# ASCII byte): names with one skeleton have the same text between digit runs of the
# same widths.
_SKELETON = bytes.maketrans(b"123456789", b"000000000")


def one_skeleton(names: list[str]) -> bool:
    """Whether every name has the same skeleton (one encode and translate for them all).

    Then their textual order is their natural order: they differ only in digit
    runs of equal widths, which compare as their numbers do. (So do sequences
    of such names, compared item by item.)

    The names are joined by newlines: the split gives one part per name exactly
    when no name holds a newline, and a name that does is answered False."""
    parts = "\n".join(names).encode("utf-8", "surrogatepass").translate(_SKELETON).split(b"\n")
    return len(parts) == len(names) and parts.count(parts[0]) == len(parts)


def natural_sorted(names: Iterable[str]) -> list[str]:
    """Names in natural order (ties between `a01` and `a1` keep a stable, textual order)."""
    ordered = sorted(names)
    # Names of one skeleton (`job-000123`, `job-000124`) differ only in digit runs
    # of equal widths, whose textual order is their numbers' order: the textual
    # order is the natural one, without a key per name.
    if not ordered or one_skeleton(ordered):
        return ordered
    return sorted(ordered, key=natural_key)


def _fold(word: str) -> str:
    """Case, `-`, `_` and spaces do not make two names different to a reader."""
    return word.lower().replace("-", "").replace("_", "").replace(" ", "")


# How many (word, choice) comparisons did-you-mean may make in one run, and the
# longest word it compares. A file with thousands of unknown names (dependsOn
# entries, keys) would otherwise cost unknowns x choices fuzzy matches: past
# the budget an unknown name is reported without a suggestion.
SUGGESTION_BUDGET = 50_000
_LONGEST_WORD = 200
_spent = [0]


def reset_suggestions() -> None:
    """Give a new run its whole did-you-mean budget (the CLI calls this per command)."""
    _spent[0] = 0


def closest(word: str, choices: Iterable[str], *, limit: int = 1, cutoff: float = 0.6) -> list[str]:
    """The choices `word` was probably meant to be, best first (at most `limit`).

    Bounded: each call spends one unit per choice of SUGGESTION_BUDGET; once it is
    spent, or for a word longer than 200 characters, there is no suggestion."""
    options = list(dict.fromkeys(choices))
    if len(word) > _LONGEST_WORD or _spent[0] + len(options) > SUGGESTION_BUDGET:
        return []
    _spent[0] += len(options)
    folded = _fold(word)
    exact = [c for c in options if _fold(c) == folded and c != word]
    if exact:
        return exact[:limit]
    from difflib import SequenceMatcher  # only when a name is unknown

    # get_close_matches' scoring, with ties kept in the choices' own order.
    matcher = SequenceMatcher()
    matcher.set_seq2(word.lower())
    scored = []
    for index, choice in enumerate(options):
        matcher.set_seq1(choice.lower())
        if (
            matcher.real_quick_ratio() >= cutoff
            and matcher.quick_ratio() >= cutoff
            and matcher.ratio() >= cutoff
        ):
            scored.append((-matcher.ratio(), index, choice))
    return [choice for _, _, choice in sorted(scored)[:limit]]


def did_you_mean(word: str, choices: Iterable[str], *, limit: int = 1, cutoff: float = 0.6) -> str:
    """`; did you mean 'x'?` (or `'x' or 'y'`) when a choice is close to `word`, else ''."""
    found = closest(word, choices, limit=limit, cutoff=cutoff)
    if not found:
        return ""
    quoted = [repr(c) for c in found]
    listed = quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"
    return f"; did you mean {listed}?"
