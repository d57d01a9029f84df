"""The whole-workspace lint off the event loop, and cross-file findings carried over edits.

A hover is answered while a whole lint is held in its thread (held by the
session's hook, not by timing); a request made while one runs supersedes it
(its findings, of older texts, are never published). While a document is
edited, the cross-file findings of the last whole lint move with their lines:
each is where a whole lint of the edited text puts it, or gone when its line
was edited; generated edits check the line mapping against the slices edited.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cronstable_cli.lsp.carried import carried_over, line_map
from cronstable_cli.lsp.session import Session, load_settings
from cronstable_cli.records import Edit, Finding, Fix, SourceLocation

from .harness import NOW, InProcess
from .test_diagnostics import WORKSPACE
from .test_server import opened, start, uri

CROSS_FILE = {"duplicate-job-name", "crowded-minute"}


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name, text in WORKSPACE.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


class Gate:
    """The session's hold: the first whole lint waits in its thread until released."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()
        self.calls = 0

    def __call__(self) -> None:
        self.calls += 1
        if self.calls == 1:
            self.entered.set()
            assert self.release.wait(30), "never released"


async def until(event: threading.Event) -> None:
    for _ in range(3000):
        if event.is_set():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the whole lint never started")


def codes(published: list[dict[str, object]] | None) -> set[object]:
    return {d["code"] for d in published or []}


def test_a_hover_is_answered_while_the_whole_lint_runs(workspace: Path) -> None:
    a = workspace / "cronstable.d" / "a.yaml"
    b = workspace / "cronstable.d" / "b.yaml"
    gate = Gate()

    async def scenario() -> None:
        server = InProcess(now=NOW)
        start(server, workspace)
        assert server.state.session is not None
        server.state.session.hold = gate
        opened(server, a)
        await until(gate.entered)
        assert server.state.lints is not None and server.state.lints.busy
        # The document's own lint is out, the fleet's is not: b's duplicate is unknown.
        assert server.published(uri(a)) is not None
        assert server.published(uri(b)) is None
        line = next(i for i, t in enumerate(a.read_text().split("\n")) if '"0 2 * * *"' in t)
        hovered = await server.request(
            "textDocument/hover",
            {"textDocument": {"uri": uri(a)}, "position": {"line": line, "character": 17}},
        )
        assert "At 02:00" in hovered["result"]["contents"]["value"]
        assert server.state.lints.busy and not gate.release.is_set()  # still held
        gate.release.set()
        await server.idle()
        assert "duplicate-job-name" in codes(server.published(uri(b)))
        assert server.state.lints.finished == 1

    asyncio.run(scenario())


def test_a_newer_request_supersedes_the_running_lint(workspace: Path) -> None:
    a = workspace / "cronstable.d" / "a.yaml"
    b = workspace / "cronstable.d" / "b.yaml"
    gate = Gate()

    async def scenario() -> None:
        server = InProcess(now=NOW)
        start(server, workspace)
        assert server.state.session is not None
        server.state.session.hold = gate
        opened(server, a)
        await until(gate.entered)
        # While the first lint (which sees the duplicate `shared`) is held, a.yaml's job is
        # renamed and saved: a second whole lint is asked for.
        renamed = a.read_text().replace("name: shared", "name: other")
        server.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri(a), "version": 2},
                "contentChanges": [{"text": renamed}],
            },
        )
        server.notify("textDocument/didSave", {"textDocument": {"uri": uri(a)}, "text": renamed})
        gate.release.set()
        await server.idle()
        assert gate.calls == 2  # the second ran after the first
        assert server.state.lints is not None and server.state.lints.finished == 1
        # The first lint's duplicate was never published: b.yaml only ever got the second's.
        assert "duplicate-job-name" not in codes(server.published(uri(b)))
        for message in server.out.messages:
            if message.get("method") == "textDocument/publishDiagnostics":
                assert "duplicate-job-name" not in codes(message["params"]["diagnostics"])

    asyncio.run(scenario())


def cross_file(findings: list[Finding]) -> list[tuple[str, int, int]]:
    return sorted((f.code, f.line, f.column) for f in findings if f.code in CROSS_FILE)


def whole_lint_of(workspace: Path, key: str, text: str) -> list[tuple[str, int, int]]:
    """Where a whole lint of the workspace, with `text` saved for `key`, puts them."""
    (workspace / key).write_text(text, encoding="utf-8")
    fresh = Session(load_settings(now=NOW))
    return cross_file(fresh.lint_workspace()[key])


