"""`cronstable mcp`: the tools, resources and prompts served over stdio with the MCP SDK.

The only module that imports the SDK. Each request handler is thin: a tool call
is checked and answered by tools.py / fix_tool.py (a run of the CLI command in
a worker thread, so the server keeps reading requests and sending progress
meanwhile); any failure becomes a tool error or a protocol error, never the end
of the server.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import threading
import time
import traceback
from contextlib import suppress
from functools import partial
from typing import Any

import anyio
import anyio.from_thread
import anyio.to_thread
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError

from .. import __version__
from . import prompts as prompt_table
from . import resources as resource_table
from .answers import Answer, answer_of
from .confine import Refused, Root
from .fix_tool import FIX, run_fix
from .runner import Outcome, RunCommand
from .tools import TOOLS, ArgumentError, Tool

ALL_TOOLS: tuple[Tool, ...] = (*TOOLS, FIX)
_BY_NAME = {tool.name: tool for tool in ALL_TOOLS}
# A tool result is always a command's JSON document: `version` first, more keys after.
OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"version": {"type": "integer", "const": 1}},
    "required": ["version"],
}
WRITES = frozenset({"fix"})
PROGRESS_EVERY = 0.2  # seconds between two progress notifications of one call

INSTRUCTIONS = (
    "cronstable answers questions about cron job files (the cronstable daemon's YAML "
    "configs and crontabs) from the files themselves, no daemon needed. Paths are "
    "relative to the server's root; nothing outside it is read or written. Each tool "
    "returns the JSON document of the matching `cronstable <command> --format json`."
)


def scrub_environment() -> None:
    """Leave the process only what running git needs: no variable reaches an answer.

    Job files may write `${VAR}`; the loader expands them from the environment as
    the daemon would on its host. Here the environment is the agent's, so it is
    emptied (a `${VAR}` without a default becomes the env-reference note), and
    variables such as GIT_DIR cannot point a diff at another repository.
    """
    git = shutil.which("git")
    search = [os.path.dirname(git)] if git else []
    search += [d for d in os.defpath.split(os.pathsep) if d]
    keep = {"PATH": os.pathsep.join(dict.fromkeys(search))}
    if "SYSTEMROOT" in os.environ:  # Windows cannot start processes without it
        keep["SYSTEMROOT"] = os.environ["SYSTEMROOT"]
    os.environ.clear()
    os.environ.update(keep)


class _Progress:
    """Progress notifications for one call: percent done, always increasing, throttled."""

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx
        self.last = -1
        self.sent_at = 0.0
        self.lock = threading.Lock()

    async def send(self, percent: int, message: str) -> None:
        if percent <= self.last:
            return
        self.last = percent
        with suppress(Exception):
            await self.ctx.session.report_progress(percent, 100, message)

    def from_worker(self, label: str, done: int, total: int) -> None:
        """The CLI's progress callback (called in the worker thread)."""
        percent = 100 * done // total if total else 100
        now = time.monotonic()
        with self.lock:
            if percent >= 100 or now - self.sent_at < PROGRESS_EVERY:
                return
            self.sent_at = now
        anyio.from_thread.run(self.send, min(percent, 99), label)


def _text(text: str) -> types.TextContent:
    return types.TextContent(type="text", text=text)


def _error(message: str) -> types.CallToolResult:
    return types.CallToolResult(content=[_text(message)], is_error=True)


def _answer(
    tool: Tool,
    arguments: dict[str, Any] | None,
    root: Root,
    progress: _Progress,
    run_command: RunCommand,
) -> Answer:
    """One tool call, start to end (in a worker thread)."""

    def run(argv: list[str], stdin: bytes) -> Outcome:
        return run_command(argv, guard=root.guard, stdin=stdin, progress=progress.from_worker)

    try:
        checked = tool.checked(arguments)
        if tool is FIX:
            return run_fix(checked, root, run)
        return answer_of(run(tool.argv(checked, root), tool.stdin(checked)))
    except (ArgumentError, Refused) as err:
        return Answer(error=str(err))


def _result(answer: Answer) -> types.CallToolResult:
    content: list[types.ContentBlock] = []
    if answer.error:
        content.append(_text(answer.error))
    if answer.document is not None:
        text = answer.text or json.dumps(answer.document, ensure_ascii=False, indent=2) + "\n"
        content.append(_text(text))
    if answer.notes:
        content.append(_text("\n".join(answer.notes)))
    return types.CallToolResult(
        content=content,
        structured_content=answer.document,
        is_error=bool(answer.error),
        _meta={"cronstable/exit_code": answer.exit_code},
    )


