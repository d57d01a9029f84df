"""The loaders accept what a plain strictyaml load accepts, and put the first error on
the same line.

`DAEMON_SCHEMA` is built for strictyaml from the loader's own schema tables
(`daemon_schema`), so this pins the checker's reading of each type to
strictyaml's; the tables themselves are pinned to the released daemon by
tests/daemon. Two deliberate differences are not tested here: an empty
document is valid (docs/job-files.md), and the loaders add the daemon's
load-time checks strictyaml's types cannot make (unknown time zones, ranges).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import strictyaml as sy

from cronstable_cli.loaders import load_paths
from cronstable_cli.loaders.schema import tables as daemon_schema
from cronstable_cli.loaders.schema import vocabulary as schema_types


def to_strictyaml(type_: schema_types.Type) -> sy.Validator:
    """The strictyaml validator a schema-table type stands for."""
    simple = {schema_types.Str: sy.Str, schema_types.Int: sy.Int, schema_types.Float: sy.Float,
              schema_types.Bool: sy.Bool, schema_types.Empty: sy.EmptyNone,
              schema_types.Anything: sy.Any, schema_types.EmptyMap: sy.EmptyDict}  # fmt: skip
    if type(type_) in simple:
        return simple[type(type_)]()
    if isinstance(type_, schema_types.Enum):
        return sy.Enum(list(type_.values))
    if isinstance(type_, schema_types.Seq):
        return sy.Seq(to_strictyaml(type_.item))
    if isinstance(type_, schema_types.MapOf):
        return sy.MapPattern(sy.Str(), to_strictyaml(type_.value))
    if isinstance(type_, schema_types.Map):
        return sy.Map({(f.name if f.required else sy.Optional(f.name)): to_strictyaml(f.type)
                       for f in type_.fields})  # fmt: skip
    assert isinstance(type_, schema_types.OneOf)
    validator = to_strictyaml(type_.options[0])
    for option in type_.options[1:]:
        validator = validator | to_strictyaml(option)
    return validator


DAEMON_SCHEMA = to_strictyaml(daemon_schema.TOP)

JOB = "  - name: {n}\n    command: /bin/run {n}\n    schedule: '0 1 * * *'\n"
HEAD = "jobs:\n" + JOB.format(n="first") + JOB.format(n="second")
TAIL = JOB.format(n="last")

TAB_JOB = "  - name: t\n    command: {c}\n    schedule: x\n"
CASES = {
    **{
        f"tab: {what}": HEAD + TAB_JOB.format(c=command) + TAIL
        for what, command in (
            ("inside a plain value", "echo\tone"),
            ("before a comment", "echo\t# c"),
            ("after the colon", "\tx"),
            ("trailing", "x\t"),
            ("in a quoted value", '"a\tb"'),
            ("after a quoted value", "'a'\t"),
            ("colon then tab", "a:\tb"),
            ("in a block scalar", "|\n      a\tb\n      c"),
            ("in a comment", "x # a\tb"),
            ("in a comment line", "x\n    # a\tb"),
        )
    },
    "tab: indentation": HEAD + "  - name: t\n\tcommand: x\n    schedule: x\n" + TAIL,
    "good": HEAD + TAIL,
    "good, every style": "---\n# c\ndefaults:\n  utc: no\njobs:\n- name: a\n  command:\n"
    "  - x\n  - y\n  schedule:\n    minute: '5'\n  environment:\n  - key: A\n    value: '1'\n"
    "  onFailure:\n    retry:\n      maximumRetries: 3\n      initialDelay: 1\n"
    "      maximumDelay: 1e2\n      backoffMultiplier: 2\n- name: b\n  command: |\n    echo\n"
    "  schedule: >-\n    0 1\n    * * *\n",
    "good, escapes and quotes": HEAD + "  - name: \"quo\\\"ted\"\n    command: 'it''s'\n"
    '    schedule: "0 1 * * *"\n',
    "duplicate key": HEAD + "  - name: dup\n    name: again\n    command: x\n"
    "    schedule: x\n" + TAIL,
    "flow mapping": HEAD + "  - name: f\n    command: x\n    schedule: x\n"
    "    environment: {A: b}\n" + TAIL,
    "flow sequence": HEAD + "  - name: f\n    command: [a, b]\n    schedule: x\n" + TAIL,
    "anchor": HEAD + "  - name: &a anchored\n    command: x\n    schedule: x\n" + TAIL,
    "alias": HEAD + "  - name: aliased\n    command: *a\n    schedule: x\n" + TAIL,
    "tag": HEAD + "  - name: !!str t\n    command: x\n    schedule: x\n" + TAIL,
    "tab": HEAD + "  - name: t\n\tcommand: x\n    schedule: x\n" + TAIL,
    "bad indentation": HEAD + "  - name: i\n   command: x\n    schedule: x\n" + TAIL,
    "inconsistent mapping indentation": HEAD + "  - name: i\n    command: x\n"
    "    schedule: x\n    environment:\n      A: b\n    onFailure:\n        x: y\n" + TAIL,
    "two documents": HEAD + "---\n" + "jobs:\n" + TAIL,
    "unterminated quote": HEAD + "  - name: 'open\n    command: x\n",
    "bad boolean": HEAD + "  - name: b\n    command: x\n    schedule: x\n    utc: maybe\n" + TAIL,
    "unknown key": HEAD + "  - name: u\n    command: x\n    schedule: x\n    retries: 3\n" + TAIL,
    "missing schedule": HEAD + "  - name: m\n    command: x\n" + TAIL,
    "list for a job": HEAD + "  - - a\n    - b\n" + TAIL,
    "schedule list": HEAD + "  - name: s\n    command: x\n    schedule:\n      - a\n" + TAIL,
    "command map": HEAD + "  - name: c\n    command:\n      a: b\n    schedule: x\n" + TAIL,
    "unknown schedule field": HEAD + "  - name: s\n    command: x\n    schedule:\n"
    "      minutes: '5'\n" + TAIL,
    "unknown top-level key": "apiVersion: v1\nkind: Pod\n",
    "jobs without items": "jobs:\n",
    "jobs as a mapping": "jobs:\n  a:\n    command: x\n",
    "scalar document": "hello\n",
    "defaults with a bad boolean": "defaults:\n  enabled: perhaps\n" + HEAD,
    "control character": HEAD + "  - name: c\x07\n    command: x\n    schedule: x\n",
}


def strictyaml_verdict(text: str) -> int | None:
    """None when strictyaml accepts the text, else the line it reports."""
    try:
        sy.load(text, DAEMON_SCHEMA)
    except AttributeError:
        # strictyaml 1.7 trips over ruamel's ReaderError (a control character):
        # the load fails, at the first such character.
        first = next(i for i, c in enumerate(text) if c < " " and c not in "\n\t\r")
        return text[:first].count("\n") + 1
    except sy.YAMLValidationError as error:
        return int(error.context_mark.line) + 1
    except sy.StrictYAMLError as error:
        mark = error.context_mark or error.problem_mark
        return int(mark.line) + 1
    except sy.ruamel.YAMLError as error:
        # A scanner error's message names first the line where the bad token starts
        # ("while scanning a simple key / a quoted scalar ... in line N").
        context = getattr(error, "context", None) or ""
        if type(error).__name__ == "ScannerError" and context.startswith("while scanning a"):
            return int(error.context_mark.line) + 1
        return int(error.problem_mark.line) + 1
    return None


@pytest.mark.parametrize("text", list(CASES.values()), ids=list(CASES))
def test_same_verdict_as_strictyaml(tmp_path: Path, text: str) -> None:
    path = tmp_path / "config.yaml"
    path.write_text(text)
    errors = [f for f in load_paths([str(path)]).findings if f.level == "error"]
    ours = min(f.line for f in errors) if errors else None
    assert ours == strictyaml_verdict(text)


# Values at the edges of strictyaml's scalar types, each in a job key of that type.
SCALARS = {
    "saveLimit": ["1", "-3", "+4", "1_000", "_", "1.5", "0x1F", "", "1e3", " 7", "007",
                  "0", "\u0661\u0662", "\u00b2", "12\u00b2"],
    "killTimeout": ["1", "1.5", ".5", "5.", "1e3", "-1E-2", "inf", "-.Inf", "nan", ".NaN",
                    ".", "", "e5", "_", "1_0.5", "1.2.3", "ten", "0900", "0", "\u0661",
                    "\u00b2", "3\u00b2"],
    "enabled": ["yes", "No", "ON", "y", "N", "1", "0", "true", "t", "enable", ""],
    "concurrencyPolicy": ["Allow", "allow", "Forbid", "Replace", "Sometimes", ""],
    "startingDeadlineSeconds": ["", "5", "x", "_"],
    "user": ["root", "1000", "_", "-", "+_", ""],
    "workingDirectory": ["", "/srv", "~"],
}  # fmt: skip


@pytest.mark.parametrize(
    ("key", "value"), [(k, v) for k, values in SCALARS.items() for v in values]
)
def test_scalar_types_read_as_strictyaml_reads_them(tmp_path: Path, key: str, value: str) -> None:
    text = HEAD + f"  - name: s\n    command: x\n    schedule: '0 1 * * *'\n    {key}: '{value}'\n"
    path = tmp_path / "config.yaml"
    path.write_text(text)
    # The daemon's range checks (killTimeout >= 0, ...) speak for the job: not the schema.
    errors = [f for f in load_paths([str(path)]).findings
              if f.level == "error" and not re.match(r"job 's': \w", f.message)]  # fmt: skip
    try:
        sy.load(text, DAEMON_SCHEMA)
        refused = False
    except (sy.YAMLValidationError, ValueError):
        refused = True  # strictyaml fails with a bare ValueError on '_', '.', ''
    assert bool(errors) == refused, errors


def describe(type_: schema_types.Type) -> object:
    """A schema-table type as the daemon driver describes a strictyaml validator."""
    names = {schema_types.Str: "Str", schema_types.Int: "Int", schema_types.Float: "Float",
             schema_types.Bool: "Bool", schema_types.Empty: "EmptyNone",
             schema_types.Anything: "Any", schema_types.EmptyMap: "EmptyDict"}  # fmt: skip
    if type(type_) in names:
        return names[type(type_)]
    if isinstance(type_, schema_types.Enum):
        return {"enum": list(type_.values)}
    if isinstance(type_, schema_types.Seq):
        return {"seq": describe(type_.item)}
    if isinstance(type_, schema_types.MapOf):
        return {"mapof": describe(type_.value)}
    if isinstance(type_, schema_types.Map):
        return {"map": {f.name: [f.required, describe(f.type)] for f in type_.fields}}
    assert isinstance(type_, schema_types.OneOf)
    return {"or": [describe(option) for option in type_.options]}


def test_the_tables_are_the_released_daemons_schema() -> None:
    """Every section, key, required flag, type, union order and enum of CONFIG_SCHEMA."""
    from tests.oracle.daemon import ask

    (daemon,) = ask("schema", [{}])
    assert daemon == {"or": ["EmptyDict", describe(daemon_schema.TOP)]}
