"""Job items skip the generic walk, with the same result.

The fast parser hands an item over without Mapping or key nodes for the item itself
(`on_flat_job`; a nested block under a key comes as its node) and the builder reads
it without the generic schema walk of the job (`build_flat`). Both are shortcuts
only: the streamed items, the Drafts and every finding must be exactly what the
generic path gives for the same text.
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cronstable_cli import names
from cronstable_cli.loaders import yaml_config
from cronstable_cli.loaders.problems import Problems
from cronstable_cli.loaders.schema.jobs import (
    _ORIGIN_PATHS,
    JOB_FIELDS,
    Defaults,
    Draft,
    FlatPositions,
    JobBuilder,
)
from cronstable_cli.loaders.yaml.fast import (
    Block,
    FlatItem,
    Unsupported,
    flat_mapping,
    parse_fast,
)
from cronstable_cli.loaders.yaml.nodes import Mapping, Node, Scalar, Sequence
from cronstable_cli.loaders.yaml.strict import parse_strict
from cronstable_cli.loaders.yaml_config import YamlFile, load_yaml
from cronstable_cli.names import reset_suggestions
from cronstable_cli.records import Job

from ..oracle import configgen
from .test_fast_parser import mapping, sequence

# Keys and values a job item is made of: known, checked (the job checks read them),
# misspelt; values of every type, wrong ones, blank ones, `${VAR}`, unknown zones.
JOB_KEYS = [
    "name", "command", "schedule", "timezone", "enabled", "utc", "clusterPolicy",
    "shell", "user", "priority", "poolSlots", "executionTimeout", "pool", "comand",
    "environment", "onFailure", "sla", "monitorResources", "secrets", "onMissed",
    "concurrencyPolicy", "killTimeout",
]  # fmt: skip
JOB_VALUES = [
    "job-1", "job-2", "' '", "''", "/bin/run --x", "'0 1 * * *'", '"*/5 * * * *"', "H 2 * * *",
    "Europe/Berlin", "Mars/Base", "UTC", "true", "no", "maybe", "Leader", "EveryNode", "leader",
    "3", "1_0", "x", "2.5", "${HOME}", "'${NOPE_NOT_SET}'", "high", "|\n      echo a",
    ">-\n      a\n      b", "a # c", "# c", "",
    # Nested blocks under the key (right for some keys, of the wrong shape for others).
    "\n      retry:\n        maximumRetries: 3\n        initialDelay: 1\n"
    "        maximumDelay: 60\n        backoffMultiplier: 2",
    "\n      retry:\n        maximumRetries: x",
    "\n      - key: A\n        value: b\n      - key: B\n        value: '1'",
    "\n    - key: A\n      value: b", "\n      - key: A", "\n      - a\n      - b",
    "\n      minute: '5'\n      hour: \"3\"", "\n      minute: 5 6", "\n      second: 1",
    "\n      - /bin/run\n      - --x", "\n      enabled: true\n      interval: 5",
    "\n      maxRuntimeSeconds: 60\n      lateAfterSeconds:", "\n      bogus: 1",
    "\n      - name: s\n        value: v", "\n      # c\n      a: b",
    "\n      a:\n        b: c\n      d: e", "\n\n      x: '${HOME}'",
]  # fmt: skip


@st.composite
def job_items(draw: st.DrawFn) -> str:
    lines = ["jobs:"]
    for n in range(draw(st.integers(1, 4))):
        keys = draw(st.lists(st.sampled_from(JOB_KEYS), min_size=1, max_size=6))
        if draw(st.integers(0, 3)):  # mostly a job that has the three required keys
            keys = ["name", "command", "schedule", *keys[3:]]
        for index, key in enumerate(keys):
            value = draw(st.sampled_from(JOB_VALUES))
            if key == "name" and draw(st.booleans()):
                value = f"job-{n}"
            lead = "  - " if index == 0 else "    "
            sep = ":" if value.startswith("\n") else ": "
            lines.append(f"{lead}{key}{sep}{value}".rstrip())
        if draw(st.integers(0, 4)) == 0:
            lines.append(
                draw(st.sampled_from(["    # cronstable: ignore", "", "    env:\n      A: b"]))
            )
    return "\n".join(lines) + "\n"


def streamed(text: str, flat: bool) -> list[str] | None:
    """repr of each streamed job item (flat ones as the Mapping the parser would make)."""
    items: list[Node] = []

    def on_flat(item: FlatItem, line: int, col: int) -> None:
        items.append(flat_mapping(item, line, col))

    try:
        parse_fast(text, items.append, None, on_flat if flat else None)
    except Unsupported:
        return None
    return [repr(item) for item in items]


@st.composite
def job_documents(draw: st.DrawFn) -> str:
    if draw(st.booleans()):
        return draw(job_items())
    body = draw(sequence(draw(st.sampled_from([0, 2])), 1))
    tail = draw(mapping(0, 0)) if draw(st.integers(0, 3)) == 0 else []
    return "\n".join(["jobs:", *body, *tail]) + "\n"


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(job_documents())
def test_flat_items_are_the_items_the_parser_streams_otherwise(text: str) -> None:
    assert streamed(text, flat=True) == streamed(text, flat=False)


def test_a_flat_item_keeps_its_positions() -> None:
    text = "jobs:\n  - name: a\n    schedule: '0 1 * * *'  # c\n    command: |\n      run\n"
    got: list[tuple[FlatItem, int, int]] = []
    parse_fast(text, lambda node: None, None, lambda item, line, col: got.append((item, line, col)))
    ((item, line, col),) = got
    assert (line, col) == (2, 5)
    assert item == {
        "name": (2, 11, "a"),
        "schedule": (3, 15, "0 1 * * *"),
        "command": (4, 14, "run\n"),
    }


def test_an_item_with_a_nested_value_comes_flat_with_the_block_as_its_node() -> None:
    text = "jobs:\n  - name: a\n    command: x\n    onFailure:\n      retry: y\n    schedule: z\n"
    flat: list[FlatItem] = []
    nodes: list[Node] = []
    parse_fast(text, nodes.append, None, lambda item, line, col: flat.append(item))
    assert nodes == []
    ((item,),) = [flat]
    block = item["onFailure"][2]
    assert isinstance(block, Block)
    assert {key: value for key, value in item.items() if key != "onFailure"} == {
        "name": (2, 11, "a"),
        "command": (3, 14, "x"),
        "schedule": (6, 15, "z"),
    }
    assert item["onFailure"][:2] == (4, 5)
    assert block.at(4) == Mapping([(Scalar("retry", 5, 7), Scalar("y", 5, 14))], 5, 7)


def test_a_block_spelt_again_is_the_same_block_read_at_its_own_line() -> None:
    job = "  - name: a\n    env:\n      - k: v  # c\n\n        w: ''\n    schedule: z\n"
    text = (
        "jobs:\n"
        + job
        + "  # between\n"
        + job
        + job.replace("    schedule", "    x: 1\n  # c\n    schedule")
    )
    flat: list[tuple[FlatItem, int]] = []
    parse_fast(text, lambda node: None, None, lambda item, line, col: flat.append((item, line)))
    blocks = [item["env"][2] for item, _ in flat]
    assert blocks[0] is blocks[1] is blocks[2]
    # Each reads as the tree strictyaml gives at its place.
    trees = [flat_mapping(item, line, 5) for item, line in flat]
    assert [tree.line for tree in trees] == [2, 9, 15]
    strict = parse_strict(text)
    assert isinstance(strict, Mapping)
    jobs = strict.get("jobs")
    assert isinstance(jobs, Sequence)
    assert repr(trees) == repr(jobs.items)
    assert trees[1].get("env") == Sequence(
        [
            Mapping(
                [
                    (Scalar("k", 11, 9), Scalar("v", 11, 12)),
                    (Scalar("w", 13, 9), Scalar("", 13, 12)),
                ],
                11,
                9,
            )
        ],
        11,
        7,
    )


def test_a_block_is_shared_only_where_what_follows_it_cannot_change_it() -> None:
    # An empty value last in the block is placed at the next token: at the line after
    # the block (its indentation decides the column), or at the end of the text.
    first = "  - name: a\n    sla:\n      lateAfterSeconds:\n"
    text = "jobs:\n" + first + "    schedule: z\n" + first + "  - name: b\n" + first
    flat: list[tuple[FlatItem, int]] = []
    parse_fast(text, lambda node: None, None, lambda item, line, col: flat.append((item, line)))
    blocks = [item["sla"][2] for item, _ in flat if "sla" in item]
    assert len({id(block) for block in blocks}) == 3
    strict = parse_strict(text)
    assert isinstance(strict, Mapping)
    jobs = strict.get("jobs")
    assert isinstance(jobs, Sequence)
    assert repr([flat_mapping(item, line, 5) for item, line in flat]) == repr(jobs.items)
    empty = [block.at(block.line).entries[0][1] for block in blocks]  # type: ignore[union-attr]
    assert [(value.line, value.col) for value in empty] == [(5, 5), (9, 3), (13, 1)]


@st.composite
def repeated_items(draw: st.DrawFn) -> str:
    """Job lists whose items come back word for word (their nested blocks too, which
    the parser then reads once): at other lines, after other lines, and last."""
    kinds = [
        draw(job_items()).removeprefix("jobs:\n").rstrip("\n")
        if draw(st.integers(0, 2))
        else "\n".join(draw(sequence(2, 1)))
        for _ in range(draw(st.integers(1, 3)))
    ]
    order = draw(st.lists(st.integers(0, len(kinds) - 1), min_size=2, max_size=6))
    between = st.sampled_from(["", "", "", "  # c", "", "    # c", "   ", "#"])
    lines = ["jobs:"]
    for index in order:
        lines.append(kinds[index])
        if gap := draw(between):
            lines.append(gap)
    return "\n".join(lines) + draw(st.sampled_from(["\n", "\n", "", "\n\n"]))


def jobs_of_strictyaml(text: str) -> str | None:
    """repr of each item of `jobs` as strictyaml reads the text (None: not a list)."""
    tree = parse_strict(text)
    jobs = tree.get("jobs") if isinstance(tree, Mapping) else None
    return repr(jobs.items) if isinstance(jobs, Sequence) else None


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(repeated_items())
def test_repeated_blocks_are_read_as_strictyaml_reads_them_at_each_place(text: str) -> None:
    flat = streamed(text, flat=True)
    assert flat == streamed(text, flat=False)
    if flat is not None:
        assert "[" + ", ".join(flat) + "]" == jobs_of_strictyaml(text), text


def flat_and_generic(text: str) -> None:
    """build_flat on each streamed item gives the Draft and findings of build."""
    lines = text.split("\n")
    items: list[tuple[FlatItem, int, int]] = []
    try:
        parse_fast(text, lambda node: None, lines, lambda *item: items.append(item))
    except Unsupported:
        return
    fast = JobBuilder(Problems("f.yaml"), lines, text)
    generic = JobBuilder(Problems("f.yaml"), lines, text)
    for item, line, col in items:
        # Each side with the whole did-you-mean budget (the process's): the same hints.
        reset_suggestions()
        draft = fast.build_flat(item, line, col)
        reset_suggestions()
        expected = generic.build(flat_mapping(item, line, col))
        if draft is not None and draft.flat is not None:
            # Positions held as the item holds them: each lookup is the table's, and
            # the table is the one `build` records.
            table = FlatPositions.table(draft.flat)
            paths = [*table, "", "nope", "sla.nope", *(f"{p}.x" for p in table)]
            for path in paths:
                assert draft.flat.get(path) == table.get(path), path
            # The runtime paths' positions, as runtime_for reads them, are `get`'s too.
            wanted = (*_ORIGIN_PATHS, *paths)
            assert draft.flat.own_at(wanted) == tuple(
                (p, *at) for p in wanted if (at := table.get(p)) is not None
            )
            draft.positions()
        assert draft == expected
    assert fast.out.found == generic.out.found


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(repeated_items())
def test_build_flat_gives_what_build_gives_for_repeated_blocks(text: str) -> None:
    flat_and_generic(text)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(job_items())
def test_build_flat_gives_what_build_gives(text: str) -> None:
    flat_and_generic(text)


def test_finish_passes_a_jobs_fields_in_their_order() -> None:
    # finish() makes each Job with positional arguments (keywords cost a third of it).
    assert tuple(f.name for f in fields(Job)) == JOB_FIELDS
    assert tuple(f.name for f in fields(Draft)) == (
        "name", "schedule", "location", "schedule_location", "schedule_fields", "command",
        "suppressed", "keys", "data", "where", "flat",
    )  # fmt: skip


def _load(text: str, flat: bool) -> tuple[YamlFile, list[object]]:
    reset_suggestions()  # each load with the whole did-you-mean budget, as a command has
    out = Problems("main.yaml")
    if flat:
        return load_yaml(text, out, lambda target, into: Defaults()), list(out.found)
    real = yaml_config.parse_document

    def generic(
        text: str, on_job: Any, lines: Any, on_flat: Any = None, on_jobs: Any = None
    ) -> Any:
        return real(text, on_job, lines, None, on_jobs)

    yaml_config.parse_document = generic  # type: ignore[assignment]
    try:
        return load_yaml(text, out, lambda target, into: Defaults()), list(out.found)
    finally:
        yaml_config.parse_document = real


@pytest.mark.parametrize("seed", range(12))
def test_generated_configs_load_the_same_with_and_without_the_flat_path(seed: int) -> None:
    # The daemon-parity generator's configs (every key of the schema, nested blocks,
    # wrong values, mutations), each loaded whole: jobs, findings and the facts the
    # whole-config checks read must not depend on which path read a job.
    rng = random.Random(seed)
    for _ in range(40):
        text = configgen.config(rng)["main.yaml"]
        (fast, fast_found), (slow, slow_found) = _load(text, True), _load(text, False)
        assert fast.jobs == slow.jobs, text
        assert fast_found == slow_found, text
        assert fast.job_facts == slow.job_facts, text
        assert fast.push_users == slow.push_users, text


def test_both_paths_get_the_same_did_you_mean_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # The budget is the process's: had one side spent it, only the other would hint
    # 'command' for 'comand' (a comparison that once failed by the suite's order).
    text = "jobs:\n  - name: a\n    comand: x\n    schedule: '* * * * *'\n"
    lines, items = text.split("\n"), []
    parse_fast(text, lambda node: None, lines, lambda *item: items.append(item))
    reset_suggestions()
    JobBuilder(Problems("f.yaml"), lines, text).build_flat(*items[0])
    one_side = names._spent[0]
    assert one_side > 0  # the unknown key asked for a suggestion
    monkeypatch.setattr(names, "SUGGESTION_BUDGET", one_side)  # enough for one side only
    reset_suggestions()
    flat_and_generic(text)
