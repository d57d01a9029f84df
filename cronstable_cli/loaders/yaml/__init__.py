"""YAML text to a tree with positions: the fast parser, strictyaml behind it, non-config YAML."""
