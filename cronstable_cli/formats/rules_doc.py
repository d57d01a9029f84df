"""docs/lint-rules.md, generated from the rule registry (the text `--list-rules` prints).

Each rule's documentation lives in its module's docstring (load problems: in
`load_code_docs.py`); this writes them all into one Markdown page, so a new rule
cannot ship undocumented. Regenerate with `make docs`; a test keeps it current.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable

from ..analysis.lint import RULES, Rule

SCOPES = {"load": "found while loading", "job": "per job", "fleet": "over the loaded set"}


def rules_markdown(rules: Iterable[Rule] = RULES) -> str:
    """The whole page: an index table, then every rule's documentation."""
    rules = tuple(rules)
    out = [
        "# Lint rules",
        "",
        "<!-- Generated from the rule modules' docstrings by `make docs`; do not edit. -->",
        "",
        "`cronstable lint` reports findings with a stable code, a level and a message;",
        "`cronstable lint --list-rules` prints the same documentation in the terminal.",
        "Levels: `error` (the daemon refuses the file or job), `warning` (almost",
        "certainly not what was meant), `note` (worth knowing). `--select` and",
        "`--ignore` take these codes; `--fail-on` decides which levels fail the run",
        "([cli.md](cli.md)). Silence one finding with",
        "`# cronstable: ignore[code,...]` on the schedule's line or the line above",
        "the job ([job-files.md](job-files.md)).",
        "",
        "| code | level | checked | what it reports |",
        "|---|---|---|---|",
    ]
    for rule in rules:
        checked = SCOPES[rule.scope] + ("" if rule.default_on else ", when selected")
        out.append(
            f"| [`{rule.code}`](#{rule.code}) | {rule.level} | {checked} "
            f"| {rule.summary.replace('|', '&#124;')} |"
        )
    for rule in rules:
        out += ["", f"## {rule.code}", "", f"Level: **{rule.level}** ({SCOPES[rule.scope]})."]
        if not rule.default_on:
            out.append("Off by default: runs only when selected (`--select` or `select`).")
        if rule.replaces:
            out.append(f"Replaces, for the same job: {', '.join(sorted(rule.replaces))}.")
        body = rule.doc.strip()
        # The rule's own `## ` sections become `### ` under its heading.
        body = re.sub(r"^## ", "### ", body, flags=re.M)
        out += ["", body]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    """`python -m cronstable_cli.formats.rules_doc PATH`: write the page to PATH."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m cronstable_cli.formats.rules_doc PATH", file=sys.stderr)
        return 2
    with open(args[0], "w", encoding="utf-8", newline="\n") as handle:
        handle.write(rules_markdown())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
