"""`cronstable owners`: which replica owns each job under rendezvous hashing."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import click

from ..records import Finding
from .common import format_option, paths_argument, resolve_paths

if TYPE_CHECKING:
    from ..analysis.owners import HashName

# Keys of the daemon's `cluster` section, read liberally: the daemon itself has
# `nodeName` (this node) and `peers: [{host: "h:port"}]`; peers' nodeNames are
# only learnt at run time, so a peer's host stands in for its name.
_SELF_KEYS = ("nodeName", "node_name", "name")
_ENTRY_NAME_KEYS = ("nodeName", "name", "id", "node", "node_name")
_ENTRY_ADDRESS_KEYS = ("host", "address", "addr")
_TRUE = frozenset({"true", "yes", "on", "1"})


@dataclass(frozen=True)
class NodeSource:
    """The configured nodes and where they came from (shown with the result)."""

    nodes: tuple[str, ...]
    label: str  # "--nodes" or "the cluster section of FILE"
    notes: tuple[str, ...] = ()


def split_names(values: Iterable[str]) -> list[str]:
    """Names from repeated and/or comma-separated values; blanks dropped, order kept."""
    return [name.strip() for value in values for name in value.split(",") if name.strip()]


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
        raise click.UsageError(f"{where} is not a mapping, so it names no nodes; {hint}")
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
        raise click.UsageError(f"{where} names no nodes (expected nodeName and peers); {hint}")
    if self_name is None and "nodes" not in section:
        raise click.UsageError(
            f"{where} lists peers but no nodeName; the daemon then uses the host name of "
            f"the machine it runs on, which cannot be known here; {hint} with every node"
        )
    notes = []
    if from_address:
        notes.append("peer names are their host addresses minus the port; if their nodeNames "
                     "differ, use --nodes")
    elect = str(section.get("electLeader", "")).strip().lower() in _TRUE
    if not elect or section.get("distribution") != "spread":
        # The daemon only assigns owners in spread mode; say what this section really does.
        notes.append("this section lacks `electLeader: true` + `distribution: spread`; showing "
                     "what spread would do")
    return NodeSource(nodes, where, tuple(notes))


def _cluster_section(load: Any) -> tuple[object, str | None]:
    """The loaded config's `cluster` section (plain data) and the file it came from."""
    from ..loaders.yaml_nodes import Mapping, Sequence, to_python

    section = getattr(load, "cluster", None)
    file = getattr(load, "cluster_file", None)
    if isinstance(section, tuple) and len(section) == 2 and isinstance(section[0], str):
        file, section = section  # (file, section)
    if isinstance(section, (Mapping, Sequence)):
        section = to_python(section)
    if file is None:
        files = [str(f) for f in getattr(load, "files", ()) or ()]
        if len(files) == 1:
            file = files[0]
    return section, file


def _report_errors(errors: Sequence[Finding]) -> None:
    for finding in errors:
        where = f"{finding.location}: " if finding.location else ""
        click.echo(f"{where}error: {finding.message} [{finding.code}]", err=True)


@click.command(
    "owners",
    epilog="""\b
Examples:
  cronstable owners jobs/ --nodes node-a,node-b,node-c
  cronstable owners jobs/ --nodes node-a,node-b,node-c --down node-b
  cronstable owners cronstable.yaml --quorum --down node-b,node-c --format json
""",
)
@paths_argument
@click.option(
    "--nodes", "nodes_opt", multiple=True, metavar="A,B,C",
    help="The configured nodes (comma-separated and/or repeated). Default: nodeName and "
         "peers from the loaded config's cluster section.",
)
@click.option(
    "--down", multiple=True, metavar="NODE",
    help="Mark nodes down and show which jobs move where (repeatable and/or comma-separated).",
)
@click.option(
    "--hash", "hash_name", type=click.Choice(["sha256", "fnv1a64"]), default="sha256",
    show_default=True, help="Score function (sha256 is the daemon's default).",
)
@click.option(
    "--quorum", is_flag=True,
    help="No job has an owner unless a majority of the configured nodes is live.",
)
@click.option("--all", "show_all", is_flag=True,
              help="List every job and move in text output (default: the first 50).")
@format_option()
def owners(
    paths: tuple[str, ...],
    nodes_opt: tuple[str, ...],
    down: tuple[str, ...],
    hash_name: str,
    quorum: bool,
    show_all: bool,
    fmt: str,
) -> int:
    """Show which node owns each job under rendezvous (highest-random-weight) hashing.

    Every enabled job is assigned (@reboot included, disabled jobs left out); each
    job's ranking of the live nodes is its failover order. With --down, the jobs that
    change owner are listed; only the downed nodes' jobs may move.

    Files that fail to load are reported on stderr and the answer covers the jobs
    that did load. Exit 0 with an answer; 1 when no job could be loaded because of
    load errors (or if a job moved off a node that is still up, which would be a
    bug); 2 for usage errors (no nodes, an unknown --down node, a node listed twice,
    a missing path).
    """
    from ..analysis.owners import compute_owners
    from ..loaders import load_paths

    node_names = split_names(nodes_opt)
    if nodes_opt and not node_names:
        raise click.BadParameter("no node names given", param_hint="--nodes")
    down_names = split_names(down)

    load = load_paths(resolve_paths(paths))
    errors = [f for f in load.findings if f.level == "error"]
    _report_errors(errors)
    if errors and not load.jobs:
        click.echo(f"owners: no jobs could be loaded ({len(errors)} load errors)", err=True)
        return 1

    if node_names:
        source = NodeSource(tuple(node_names), "--nodes")
    else:
        section, file = _cluster_section(load)
        if section is None:
            raise click.UsageError(
                "no nodes to assign jobs to: pass --nodes a,b,c, or load a config whose "
                "cluster section has nodeName and peers"
            )
        # The loader keeps the first cluster section it meets; name its file when known.
        where = (f"the cluster section of {file}" if file
                 else "the first cluster section in the loaded files")
        source = nodes_from_cluster(section, where)

    job_names = list(dict.fromkeys(j.name for j in load.jobs if j.enabled))
    disabled = sum(1 for j in load.jobs if not j.enabled)
    try:
        result = compute_owners(
            job_names, source.nodes, down=down_names, hash=cast("HashName", hash_name),
            quorum=quorum,
        )
    except ValueError as err:
        raise click.UsageError(str(err)) from None

    if fmt == "json":
        from ..formats.jsondoc import to_json

        payload = result.to_dict()
        payload["nodes_from"] = source.label
        payload["notes"] = list(source.notes)
        payload["disabled"] = disabled
        payload["errors"] = [f.to_dict() for f in errors]
        click.echo(to_json(payload), nl=False)
    else:
        from ..render.console import make_console
        from ..render.owners_text import DEFAULT_LIMIT, OwnersReport

        report = OwnersReport(
            result,
            nodes_from=source.label,
            notes=source.notes,
            disabled=disabled,
            limit=None if show_all else DEFAULT_LIMIT,
        )
        make_console().print(report)
    # Rendezvous hashing forbids these; if one shows up the answer cannot be trusted.
    return 1 if result.unexpected_moves else 0
