"""`cronstable lsp`: the language server, one more front-end over the CLI's core.

One module per LSP method (`diagnostics`, `hover`, `code_actions`,
`inlay_hints`), each a pure function of a document's text, its load and the
settings; `session.py` keeps the open documents and what their last lint
found; `server.py` wires them to pygls and is the only module that imports
it. Documents are linted by the same loaders, rules, settings and fixes as
`cronstable lint`, so a diagnostic is a lint finding.
"""
