"""The `fix` tool: the edits `lint --fix` would make, written only when asked.

Every step is a run of `cronstable lint` itself: its JSON document gives the
findings and their edits, `--diff` the unified diff of what would change, and
`--fix` writes (the same guarded writer: atomic, only a file that still holds
the text that was read) or, for a text given in the call, prints the fixed text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .answers import Answer, answer_of, error_message
from .confine import Root
from .runner import Outcome
from .tools import Arg, ArgumentError, Tool, lint_tool

Run = Callable[[list[str], bytes], Outcome]


def _fix_tool() -> Tool:
    lint = lint_tool()
    inputs = tuple(a for a in lint.args if a.name not in ("fail_on", "baseline"))
    return Tool(
        "fix",
        "lint",
        "The fixes lint proposes, as edits and a unified diff; with write: true they "
        "are applied to the files (atomically, as `cronstable lint --fix`) and the lint "
        "document of what is left is returned. Only safe fixes (every fire time stays "
        "the same) unless unsafe is true. A text given in the call is never written: "
        "its fixed text is returned.",
        (
            *inputs,
            Arg(
                "unsafe",
                "boolean",
                "Also the fixes that change when a job fires.",
                "--unsafe-fixes",
            ),
            Arg("write", "boolean", "Write the fixed files (default: only show the edits)."),
        ),
        lint.positionals,
        stdin_arg="text",
        long=True,
    )


FIX = _fix_tool()


def run_fix(arguments: Mapping[str, Any], root: Root, run: Run) -> Answer:
    """The fix document: `fixes`, `diff`, `text`, `written` and, once written, `lint`."""
    if arguments.get("write") and "text" in arguments:
        raise ArgumentError("write: only with paths (the fixed text of a given text is returned)")
    unsafe = bool(arguments.get("unsafe"))
    stdin = FIX.stdin(arguments)
    base = FIX.argv({k: v for k, v in arguments.items() if k not in ("unsafe", "write")}, root)
    split = base.index("--")
    options, inputs = base[1:split], base[split:]

    def lint(*extra: str) -> Outcome:
        return run(["lint", *options, *extra, *inputs], stdin)

    report = answer_of(lint())
    if report.document is None:
        return report
    chosen = [
        f
        for f in report.document.get("findings", [])
        if isinstance(f.get("fix"), dict) and (unsafe or f["fix"].get("safe"))
    ]
    more = ("--unsafe-fixes",) if unsafe else ()
    shown_diff = lint("--diff", *more)
    if shown_diff.exit_code not in (0, 1):
        return Answer(error=error_message(shown_diff.stderr, shown_diff.exit_code))
    document: dict[str, Any] = {
        "version": report.document["version"],
        "fixes": chosen,
        "diff": shown_diff.stdout,
        "text": None,
        "written": False,
    }
    notes = tuple(line for line in shown_diff.stderr.splitlines() if line.strip())
    if "text" in arguments:
        fixed = lint("--fix", *more)
        document["text"] = fixed.stdout
    elif arguments.get("write") and chosen:
        done = answer_of(lint("--fix", *more))
        if done.document is None:
            return Answer(error=done.error, notes=notes)
        document["written"] = True
        document["lint"] = done.document
        notes += done.notes
    return Answer(document, notes=notes)
