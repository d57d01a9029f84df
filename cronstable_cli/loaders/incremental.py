"""A YAML file read again after an edit inside whole job items (`diff`'s changed file).

`diff` loads both revisions of a file it finds changed; most often the change
touches a few `jobs:` items and leaves the rest of the file, and so most
items, word for word. `load_changed` then takes each untouched item's Job from
the first load, its positions moved by the lines the edit added or removed
above it, and reads only the items that differ: the loader itself reads a
text made of the frame above the items, the differing items (each with the
line above it when that is a comment: an ignore comment there counts for the
item) and the frame below at its own lines, so `defaults`, the sections and
everything else outside the items are read in the same context as in a full
load. An item read there is moved back to its line in the file.

It answers only when that is provably what a full load makes, and otherwise
returns None (the caller then loads the file whole):

- no carriage return; one top-level `jobs:` key holding a block sequence;
  the text above the first item and below the sequence is the same in both;
- the first load reported no error and nothing outside its items, and each
  item made exactly one job;
- an item is reused only when its text is the same, the line above it is the
  same or a comment in neither, the first load reported nothing inside it, it
  keeps no whole-config facts (a pool, secrets, the push reporter), every
  position its Job holds lies inside it and its `defaults` origins lie above
  the items; the file's last item is reused only as the last item (an empty
  value at the end of a file sits at its end, elsewhere at the next item);
- the partial read follows no include, reports no error and nothing outside
  the items it read, no finding or fact in an item it moved (a message may
  quote a line), and makes one job per item read, positions inside it.

What the loader computes across a file's jobs (the whole-config facts, an
inherited bad zone) is then the partial read's, since the reused items add
nothing to it. A file that follows an `include` is never handed here
(loaders/reuse.py keeps no such file).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from operator import methodcaller
from typing import cast

from ..records import Finding, Job, SourceLocation
from .problems import Problems
from .schema.jobs import Defaults
from .yaml.nodes import Scalar
from .yaml_config import YamlFile

Loader = Callable[[str, Problems, Callable[[Scalar, Problems], Defaults]], YamlFile]

# The top-level `jobs:` key with nothing after it on its line but a comment.
_JOBS_KEY = re.compile(r"\njobs[ ]*:[ ]*(?:#[^\n]*)?(?=\n|\Z)")
# Lines that hold nothing: blank or a comment (spaces only before it).
_EMPTY_LINES = re.compile(r"(?:[ ]*(?:#[^\n]*)?\n)*")
_FIRST_ITEM = re.compile(r"( *)-(?:[ ]|$)", re.MULTILINE)


@lru_cache(maxsize=8)
def _item_start(indent: int) -> re.Pattern[str]:
    """A line break before a line that starts an item of a block sequence at `indent`."""
    return re.compile(rf"\n {{{indent}}}-(?:[ \n]|\Z)")


@lru_cache(maxsize=8)
def _block_end(indent: int) -> re.Pattern[str]:
    """A line break before the first line that is neither inside an item at `indent`,
    nor starts one, nor holds nothing but spaces or a comment: where the sequence ends
    (or something this module leaves alone). Each alternative starts with the line
    break, which the regex engine searches for at C speed."""
    shallower = rf" {{0,{indent - 1}}}[^ #\n]|" if indent else ""
    return re.compile(rf"\n(?:{shallower} {{{indent}}}(?:[^ #\n-]|-[^ \n]))")


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where a text's `jobs:` items are."""

    text: str
    items: list[str]  # each item's text, its lines whole (the last one's up to `end`)
    starts: list[int]  # offset of each item's first line
    end: int  # offset where the block ends (the frame below starts)
    lines: list[int]  # 1-based line of each item's first line, then the line after the last

    def span(self, i: int) -> tuple[int, int]:
        """Item i's lines, [first, after)."""
        return self.lines[i], self.lines[i + 1]

    def frame(self) -> tuple[str, str]:
        return self.text[: self.starts[0]], self.text[self.end :]


def _layout(text: str) -> _Layout | None:
    keys = list(_JOBS_KEY.finditer("\n" + text))  # each match ends one further on
    if len(keys) != 1:
        return None
    after = keys[0].end()
    if after > len(text):
        return None
    first = _EMPTY_LINES.match(text, after)
    assert first is not None
    head = _FIRST_ITEM.match(text, first.end())
    if head is None:
        return None
    indent = len(head.group(1))
    begin = first.end()
    stop = _block_end(indent).search(text, begin)
    end = stop.start() + 1 if stop is not None else len(text)
    starts = [begin, *[m.start() + 1 for m in _item_start(indent).finditer(text, begin, end)]]
    items = [text[a:b] for a, b in zip(starts, [*starts[1:], end], strict=True)]
    counts = list(map(_NEWLINES, items))
    if end == len(text) and not text.endswith("\n"):
        counts[-1] += 1  # the last line has no line break: it is still the item's
    lines = list(accumulate(counts, initial=text.count("\n", 0, begin) + 1))
    return _Layout(text, items, starts, end, lines)


