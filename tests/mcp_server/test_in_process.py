"""The server's handlers in this process (the SDK's in-memory client): fix, resources, prompts.

The stdio tests start the server as `python -m cronstable_cli mcp`; these talk to
the same server object without a subprocess, so what they cover is measured.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import anyio
import pytest
from mcp import Client, MCPError

from cronstable_cli.analysis.lint import RULES
from cronstable_cli.cli.in_process import run_command
from cronstable_cli.mcp_server.confine import Root
from cronstable_cli.mcp_server.server import ALL_TOOLS, build_server

from .helpers import FROM, JOBS, cli_json, text_of

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[2]


def in_process(
    root: Path, monkeypatch: pytest.MonkeyPatch, scenario: Callable[[Client], Awaitable[T]]
) -> T:
    monkeypatch.chdir(root)  # what `serve` does first

    async def go() -> T:
        async with Client(build_server(Root.at(str(root)), run_command)) as client:
            with anyio.fail_after(120):
                return await scenario(client)

    return anyio.run(go)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "jobs.yaml").write_text(JOBS, encoding="utf-8")
    return tmp_path


def test_tools_are_listed_with_their_schemas(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario(client: Client) -> Any:
        return await client.list_tools()

    listed = {t.name: t for t in in_process(root, monkeypatch, scenario).tools}
    assert set(listed) == {
        "lint",
        "fix",
        "explain",
        "preview",
        "why",
        "jobs",
        "pressure",
        "suggest",
        "duplicates",
        "owners",
        "calendar",
        "diff",
    }
    for tool in listed.values():
        schema = tool.input_schema
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        assert tool.output_schema is not None and tool.output_schema["required"] == ["version"]
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is (tool.name != "fix")
    assert listed["why"].input_schema["required"] == ["at"]
    assert listed["diff"].input_schema["required"] == ["base"]
    count = listed["preview"].input_schema["properties"]["count"]
    assert (count["type"], count["minimum"], count["maximum"]) == ("integer", 1, 10000)
    assert listed["lint"].input_schema["properties"]["paths"]["items"] == {"type": "string"}


def test_every_tool_answers_in_process(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario(client: Client) -> dict[str, Any]:
        minimal = {
            "explain": {"expression": "0 * * * *"},
            "preview": {"expression": "0 * * * *", "from": FROM},
            "why": {"expression": "0 * * * *", "at": FROM},
            "diff": {"base": "jobs.yaml", "head": "jobs.yaml", "from": FROM},
            "owners": {"paths": ["jobs.yaml"], "nodes": ["a", "b"]},
        }
        return {
            t.name: await client.call_tool(
                t.name, minimal.get(t.name, {"paths": ["jobs.yaml"], "from": FROM})
            )
            for t in ALL_TOOLS
            if t.name not in ("jobs", "duplicates")
        } | {
            "jobs": await client.call_tool("jobs", {"paths": ["jobs.yaml"], "from": FROM}),
            "duplicates": await client.call_tool("duplicates", {"paths": ["jobs.yaml"]}),
        }

    results = in_process(root, monkeypatch, scenario)
    for name, result in results.items():
        assert not result.is_error, (name, text_of(result))
        assert result.structured_content["version"] == 1
    assert results["lint"].structured_content == cli_json(root, "lint", "jobs.yaml", "--from", FROM)
    assert results["lint"].meta is not None
    assert results["lint"].meta["cronstable/exit_code"] == 1


# -- fix ------------------------------------------------------------------------------


def test_fix_shows_the_edits_and_writes_nothing(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario(client: Client) -> Any:
        return await client.call_tool("fix", {"paths": ["jobs.yaml"], "from": FROM})

    result = in_process(root, monkeypatch, scenario)
    assert not result.is_error, text_of(result)
    doc = result.structured_content
    assert (root / "jobs.yaml").read_text(encoding="utf-8") == JOBS
    lint = cli_json(root, "lint", "jobs.yaml", "--from", FROM)
    safe = [f for f in lint["findings"] if f["fix"] is not None and f["fix"]["safe"]]
    assert doc["fixes"] == safe and safe  # H/50 has one value in its field: a safe fix
    (edit,) = safe[0]["fix"]["edits"]
    assert (edit["old"], safe[0]["job"]) == ("H/50", "odd-step")
    assert doc["written"] is False and doc["text"] is None and "lint" not in doc
    assert f'-    schedule: "H/50 * * * *"\n+    schedule: "{edit["new"]} * * * *"' in doc["diff"]


def test_fix_with_write_changes_the_file_as_lint_fix_does(
    root: Path, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    twin = tmp_path_factory.mktemp("twin")
    shutil.copy(root / "jobs.yaml", twin / "jobs.yaml")
    left = cli_json(twin, "lint", "jobs.yaml", "--from", FROM, "--fix")

    async def scenario(client: Client) -> Any:
        return await client.call_tool("fix", {"paths": ["jobs.yaml"], "from": FROM, "write": True})

    result = in_process(root, monkeypatch, scenario)
    assert not result.is_error, text_of(result)
    assert (
        (root / "jobs.yaml").read_text(encoding="utf-8")
        == (twin / "jobs.yaml").read_text(encoding="utf-8")
        != JOBS
    )
    assert result.structured_content["written"] is True
    assert result.structured_content["lint"] == left


def test_fix_of_a_text_returns_the_fixed_text(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "jobs:\n  - name: odd\n    command: x\n    schedule: '* 2 * * *'\n"

    async def scenario(client: Client) -> list[Any]:
        return [
            await client.call_tool(
                "fix", {"text": text, "filename": "new.yaml", "from": FROM, "unsafe": unsafe}
            )
            for unsafe in (False, True)
        ]

    safe, unsafe = in_process(root, monkeypatch, scenario)
    assert safe.structured_content["fixes"] == [] and safe.structured_content["text"] == text
    assert safe.structured_content["diff"] == ""
    fixed = unsafe.structured_content["text"]
    assert fixed != text and "* 2 * * *" not in fixed
    assert [f["code"] for f in unsafe.structured_content["fixes"]] == ["every-minute"]
    assert not (root / "new.yaml").exists()


def test_fix_passes_on_the_commands_errors(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario(client: Client) -> Any:
        return await client.call_tool("fix", {"paths": ["jobs.yaml"], "select": ["nope"]})

    result = in_process(root, monkeypatch, scenario)
    assert result.is_error and "--select: unknown code nope" in text_of(result)


# -- resources and prompts -----------------------------------------------------------


def test_every_rule_is_a_resource(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario(client: Client) -> tuple[Any, Any, list[Any]]:
        listed = await client.list_resources()
        templates = await client.list_resource_templates()
        texts = [await client.read_resource(f"cronstable://rules/{r.code}") for r in RULES]
        return listed, templates, texts

    listed, templates, texts = in_process(root, monkeypatch, scenario)
    uris = {r.uri for r in listed.resources}
    assert {f"cronstable://rules/{r.code}" for r in RULES} <= uris
    assert [t.uri_template for t in templates.resource_templates] == ["cronstable://rules/{code}"]
    for rule, read in zip(RULES, texts, strict=True):
        (content,) = read.contents
        assert content.text.startswith(f"# {rule.code}\n\nLevel: **{rule.level}**.")
        assert rule.doc.strip() in content.text
        assert content.mime_type == "text/markdown"


def test_the_docs_and_the_schema_are_resources(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario(client: Client) -> list[str]:
        uris = ("dialect", "time-model")
        docs = [await client.read_resource(f"cronstable://docs/{u}") for u in uris]
        schema = await client.read_resource("cronstable://schema/job-file")
        return [r.contents[0].text for r in (*docs, schema)]

    dialect, time_model, schema = in_process(root, monkeypatch, scenario)
    assert dialect == (ROOT / "docs" / "dialect.md").read_text(encoding="utf-8")
    assert time_model == (ROOT / "docs" / "time-model.md").read_text(encoding="utf-8")
    published = ROOT / "docs" / "schema" / "cronstable.schema.json"
    assert json.loads(schema) == json.loads(published.read_text(encoding="utf-8"))


def test_the_shipped_doc_copies_equal_docs() -> None:
    # An installed wheel has no docs/: the server reads its copies (`make docs` makes them).
    shipped = ROOT / "cronstable_cli" / "mcp_server" / "docs"
    for name in ("dialect.md", "time-model.md"):
        assert (shipped / name).read_bytes() == (ROOT / "docs" / name).read_bytes(), name


def test_unknown_resources_are_protocol_errors(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario(client: Client) -> list[str]:
        said = []
        for uri in ("cronstable://rules/uneven-stp", "cronstable://nothing", "file:///etc/passwd"):
            try:
                await client.read_resource(uri)
            except MCPError as err:
                said.append(err.error.message)
        said.append(text_of(await client.call_tool("lint", {"paths": ["jobs.yaml"]})))
        return said

    rule, nothing, passwd, after = in_process(root, monkeypatch, scenario)
    assert "no lint rule 'uneven-stp'; did you mean 'uneven-step'?" in rule
    assert "no resource 'cronstable://nothing'" in nothing
    assert "no resource 'file:///etc/passwd'" in passwd
    assert '"version": 1' in after


def test_the_prompts(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario(client: Client) -> tuple[Any, Any, Any, list[str]]:
        listed = await client.list_prompts()
        review = await client.get_prompt("review-job-file", {"path": "jobs.yaml"})
        place = await client.get_prompt("place-new-job", {"name": "nightly-export"})
        errors = []
        for name, args in (
            ("review-job-file", {}),
            ("place-new-job", {"name": "x", "colour": "red"}),
            ("no-such-prompt", {}),
        ):
            try:
                await client.get_prompt(name, args)
            except MCPError as err:
                errors.append(err.error.message)
        return listed, review, place, errors

    listed, review, place, errors = in_process(root, monkeypatch, scenario)
    assert [p.name for p in listed.prompts] == ["review-job-file", "place-new-job"]
    text = review.messages[0].content.text
    assert "'jobs.yaml'" in text and "`lint`" in text and "`fix`" in text
    text = place.messages[0].content.text
    assert "'nightly-export'" in text and "`suggest`" in text and "'daily'" in text
    assert errors == [
        "prompt 'review-job-file' needs the argument 'path'",
        "prompt 'place-new-job' takes no argument 'colour' (it takes description, name, "
        "paths, period)",
        "no prompt 'no-such-prompt'",
    ]


def test_a_text_with_a_lone_surrogate_is_an_unreadable_file(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "jobs:\n  - name: a\ud800\n    command: x\n    schedule: '0 * * * *'\n"

    async def scenario(client: Client) -> Any:
        return await client.call_tool("lint", {"text": text, "filename": "s.yaml"})

    result = in_process(root, monkeypatch, scenario)
    assert not result.is_error, text_of(result)
    (finding,) = result.structured_content["findings"]
    assert finding["code"] == "unreadable-file" and "not valid UTF-8" in finding["message"]
