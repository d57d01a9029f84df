"""The daemon's job schema, checked one job at a time on the parsed tree.

Validation mirrors strictyaml's (every scalar is text, booleans are
yes/true/on/1/y and no/false/off/0/n) but never stops at the first problem:
each job is checked on its own, and a job with an unknown key is still built
so the rest of lint can look at it.
"""

from __future__ import annotations

from collections.abc import Sequence as Seq
from dataclasses import dataclass

from ..records import Job, SourceLocation
from . import problems as codes
from .problems import Problems
from .suppress import suppressed_codes
from .yaml_nodes import Mapping, Node, Scalar, Sequence, kind_of, problem_at
from .zones import is_known_zone, unknown_zone_message

INTERPRETED_KEYS = ("name", "command", "schedule", "utc", "timezone", "enabled")
# Keys of the daemon's job schema that the toolkit accepts without reading them.
PASSTHROUGH_KEYS = (
    "shell", "concurrencyPolicy", "concurrencyScope", "clusterPolicy", "onMissed",
    "startingDeadlineSeconds", "catchupJitterSeconds", "onlyIfLastSucceeded",
    "archiveOutput", "redactArchivedSecrets", "monitorResources", "captureStderr",
    "captureStdout", "saveLimit", "maxLineLength", "failsWhen", "onFailure",
    "onPermanentFailure", "onSuccess", "sla", "onLate", "environment", "secrets",
    "stateAllowedScopes", "env_file", "workingDirectory", "executionTimeout",
    "killTimeout", "priority", "statsd", "user", "group", "streamPrefix",
)  # fmt: skip
JOB_KEYS = INTERPRETED_KEYS + PASSTHROUGH_KEYS
REQUIRED_KEYS = ("name", "command", "schedule")
DEFAULTS_KEYS = tuple(k for k in JOB_KEYS if k not in REQUIRED_KEYS)
SCHEDULE_KEYS = ("second", "minute", "hour", "dayOfMonth", "month", "year", "dayOfWeek")

TRUE_VALUES = frozenset({"yes", "true", "on", "1", "y"})
FALSE_VALUES = frozenset({"no", "false", "off", "0", "n"})

Entries = dict[str, tuple[Scalar, Node]]


def did_you_mean(word: str, choices: Seq[str]) -> str:
    """The hint `; did you mean 'x'?` when a choice is close to `word`, else ''."""
    lowered = {c.lower(): c for c in choices}
    folded = word.lower().replace("-", "").replace("_", "")
    for key, choice in lowered.items():
        if key.replace("_", "") == folded:
            return f"; did you mean {choice!r}?"
    from difflib import get_close_matches  # only when a name is unknown

    close = get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return f"; did you mean {lowered[close[0]]!r}?" if close else ""


def read_bool(entry: tuple[Scalar, Node], out: Problems, job: str | None) -> bool | None:
    """A strictyaml boolean, or None (reported) when the value is not one."""
    key, value = entry
    if isinstance(value, Scalar):
        word = value.value.lower()
        if word in TRUE_VALUES:
            return True
        if word in FALSE_VALUES:
            return False
        found = repr(value.value)
    else:
        found = kind_of(value)
    out.add(
        codes.INVALID_CONFIG,
        f"'{key.value}' must be a boolean (true/false, yes/no, on/off, 1/0, y/n); found {found}",
        *problem_at(key, value),
        job=job,
    )
    return None


def read_zone(entry: tuple[Scalar, Node], where: str, out: Problems, job: str | None) -> str | None:
    """A zone name (reported when unknown, but still returned as written)."""
    key, value = entry
    if not isinstance(value, Scalar):
        out.add(
            codes.INVALID_CONFIG,
            f"'timezone' must be a string (an IANA name); found {kind_of(value)}",
            *problem_at(key, value),
            job=job,
        )
        return None
    if not is_known_zone(value.value):
        message = unknown_zone_message(value.value, where)
        out.add(codes.UNKNOWN_TIMEZONE, message, value.line, value.col, job=job)
    return value.value


def read_defaults(block: Scalar, node: Node, out: Problems) -> Entries:
    """The file's `defaults` block: known keys with their values (checked once, here)."""
    if not isinstance(node, Mapping):
        out.add(
            codes.INVALID_CONFIG,
            f"'defaults' must be a mapping of job keys; found {kind_of(node)}",
            *problem_at(block, node),
        )
        return {}
    entries: Entries = {}
    for key, value in node.entries:
        name = key.value
        if name in REQUIRED_KEYS:
            out.add(
                codes.INVALID_CONFIG,
                f"'{name}' cannot be set in defaults; it belongs to each job",
                key.line,
                key.col,
            )
            continue
        if name not in DEFAULTS_KEYS:
            hint = did_you_mean(name, DEFAULTS_KEYS)
            out.add(
                codes.UNKNOWN_KEY,
                f"unknown key {name!r} in defaults (the daemon's strict schema refuses "
                f"the whole file){hint}",
                key.line,
                key.col,
            )
            continue
        if name in ("utc", "enabled"):
            read_bool((key, value), out, None)
        elif name == "timezone":
            read_zone((key, value), "defaults", out, None)
        entries[name] = (key, value)
    return entries


