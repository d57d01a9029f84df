"""The `stagger` report for a terminal: offsets, gap statistics, a start histogram."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import IO

from ..analysis.stagger import StaggerResult
from .console import print_blocks
from .layout import Block, Column, FitTable, Keep, Line, Prose, Row, Spans

BAR_WIDTH = 30


def offset_label(seconds: int) -> str:
    """`+mm:ss` from the window start (minutes keep counting past 59: `+83:20`)."""
    return f"+{seconds // 60:02d}:{seconds % 60:02d}"


def duration_label(seconds: float) -> str:
    """A gap for people: `47s`, `2m 05s`, `1h 03m 00s` (fractions kept below a minute)."""
    if seconds < 60:
        text = f"{seconds:.1f}".removesuffix(".0")
        return f"{text}s"
    whole = round(seconds)
    minutes, secs = divmod(whole, 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{hours}h {minutes:02d}m {secs:02d}s"
    return f"{minutes}m {secs:02d}s"


def _bucket_label(result: StaggerResult, index: int) -> str:
    hour, minute = (int(part) for part in result.window_start.split(":"))
    start = hour * 60 + minute + index * result.bucket_minutes
    end = min(start + result.bucket_minutes, hour * 60 + minute + result.window_minutes)
    return f"{start // 60 % 24:02d}:{start % 60:02d}-{end // 60 % 24:02d}:{end % 60:02d}"


def _closest_pair(result: StaggerResult) -> tuple[str, str]:
    """The two consecutive starts with the smallest gap (the earliest such pair)."""
    ordered = sorted(result.offsets, key=lambda s: (result.offsets[s], s))
    pairs = itertools.pairwise(ordered)
    return min(pairs, key=lambda pair: result.offsets[pair[1]] - result.offsets[pair[0]])


def render_stagger(
    result: StaggerResult, file: IO[str] | None = None, *, width: int | None = None
) -> None:
    """The offsets table, the gap summary and the per-bucket histogram."""
    print_blocks(lambda _: stagger_blocks(result), file, width=width)


def stagger_blocks(result: StaggerResult) -> Iterator[Block]:
    """The report's paragraphs and tables (each fits itself to the width)."""
    count = len(result.offsets)
    plural = "" if count == 1 else "s"
    yield Line(
        ("stagger", "bold"),
        f": {count} source{plural} over {result.window_minutes} minutes "
        f"from {result.window_start} (UTC unless your jobs say otherwise)",
    )
    yield Line()

    columns = [
        Column("id"),
        Column("offset", keep=True, justify="right"),
        Column("start", keep=True, justify="right"),
    ]
    # Listed in start order: that is the order the sources will actually run in.
    yield FitTable(
        columns,
        [
            Row((source_id, offset_label(result.offsets[source_id]), result.starts[source_id]))
            for source_id in sorted(result.offsets, key=lambda s: (result.offsets[s], s))
        ],
        boxed=False,
    )
    if result.wraps_midnight:
        yield Line(
            ("note: the window runs past midnight; later starts are on the next day", "yellow")
        )
    yield Line()

    gaps = result.gaps
    if gaps is None:
        yield Line("gaps: one source, nothing to space out")
    else:
        first, second = _closest_pair(result)
        yield Line(("gaps between consecutive starts:", "bold"))
        yield Prose(
            "  smallest ",
            Keep(duration_label(gaps.min), "bold red" if gaps.min < 60 else "bold yellow"),
            f" ({first} then {second})",
            ("  <- the number to watch", "bold"),
            indent=4,
        )
        yield Prose(
            "  ",
            Keep(f"q1 {duration_label(gaps.q1)},"),
            " ",
            Keep(f"median {duration_label(gaps.median)},"),
            " ",
            Keep(f"q3 {duration_label(gaps.q3)},"),
            " ",
            Keep(f"max {duration_label(gaps.max)}"),
            indent=4,
        )
    yield Line()

    yield Line((f"starts per {result.bucket_minutes}-minute bucket:", "bold"))
    peak = max(result.buckets, default=0)
    rows = []
    for index, value in enumerate(result.buckets):
        width = round(value / peak * BAR_WIDTH) if peak else 0
        bar: Spans = (("█" * width, "cyan"),) if value else (("·", "dim"),)
        rows.append(Row((_bucket_label(result, index), str(value), bar)))
    yield FitTable(
        [
            Column("bucket", keep=True),
            Column("count", keep=True, justify="right"),
            Column("bar", keep=True),
        ],
        rows,
        boxed=False,
        header=False,
    )
    empty = sum(1 for value in result.buckets if not value)
    if empty:
        yield Line((f"{empty} of {len(result.buckets)} buckets have no start", "yellow"))
