"""Fire instants to display-zone civil cells, without a datetime per instant.

The display zone's UTC offset is constant between transitions, so the
window is cut once into segments of constant offset (the transitions are
found by sampling every half hour and bisecting to the second), and each
sorted list of instants is split at the segment edges and mapped with
integer arithmetic. When the display zone repeats an hour (fall-back), the
instants of both real hours get the same civil labels, so they land in the
same cells and count twice — which is what a wall-clock heatmap must show.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator, Sequence
from datetime import tzinfo

from ..engine.transitions import offset_at, transitions

_SAMPLE = 1800  # no zone changes its offset twice within half an hour
MINUTES_PER_DAY = 1440


def offset_segments(zone: tzinfo, start: int, end: int) -> tuple[tuple[int, int], ...]:
    """((from_epoch, offset), ...) covering [start, end); the first starts at `start`."""
    segments = [(start, offset_at(zone, start))]
    if end > start:
        segments += [
            (t.epoch, t.after) for t in transitions(zone, start, end, _SAMPLE) if t.epoch < end
        ]
    return tuple(segments)


class DisplayClock:
    """Maps instants in [start, end) to (hour * 60 + minute) cells of a display zone."""

    __slots__ = ("end", "segments", "start", "zone")

    def __init__(self, zone: tzinfo, start: int, end: int) -> None:
        self.zone = zone
        self.start = start
        self.end = end
        self.segments = offset_segments(zone, start, end)

    def cells(self, fires: Sequence[int]) -> Counter[int]:
        """Fires per civil minute-of-day cell (0..1439); `fires` must be sorted."""
        counts: Counter[int] = Counter()
        for off, part in self._by_offset(fires):
            counts.update([(t + off) // 60 % MINUTES_PER_DAY for t in part])
        return counts

    def seconds_of_hour(self, fires: Sequence[int]) -> Counter[int]:
        """Fires per civil (minute * 60 + second) of the hour; `fires` must be sorted."""
        counts: Counter[int] = Counter()
        for off, part in self._by_offset(fires):
            counts.update([(t + off) % 3600 for t in part])
        return counts

    def _by_offset(self, fires: Sequence[int]) -> Iterator[tuple[int, Sequence[int]]]:
        """(UTC offset, the run of `fires` it applies to) for each segment with fires."""
        segments = self.segments
        if len(segments) == 1:
            yield segments[0][1], fires
            return
        for k, (seg_start, off) in enumerate(segments):
            i = bisect_left(fires, seg_start) if k else 0
            j = bisect_left(fires, segments[k + 1][0]) if k + 1 < len(segments) else len(fires)
            if i < j:
                yield off, fires[i:j]

    def cell_of(self, epoch: int) -> int:
        """The civil minute-of-day cell of one instant."""
        off = self.segments[0][1]
        for seg_start, seg_off in self.segments:
            if seg_start > epoch:
                break
            off = seg_off
        return (epoch + off) // 60 % MINUTES_PER_DAY