@pytest.mark.parametrize(
    "edit",
    [
        lambda t: "# a comment\n# and another\n" + t,  # lines added above
        lambda t: t.replace("jobs:\n", "jobs:\n\n\n\n", 1),  # blank lines above the jobs
        lambda t: t + "  - name: late\n    command: /bin/late\n    schedule: '0 5 * * *'\n",
        lambda t: t.replace("/bin/b\n", "/bin/b2\n", 1),  # a line edited, no line moved
    ],
    ids=["comments-above", "blank-lines", "job-appended", "command-edited"],
)
def test_carried_findings_are_where_a_whole_lint_puts_them(workspace: Path, edit: object) -> None:
    key = "cronstable.d/b.yaml"
    session = Session(load_settings(now=NOW))
    before = session.open(key, WORKSPACE[key])[key]
    assert "duplicate-job-name" in {f.code for f in before}
    assert callable(edit)
    text = edit(WORKSPACE[key])
    during = session.change(key, text)[key]
    after_save = whole_lint_of(workspace, key, text)
    assert cross_file(during) == after_save
    # Each once: none left behind at its old line.
    assert len(set(cross_file(during))) == len(cross_file(during))


def test_a_carried_finding_on_an_edited_line_is_dropped(workspace: Path) -> None:
    key = "cronstable.d/b.yaml"
    session = Session(load_settings(now=NOW))
    session.open(key, WORKSPACE[key])
    # The duplicate's own line renamed away: it must not linger at that line.
    text = WORKSPACE[key].replace("name: shared", "name: only-here", 1)
    during = session.change(key, text)[key]
    assert "duplicate-job-name" not in {f.code for f in during}
    assert "duplicate-job-name" not in {c for c, _, _ in whole_lint_of(workspace, key, text)}


LINES = st.lists(st.sampled_from(["a", "b", "c", "", "  - name: x"]), max_size=12)
TYPED = st.lists(st.sampled_from(["X", "Y  # new", "  - name: typed"]), min_size=1, max_size=4)


def edit_of(data: st.DataObject, old: list[str], new: list[str]) -> tuple[int, int, str, str]:
    i = data.draw(st.integers(0, len(old)))
    j = data.draw(st.integers(i, len(old)))
    return i, j, "\n".join(old), "\n".join([*old[:i], *new, *old[j:]])


@given(old=LINES, new=LINES, data=st.data())
def test_a_kept_line_holds_its_text_in_order(
    old: list[str], new: list[str], data: st.DataObject
) -> None:
    """Any edit: lines before it keep their number; every line kept holds its text, in order."""
    i, _, before, after = edit_of(data, old, new)
    moved = line_map(before, after)
    old_lines, new_lines = before.split("\n"), after.split("\n")
    kept = [(line, moved(line)) for line in range(1, len(old_lines) + 1)]
    targets = [t for _, t in kept if t is not None]
    assert targets == sorted(set(targets))
    for line, target in kept:
        if old and line <= i:
            assert target == line
        if target is not None:
            assert new_lines[target - 1] == old_lines[line - 1]


@given(old=LINES, new=TYPED, data=st.data())
def test_lines_outside_the_edited_slice_are_kept_exactly(
    old: list[str], new: list[str], data: st.DataObject
) -> None:
    """Old lines [i, j) replaced by typed text (none of it the same as a line around it):
    lines before i stay, lines from j move by the change in length, the slice is dropped."""
    i, j, before, after = edit_of(data, old, new)
    moved = line_map(before, after)
    shift = len(new) - (j - i)
    for line in range(1, len(old) + 1):
        if line <= i:
            assert moved(line) == line
        elif line > j:
            assert moved(line) == line + shift
        else:
            assert moved(line) is None


def test_a_fix_moves_with_its_finding_or_goes() -> None:
    fix = Fix("write 5", (Edit(3, 5, "0", "5"), Edit(1, 1, "x", "y")), True)
    finding = Finding("crowded-minute", "note", "m", SourceLocation("f.yaml", 3, 5), fix=fix)
    old = "x\nb\n0 * * * *\nd\n"
    (moved,) = carried_over([finding], old, "new\n" + old)
    assert moved.line == 4 and moved.fix is not None
    assert [(e.line, e.column) for e in moved.fix.edits] == [(4, 5), (2, 1)]
    # An edit of line 1 (one of the fix's lines) keeps the finding (line 3) without its fix.
    (kept,) = carried_over([finding], old, "X\n" + old[2:])
    assert kept.line == 3 and kept.fix is None
    assert carried_over([finding], old, old.replace("0 *", "5 *")) == []


def test_every_lint_has_its_own_did_you_mean_budget(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long session spends no budget of later lints: the suggestion is in every message."""
    from cronstable_cli import names

    monkeypatch.setattr(names, "SUGGESTION_BUDGET", 200)
    key = "elsewhere/typo.yaml"
    text = "jobs:\n  - name: t\n    comand: x\n    schedule: '0 * * * *'\n"
    session = Session(load_settings(now=NOW))
    messages = []
    for _ in range(30):
        found = session.open(key, text)[key]
        messages.append(next(f.message for f in found if "comand" in f.message))
    assert all("command" in m.replace("comand", "") for m in messages), messages[-1]
    assert len(set(messages)) == 1
