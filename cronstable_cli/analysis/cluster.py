"""The node set a config's `cluster` section describes (placement.py reads its election)."""

from __future__ import annotations

import re
from dataclasses import dataclass


class ClusterError(ValueError):
    """A cluster section that names no usable node set."""


# Keys of the daemon's `cluster` section, read liberally: the daemon itself has
# `nodeName` (this node) and `peers: [{host: "h:port"}]`; peers' nodeNames are
# only learnt at run time, so a peer's host stands in for its name.
_SELF_KEYS = ("nodeName", "node_name", "name")
_ENTRY_NAME_KEYS = ("nodeName", "name", "id", "node", "node_name")
_ENTRY_ADDRESS_KEYS = ("host", "address", "addr")


@dataclass(frozen=True)
class NodeSource:
    """The configured nodes and where they came from (shown with the result)."""

    nodes: tuple[str, ...]
    label: str  # "--nodes" or "the cluster section of FILE"
    notes: tuple[str, ...] = ()


def _host_of(address: str) -> str:
    """`host` from `host:port`, `[v6]:port` or `scheme://host:port`; else the text."""
    text = address.strip()
    if "://" in text:
        text = text.split("://", 1)[1].split("/", 1)[0]
    bracketed = re.fullmatch(r"\[([^\]]+)\](?::\d+)?", text)
    if bracketed:
        return bracketed.group(1)
    host, sep, port = text.rpartition(":")
    if sep and port.isdigit() and ":" not in host:
        return host
    return text


def _entry_name(entry: object) -> tuple[str | None, bool]:
    """A node name from one `peers`/`nodes` item and whether it came from an address."""
    if isinstance(entry, str):
        host = _host_of(entry)
        return (host or None), host != entry.strip()
    if isinstance(entry, dict):
        for key in _ENTRY_NAME_KEYS:
            value = entry.get(key)
            if isinstance(value, str) and value.strip():
                return value.strip(), False
        for key in _ENTRY_ADDRESS_KEYS:
            value = entry.get(key)
            if isinstance(value, str) and value.strip():
                return _host_of(value) or None, True
    return None, False


def nodes_from_cluster(section: object, where: str) -> NodeSource:
    """The node set a `cluster` section describes: nodeName, then peers (or `nodes`)."""
    hint = "pass --nodes a,b,c"
    if not isinstance(section, dict):
        raise ClusterError(f"{where} is not a mapping, so it names no nodes; {hint}")
    self_name = next(
        (v.strip() for k in _SELF_KEYS if isinstance(v := section.get(k), str) and v.strip()),
        None,
    )
    names: list[str] = [self_name] if self_name else []
    from_address = False
    for key in ("nodes", "peers"):
        entries = section.get(key)
        if isinstance(entries, str):
            entries = entries.replace(",", " ").split()
        if not isinstance(entries, list):
            continue
        for entry in entries:
            name, by_address = _entry_name(entry)
            if name:
                names.append(name)
                from_address = from_address or by_address
    nodes = tuple(dict.fromkeys(names))  # a node listing itself among its peers is benign
    if not nodes:
        raise ClusterError(f"{where} names no nodes (expected nodeName and peers); {hint}")
    if self_name is None and "nodes" not in section:
        raise ClusterError(
            f"{where} lists peers but no nodeName; the daemon then uses the host name of "
            f"the machine it runs on, which cannot be known here; {hint} with every node"
        )
    notes = []
    if from_address:
        notes.append(
            "peer names are their host addresses minus the port; if their nodeNames "
            "differ, use --nodes"
        )
    return NodeSource(nodes, where, tuple(notes))
