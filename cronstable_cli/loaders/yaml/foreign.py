"""YAML documents that are not job configs: Compose, Kubernetes, CI workflows, OpenAPI.

A directory walk or a glob picks up every `*.yaml`, and many of those files
use YAML that strictyaml refuses (anchors, flow style). Advice on fixing that
YAML would be wrong: the file is not a cronstable config at all. This module
recognises the common kinds from their top-level keys, before any parsing.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# A top-level key: at a line start, unindented, optionally quoted, then `:` and a space
# or the line's end. The pattern starts with a literal newline, which re searches for
# quickly: this runs before every YAML file is parsed, so it must cost little.
_TOP_KEY = re.compile(
    r"""\n(?:"([^"\n]*)"|'([^'\n]*)'|([^\s#'"\-?:%.][^:#\n]*?))[ \t]*:(?=[ \t\r\n]|$)"""
)
_KIND = re.compile(r"kind:\s*['\"]?([A-Za-z]+)")


class Foreign(NamedTuple):
    """What a document looks like, and the line of the key that gave it away."""

    what: str  # "a Docker Compose file"
    line: int
    detail: str = ""  # one more sentence for the reader, or ''


def top_level_keys(text: str) -> dict[str, int]:
    """Every top-level mapping key of every document in `text`, with its first line."""
    keys: dict[str, int] = {}
    text = "\n" + text  # so the first line starts after a newline too
    for match in _TOP_KEY.finditer(text):
        key = next(g for g in match.groups() if g is not None).strip()
        if key not in keys:
            keys[key] = text.count("\n", 0, match.start() + 1)
    return keys


def foreign_document(text: str) -> Foreign | None:
    """The kind of non-config YAML `text` is, or None when it may be a job config."""
    keys = top_level_keys(text)
    if "apiVersion" in keys and "kind" in keys:
        kind = _KIND.search(text)
        if kind and kind.group(1) == "CronJob":
            return Foreign(
                "a Kubernetes CronJob manifest",
                keys["apiVersion"],
                "Kubernetes runs its spec.schedule; lint that schedule with "
                '`cronstable explain "<schedule>"`',
            )
        return Foreign("a Kubernetes manifest", keys["apiVersion"])
    if (
        ("on" in keys or "true" in keys)
        and "jobs" in keys
        and re.search(r"^\s+(runs-on|steps|uses):", text, re.M)
    ):
        # YAML 1.1 reads an unquoted `on` as true; workflows write it unquoted.
        return Foreign("a GitHub Actions workflow", keys.get("on", keys.get("true", 1)))
    if "openapi" in keys or "swagger" in keys:
        return Foreign("an OpenAPI document", keys.get("openapi", keys.get("swagger", 1)))
    if "jobs" in keys:
        return None
    if "services" in keys:
        return Foreign("a Docker Compose file", keys["services"])
    if "stages" in keys and re.search(r"^\s+script:", text, re.M):
        return Foreign("a GitLab CI configuration", keys["stages"])
    if "repos" in keys and re.search(r"^\s*-?\s*hooks:", text, re.M):
        return Foreign("a pre-commit configuration", keys["repos"])
    playbook = re.search(r"^-\s+(?:name:.*\n\s+)?hosts:", text, re.M)
    if playbook and not keys:
        return Foreign("an Ansible playbook", text.count("\n", 0, playbook.start()) + 1)
    return None


def message(found: Foreign, config_keys: tuple[str, ...]) -> str:
    """The finding's text: what the file looks like, and what a config has instead."""
    quoted = [f"'{k}'" for k in config_keys]
    listed = f"{', '.join(quoted[:-1])} and {quoted[-1]}"
    text = (
        f"not a cronstable config (this looks like {found.what}); a cronstable config "
        f"is a mapping with {listed}"
    )
    if found.detail:
        text += f". {found.detail}"
    return text
