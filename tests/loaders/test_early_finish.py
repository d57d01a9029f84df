"""Jobs finished as they stream, with the same result as finished after the parse.

When a file's defaults are known as its `jobs` key is met (no `include`, no
`defaults` after the jobs), each job is made into its Job as soon as it is read,
while its draft is fresh, instead of all drafts waiting for the end of the parse.
That is a shortcut only: the YamlFile and every finding (in the order a load
reports them: by position) must be what finishing after the parse gives.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cronstable_cli.loaders import yaml_config
from cronstable_cli.loaders.problems import Problems
from cronstable_cli.loaders.schema.jobs import Defaults
from cronstable_cli.loaders.yaml.nodes import Scalar
from cronstable_cli.loaders.yaml_config import YamlFile, load_yaml
from cronstable_cli.names import reset_suggestions
from cronstable_cli.records import Finding, SourceLocation

from ..oracle import configgen

# What an include reads: defaults a job inherits (so skipping one would show).
INCLUDED = Defaults(
    {"timezone": "Asia/Tokyo", "executionTimeout": 60},
    {"timezone": SourceLocation("inc.yaml", 2, 13)},
    SourceLocation("inc.yaml", 2, 13),
)


def _load(text: str, early: bool) -> tuple[YamlFile, list[Finding], int]:
    reset_suggestions()  # each load with the whole did-you-mean budget, as a command has
    out = Problems("main.yaml")
    taken: list[bool] = []
    real = yaml_config._defaults_known

    def known(text: str, before: Any, indent: int) -> bool:
        taken.append(real(text, before, indent) and early)
        return taken[-1]

    def include(target: Scalar, into: Problems) -> Defaults:
        return INCLUDED

    yaml_config._defaults_known = known  # type: ignore[assignment]
    try:
        result = load_yaml(text, out, include)
    finally:
        yaml_config._defaults_known = real
    # A load reports a file's findings by position (stable: ties keep their order).
    found = sorted(out.found, key=lambda f: (f.line, f.column))
    return result, found, sum(taken)


def same_either_way(text: str) -> int:
    """Load `text` finishing jobs early where allowed, and never: the same. Returns
    how many times the early path was taken."""
    early, early_found, taken = _load(text, True)
    late, late_found, _ = _load(text, False)
    # Compared as text: a NaN a config spells is not equal to itself.
    assert repr(early) == repr(late), text
    assert repr(early_found) == repr(late_found), text
    return taken


@pytest.mark.parametrize("seed", range(12))
def test_generated_configs_load_the_same_finished_early_or_late(seed: int) -> None:
    # The daemon-parity generator's configs: every key of the schema, wrong values,
    # defaults (before the jobs), sections, DAGs, mutations.
    rng = random.Random(seed)
    taken = 0
    for _ in range(40):
        taken += same_either_way(configgen.config(rng)["main.yaml"])
    assert taken  # the early path was exercised


DEFAULTS = [
    "defaults:\n  timezone: Europe/Berlin\n  executionTimeout: 30",
    "defaults:\n  enabled: maybe\n  sla:\n    maxRuntimeSeconds: 5",
    "defaults:\n  name: x\n  concurrencyPolicy: Forbid",
    "defaults:\n  timezone: Mars/Base",
    "defaults:",
    "defaults:  # c",
]
OTHER = [
    "include:\n  - inc.yaml",
    "include: inc.yaml",
    "pools:\n  db:\n    slots: 2",
    "bogus: 1",
    "pools:",
]
JOBS = [
    "  - name: a\n    schedule: '0 1 * * *'\n    command: run",
    "  - name: b\n    schedule: H * * * *\n    command: run\n    executionTimeout: 5",
    "  - name: c\n    schedule:\n      minute: '5'\n    command: run\n    timezone: UTC",
    "  - name: d\n    schedule: 0 1 * * *\n    command: run\n    onFailure:\n"
    "      retry:\n        maximumRetries: 3",
    "  - name: e\n    schedule: nope\n    command: ''\n    sla:\n      lateAfterSeconds: x",
    "  - name: f\n    command: run",
    "  - just text",
    "  - name: g\n    schedule: 0 1 * * *\n    command: run\n    executionTimeout:",
    "  - name: h\n    schedule: 0 1 * * *\n    command: run\n    sla:\n      maxRuntimeSeconds:",
]


@st.composite
def documents(draw: st.DrawFn) -> str:
    """Top-level blocks in any order (defaults and includes before or after the jobs,
    or both), at the margin or all indented alike."""
    blocks = ["jobs:\n" + "\n".join(draw(st.lists(st.sampled_from(JOBS), min_size=1, max_size=4)))]
    blocks += draw(st.lists(st.sampled_from(DEFAULTS), max_size=1))
    blocks += draw(st.lists(st.sampled_from(OTHER), max_size=2, unique=True))
    order = draw(st.permutations(blocks))
    text = "\n".join(order) + "\n"
    if draw(st.integers(0, 3)) == 0:
        text = "".join(f"  {line}\n" if line else "\n" for line in text.split("\n")[:-1])
    if draw(st.integers(0, 4)) == 0:
        text = "# a comment\n" + text
    return text


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
# An empty `defaults` is placed at the next key, which has a finding of its own there.
@example("defaults:\nbogus: 1\njobs:\n  - name: a\n    schedule: '0 1 * * *'\n    command: run\n")
def test_defaults_and_includes_anywhere_load_the_same_finished_early_or_late(text: str) -> None:
    same_either_way(text)


@pytest.mark.parametrize(
    ("text", "early"),
    [
        ("defaults:\n  utc: false\njobs:\n  - name: a\n", True),
        ("jobs:\n  - name: a\n", True),
        ("jobs:\n  - name: a\ndefaults:\n  utc: false\n", False),
        ("include:\n  - i.yaml\njobs:\n  - name: a\n", False),
        ("jobs:\n  - name: a\ninclude:\n  - i.yaml\n", False),
        ("  jobs:\n    - name: a\n  include:\n    - i.yaml\n", False),
        ("  jobs:\n    - name: a\n  defaults:\n    utc: false\n", False),
    ],
)
def test_jobs_are_finished_early_only_when_the_defaults_are_known(text: str, early: bool) -> None:
    assert _load(text, True)[2] == early