_NEWLINES = methodcaller("count", "\n")


def _last_line(text: str) -> str:
    """The last line of a text that ends with a line break (else its last line)."""
    body = text[:-1] if text.endswith("\n") else text
    return body[body.rfind("\n") + 1 :]


def _is_comment(line: str) -> bool:
    """A line `suppress.py` reads as a comment when it is directly above a job."""
    return line.lstrip().startswith("#")


def _inside(job: Job, first: int, after: int, path: str, top: int) -> bool:
    """Every line the job's record points at in its file lies in [first, after), and its
    `defaults` origins in this file lie above line `top` (above the items: they do not
    move when items do)."""
    if not first <= job.schedule_location.line < after or job.location.line != first:
        return False
    if job.location.file != path or job.schedule_location.file != path:
        return False
    for f in job.schedule_fields:
        if f is not None and not (f.file == path and first <= f.line < after):
            return False
    runtime = job.runtime
    if runtime is not None:
        origins = runtime.origins
        if origins.own:
            if origins.file != path:
                return False
            for _, line, _ in origins.own:
                if not first <= line < after:
                    return False
        for _, at in origins.defaults:
            if at.file == path and at.line >= top:
                return False
    return True


def _finding_lines(finding: Finding) -> list[int]:
    lines = [finding.line]
    lines.extend(at.line for _, at in finding.related if at.file == finding.file)
    if finding.fix is not None:
        lines.extend(edit.line for edit in finding.fix.edits)
    return lines


def _candidates(
    old: _Layout, loaded: YamlFile, found: tuple[Finding, ...], path: str
) -> list[bool] | None:
    """Which items of the first load may be reused, if their record checks out; None
    when the first load cannot serve (see the module docstring)."""
    if sum(job.kind != "dag" for job in loaded.jobs) != len(old.starts):
        return None
    clean = [True] * len(old.starts)
    for finding in found:
        if finding.level == "error" or finding.file != path:
            return None
        i = bisect_right(old.lines, finding.line) - 1
        if i < 0 or i >= len(old.starts):
            return None  # outside the items: the partial read must see it too
        clean[i] = False
    # Items the whole-config checks keep facts of are read again (their facts with them).
    kept = {facts.location.line for facts in loaded.job_facts}
    kept.update(at.line for at in loaded.push_users)
    if kept:
        for i, line in enumerate(old.lines[:-1]):
            if line in kept:
                clean[i] = False
    return clean


def _moved(job: Job, by: int) -> Job:
    """The job with every position in its own file `by` lines further down."""
    if not by:
        return job
    runtime = job.runtime
    if runtime is not None and runtime.origins.own:
        origins = runtime.origins
        own = tuple((key, line + by, col) for key, line, col in origins.own)
        runtime = runtime._replace(origins=origins._replace(own=own))
    at, schedule_at = job.location, job.schedule_location
    return Job(
        job.name,
        job.schedule,
        SourceLocation(at.file, at.line + by, at.column),
        SourceLocation(schedule_at.file, schedule_at.line + by, schedule_at.column),
        tuple(
            None if f is None else SourceLocation(f.file, f.line + by, f.column)
            for f in job.schedule_fields
        ),
        job.command,
        job.timezone,
        job.utc,
        job.enabled,
        job.kind,
        job.suppressed,
        job.keys,
        job.user,
        job.cluster_policy,
        runtime,
    )


