"""Every command as the hostile tests run it: one row per command, one place to add it.

`test_every_command_has_a_row` fails until a new command of `cli/main.py` has its row,
and each command is run in every `--format` it declares, so a new format is tested
without a row here.
"""

from __future__ import annotations

AT = "2026-01-05T00:00Z"

# Commands that read job files: their arguments, the files go after them. The
# files hold a job named `good`.
ON_FILES: dict[str, list[str]] = {
    "lint": ["lint", "--from", AT],
    "jobs": ["jobs", "--from", AT],
    "pressure": ["pressure", "--from", AT, "--hours", "2"],
    "suggest": ["suggest", "--from", AT],
    "duplicates": ["duplicates"],
    "owners": ["owners", "--nodes", "a,b"],
    "preview": ["preview", "--job", "good", "--from", AT, "-n", "2"],
    "explain": ["explain", "--job", "good"],
    "why": ["why", "--job", "good", "--at", AT],
    "calendar": ["calendar", "--from", AT, "--days", "1"],
}
# diff compares two trees: BASE and HEAD go after these.
DIFF = ["diff", "--from", AT, "--hours", "2"]
# Commands that read no job files: their whole command line.
NO_FILES: dict[str, list[str]] = {
    "stagger": ["stagger", "a", "b", "--window", "02:00/50"],
}


def command_names() -> set[str]:
    """Every command the rows above cover."""
    return {*ON_FILES, "diff", *NO_FILES}
