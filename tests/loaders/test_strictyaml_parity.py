"""The loaders accept what a plain strictyaml load accepts, and put the first error on
the same line.

`DAEMON_SCHEMA` is the daemon's job-file schema written out for strictyaml;
two deliberate differences are not tested here: an empty document is valid
(docs/job-files.md), and the loaders add semantic checks strictyaml's types cannot make
(unknown time zones, empty names).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import strictyaml as sy

from cronstable_cli.loaders import load_paths
from cronstable_cli.loaders.yaml_config import DAEMON_SECTIONS
from cronstable_cli.loaders.yaml_schema import PASSTHROUGH_KEYS, SCHEDULE_KEYS

_FIELDS = sy.Map({sy.Optional(key): sy.Str() for key in SCHEDULE_KEYS})
_COMMON = {
    sy.Optional("utc"): sy.Bool(),
    sy.Optional("enabled"): sy.Bool(),
    sy.Optional("timezone"): sy.Str(),
    **{sy.Optional(key): sy.Any() for key in PASSTHROUGH_KEYS},
}
_JOB = sy.Map(
    {
        "name": sy.Str(),
        "command": sy.Str() | sy.Seq(sy.Str()),
        "schedule": sy.Str() | _FIELDS,
        **_COMMON,
    }
)
DAEMON_SCHEMA = sy.Map(
    {
        sy.Optional("jobs"): sy.Seq(_JOB),
        sy.Optional("defaults"): sy.Map(_COMMON),
        sy.Optional("include"): sy.Str() | sy.Seq(sy.Str()),
        **{sy.Optional(section): sy.Any() for section in DAEMON_SECTIONS},
    }
)

JOB = "  - name: {n}\n    command: /bin/run {n}\n    schedule: '0 1 * * *'\n"
HEAD = "jobs:\n" + JOB.format(n="first") + JOB.format(n="second")
TAIL = JOB.format(n="last")

CASES = {
    "good": HEAD + TAIL,
    "good, every style": "---\n# c\ndefaults:\n  utc: no\njobs:\n- name: a\n  command:\n"
    "  - x\n  - y\n  schedule:\n    minute: '5'\n  environment:\n    A: '1'\n"
    "  onFailure:\n    retry:\n      limit: 3\n- name: b\n  command: |\n    echo\n"
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
        return int(error.problem_mark.line) + 1
    return None


@pytest.mark.parametrize("text", list(CASES.values()), ids=list(CASES))
def test_same_verdict_as_strictyaml(tmp_path: Path, text: str) -> None:
    path = tmp_path / "config.yaml"
    path.write_text(text)
    errors = [f for f in load_paths([str(path)]).findings if f.level == "error"]
    ours = min(f.line for f in errors) if errors else None
    assert ours == strictyaml_verdict(text)
