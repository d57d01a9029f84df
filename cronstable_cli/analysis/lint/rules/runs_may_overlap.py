"""A run can last as long as the gap to the next fire: runs of the job overlap.

## What it does
Takes the longest a run of the job lasts — `executionTimeout` plus the
`killTimeout` escalation when a timeout is set, else `sla.maxRuntimeSeconds`
as the expected bound (no finding without either) — and compares it with
the schedule's shortest gap between consecutive fires over the coming year
in the job's own zone (uneven steps, DST days, `L`/`W`/`#` and seconds
schedules included). When the run can last at least that long, it says how
many runs can be in flight at once and where the short gap is. Values come
from the job and its `defaults:` exactly as the daemon merges them; the
finding points at the key that sets the bound, the schedule is its related
location.

## Why is this bad?
With the default `concurrencyPolicy: Allow` the daemon starts every fire,
so a slow run piles up copies of the job: they compete for the same locks,
files and rows (a warning). With `Forbid` the later fire is skipped, so the
job silently misses runs; with `Replace` the running one is killed to start
the next, so a long run may never finish (both a note: the policy was
chosen, but the cost is worth seeing before a deploy). With
`concurrencyScope: cluster` and `clusterPolicy: EveryNode` every node fires
the job while the policy counts the runs of every node.

## Example
```yaml
- name: ingest
  command: ingest.sh
  schedule: "*/5 * * * *"
  executionTimeout: 900      # up to three runs in flight
```

## Use instead
```yaml
  schedule: "*/5 * * * *"
  executionTimeout: 240      # shorter than the 5-minute gap
```
Or `concurrencyPolicy: Forbid` when a late run should make the next one skip.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ....records import Finding, Level, RuntimeKeys
from .. import runtime as r
from ..context import JobContext

if TYPE_CHECKING:
    from ...gaps import Gaps  # computed only for a job with runtime keys (start-up)

CODE = "runs-may-overlap"
LEVEL: Level = "warning"
NEEDS_RUNTIME = True  # a job without runtime keys has no run length to overlap
# Whether runs overlap depends on the timeline and the runtime values alone (the
# verdict below is shared on exactly those): the linter skips jobs alike in them.
PER_RUNTIME = True


def check(ctx: JobContext) -> Iterator[Finding]:
    for verdict in verdicts(ctx):
        yield r.said(ctx, CODE, verdict)


def verdicts(ctx: JobContext) -> tuple[r.Verdict, ...]:
    """What `check` says, before it is said about the job: the same for every job alike
    in its timeline and runtime values (the linter says it to them without asking)."""
    keys = ctx.job.runtime
    bound = None if keys is None else r.run_bound(keys)
    if keys is None or bound is None or r.gaps_exceed(ctx, bound.seconds):
        return ()  # no run length, or one no gap can be as short as (no search needed)
    found = r.gaps(ctx)  # the timeline's, found once
    if found is None or bound.seconds < found.shortest.seconds:
        return ()  # most jobs: a run ends before the next fire, no verdict to share
    # Everything the verdict reads from the job besides its timeline (r.shared_verdict).
    key = (CODE, keys.execution_timeout, keys.kill_timeout, keys.max_runtime,
           keys.concurrency_policy, keys.concurrency_scope, ctx.job.cluster_policy)  # fmt: skip
    return (r.shared_verdict(ctx, key, lambda: _verdict(ctx, keys, bound, found)),)


def _verdict(ctx: JobContext, keys: RuntimeKeys, bound: r.Bound, found: Gaps) -> r.Verdict:
    policy = keys.concurrency_policy
    level: Level = "note" if policy in ("Forbid", "Replace") else "warning"
    return r.Verdict(_message(ctx, keys, bound, found), bound.path, level)


def _message(ctx: JobContext, keys: RuntimeKeys, bound: r.Bound, found: Gaps) -> str:
    from ...gaps import most_in_flight

    gap = found.shortest
    many = most_in_flight(ctx.timeline, found, bound.seconds)
    timeout = keys.execution_timeout
    stopped = (
        many
        if timeout is None or not keys.kill_timeout
        else most_in_flight(ctx.timeline, found, timeout)
    )
    where = f"{r.fire_pair(ctx, gap)}{r.wrap(ctx, gap)}"
    head = (
        f"a run can last {r.span(bound.seconds)} ({bound.said}), at least the schedule's "
        f"shortest gap of {r.span(gap.seconds)}, {where}"
    )
    policy = keys.concurrency_policy
    if policy == "Forbid":
        what = (
            "so a fire that comes while a run is still going is skipped "
            "(concurrencyPolicy: Forbid): the job can miss runs"
        )
    elif policy == "Replace":
        what = (
            "so the running one is killed to start the next (concurrencyPolicy: Replace): "
            "a long run may never finish"
        )
    else:
        count = (
            f"up to {many} runs"
            if stopped == many
            else f"up to {stopped} runs ({many} while a timed-out run takes its killTimeout "
            "to stop)"
            if stopped > 1
            else f"{many} runs while a timed-out run takes its killTimeout to stop"
        )
        what = (
            f"so {count} of the job can be in flight at once "
            "(concurrencyPolicy: Allow starts every fire)"
        )
    message = f"{head}, {what}."
    if keys.concurrency_scope == "cluster" and ctx.job.cluster_policy == "EveryNode":
        message += (
            " With clusterPolicy: EveryNode every node fires the job, and concurrencyScope: "
            "cluster makes the policy count the runs of every node: one node's run "
            + (
                "skips the other nodes' fires."
                if policy == "Forbid"
                else "is replaced by the next node's."
            )
        )
    return message
