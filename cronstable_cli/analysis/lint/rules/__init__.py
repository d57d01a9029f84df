"""One module per lint rule; `..registry` lists them in order (no import scanning)."""
