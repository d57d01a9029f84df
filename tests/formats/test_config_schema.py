"""The editor JSON Schema: generated from the loader's tables, it accepts what the daemon loads.

Configs are read the way an editor's YAML language server reads them (YAML
1.2-ish types: numbers, booleans and null; no timestamps), then validated
with jsonschema. The refused corpus pairs each file with the load code the
linter gives it: where a schema can say so, the schema refuses it too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

jsonschema = pytest.importorskip("jsonschema")
yaml = pytest.importorskip("yaml")

from cronstable_cli.formats.config_schema import config_schema, config_schema_json  # noqa: E402
from cronstable_cli.loaders import load_paths  # noqa: E402
from cronstable_cli.loaders.schema import tables as daemon_schema  # noqa: E402
from cronstable_cli.loaders.schema import vocabulary as t  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED = ROOT / "docs" / "schema" / "cronstable.schema.json"


class EditorLoader(yaml.SafeLoader):
    """YAML typed as an editor types it; dates stay text (JSON has no date type)."""


EditorLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}

VALIDATOR = jsonschema.Draft202012Validator(config_schema())


def errors(text: str) -> list[str]:
    data = yaml.load(text, Loader=EditorLoader)  # a SafeLoader subclass: no objects
    return [e.message for e in VALIDATOR.iter_errors(data)]


def test_published_schema_is_the_generated_one() -> None:
    # Regenerate: python -m cronstable_cli.formats.config_schema \
    #     > docs/schema/cronstable.schema.json  (or `make docs`)
    assert PUBLISHED.read_text(encoding="utf-8") == config_schema_json()


def test_the_schema_is_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(json.loads(PUBLISHED.read_text()))


def _clean_configs() -> list[Path]:
    """Every YAML config in examples/ and tests/data the linter loads without an error."""
    found = []
    for path in sorted([*ROOT.glob("examples/**/*.yaml"), *ROOT.glob("tests/data/**/*.yaml")]):
        load = load_paths([str(path)])
        if not any(f.level == "error" for f in load.findings):
            found.append(path)
    return found


CLEAN = _clean_configs()


def test_there_are_examples_to_check() -> None:
    assert len(CLEAN) >= 5
    assert ROOT / "examples" / "cronstable.yaml" in CLEAN


@pytest.mark.parametrize("path", CLEAN, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_config_the_linter_loads_validates(path: Path) -> None:
    assert errors(path.read_text(encoding="utf-8")) == []


def _walk(kind: t.Type, found: list[t.Map]) -> None:
    if isinstance(kind, t.Map):
        if kind in found:
            return
        found.append(kind)
        for field in kind.fields:
            _walk(field.type, found)
    elif isinstance(kind, t.MapOf):
        _walk(kind.value, found)
    elif isinstance(kind, t.Seq):
        _walk(kind.item, found)
    elif isinstance(kind, t.OneOf):
        for option in kind.options:
            _walk(option, found)


def _schema_maps(node: Any, out: list[dict[str, Any]]) -> None:
    if isinstance(node, dict):
        if "properties" in node:
            out.append(node)
        for value in node.values():
            _schema_maps(value, out)
    elif isinstance(node, list):
        for value in node:
            _schema_maps(value, out)


def test_every_key_of_the_tables_is_in_the_schema_with_its_description() -> None:
    tables: list[t.Map] = []
    _walk(daemon_schema.TOP, tables)
    maps: list[dict[str, Any]] = []
    _schema_maps(config_schema(), maps)
    described = {
        (name, entry.get("description")) for m in maps for name, entry in m["properties"].items()
    }
    for table in tables:
        for field in table.fields:
            assert (field.name, field.doc or None) in described, field.name
    assert len(described) > 150  # the whole daemon schema, not a sample


def test_enums_are_the_tables_words() -> None:
    job = config_schema()["properties"]["jobs"]["items"]
    props = (
        job["properties"]
        if "properties" in job
        else config_schema()["$defs"][job["$ref"].rsplit("/", 1)[1]]["properties"]
    )
    assert props["concurrencyPolicy"]["enum"] == list(daemon_schema.CONCURRENCY_POLICIES)
    assert props["onMissed"]["enum"] == list(daemon_schema.ON_MISSED)


JOB = "jobs:\n  - name: j\n    command: x\n    schedule: '0 2 * * *'\n"

# (config, the code lint gives it): refused by the daemon and by the schema.
REFUSED = [
    (JOB + "    comand: y\n", "unknown-key"),
    (JOB + "    concurrencyPolicy: forbid\n", "invalid-config"),
    (JOB + "    environment:\n      LEVEL: debug\n", "invalid-config"),
    (JOB + "    failsWhen: yes\n", "invalid-config"),
    (JOB + "    onMissed: always\n", "invalid-config"),
    (JOB + "    executionTimeout: [1, 2]\n", "invalid-config"),
    ("jobs:\n  - name: j\n    command: x\n", "invalid-config"),  # no schedule
    (
        "jobs:\n  - name: j\n    command: x\n    schedule: '0 2 * * *'\n    utc: maybe\n",
        "invalid-config",
    ),
    ("jbos:\n  - name: j\n", "invalid-config"),  # "not a cronstable config"
    ("defaults:\n  name: shared\n" + JOB, "invalid-config"),
]

# Refused by lint, but nothing a JSON Schema can say: the schedule's grammar,
# zones, names across files. The schema accepts these; lint is the check.
BEYOND_A_SCHEMA = [
    (JOB.replace("0 2 * * *", "0 25 * * *"), "invalid-schedule"),
    (JOB + "    timezone: Mars/Olympus\n", "unknown-timezone"),
]


@pytest.mark.parametrize(("text", "code"), REFUSED)
def test_refused_configs_fail_the_schema(tmp_path: Path, text: str, code: str) -> None:
    from cronstable_cli.analysis.lint import lint

    path = tmp_path / "cronstable.yaml"
    path.write_text(text)
    found = {f.code for f in lint(load_paths([str(path)])).findings if f.level == "error"}
    assert code in found
    assert errors(text), "the schema accepted a config the daemon refuses"


@pytest.mark.parametrize(("text", "code"), BEYOND_A_SCHEMA)
def test_what_only_lint_can_refuse(tmp_path: Path, text: str, code: str) -> None:
    from cronstable_cli.analysis.lint import lint

    path = tmp_path / "cronstable.yaml"
    path.write_text(text)
    assert code in {f.code for f in lint(load_paths([str(path)])).findings}
    assert errors(text) == []