@dataclass(slots=True)
class Draft:
    """A job read from its own keys; `finish` applies the file's defaults."""

    name: str
    schedule: str
    location: SourceLocation
    schedule_location: SourceLocation
    command: str
    suppressed: frozenset[str] | None
    keys: tuple[str, ...]
    utc: bool | None  # None: not set by the job (or invalid, reported)
    timezone: str | None
    has_timezone: bool
    enabled: bool | None
    cluster_policy: str | None = None  # None: not set by the job


@dataclass(frozen=True, slots=True)
class Frame:
    """utc, timezone and enabled as the file's defaults set them (None = unset)."""

    utc: bool | None = None
    timezone: str | None = None
    enabled: bool | None = None
    cluster_policy: str | None = None


def defaults_frame(defaults: Entries) -> Frame:
    """The interpreted defaults (their problems were reported by read_defaults)."""
    quiet = Problems("")
    flags = {
        name: read_bool(defaults[name], quiet, None) if name in defaults else None
        for name in ("utc", "enabled")
    }
    timezone = None
    if "timezone" in defaults and isinstance(defaults["timezone"][1], Scalar):
        timezone = defaults["timezone"][1].value
    return Frame(flags["utc"], timezone, flags["enabled"], cluster_policy(defaults))


_POLICIES = ("Leader", "PreferLeader", "EveryNode")


def cluster_policy(entries: Entries) -> str | None:
    """The clusterPolicy these keys set, if they set a valid one."""
    entry = entries.get("clusterPolicy")
    if entry is None or not isinstance(entry[1], Scalar):
        return None
    value = entry[1].value
    return value if value in _POLICIES else None


def finish(draft: Draft, frame: Frame) -> Job:
    """The Job as the daemon loads it: the job's keys win over the defaults."""
    utc = draft.utc if draft.utc is not None else frame.utc
    enabled = draft.enabled if draft.enabled is not None else frame.enabled
    return Job(
        name=draft.name,
        schedule=draft.schedule,
        location=draft.location,
        schedule_location=draft.schedule_location,
        command=draft.command,
        timezone=draft.timezone if draft.has_timezone else frame.timezone,
        utc=True if utc is None else utc,
        enabled=True if enabled is None else enabled,
        kind="yaml",
        suppressed=draft.suppressed,
        keys=draft.keys,
        cluster_policy=draft.cluster_policy or frame.cluster_policy or "Leader",
    )


