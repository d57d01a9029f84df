"""`cronstable diff`: what a change to job files does (options → load → diff → render)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Any, cast

import click

from ..safe_text import shown
from .options import (
    DEFAULT_PATHS,
    fail_on_option,
    from_option,
    jitter_option,
    parse_instant,
    placement_options,
    system_crontab_option,
    system_crontab_rule,
    tz_option,
    zone_arg,
)
from .output import output_option

if TYPE_CHECKING:
    from ..analysis.diff import Side
    from ..analysis.diff_fleet import DiffSettings, FleetDiff
    from ..analysis.jitter import JitterOption
    from ..analysis.owners import HashName
    from ..analysis.placement import Distribution
    from ..loaders import FileSource, LoadResult
    from ..loaders.reuse import LoadMemo
    from ..loaders.sources.git_tree import Repository

WORKING_TREE = "working tree"


@click.command(
    "diff",
    epilog="""\b
Examples:
  cronstable diff main                      # main against the working tree
  cronstable diff origin/main HEAD jobs/    # two commits, only jobs/
  cronstable diff old-jobs/ new-jobs/       # two directories (or two files)
  cronstable diff main --format markdown -o diff.md --max-per-minute 5
""",
)
@click.argument("args", nargs=-1, required=True, metavar="BASE [HEAD] [PATHS]...")
@system_crontab_option
@from_option
@click.option(
    "--hours",
    type=click.IntRange(1, 168),
    default=168,
    show_default=True,
    help="Length of the pressure window, 1-168 hours.",
)
@tz_option("Display zone for the hour/minute cells (fires show in each job's own zone).")
@jitter_option(
    "Also compare the most fires starting in one second, before and after "
    "jitter ('auto' or N seconds)."
)
@click.option(
    "--max-per-minute",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Name the minutes of the hour that became crowded (more than N jobs); "
    "also lints crowded-minute.",
)
@click.option(
    "--nodes",
    "nodes_opt",
    multiple=True,
    metavar="A,B,C",
    help="Compare owners over these nodes (default: each side's cluster section).",
)
@placement_options(
    hash_help="Owner score function.",
    distribution_help=(
        "Compare owners as if electLeader were on with this distribution (default: "
        "each side's cluster section, as `owners` reads it)."
    ),
)
@fail_on_option
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "markdown", "github", "ics"]),
    default="text",
    show_default=True,
    help="Output format.",
)
@output_option
def diff(
    args: tuple[str, ...],
    from_: str,
    hours: int,
    tz: str,
    jitter: JitterOption | None,
    max_per_minute: int | None,
    nodes_opt: tuple[str, ...],
    hash_name: str,
    distribution: str | None,
    fail_on: str,
    fmt: str,
    output: str | None,
) -> int:
    """Show what a change to job files does: job by job and to the whole fleet.

    BASE and HEAD are git revisions, read from the repository without checking
    anything out; HEAD defaults to the working tree. PATHS limit what is
    compared (default ./cronstable.yaml and ./cronstable.d). Or BASE and HEAD
    are two paths, files or directories, compared with each other.

    Jobs are matched by name; a job whose name changed but whose command and
    schedule did not is a rename (its H slots may move). A schedule change is
    respelled (the same fires) or moves fires (resolved forms, next fires and
    fires per day and week shown). For the fleet: busiest minute and cell,
    jobs at :00, crowded minutes, duplicate groups, owners and lint findings,
    before → after.

    --format ics writes only the fires the change adds over the --hours window
    (as the calendar feed writes them) and, as cancelled events with the same
    UIDs, the fires it removes: a reviewer can lay the change over the team's
    calendar. It lints nothing: it exits 0, or 1 when a file failed to load
    (--fail-on does not apply).

    Exit 1 when findings new in HEAD reach --fail-on, else 0; 2 for usage
    errors (a revision or path that does not exist).
    """
    from ..analysis.diff_fleet import DiffSettings, diff_fleets

    zone = zone_arg(tz)
    start = parse_instant(from_, zone)
    node_names = [n.strip() for v in nodes_opt for n in v.split(",") if n.strip()]
    if nodes_opt and not node_names:
        raise click.BadParameter("no node names given", param_hint="--nodes")
    base, head = _sides(list(args))
    settings = DiffSettings(
        start=start,
        hours=hours,
        zone=zone,
        jitter=jitter,
        max_per_minute=max_per_minute,
        nodes=tuple(node_names) if node_names else None,
        hash=cast("HashName", hash_name),
        distribution=cast("Distribution | None", distribution),
        fail_on=fail_on,  # type: ignore[arg-type]
    )
    for side in (base, head):
        for path in side.absent:
            click.echo(shown(f"diff: {path} does not exist in {side.label}"), err=True)
    if fmt == "ics":
        return _ics(base, head, settings, output)
    result = diff_fleets(base, head, settings)
    _emit(result, fmt, output)
    return result.exit_code()


def _emit(result: FleetDiff, fmt: str, output: str | None) -> None:
    from .output import write_report, write_stdout

    def text(found: FleetDiff, file: IO[str] | None) -> None:
        import sys

        from ..render.diff_text import diff_text
        from ..render.layout import fit_lines, text_width

        report = fit_lines(diff_text(found), text_width(file or sys.stdout))
        if file is None:
            write_stdout(report)
        else:
            file.write(report)

    def json(found: FleetDiff) -> str:
        from ..formats.diff_json import diff_json

        return diff_json(found)

    def markdown(found: FleetDiff) -> str:
        from ..formats.diff_markdown import diff_markdown

        return diff_markdown(found)

    def github(found: FleetDiff) -> str:
        from ..formats.diff_github import diff_github

        return diff_github(found)

    # Files on disk the diff read: --output must never replace one of them.
    inputs = [f for side in (result.base, result.head) if side.commit is None for f in side.files]
    write_report(
        fmt,
        result,
        {"text": text, "json": json, "markdown": markdown, "github": github},
        output,
        inputs=inputs,
    )


def _ics(base: Side, head: Side, settings: DiffSettings, output: str | None) -> int:
    """`--format ics`: the fires the change adds and removes, as calendar events."""
    from ..analysis.calendar import feed_change
    from ..analysis.fires import build_fleet
    from ..formats.calendar_ics import IcsUnavailable, change_ics, require_icalendar
    from .output import write_report

    try:
        require_icalendar()
    except IcsUnavailable as err:
        raise click.UsageError(str(err)) from None
    change = feed_change(
        build_fleet(base.jobs),
        build_fleet(head.jobs),
        settings.start,
        settings.hours,
        title=f"cronstable diff {base.label} → {head.label}",
    )
    inputs = [f for side in (base, head) if side.commit is None for f in side.files]
    write_report("ics", change, {"ics": change_ics}, output, inputs=inputs)
    # What failed to load is not in the events: say so, and exit 1 as `calendar` does.
    failed = [(side, f) for side in (base, head) for f in side.findings if f.level == "error"]
    for side, finding in failed:
        where = f"{finding.location}: " if finding.location else ""
        click.echo(
            shown(f"diff: {side.label}: {where}{finding.message} [{finding.code}]"), err=True
        )
    return 1 if failed else 0


# -- which two sides ---------------------------------------------------------------


def _sides(args: list[str]) -> tuple[Side, Side]:
    """BASE [HEAD] [PATHS] as two loaded sides; usage errors for what names nothing."""
    from ..loaders.sources.git_tree import GitError, open_repository

    repo = open_repository()
    first = args[0]
    base_commit = repo.commit(first) if repo is not None else None
    if base_commit is None:
        if not os.path.lexists(first):
            where = "" if repo is not None else " (and this is not inside a git repository)"
            raise click.UsageError(f"{first!r} is neither a git revision nor a path{where}")
        if len(args) != 2:
            raise click.UsageError(
                "two paths compare with each other: cronstable diff OLD NEW (PATHS go "
                "with git revisions only)"
            )
        if not os.path.lexists(args[1]):
            raise click.UsageError(f"{args[1]!r}: no such file or directory")
        return _path_side(first), _path_side(args[1])
    assert repo is not None
    rest = args[1:]
    head_commit = None
    # HEAD is a revision only when it names no path: `diff main jobs/` means PATHS.
    if rest and not os.path.lexists(rest[0]):
        head_commit = repo.commit(rest[0])
        if head_commit is not None:
            rest = rest[1:]
    try:
        return _revision_sides(
            repo, first, base_commit, head_commit, args[1] if head_commit else None, rest
        )
    except GitError as err:
        raise click.UsageError(f"git: {err}") from None


def _side(label: str, load: LoadResult, **extra: Any) -> Side:
    """One side of the diff from what was loaded for it."""
    from ..analysis.diff import Side

    return Side(
        label,
        load.jobs,
        load.findings,
        load.files,
        cluster=load.cluster,
        cluster_file=load.cluster_file,
        withheld=load.withheld,
        **extra,
    )


def _path_side(path: str) -> Side:
    from ..loaders import load_paths

    load = load_paths([path], system_crontab=system_crontab_rule())
    return _side(path, load, root=path.rstrip("/") or path)


def _revision_sides(
    repo: Repository,
    base_rev: str,
    base_commit: str,
    head_commit: str | None,
    head_rev: str | None,
    paths: Sequence[str],
) -> tuple[Side, Side]:
    from ..loaders import DISK
    from ..loaders.reuse import LoadMemo
    from ..loaders.sources.git_tree import GitTree

    base_tree = GitTree(repo, base_commit)
    head_tree = GitTree(repo, head_commit) if head_commit else None
    head_files: FileSource = head_tree if head_tree is not None else DISK
    base_label = base_rev
    head_label = head_rev if head_rev is not None else WORKING_TREE
    configured = _configured_paths()
    if paths:
        chosen = list(paths)
    elif configured:
        chosen = configured  # a config file's `paths`, on whichever side holds them
    else:
        chosen = [p for p in DEFAULT_PATHS if base_tree.exists(p) or head_files.exists(p)]
        if not chosen:
            raise click.UsageError(
                f"no PATHS given and neither {' nor '.join(DEFAULT_PATHS)} exists in "
                f"{base_label} or the {head_label}; pass the job files or directories"
            )
    head_named = f"{'the ' if head_tree is None else ''}{head_label}"
    for index, path in enumerate(chosen):
        if not base_tree.exists(path) and not head_files.exists(path):
            # Right after BASE it may have been meant as HEAD: say that it is neither.
            what = (
                "is neither a git revision nor a path that exists"
                if index == 0 and head_rev is None and paths
                else "exists neither"
            )
            raise click.UsageError(
                f"{shown(path)!r} {what} in {base_label} nor in {head_named}"
                if what == "exists neither"
                else f"{shown(path)!r} {what} in {base_label} or {head_named}"
            )
    # A file both sides hold word for word (most of a fleet, for most changes) is
    # read once for both.
    memo = LoadMemo()
    return (
        _tree_side(base_label, base_tree, chosen, base_commit, memo),
        _tree_side(head_label, head_files, chosen, head_commit, memo),
    )


def _configured_paths() -> list[str]:
    """The config file's `paths` (none with --isolated or without a config file)."""
    from .shared_options import project_config

    return list(project_config().paths or ())


def _tree_side(
    label: str, files: FileSource, paths: list[str], commit: str | None, memo: LoadMemo
) -> Side:
    from ..loaders import load_paths
    from ..loaders.sources.git_tree import GitTree

    present = [p for p in paths if files.exists(p)]
    absent = tuple(p for p in paths if p not in present)
    if isinstance(files, GitTree):
        files.prefetch(present)
    load = load_paths(present, files=files, system_crontab=system_crontab_rule(), reuse=memo)
    return _side(label, load, commit=commit, absent=absent)
