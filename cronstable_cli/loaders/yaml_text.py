"""How config text appears in messages: did-you-mean hints and escaped values."""

from __future__ import annotations

from collections.abc import Sequence


def did_you_mean(word: str, choices: Sequence[str]) -> str:
    """The hint `; did you mean 'x'?` when a choice is close to `word`, else ''."""
    lowered = {c.lower(): c for c in choices}
    folded = word.lower().replace("-", "").replace("_", "")
    for key, choice in lowered.items():
        if key.replace("_", "").replace("-", "") == folded:
            return f"; did you mean {choice!r}?"
    from difflib import get_close_matches  # only when a name is unknown

    close = get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return f"; did you mean {lowered[close[0]]!r}?" if close else ""


def shown(text: str, limit: int = 80) -> str:
    """A config value quoted for a message, control characters escaped, long text cut."""
    if len(text) > limit:
        return repr(text[:limit])[:-1] + "...'"
    return repr(text)
