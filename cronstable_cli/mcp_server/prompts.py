"""The server's prompts: the two jobs an agent is asked to do with job files."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..safe_text import shown


class PromptError(ValueError):
    """An unknown prompt or a missing argument."""


@dataclass(frozen=True)
class Prompt:
    name: str
    description: str
    arguments: tuple[tuple[str, str, bool], ...]  # (name, description, required)
    render: Callable[[Mapping[str, str]], str]


def _review(args: Mapping[str, str]) -> str:
    path = args["path"]
    return (
        f"Review the cronstable job file {path!r}.\n\n"
        f"1. Call the `lint` tool with paths [{path!r}]. Every finding of level error "
        "means the daemon will refuse the file or the job: those come first.\n"
        "2. For each finding, read its rule (resource cronstable://rules/<code>) and say "
        "in one line what goes wrong and when.\n"
        "3. Call `fix` with the same paths to see the edits lint proposes (safe ones keep "
        "every fire time; unsafe ones change when a job fires: say so before proposing them).\n"
        "4. For each job whose schedule looks surprising, call `preview` with job and "
        "paths to show its next fires in its own zone, and `explain` for the words.\n"
        "5. Call `duplicates` and `pressure` on the file's directory if it holds many jobs.\n"
        "Report the problems in order of severity with file:line, then the edits."
    )


def _place(args: Mapping[str, str]) -> str:
    name = args["name"]
    paths = args.get("paths") or "cronstable.yaml or cronstable.d"
    period = args.get("period") or "daily"
    what = args.get("description")
    about = f" It {what}." if what else ""
    return (
        f"Place a new job named {name!r} among the jobs in {paths}.{about}\n\n"
        f"1. Call `suggest` with period {period!r} on those paths (and the zone the job "
        "should run in as tz): it gives the least-loaded slot, two alternatives and the "
        "H form that lets the daemon spread the job itself.\n"
        "2. Prefer the H form unless the job must run at a fixed time; call `preview` "
        f"with that expression and seed {name!r} to show where it lands.\n"
        "3. Write the job (name, schedule, timezone if not UTC), then call `lint` on the "
        "file, passing the new file's text as text with its filename if it is not saved "
        "yet, and fix what it reports.\n"
        "4. Call `pressure` before and after (or `diff` against the last commit) to show "
        "the job does not land in a crowded minute."
    )


PROMPTS: tuple[Prompt, ...] = (
    Prompt(
        "review-job-file",
        "Review a job file: what the daemon refuses, what fires when it should not, fixes.",
        (("path", "The job file (or directory), relative to the server's root.", True),),
        _review,
    ),
    Prompt(
        "place-new-job",
        "Place a new job in the least-loaded slot and check it before it ships.",
        (
            ("name", "The new job's name (its H items hash from it).", True),
            ("paths", "The job files or directories it joins (default: the root's).", False),
            ("period", "hourly or daily (default daily).", False),
            ("description", "What the job does, in a few words.", False),
        ),
        _place,
    ),
)


def render(name: str, arguments: Mapping[str, str] | None) -> tuple[Prompt, str]:
    """The prompt and its text for `arguments`, or PromptError."""
    for prompt in PROMPTS:
        if prompt.name == name:
            given = dict(arguments or {})
            for arg, _, required in prompt.arguments:
                if required and not given.get(arg):
                    raise PromptError(f"prompt {name!r} needs the argument {arg!r}")
            known = {a for a, _, _ in prompt.arguments}
            unknown = sorted(set(given) - known)
            if unknown:
                raise PromptError(
                    f"prompt {name!r} takes no argument {shown(repr(unknown[0]))} "
                    f"(it takes {', '.join(sorted(known))})"
                )
            return prompt, prompt.render(given)
    raise PromptError(f"no prompt {shown(repr(name))}")
