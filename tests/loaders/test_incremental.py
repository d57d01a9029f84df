"""A changed YAML file read again from its first load (loaders/incremental.py) is
exactly what loading it whole makes, positions included.

Pairs of texts are generated from a pool of job items (plain, with comments, an
ignore comment above the next item, block scalars that keep their trailing
lines, a schedule on the next line, a map schedule, runtime keys, a pool, env
references, broken YAML, unknown keys, empty values, tabs, non-ASCII), at item
indentation 0 or 2, under and above frames (defaults, comments, sections, a bad
zone); the second text edits the first: items changed, inserted, removed,
renamed, reordered, the frame changed, CRLF line breaks. Whenever
`load_changed` answers, its answer must equal `load_yaml` of the second text:
every field of the file's record and every finding, in order.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from cronstable_cli.loaders.incremental import load_changed
from cronstable_cli.loaders.problems import Problems
from cronstable_cli.loaders.schema.jobs import Defaults
from cronstable_cli.loaders.yaml.nodes import Scalar
from cronstable_cli.loaders.yaml_config import YamlFile, load_yaml
from cronstable_cli.names import reset_suggestions

PATH = "jobs/fleet.yaml"


def _no_include(target: Scalar, out: Problems) -> Defaults:
    raise AssertionError("these files include nothing")


def _load(text: str) -> tuple[YamlFile, list[object]]:
    reset_suggestions()  # each load with the whole did-you-mean budget, as a command has
    out = Problems(PATH)
    return load_yaml(text, out, _no_include), list(out.found)


# Each item as lines below its `- ` line, at item indentation 0; `{n}` is its name.
# (Anchors and aliases are refused, as the daemon's strictyaml refuses them: an alias
# in one item of an anchor in another must never be read apart.)
ITEMS = (
    'name: {n}\n  command: /bin/{n}\n  schedule: "H * * * *"\n',
    'name: {n}\n  command: /bin/{n}\n  schedule: "0 6 * * 1-5"\n',
    'name: {n}\n  command: /bin/{n}\n  schedule: "*/5 * * * *"\n  # a note\n',
    'name: {n}\n  command: /bin/{n}\n  schedule: "H * * * *"\n  # cronstable: ignore\n',
    'name: {n}\n  command: /bin/{n}\n  schedule: "0 0 31 2 *"  # cronstable: ignore[never-fires]\n',
    'name: {n}\n  command: |+\n    echo {n}\n    # not a comment\n\n\n  schedule: "15 * * * *"\n',
    'name: {n}\n  schedule: "30 2 * * *"\n  command: |+\n    echo {n}\n\n',
    'name: {n}\n  command: /bin/{n}\n  schedule:\n    "45 * * * *"\n',
    "name: {n}\n  command: /bin/{n}\n  schedule:\n    minute: 5\n    hour: 3\n",
    'name: {n}\n  command: /bin/{n}\n  schedule: "H H * * *"\n  executionTimeout: 30\n'
    "  sla:\n    maxRuntimeSeconds: 10\n",
    'name: {n}\n  command: /bin/{n}\n  schedule: "0 * * * *"\n  pool: p\n',
    'name: {n}\n  command: echo ${{HOME}}/{n}\n  schedule: "0 * * * *"\n',
    'name: {n}\n  command: /bin/{n}\n  schedule: "0 * * * *"\n  bogus: 1\n',
    "name: {n}\n  command: /bin/{n}\n  schedule:\n",
    'name: {n}\n  command: [oops\n  schedule: "0 * * * *"\n',
    'name: {n}\n  command: /bin/{n}\n\tschedule: "0 * * * *"\n',
    'name: {n}\n  command: /bin/é{n}\n  schedule: "0 * * * *"\n',
    'name: {n}\n  command: /bin/{n}\n  schedule: "not a schedule"\n',
    'schedule: "5 4 * * *"\n  name: {n}\n  command: /bin/{n}\n',
    "just a string {n}\n",
    '\n  name: {n}\n  command: /bin/{n}\n  schedule: "0 * * * *"\n',
    'name: {n}\n  command: /bin/{n}\n  schedule: "0 * * * *"\n\n# between items\n\n',
    'name: {n}\n  command: /bin/{n}\n  schedule: "0 * * * *"\n  timezone: Europe/Paris\n',
    '{{name: {n}, command: /bin/{n}, schedule: "0 * * * *"}}\n',
    'name: {n}\n  command: &cmd /bin/{n}\n  schedule: "0 * * * *"\n',
    'name: {n}\n  command: *cmd\n  schedule: "0 * * * *"\n',
    'name: {n}\n  command: /bin/{n}\n  schedule: "0 * * * *"\n!# at column 0\n',
    'name: {n}\n  command: /bin/{n}\n  schedule: "0 * * * *"\n!# cronstable: ignore\n',
)
ABOVE = (
    "",
    "# a fleet\n",
    "defaults:\n  timezone: Europe/Berlin\n",
    "defaults:\n  executionTimeout: 60\n",
    "defaults:\n  timezone: Mars/Olympus\n",
    "pools:\n  p: 2\n",
    "bogus-top: 1\n",
)
BELOW = ("", "# the end\n", "defaults:\n  enabled: false\n", "pools:\n  p: 1\n")

Item = tuple[int, str]  # (template, name)


def _text(above: str, items: list[Item], below: str, indent: int, crlf: bool, final: bool) -> str:
    pad = " " * indent
    # A template line that starts with `!` is written at column 0, without the `!`.
    body = "".join(
        pad
        + "- "
        + "".join(
            line[1:] if line.startswith("!") else pad + line if k else line
            for k, line in enumerate(ITEMS[t].format(n=name).splitlines(keepends=True))
        )
        for t, name in items
    )
    text = above + "jobs:\n" + body + below
    if not final:
        text = text.rstrip("\n")
    return text.replace("\n", "\r\n") if crlf else text


# Items that load without an error, four times as likely as those that do not (a
# file with an error anywhere is read whole: the interesting pairs have none).
BROKEN = (12, 13, 14, 15, 17, 19, 24, 25)
templates = st.sampled_from([k for k in range(len(ITEMS)) if k not in BROKEN] * 4 + list(BROKEN))
names = st.sampled_from([f"job-{k}" for k in range(12)])
items = st.tuples(templates, names)
fleets = st.lists(items, min_size=1, max_size=14)


@st.composite
def pairs(draw: st.DrawFn) -> tuple[str, str]:
    """A text and an edit of it."""
    frames = st.sampled_from(ABOVE[:4] * 3 + ABOVE[4:])
    above, below = draw(frames), draw(st.sampled_from(BELOW))
    indent = draw(st.sampled_from([0, 2]))
    first = draw(fleets)
    second = list(first)
    for _ in range(draw(st.integers(0, 4))):
        edit = draw(st.sampled_from(["change", "insert", "remove", "rename", "swap"]))
        at = draw(st.integers(0, max(0, len(second) - 1)))
        if edit == "insert" or not second:
            second.insert(at, draw(items))
        elif edit == "change":
            second[at] = (draw(templates), second[at][1])
        elif edit == "remove" and len(second) > 1:
            del second[at]
        elif edit == "rename":
            second[at] = (second[at][0], second[at][1] + "-renamed")
        elif edit == "swap":
            other = draw(st.integers(0, len(second) - 1))
            second[at], second[other] = second[other], second[at]
    frame_edit = draw(st.sampled_from(["none"] * 9 + ["above", "below", "indent"]))
    above2 = draw(st.sampled_from(ABOVE)) if frame_edit == "above" else above
    below2 = draw(st.sampled_from(BELOW)) if frame_edit == "below" else below
    indent2 = 2 - indent if frame_edit == "indent" else indent
    rarely = st.sampled_from([False] * 9 + [True])
    crlf, crlf2 = draw(rarely), draw(rarely)
    final, final2 = not draw(rarely), not draw(rarely)
    return (
        _text(above, first, below, indent, crlf, final),
        _text(above2, second, below2, indent2, crlf2, final2),
    )


def _check(old_text: str, text: str) -> bool:
    """load_changed agrees with the full load; True when it answered."""
    first, first_found = _load(old_text)
    out = Problems(PATH)
    reset_suggestions()
    again = load_changed(old_text, first, tuple(first_found), text, out, load_yaml)  # type: ignore[arg-type]
    if again is None:
        assert out.found == []  # nothing reported when it does not answer
        return False
    whole, whole_found = _load(text)
    assert again.jobs == whole.jobs
    assert out.found == whole_found
    assert again == whole
    return True


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs())
@example(  # an empty value at the end of the file, then in the first item
    (
        "jobs:\n" + _text("", [(0, "job-0"), (13, "job-0")], "", 0, False, True)[6:],
        "jobs:\n" + _text("", [(13, "job-0"), (0, "job-0")], "", 0, False, True)[6:],
    )
)
def test_reading_again_equals_reading_whole(pair: tuple[str, str]) -> None:
    event("read again" if _check(*pair) else "read whole")


def test_an_edit_inside_items_reads_only_those_items() -> None:
    base = [(0, f"job-{k:03d}") for k in range(200)]
    head = list(base)
    head[10] = (1, "job-010")  # fires move
    head[50] = (0, "job-050-renamed")
    del head[120]  # everything below moves up three lines
    head.insert(150, (9, "job-new"))  # runtime keys, below: moves down again
    old_text, text = (_text("# fleet\n", f, "", 2, False, True) for f in (base, head))
    assert _check(old_text, text)
    reads: list[str] = []

    def counting(text: str, out: Problems, include: object) -> YamlFile:
        reads.append(text)
        return load_yaml(text, out, include)  # type: ignore[arg-type]

    first, found = _load(old_text)
    load_changed(old_text, first, tuple(found), text, Problems(PATH), counting)
    assert len(reads) == 1 and reads[0].count("- name:") == 3  # only the three edited items


def test_ignore_comment_above_a_reused_item_still_counts() -> None:
    # The comment closing item 0 silences item 1; item 0 changes, item 1 does not.
    comment = (3, "job-a")
    base = [comment, (0, "job-b"), (0, "job-c")]
    head = [(2, "job-a"), (0, "job-b"), (0, "job-c")]  # the note is no ignore comment
    for pair in ((base, head), (head, base)):
        old_text, text = (_text("", f, "", 2, False, True) for f in pair)
        _check(old_text, text)
        whole, _ = _load(text)
        assert (whole.jobs[1].suppressed is None) == (pair[1] is head)


def test_a_file_edited_outside_its_items_is_read_whole() -> None:
    base = [(0, "job-a"), (0, "job-b")]
    old_text = _text("defaults:\n  timezone: Europe/Berlin\n", base, "", 2, False, True)
    text = _text("defaults:\n  timezone: Europe/Paris\n", base, "", 2, False, True)
    first, found = _load(old_text)
    assert load_changed(old_text, first, tuple(found), text, Problems(PATH), load_yaml) is None


def test_a_load_sharing_the_memo_reads_a_changed_file_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Through Session: the second side's changed file takes the incremental path, and
    the side equals the side loaded alone (names across files, findings, order)."""
    from cronstable_cli.loaders import incremental, load_paths
    from cronstable_cli.loaders.reuse import LoadMemo
    from tests.loaders.test_reuse import Memory

    answers: list[bool] = []
    real = incremental.load_changed

    def spy(*args: object) -> YamlFile | None:
        result = real(*args)  # type: ignore[arg-type]
        answers.append(result is not None)
        return result

    monkeypatch.setattr(incremental, "load_changed", spy)
    fleet = [(0, f"job-{k:02d}") for k in range(30)]
    edited = [*fleet[:5], (1, "job-05"), *fleet[6:20], (0, "other-01"), *fleet[21:]]
    other = "jobs:\n  - name: other-01\n    command: /bin/o\n    schedule: '0 * * * *'\n"
    base = {"conf/a.yaml": _text("", fleet, "", 2, False, True), "conf/b.yaml": other}
    head = {"conf/a.yaml": _text("", edited, "", 2, False, True), "conf/b.yaml": other}
    memo = LoadMemo()
    load_paths(["conf"], files=Memory(base), reuse=memo)
    after = load_paths(["conf"], files=Memory(head), reuse=memo)
    alone = load_paths(["conf"], files=Memory(head))
    assert answers == [True]
    assert after == alone
    assert any(f.code == "duplicate-job-name" for f in after.findings)  # across the files
