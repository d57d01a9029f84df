"""A JSON Schema for job config files, generated from the loader's schema tables.

The tables in loaders/schema/tables.py are what lint checks files against,
so the editor schema (docs/schema/cronstable.schema.json) is derived from
them here and a test keeps the published file equal to this output: the two
cannot drift. Editors read YAML as YAML 1.2 while the daemon reads every
scalar as text (strictyaml), so each scalar type accepts both spellings:
`5` and `"5"` for an integer, `true` and `yes` for a boolean.

`python -m cronstable_cli.formats.config_schema` prints it.
"""

from __future__ import annotations

import json
from typing import Any

from ..loaders.schema import vocabulary as t

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCALAR = ["string", "number", "boolean", "null"]
INT_TEXT = r"^[-+]?[0-9][0-9_]*$"
FLOAT_TEXT = (
    r"^[-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?$"
    r"|^[-+]?\.?(inf|Inf|INF)$|^\.?(nan|NaN|NAN)$"
)
BOOL_TEXT = (
    r"^([yY]|[yY][eE][sS]|[tT][rR][uU][eE]|[oO][nN]|1|[nN]|[nN][oO]|"
    r"[fF][aA][lL][sS][eE]|[oO][fF][fF]|0)$"
)


def config_schema() -> dict[str, Any]:
    """The JSON Schema of one config file (top level: jobs, dags, defaults, ...)."""
    from .. import DAEMON_SCHEMA_VERSION
    from ..loaders.schema.tables import TOP

    builder = _Builder(TOP)
    body = builder.build(TOP)
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": "https://pypi.org/project/cronstable-cli/schema/cronstable.schema.json",
        "title": f"cronstable job config (daemon {DAEMON_SCHEMA_VERSION})",
        "description": (
            "A YAML config file of the cronstable scheduler daemon "
            f"{DAEMON_SCHEMA_VERSION}; generated from cronstable-cli's schema "
            "tables."
        ),
        **body,
        "type": ["object", "null"],  # an empty file is a note, not an error
        "$defs": builder.defs,
    }


_SCALARS: dict[type, tuple[str, dict[str, Any]]] = {
    t.Str: ("text", {"description": "any scalar (the daemon reads it as text)", "type": SCALAR}),
    t.Int: ("integer", {"anyOf": [{"type": "integer"}, {"type": "string", "pattern": INT_TEXT}]}),
    t.Float: ("number", {"anyOf": [{"type": "number"}, {"type": "string", "pattern": FLOAT_TEXT}]}),
    t.Bool: (
        "boolean",
        {
            "anyOf": [
                {"type": "boolean"},
                {"enum": [0, 1]},
                {"type": "string", "pattern": BOOL_TEXT},
            ]
        },
    ),
    t.Empty: ("empty", {"anyOf": [{"type": "null"}, {"const": ""}]}),
    t.EmptyMap: (
        "empty-mapping",
        {"anyOf": [{"type": "null"}, {"const": ""}, {"type": "object", "maxProperties": 0}]},
    ),
}


class _Builder:
    """Walks the tables once; a mapping used in several places becomes one `$defs` entry."""

    def __init__(self, top: t.Map) -> None:
        self.defs: dict[str, Any] = {}
        self.names: dict[t.Map, str] = {}
        uses: dict[t.Map, list[str]] = {}
        self._count(top, "config", uses)
        taken: set[str] = set()
        for kind, where in uses.items():
            if len(where) > 1 and kind is not top:
                name = where[0]
                while name in taken:
                    name += "_"
                taken.add(name)
                self.names[kind] = name

    def _count(self, kind: t.Type, name: str, uses: dict[t.Map, list[str]]) -> None:
        if isinstance(kind, t.Map):
            seen = kind in uses
            uses.setdefault(kind, []).append(name)
            if seen:
                return
            for field in kind.fields:
                self._count(field.type, field.name, uses)
        elif isinstance(kind, t.MapOf):
            self._count(kind.value, name, uses)
        elif isinstance(kind, t.Seq):
            self._count(kind.item, name, uses)
        elif isinstance(kind, t.OneOf):
            for option in kind.options:
                self._count(option, name, uses)

    def build(self, kind: t.Map) -> dict[str, Any]:
        return self._map(kind)

    def _type(self, kind: t.Type) -> dict[str, Any]:
        scalar = _SCALARS.get(type(kind))
        if scalar is not None:
            name, schema = scalar
            self.defs.setdefault(name, schema)
            return {"$ref": f"#/$defs/{name}"}
        if isinstance(kind, t.Enum):
            return {"enum": list(kind.values)}
        if isinstance(kind, t.Anything):
            return {}
        if isinstance(kind, t.Map):
            shared = self.names.get(kind)
            if shared is None:
                return self._map(kind)
            if shared not in self.defs:
                self.defs[shared] = {}  # reserved first: a mapping may contain itself
                self.defs[shared] = self._map(kind)
            return {"$ref": f"#/$defs/{shared}"}
        if isinstance(kind, t.MapOf):
            return {"type": "object", "additionalProperties": self._type(kind.value)}
        if isinstance(kind, t.Seq):
            return {"type": "array", "items": self._type(kind.item)}
        if isinstance(kind, t.OneOf):
            return {"anyOf": [self._type(option) for option in kind.options]}
        raise TypeError(f"no JSON Schema for {kind!r}")  # a new schema type: add it above

    def _map(self, kind: t.Map) -> dict[str, Any]:
        properties: dict[str, Any] = {}
        for field in kind.fields:
            entry = self._type(field.type)
            if field.doc:
                entry = {"description": field.doc, **entry}
            properties[field.name] = entry
        out: dict[str, Any] = {
            "type": "object",
            "properties": properties,
            "additionalProperties": False,
        }
        required = [f.name for f in kind.fields if f.required]
        if required:
            out["required"] = required
        return out


def config_schema_json() -> str:
    """The schema as the published file holds it."""
    return json.dumps(config_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":  # pragma: no cover - `python -m`, checked by the drift test
    import sys

    sys.stdout.write(config_schema_json())