def _tool_entry(tool: Tool) -> types.Tool:
    writes = tool.name in WRITES
    return types.Tool(
        name=tool.name,
        title=f"cronstable {tool.name}",
        description=tool.description,
        input_schema=tool.input_schema(),
        output_schema=OUTPUT_SCHEMA,
        annotations=types.ToolAnnotations(
            read_only_hint=not writes,
            destructive_hint=False,
            idempotent_hint=True,
            open_world_hint=False,
        ),
    )


def build_server(root: Root, run_command: RunCommand) -> Server[Any]:
    """The server object with every handler (no I/O until it runs); each tool runs
    its CLI command through `run_command` (`cli.in_process.run_command`)."""

    async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[_tool_entry(t) for t in ALL_TOOLS])

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        tool = _BY_NAME.get(params.name)
        if tool is None:
            from ..names import did_you_mean
            from ..safe_text import shown

            hint = shown(did_you_mean(params.name, sorted(_BY_NAME)))
            return _error(
                f"no tool {shown(repr(params.name))}{hint} (tools: {', '.join(_BY_NAME)})"
            )
        progress = _Progress(ctx)
        if tool.long:
            await progress.send(0, f"cronstable {tool.name}")
        try:
            answer = await anyio.to_thread.run_sync(
                partial(_answer, tool, params.arguments, root, progress, run_command)
            )
        except Exception:  # a bug: say so, keep serving
            traceback.print_exc(file=sys.stderr)
            return _error(f"cronstable {tool.name} failed unexpectedly (a bug; details on stderr)")
        if tool.long:
            await progress.send(100, "done")
        return _result(answer)

    async def list_resources(ctx: Any, params: Any) -> types.ListResourcesResult:
        listed = [*resource_table.DOCUMENTS, *resource_table.rule_documents()]
        return types.ListResourcesResult(
            resources=[
                types.Resource(
                    uri=d.uri, name=d.name, description=d.description, mime_type=d.mime_type
                )
                for d in listed
            ]
        )

    async def list_templates(ctx: Any, params: Any) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(
            resource_templates=[
                types.ResourceTemplate(
                    uri_template=resource_table.RULE_TEMPLATE,
                    name="rule",
                    description="A lint rule's documentation, by its code.",
                    mime_type=resource_table.MARKDOWN,
                )
            ]
        )

    async def read_resource(
        ctx: Any, params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        try:
            document = resource_table.read(str(params.uri))
        except resource_table.UnknownResource as err:
            raise MCPError(types.INVALID_PARAMS, str(err)) from None
        return types.ReadResourceResult(
            contents=[
                types.TextResourceContents(
                    uri=document.uri, mime_type=document.mime_type, text=document.text()
                )
            ]
        )

    async def list_prompts(ctx: Any, params: Any) -> types.ListPromptsResult:
        return types.ListPromptsResult(
            prompts=[
                types.Prompt(
                    name=p.name,
                    description=p.description,
                    arguments=[
                        types.PromptArgument(name=n, description=d, required=r)
                        for n, d, r in p.arguments
                    ],
                )
                for p in prompt_table.PROMPTS
            ]
        )

    async def get_prompt(ctx: Any, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        try:
            prompt, text = prompt_table.render(params.name, params.arguments)
        except prompt_table.PromptError as err:
            raise MCPError(types.INVALID_PARAMS, str(err)) from None
        return types.GetPromptResult(
            description=prompt.description,
            messages=[types.PromptMessage(role="user", content=_text(text))],
        )

    return Server(
        "cronstable",
        version=__version__,
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=list_resources,
        on_list_resource_templates=list_templates,
        on_read_resource=read_resource,
        on_list_prompts=list_prompts,
        on_get_prompt=get_prompt,
    )


async def _serve(root: Root, run_command: RunCommand) -> None:
    server = build_server(root, run_command)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def serve(root: Root, run_command: RunCommand) -> None:
    """Answer for `root` over stdin/stdout until the client closes the connection."""
    os.chdir(root.path)
    scrub_environment()
    anyio.run(_serve, root, run_command)