class JobBuilder:
    """Reads job mappings of one file into Drafts, reporting into `out`."""

    def __init__(self, out: Problems, lines: Seq[str]) -> None:
        self.out = out
        self.lines = lines

    def build(self, node: Node) -> Draft | None:
        out = self.out
        if not isinstance(node, Mapping):
            out.add(
                codes.INVALID_CONFIG,
                "expected a job (a mapping with name, command and schedule); "
                f"found {kind_of(node)}",
                node.line,
                node.col,
            )
            return None
        own: Entries = {}
        for key, value in node.entries:
            own[key.value] = (key, value)
        name = self._name(own)
        missing = [k for k in REQUIRED_KEYS if k not in own]
        if missing:
            listed = ", ".join(repr(k) for k in missing)
            label = f"job {name!r}" if name else "job"
            out.add(
                codes.INVALID_CONFIG,
                f"{label} is missing required key(s) {listed} "
                "(every job needs name, command and schedule)",
                node.line,
                node.col,
                job=name,
            )
        for key, _value in node.entries:
            if key.value not in JOB_KEYS:
                out.add(
                    codes.UNKNOWN_KEY,
                    f"unknown job key {key.value!r} (the daemon's strict schema refuses the "
                    f"whole file){did_you_mean(key.value, JOB_KEYS)}",
                    key.line,
                    key.col,
                    job=name,
                )
        command = self._command(own.get("command"), name)
        schedule = self._schedule(own.get("schedule"), name)
        utc = read_bool(own["utc"], out, name) if "utc" in own else None
        enabled = read_bool(own["enabled"], out, name) if "enabled" in own else None
        timezone = None
        if "timezone" in own:
            where = f"job {name!r}" if name else "a job"
            timezone = read_zone(own["timezone"], where, out, name)
        if not name or schedule is None:
            return None
        text, schedule_at, schedule_lines = schedule
        return Draft(
            name=name,
            schedule=text,
            location=SourceLocation(out.file, node.line, node.col),
            schedule_location=schedule_at,
            command=command,
            suppressed=suppressed_codes(self.lines, node.line, schedule_lines),
            keys=tuple(own),
            utc=utc,
            timezone=timezone,
            has_timezone="timezone" in own,
            enabled=enabled,
            cluster_policy=cluster_policy(own),
        )

    # -- the interpreted keys -------------------------------------------------

    def _name(self, own: Entries) -> str | None:
        entry = own.get("name")
        if entry is None:
            return None
        key, value = entry
        if not isinstance(value, Scalar):
            self.out.add(
                codes.INVALID_CONFIG,
                f"'name' must be a string; found {kind_of(value)}",
                *problem_at(key, value),
            )
            return None
        if not value.value.strip():
            self.out.add(codes.INVALID_CONFIG, "'name' is empty", value.line, value.col)
            return None
        return value.value

    def _command(self, entry: tuple[Scalar, Node] | None, job: str | None) -> str:
        if entry is None:
            return ""
        key, value = entry
        if isinstance(value, Scalar):
            if not value.value.strip():
                self.out.add(
                    codes.INVALID_CONFIG, "'command' is empty", value.line, value.col, job=job
                )
            return value.value
        if isinstance(value, Sequence):
            words: list[str] = []
            for item in value.items:
                if not isinstance(item, Scalar):
                    self.out.add(
                        codes.INVALID_CONFIG,
                        f"'command' list items must be strings; found {kind_of(item)}",
                        item.line,
                        item.col,
                        job=job,
                    )
                    continue
                words.append(item.value)
            import shlex  # only list-form commands need it

            return shlex.join(words)
        self.out.add(
            codes.INVALID_CONFIG,
            "'command' must be a string or a list of strings; found a mapping",
            *problem_at(key, value),
            job=job,
        )
        return ""

    def _schedule(
        self, entry: tuple[Scalar, Node] | None, job: str | None
    ) -> tuple[str, SourceLocation, tuple[int, ...]] | None:
        if entry is None:
            return None
        key, value = entry
        file = self.out.file
        if isinstance(value, Scalar):
            line, col = self._text_start(value)
            return value.value, SourceLocation(file, line, col), (key.line, line)
        if isinstance(value, Mapping):
            text = self._lower(value, job)
            if text is None:
                return None
            at = SourceLocation(file, value.line, value.col)
            return text, at, (key.line, value.line)
        self.out.add(
            codes.INVALID_CONFIG,
            "'schedule' must be a string or a mapping of fields (minute, hour, ...); "
            "found a sequence",
            *problem_at(key, value),
            job=job,
        )
        return None

    def _lower(self, node: Mapping, job: str | None) -> str | None:
        """A map schedule as its 5-, 6- or 7-field string (docs/job-files.md)."""
        fields: dict[str, str] = {}
        ok = True
        for key, value in node.entries:
            if key.value not in SCHEDULE_KEYS:
                self.out.add(
                    codes.UNKNOWN_KEY,
                    f"unknown schedule field {key.value!r} (fields: "
                    f"{', '.join(SCHEDULE_KEYS)}){did_you_mean(key.value, SCHEDULE_KEYS)}",
                    key.line,
                    key.col,
                    job=job,
                )
                ok = False
            elif not isinstance(value, Scalar):
                self.out.add(
                    codes.INVALID_CONFIG,
                    f"schedule field {key.value!r} must be a string; found {kind_of(value)}",
                    *problem_at(key, value),
                    job=job,
                )
                ok = False
            elif not value.value.strip():
                self.out.add(
                    codes.INVALID_CONFIG,
                    f"schedule field {key.value!r} is empty (leave it out to mean '*')",
                    value.line,
                    value.col,
                    job=job,
                )
                ok = False
            else:
                fields[key.value] = value.value.strip()
        if not ok:
            return None
        order = ["minute", "hour", "dayOfMonth", "month", "dayOfWeek"]
        if "second" in fields:
            order = ["second", *order, "year"]
        elif "year" in fields:
            order = [*order, "year"]
        return " ".join(fields.get(name, "*") for name in order)

    def _text_start(self, value: Scalar) -> tuple[int, int]:
        """Line and column of a string value's first character (inside quotes)."""
        line, col = value.line, value.col
        if not 1 <= line <= len(self.lines):
            return line, col
        row = self.lines[line - 1]
        first = row[col - 1 : col]
        if first in ("'", '"'):
            return line, col + 1
        if first in ("|", ">"):
            for number in range(line + 1, len(self.lines) + 1):
                text = self.lines[number - 1]
                if text.strip():
                    return number, len(text) - len(text.lstrip(" ")) + 1
        return line, col