def load_changed(
    old_text: str,
    old: YamlFile,
    old_found: tuple[Finding, ...],
    text: str,
    out: Problems,
    load: Loader,
) -> YamlFile | None:
    """`text` loaded as `load` would load it, reusing what loading `old_text` made of the
    items both share (see the module docstring); None when that cannot be shown."""
    if "\r" in old_text or "\r" in text:
        return None
    before, after = _layout(old_text), _layout(text)
    if before is None or after is None or before.frame() != after.frame():
        return None
    path = out.file
    clean = _candidates(before, old, old_found, path)
    if clean is None:
        return None
    items = [job for job in old.jobs if job.kind != "dag"]
    top = before.lines[0]
    # The old items that may be reused, by text (each text's first one last).
    waiting: dict[str, list[int]] = {}
    lines = before.lines
    for i in range(len(before.items) - 1, -1, -1):
        if clean[i] and _inside(items[i], lines[i], lines[i + 1], path, top):
            waiting.setdefault(before.items[i], []).append(i)
    # For each item of the new text: the job it reuses (moved to its line), or None
    # for an item to read (its index in `read`).
    jobs: list[Job | None] = []
    read: list[int] = []
    previous = -2  # the old item the new one above reused (-2: none, the frame is above)
    last_old, last_new = len(before.items) - 1, len(after.items) - 1
    new_lines, new_items = after.lines, after.items
    for j, item in enumerate(new_items):
        found = waiting.get(item)
        i = found[-1] if found else -1
        if i == last_old and j != last_new:
            # An empty value at the end of the file sits at its end; anywhere else, at
            # the next item: the last item is reused only as the last item.
            i = -1
        elif i >= 0 and (previous < 0 or previous != i - 1):
            # The line above (an ignore comment there counts for the item) must match,
            # as it does when the item above reuses the old item above.
            above_old = before.items[i - 1] if i else before.text[: before.starts[0]]
            above_new = new_items[j - 1] if j else after.text[: after.starts[0]]
            line_old, line_new = _last_line(above_old), _last_line(above_new)
            if line_old != line_new and (_is_comment(line_old) or _is_comment(line_new)):
                i = -1
        previous = i
        if i < 0:
            read.append(j)
            jobs.append(None)
            continue
        found.pop()  # type: ignore[union-attr]
        by = new_lines[j] - lines[i]
        jobs.append(_moved(items[i], by) if by else items[i])
    if len(read) == len(new_items):
        return None  # nothing to reuse: the full load is the same work
    if not read:
        read, jobs[0] = [0], None  # items reordered only: one is read, so `jobs:` holds one
    # What is read: the frame above the items, the items that differ, and the frame
    # below at its own lines (after comment lines standing for the reused items).
    # Between two pieces a `#` line at column 0 ends whatever the piece above left
    # open (a block scalar); the line above an item is kept when it is a comment.
    pieces = [after.text[: after.starts[0]]]
    line = new_lines[0]  # the line the next piece starts at in the text read
    moves: list[int] = []  # how many lines each item read sits above its own
    for j in read:
        if j and jobs[j - 1] is not None:
            above = _last_line(new_items[j - 1])
            keep = _is_comment(above)
            pieces.append("#\n" + above + "\n" if keep else "#\n")
            line += 1 + keep
        pieces.append(new_items[j])
        moves.append(new_lines[j] - line)
        line += new_lines[j + 1] - new_lines[j]
    if jobs[-1] is not None:
        pieces.append("#\n")  # the last piece read is not the end of the file
        line += 1
    suffix = after.text[after.end :]
    if suffix:
        pieces.append("#\n" * (new_lines[-1] - line) + suffix)
    scratch = Problems(path)
    followed = []

    def include(target: Scalar, problems: Problems) -> Defaults:
        followed.append(target)
        return Defaults()

    partial = load("".join(pieces), scratch, include)
    if followed:
        return None
    # Each item read, where it sits in the text read: [first, after) and its move.
    spans = [
        (new_lines[j] - by, new_lines[j + 1] - by, by) for j, by in zip(read, moves, strict=True)
    ]
    firsts = [first for first, _, _ in spans]

    def moved(line: int) -> bool | None:
        """Whether the item read at `line` moved (None: the line is in none)."""
        k = bisect_right(firsts, line) - 1
        if k < 0 or line >= spans[k][1]:
            return None
        return spans[k][2] != 0

    for finding in scratch.found:
        if finding.level == "error" or finding.file != path:
            return None
        # A finding of a moved item would need its positions moved, and maybe its
        # message: such a file is read whole.
        if any(moved(at) is not False for at in _finding_lines(finding)):
            return None
    if any(moved(facts.location.line) for facts in partial.job_facts) or any(
        moved(at.line) for at in partial.push_users
    ):
        return None
    fresh = [job for job in partial.jobs if job.kind != "dag"]
    if len(fresh) != len(read):
        return None
    new_top = after.lines[0]
    for job, (first, stop, _) in zip(fresh, spans, strict=True):
        if not _inside(job, first, stop, path, new_top):
            return None
    for j, job, by in zip(read, fresh, moves, strict=True):
        jobs[j] = _moved(job, by)
    whole = cast("list[Job]", jobs)  # every item's job is in place now
    whole.extend(job for job in partial.jobs if job.kind == "dag")
    out.found.extend(scratch.found)
    partial.jobs = whole
    return partial
