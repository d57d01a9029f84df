"""The MCP tools: one row per command, from a tool's arguments to the command's options.

Each `Tool` names the CLI command it runs and the arguments it takes; the
published input schema, the argument checks and the command line are all
derived from that row, and the answer is the command's own `--format json`
document (runner.py). A command added to the CLI becomes a tool by one more
entry in `TOOLS`.

The checks here are about shape only (an unknown argument, a list where text
belongs, a path outside the root); what a value means (a zone, an instant, a
range) is checked by the command, so a bad value gets the CLI's own message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ..names import did_you_mean
from ..safe_text import shown
from .confine import Root

Kind = Literal["string", "strings", "integer", "number", "boolean", "path", "paths", "jitter"]

_JSON_TYPES: dict[str, object] = {
    "string": "string",
    "path": "string",
    "integer": "integer",
    "number": "number",
    "boolean": "boolean",
    "strings": "array",
    "paths": "array",
    "jitter": ["string", "integer"],
}


class ArgumentError(ValueError):
    """A tool call whose arguments do not fit the tool (the message says which and why)."""


@dataclass(frozen=True)
class Arg:
    """One argument of a tool and the command option it becomes.

    `option` None: the tool places the value itself (a positional, stdin).
    `choices`, `minimum` and `maximum` are published in the schema; the command
    enforces them, with its own message.
    """

    name: str
    kind: Kind
    help: str
    option: str | None = None
    required: bool = False
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": _JSON_TYPES[self.kind], "description": self.help}
        if self.kind in ("strings", "paths"):
            out["items"] = {"type": "string"}
        if self.choices:
            out["enum"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


Positionals = Callable[[Mapping[str, Any], Root], list[str]]


@dataclass(frozen=True)
class Tool:
    """A tool: the command it runs, what it says it does, its arguments."""

    name: str
    command: str
    description: str
    args: tuple[Arg, ...]
    positionals: Positionals
    # For the lint tools: the document's text arrives as standard input.
    stdin_arg: str | None = None
    # It reads job files and can take a while: progress is reported (0 at the start,
    # the analysis's own steps where it has them, 100 at the end).
    long: bool = False
    extra: tuple[str, ...] = field(default=())  # fixed options (always passed)

    def input_schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {a.name: a.schema() for a in self.args},
            "required": [a.name for a in self.args if a.required],
            "additionalProperties": False,
        }

    def checked(self, arguments: Mapping[str, Any] | None) -> dict[str, Any]:
        """The arguments, checked for shape (ArgumentError names the first that is wrong)."""
        given = dict(arguments or {})
        known = {a.name: a for a in self.args}
        for name in given:
            if name not in known:
                hint = did_you_mean(name, sorted(known))
                raise ArgumentError(
                    f"{self.name}: unknown argument {shown(repr(name))}{shown(hint)} "
                    f"(it takes {', '.join(sorted(known))})"
                )
        for arg in self.args:
            value = given.get(arg.name)
            if value is None:
                if arg.required:
                    raise ArgumentError(f"{self.name}: argument {arg.name!r} is required")
                given.pop(arg.name, None)
                continue
            given[arg.name] = _shaped(self.name, arg, value)
        return given

    def argv(self, arguments: Mapping[str, Any], root: Root) -> list[str]:
        """The command line for checked arguments: options first, then `--` and the rest."""
        line = [self.command]
        for arg in self.args:
            if arg.option is None or arg.name not in arguments:
                continue
            value = arguments[arg.name]
            if arg.kind == "boolean":
                if value:
                    line.append(arg.option)
            elif arg.kind in ("strings", "paths"):
                for item in value:
                    item = root.admit(item, arg.name) if arg.kind == "paths" else item
                    line.append(f"{arg.option}={item}")
            else:
                if arg.kind == "path":
                    value = root.admit(value, arg.name)
                line.append(f"{arg.option}={value}")
        line += [*self.extra, "--format", "json", "--isolated"]
        # After `--` nothing is an option: an expression or a path that starts with `-`
        # is read as what it is.
        return [*line, "--", *self.positionals(arguments, root)]

    def stdin(self, arguments: Mapping[str, Any]) -> bytes:
        if self.stdin_arg is None or self.stdin_arg not in arguments:
            return b""
        text: str = arguments[self.stdin_arg]
        # A lone surrogate stays what it is: bytes that are not UTF-8, which lint
        # reports as it would for such a file.
        return text.encode("utf-8", "surrogatepass")


def _shaped(tool: str, arg: Arg, value: object) -> object:
    """The value as the kind wants it, or ArgumentError."""
    where = f"{tool}: argument {arg.name!r}"
    if arg.kind in ("string", "path"):
        if not isinstance(value, str):
            raise ArgumentError(f"{where} must be a string")
        return value
    if arg.kind == "jitter":
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise ArgumentError(f"{where} must be 'auto' or a number of seconds")
        return str(value)
    if arg.kind == "integer":
        if isinstance(value, bool) or not isinstance(value, int):
            raise ArgumentError(f"{where} must be an integer")
        return value
    if arg.kind == "number":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ArgumentError(f"{where} must be a number")
        return value
    if arg.kind == "boolean":
        if not isinstance(value, bool):
            raise ArgumentError(f"{where} must be true or false")
        return value
    if isinstance(value, str):  # one path or code where a list belongs: take it as one
        return [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ArgumentError(f"{where} must be a list of strings")
    return list(value)


# -- positionals --------------------------------------------------------------


def _paths(arguments: Mapping[str, Any], root: Root) -> list[str]:
    paths = list(arguments.get("paths", ()))
    if "-" in paths:
        raise ArgumentError("paths: '-' (standard input) is not a file here; pass the text as text")
    return [root.admit(p, "path") for p in paths]


def _lint_inputs(arguments: Mapping[str, Any], root: Root) -> list[str]:
    paths = _paths(arguments, root)
    if "text" in arguments:
        return [*paths, "-"]
    if "filename" in arguments:
        raise ArgumentError("filename: only with text (the name the text is reported under)")
    return paths


def _schedule(arguments: Mapping[str, Any], root: Root) -> list[str]:
    if "job" in arguments:
        if "expression" in arguments:
            raise ArgumentError("pass either expression or job (with paths), not both")
        return _paths(arguments, root)
    if "paths" in arguments:
        raise ArgumentError("paths: only with job (expression is a schedule, not a file)")
    return [arguments["expression"]] if "expression" in arguments else []


def _revisions(arguments: Mapping[str, Any], root: Root) -> list[str]:
    # A side is a git revision or a path; a path is held to the root like any other
    # (a revision name stays what it is: it names no file outside the tree).
    sides = [root.admit(arguments[k], k) for k in ("base", "head") if k in arguments]
    return [*sides, *_paths(arguments, root)]


# -- the arguments the tools share ------------------------------------------------

PATHS = Arg(
    "paths",
    "paths",
    "Job files or directories, relative to the server's root (default: "
    "cronstable.yaml or cronstable.d there).",
)
FROM = Arg("from", "string", "Start instant: ISO-8601 or 'now' (default: now).", "--from")
TZ = Arg("tz", "string", "Display zone: an IANA name, UTC or local (default UTC).", "--tz")
JITTER = Arg("jitter", "jitter", "Deterministic jitter: 'auto' or 0-900 seconds.", "--jitter")
HOURS = Arg("hours", "integer", "Length of the window in hours.", "--hours", minimum=1, maximum=168)
NODES = Arg("nodes", "strings", "The configured nodes (default: the cluster section).", "--nodes")
HASH = Arg("hash", "string", "Owner score function.", "--hash", choices=("sha256", "fnv1a64"))
DISTRIBUTION = Arg(
    "distribution",
    "string",
    "Compare as if electLeader were on with this distribution.",
    "--distribution",
    choices=("single-leader", "spread"),
)
FAIL_ON = Arg(
    "fail_on",
    "string",
    "The level that counts as failing (the document is returned either way).",
    "--fail-on",
    choices=("error", "warning", "note", "never"),
)
WEEK = 7 * 86400  # the longest run length the commands take, in seconds
RUNTIME_DEFAULT = Arg(
    "runtime_default",
    "number",
    "Run length in seconds of a job with neither sla.maxRuntimeSeconds nor executionTimeout.",
    "--runtime-default",
    minimum=0,
    maximum=WEEK,
)
DURATIONS = Arg(
    "durations",
    "path",
    "Per-job run lengths, relative to the root: a JSON object of job name -> seconds, "
    "or a saved response of the daemon's GET /jobs. Wins over the job's own keys.",
    "--durations",
)
MAX_PER_MINUTE = Arg(
    "max_per_minute",
    "integer",
    "Report minutes of the hour where more than N jobs fire.",
    "--max-per-minute",
    minimum=1,
)

LINT_INPUTS = (
    PATHS,
    Arg(
        "text",
        "string",
        "A job file's text to check instead of (or beside) files on disk, e.g. an unsaved buffer.",
    ),
    Arg(
        "filename",
        "path",
        "With text: the name it is checked under, relative to the root (its suffix "
        "decides YAML or crontab).",
        "--stdin-filename",
    ),
    Arg("select", "strings", "Report only these rule codes.", "--select"),
    Arg("ignore", "strings", "Never report these rule codes.", "--ignore"),
    Arg(
        "system_crontab",
        "boolean",
        "Read crontabs with a user column (/etc/crontab, cron.d).",
        "--system-crontab",
    ),
    Arg("from", "string", "Today, for never-fires and the DST window (default: now).", "--from"),
)

TARGET = (
    Arg("expression", "string", "A schedule, e.g. 'H/15 9-17 * * mon-fri'."),
    Arg("job", "string", "Use this job's schedule, zone and name instead (from paths).", "--job"),
    Arg(
        "paths",
        "paths",
        "With job: the job files or directories to find it in, relative to the root.",
    ),
    Arg("seed", "string", "Hash key (a job name) for H items in a bare expression.", "--seed"),
    Arg("tz", "string", "Zone of a bare expression (default UTC).", "--tz"),
)


TOOLS: tuple[Tool, ...] = (
    Tool(
        "lint",
        "lint",
        "Check job files (or a file's text) for schedule problems, as `cronstable lint "
        "--format json`: every finding with its file, line, column and the fix it "
        "proposes as edits; whether the daemon would load the file.",
        (
            *LINT_INPUTS,
            FAIL_ON,
            MAX_PER_MINUTE,
            Arg(
                "baseline", "path", "Report only findings not in this baseline file.", "--baseline"
            ),
        ),
        _lint_inputs,
        stdin_arg="text",
        long=True,
    ),
    Tool(
        "explain",
        "explain",
        "Describe a schedule (or a job's) field by field, as `cronstable explain "
        "--format json`: resolved H items, words per field, lint notes.",
        TARGET,
        _schedule,
    ),
    Tool(
        "preview",
        "preview",
        "The next fires of a schedule (or a job), in its zone, as `cronstable preview "
        "--format json`.",
        (
            *TARGET,
            FROM,
            Arg("count", "integer", "How many fires.", "--count", minimum=1, maximum=10000),
            JITTER,
        ),
        _schedule,
    ),
    Tool(
        "why",
        "why",
        "Whether and why a schedule (or a job) fired at an instant, field by field, "
        "with the day-field AND rule and DST effects, as `cronstable why --format json`.",
        (*TARGET, Arg("at", "string", "The instant: ISO-8601 or 'now'.", "--at", required=True)),
        _schedule,
    ),
    Tool(
        "jobs",
        "jobs",
        "Every job exactly as the daemon would load it, in load order, with its next "
        "fire, as `cronstable jobs --format json`.",
        (
            PATHS,
            FROM,
            TZ,
            Arg("enabled", "boolean", "Only enabled jobs.", "--enabled"),
            Arg("zone", "string", "Only jobs whose resolved zone is this.", "--zone"),
            Arg(
                "grep", "string", "Only jobs whose name, schedule or command holds this.", "--grep"
            ),
        ),
        _paths,
        long=True,
    ),
    Tool(
        "pressure",
        "pressure",
        "Fires per minute and hour across the fleet, the busiest minute and cells, "
        "as `cronstable pressure --format json`.",
        (
            PATHS,
            HOURS,
            FROM,
            TZ,
            JITTER,
            Arg(
                "runtime",
                "boolean",
                "Also count the runs in flight per minute, from each job's run length "
                "(durations, else sla.maxRuntimeSeconds, else executionTimeout, else "
                "runtime_default); runtime_default and durations imply it.",
                "--runtime",
            ),
            RUNTIME_DEFAULT,
            DURATIONS,
        ),
        _paths,
        long=True,
    ),
    Tool(
        "suggest",
        "suggest",
        "The least-loaded slot for a new job (and the H form), as `cronstable suggest "
        "--format json`.",
        (
            PATHS,
            Arg("period", "string", "hourly or daily.", "--period", choices=("hourly", "daily")),
            FROM,
            Arg("tz", "string", "Zone of the suggested slot (default UTC).", "--tz"),
            Arg(
                "job", "string", "Re-place this existing job (its own fires not counted).", "--job"
            ),
            Arg(
                "runtime",
                "number",
                "The new job's run length in seconds: place it where its runs meet the "
                "fewest runs in flight (runtime_default and durations need it).",
                "--runtime",
                minimum=0,
                maximum=WEEK,
            ),
            RUNTIME_DEFAULT,
            DURATIONS,
        ),
        _paths,
        long=True,
    ),
    Tool(
        "duplicates",
        "duplicates",
        "Groups of jobs whose schedules fire at exactly the same times in the same "
        "zone, as `cronstable duplicates --format json`.",
        (PATHS,),
        _paths,
        long=True,
    ),
    Tool(
        "owners",
        "owners",
        "Which replica runs each job under the cluster's policy, and what nodes going "
        "down would move, as `cronstable owners --format json`.",
        (
            PATHS,
            NODES,
            Arg("down", "strings", "Nodes to mark down.", "--down"),
            HASH,
            DISTRIBUTION,
        ),
        _paths,
        long=True,
    ),
    Tool(
        "calendar",
        "calendar",
        "The fleet's coming days: fires per day and hour, the agenda and the background "
        "jobs, as `cronstable calendar --format json`.",
        (
            PATHS,
            FROM,
            Arg(
                "days", "integer", "Length of the window in days.", "--days", minimum=1, maximum=60
            ),
            TZ,
            Arg("job", "string", "Only the job called this.", "--job"),
            Arg("grep", "string", "Only jobs whose name or schedule holds this.", "--grep"),
        ),
        _paths,
        long=True,
    ),
    Tool(
        "diff",
        "diff",
        "What a change to job files does, job by job and to the fleet: BASE and HEAD "
        "are git revisions (HEAD default: the working tree) or two paths, as "
        "`cronstable diff --format json`.",
        (
            Arg("base", "path", "A git revision, or the old file or directory.", required=True),
            Arg("head", "path", "A git revision, or the new file or directory."),
            Arg("paths", "paths", "With revisions: limit the comparison to these paths."),
            FROM,
            Arg("hours", "integer", "Pressure window in hours.", "--hours", minimum=1, maximum=168),
            TZ,
            JITTER,
            MAX_PER_MINUTE,
            NODES,
            HASH,
            DISTRIBUTION,
            FAIL_ON,
        ),
        _revisions,
        long=True,
    ),
)

BY_NAME: dict[str, Tool] = {tool.name: tool for tool in TOOLS}


def lint_tool() -> Tool:
    """The lint row, whose inputs the fix tool shares."""
    return BY_NAME["lint"]


def names() -> Sequence[str]:
    return [tool.name for tool in TOOLS]
