"""`cronstable mcp`: a Model Context Protocol server for coding agents, over stdio.

A front-end like the CLI: each tool runs the CLI command of its name and
answers with that command's `--format json` document. The package imports the
`mcp` SDK (the `[mcp]` extra) only in `server.py`, which only `cronstable mcp`
loads.
"""
