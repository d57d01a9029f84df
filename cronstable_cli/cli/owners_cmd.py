"""`cronstable owners`: which replicas run each job under the cluster's policy."""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO, TYPE_CHECKING, cast

import click

from ..safe_text import escaped
from .options import format_option, paths_argument, placement_options
from .output import output_option, write_report

if TYPE_CHECKING:
    from ..analysis.owners import HashName
    from ..analysis.placement import Distribution, Placement, Policy
    from ..loaders import LoadResult


def split_names(values: Iterable[str]) -> list[str]:
    """Names from repeated and/or comma-separated values; blanks dropped, order kept."""
    return [name.strip() for value in values for name in value.split(",") if name.strip()]


def _cluster_section(load: LoadResult) -> tuple[object, str | None]:
    """The loaded config's `cluster` section (plain data) and the file it came from."""
    file = load.cluster_file
    if file is None and len(load.files) == 1:
        file = load.files[0]
    return load.cluster, file


@click.command(
    "owners",
    epilog="""\b
Examples:
  cronstable owners jobs/ --nodes node-a,node-b,node-c
  cronstable owners jobs/ --nodes node-a,node-b,node-c --down node-b
  cronstable owners cronstable.yaml --distribution spread \\
      --down node-b,node-c --format json
""",
)
@paths_argument
@click.option(
    "--nodes",
    "nodes_opt",
    multiple=True,
    metavar="A,B,C",
    help="The configured nodes (comma-separated and/or repeated). Default: nodeName and "
    "peers from the loaded config's cluster section.",
)
@click.option(
    "--down",
    multiple=True,
    metavar="NODE",
    help="Mark nodes down and show which jobs move where (repeatable and/or comma-separated).",
)
@placement_options(
    hash_help="Score function (sha256 is the daemon's default).",
    distribution_help=(
        "What if the cluster elected a leader with this distribution (default: what the "
        "cluster section says; without electLeader every node runs every job)."
    ),
)
@click.option(
    "--all",
    "show_all",
    is_flag=True,
    help="List every job and move in text output (default: the first 50).",
)
@format_option()
@output_option
def owners(
    paths: tuple[str, ...],
    nodes_opt: tuple[str, ...],
    down: tuple[str, ...],
    hash_name: str,
    distribution: str | None,
    show_all: bool,
    fmt: str,
    output: str | None,
) -> int:
    """Show which nodes run each job under the cluster's policy, and what --down changes.

    As the daemon decides: without electLeader every node runs every job. With it,
    each job's clusterPolicy (Leader by default, PreferLeader, EveryNode) and the
    cluster's distribution decide: single-leader runs Leader and PreferLeader jobs on
    the lowest live node name, spread on each job's rendezvous (highest-random-weight)
    owner; Leader jobs stop below a quorum (a majority of the configured nodes),
    PreferLeader jobs keep running, EveryNode jobs run on every live node.

    Every enabled job is placed (@reboot included, disabled jobs left out); each
    job's ranking of the live nodes is its failover order. With --down, the jobs that
    change node and the jobs that stop are listed.

    Files that fail to load are reported on stderr and the answer covers the jobs
    that did load. Exit 0 with an answer; 1 when a file failed to load (the answer
    is still printed for the rest), no job could be loaded, or jobs x nodes is past
    the size limit (2,000,000 job-node pairs; or if a job moved off a node that is
    still up, which would be a bug); 2 for usage errors (no nodes, an unknown --down
    node, a node listed twice, a missing path).
    """
    from ..analysis.cluster import ClusterError, NodeSource, nodes_from_cluster
    from ..analysis.owners import FleetTooLarge
    from ..analysis.placement import Election, election_from_cluster, place_jobs
    from .loading import load_telling_errors, say

    node_names = split_names(nodes_opt)
    if nodes_opt and not node_names:
        raise click.BadParameter("no node names given", param_hint="--nodes")
    down_names = split_names(down)

    told = load_telling_errors(paths, "owners")
    if told is None:
        return 1
    load, errors = told

    section, file = _cluster_section(load)
    # The loader keeps the first cluster section it meets; name its file when known.
    where = (
        f"the cluster section of {file}"
        if file
        else "the first cluster section in the loaded files"
    )
    if distribution is not None:
        election = Election(True, cast("Distribution", distribution), "gossip", "--distribution")
    elif section is not None:
        election = election_from_cluster(section, where)
    else:
        election = Election(False, source="no cluster section")
    if node_names:
        source = NodeSource(tuple(node_names), "--nodes")
    else:
        if section is None:
            raise click.UsageError(
                "no nodes to assign jobs to: pass --nodes a,b,c, or load a config whose "
                "cluster section has nodeName and peers"
            )
        try:
            source = nodes_from_cluster(section, where)
        except ClusterError as err:
            raise click.UsageError(str(err)) from None

    jobs: dict[str, str] = {}  # each a Policy (the loader checks clusterPolicy against them)
    for job in load.jobs:
        if job.enabled and job.name not in jobs:
            jobs[job.name] = job.cluster_policy
    disabled = sum(1 for j in load.jobs if not j.enabled)
    try:
        placement = place_jobs(
            cast("list[tuple[str, Policy]]", list(jobs.items())),
            source.nodes,
            election,
            down=down_names,
            hash=cast("HashName", hash_name),
        )
    except FleetTooLarge as err:
        # Input the tool cannot place within its budget: an analysis that could not run.
        say(f"owners: {err}")
        return 1
    except ValueError as err:
        raise click.UsageError(str(err)) from None

    def json(answer: Placement) -> str:
        from ..formats.json_out import owners_json

        return owners_json(
            answer,
            nodes_from=source.label,
            notes=[*source.notes, *election.notes],
            disabled=disabled,
            errors=errors,
        )

    def text(answer: Placement, file: IO[str] | None) -> None:
        from ..render.owners_text import DEFAULT_LIMIT, OwnersReport, render_owners

        shown_source = escaped(source)
        render_owners(
            OwnersReport(
                answer,
                nodes_from=shown_source.label,
                notes=(*shown_source.notes, *election.notes),
                disabled=disabled,
                limit=None if show_all else DEFAULT_LIMIT,
            ),
            file,
        )

    report = placement
    if fmt == "text":
        from ..render.owners_text import DEFAULT_LIMIT, shown_rankings

        report = shown_rankings(placement, None if show_all else DEFAULT_LIMIT)
    write_report(fmt, report, {"text": text, "json": json}, output, inputs=(*load.files, *paths))
    # Neither leader election nor rendezvous hashing moves a job off a node that stays
    # up; if one shows up the answer cannot be trusted. A file that failed to load
    # leaves the answer incomplete.
    return 1 if placement.result.unexpected_moves or errors else 0
