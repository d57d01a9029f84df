"""What the server lets an agent read: rule documentation, the dialect, the schema.

- `cronstable://rules/{code}`: one lint rule's documentation, from the rule
  registry (the text `lint --list-rules` and docs/lint-rules.md show);
- `cronstable://docs/dialect` and `cronstable://docs/time-model`: how schedules
  are read and when they fire (docs/dialect.md and docs/time-model.md, shipped
  in the package as `mcp_server/docs/`; a test keeps the copies equal);
- `cronstable://schema/job-file`: the JSON Schema of job files, generated from
  the loader's schema tables (as docs/schema/cronstable.schema.json is).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources

RULE_PREFIX = "cronstable://rules/"
RULE_TEMPLATE = RULE_PREFIX + "{code}"
MARKDOWN = "text/markdown"


class UnknownResource(LookupError):
    """A URI the server does not serve."""


@dataclass(frozen=True)
class Document:
    """One readable resource: its URI, name, description, type and text."""

    uri: str
    name: str
    description: str
    mime_type: str
    text: Callable[[], str]


def _doc_file(name: str) -> str:
    return resources.files(__package__).joinpath("docs").joinpath(name).read_text(encoding="utf-8")


def _schema() -> str:
    from ..formats.config_schema import config_schema_json

    return config_schema_json()


DOCUMENTS: tuple[Document, ...] = (
    Document(
        "cronstable://docs/dialect",
        "dialect",
        "The schedule dialect: fields, layouts, names, H items, @-macros, what the daemon refuses.",
        MARKDOWN,
        lambda: _doc_file("dialect.md"),
    ),
    Document(
        "cronstable://docs/time-model",
        "time-model",
        "The time model: which zone a schedule runs in, DST gaps and repeated hours.",
        MARKDOWN,
        lambda: _doc_file("time-model.md"),
    ),
    Document(
        "cronstable://schema/job-file",
        "job-file-schema",
        "The JSON Schema of the daemon's YAML job files (as lint checks them).",
        "application/schema+json",
        _schema,
    ),
)


def rule_documents() -> list[Document]:
    """One resource per lint code, in report order."""
    from ..analysis.lint import RULES

    return [
        Document(
            RULE_PREFIX + rule.code,
            rule.code,
            f"{rule.level}: {rule.summary}",
            MARKDOWN,
            lambda rule=rule: _rule_text(rule.code),  # type: ignore[misc]
        )
        for rule in RULES
    ]


def _rule_text(code: str) -> str:
    from ..analysis.lint import RULES

    for rule in RULES:
        if rule.code == code:
            fix = f" Fix: {rule.fix}." if rule.fix else ""
            return f"# {rule.code}\n\nLevel: **{rule.level}**.{fix}\n\n{rule.doc.strip()}\n"
    raise UnknownResource(code)


def read(uri: str) -> Document:
    """The resource at `uri`, or UnknownResource."""
    for document in DOCUMENTS:
        if document.uri == uri:
            return document
    if uri.startswith(RULE_PREFIX):
        code = uri[len(RULE_PREFIX) :]
        for document in rule_documents():
            if document.name == code:
                return document
        from ..analysis.lint import CODES
        from ..names import did_you_mean
        from ..safe_text import shown

        raise UnknownResource(
            f"no lint rule {shown(repr(code))}{shown(did_you_mean(code, CODES))}; "
            f"{RULE_TEMPLATE} takes a code `cronstable lint --list-rules` lists"
        )
    from ..safe_text import shown

    raise UnknownResource(f"no resource {shown(repr(uri))}")
