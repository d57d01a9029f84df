"""Baselines: accept the findings a fleet already has, report only new ones.

Findings are matched by fingerprint (fingerprint.py), with file paths taken
relative to the baseline file's directory so the baseline reads the same
from any working directory. A baseline is a multiset: two identical
findings need two entries.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...load_codes import REFUSALS
from ...records import Finding
from .fingerprint import fingerprints


@dataclass(frozen=True, slots=True)
class BaselineOutcome:
    """What comparing a run with a baseline found."""

    new: tuple[Finding, ...]  # not in the baseline: reported
    known: int  # in the baseline: hidden
    fixed: int  # baseline entries no finding matched any more


@dataclass(frozen=True, slots=True)
class BaselineEntry:
    """One accepted finding: its fingerprint, and its file as the baseline names it."""

    fingerprint: str
    finding: Finding
    file: str | None  # relative to the baseline's directory, `/`-separated


def _file_ids(baseline_dir: str) -> Callable[[Finding], str | None]:
    """A finding's file relative to the baseline's directory, `/`-separated (None: no file)."""
    root = os.path.abspath(baseline_dir)
    # A report's findings share a few files: each one's path is worked out once (the
    # 68,000 findings of a 100,000-job fleet spent a second in relpath).
    known: dict[str, str] = {}

    def file_id(finding: Finding) -> str | None:
        file = finding.file
        if not file:
            return None
        found = known.get(file)
        if found is None:
            found = known[file] = os.path.relpath(os.path.abspath(file), root).replace(os.sep, "/")
        return found

    return file_id


def baseline_prints(findings: Sequence[Finding], baseline_dir: str) -> list[str]:
    """Each finding's fingerprint, files relative to the baseline's directory."""
    file_id = _file_ids(baseline_dir)
    return fingerprints(findings, lambda finding: file_id(finding) or "")


def compare(
    findings: Sequence[Finding], accepted: Counter[str], baseline_dir: str
) -> BaselineOutcome:
    """Split findings into new ones and known ones; count the entries now fixed."""
    left = Counter(accepted)
    new: list[Finding] = []
    known = 0
    for finding, print_ in zip(findings, baseline_prints(findings, baseline_dir), strict=True):
        if finding.code in REFUSALS:
            new.append(finding)  # a refusal is never accepted by a baseline
        elif left[print_] > 0:
            left[print_] -= 1
            known += 1
        else:
            new.append(finding)
    return BaselineOutcome(tuple(new), known, sum(left.values()))


def baseline_entries(findings: Sequence[Finding], baseline_dir: str) -> list[BaselineEntry]:
    """What a baseline written beside `baseline_dir` accepts: one entry per finding."""
    file_id = _file_ids(baseline_dir)
    findings = [f for f in findings if f.code not in REFUSALS]
    prints = baseline_prints(findings, baseline_dir)
    return [
        BaselineEntry(print_, f, file_id(f)) for f, print_ in zip(findings, prints, strict=True)
    ]
