"""Baselines: accept the findings a fleet already has, report only new ones.

Findings are matched by fingerprint (fingerprint.py), with file paths taken
relative to the baseline file's directory so the baseline reads the same
from any working directory. A baseline is a multiset: two identical
findings need two entries.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...records import Finding
from .fingerprint import fingerprints

FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class BaselineOutcome:
    """What comparing a run with a baseline found."""

    new: tuple[Finding, ...]  # not in the baseline: reported
    known: int  # in the baseline: hidden
    fixed: int  # baseline entries no finding matched any more


def baseline_prints(findings: Sequence[Finding], baseline_dir: str) -> list[str]:
    """Each finding's fingerprint, files relative to the baseline's directory."""
    root = os.path.abspath(baseline_dir)

    def file_id(finding: Finding) -> str:
        if not finding.file:
            return ""
        return os.path.relpath(os.path.abspath(finding.file), root).replace(os.sep, "/")

    return fingerprints(findings, file_id)


def compare(
    findings: Sequence[Finding], accepted: Counter[str], baseline_dir: str
) -> BaselineOutcome:
    """Split findings into new ones and known ones; count the entries now fixed."""
    left = Counter(accepted)
    new: list[Finding] = []
    known = 0
    for finding, print_ in zip(findings, baseline_prints(findings, baseline_dir), strict=True):
        if left[print_] > 0:
            left[print_] -= 1
            known += 1
        else:
            new.append(finding)
    return BaselineOutcome(tuple(new), known, sum(left.values()))


def baseline_document(findings: Sequence[Finding], baseline_dir: str) -> dict[str, object]:
    """The baseline file's JSON: fingerprints, with code, job, file and message for readers."""
    prints = baseline_prints(findings, baseline_dir)
    root = os.path.abspath(baseline_dir)
    entries = [
        {
            "fingerprint": print_,
            "code": f.code,
            "job": f.job,
            "file": (
                os.path.relpath(os.path.abspath(f.file), root).replace(os.sep, "/")
                if f.file
                else None
            ),
            "message": f.message,  # for people reading a diff of the baseline; never matched
        }
        for f, print_ in zip(findings, prints, strict=True)
    ]
    return {"version": FORMAT_VERSION, "tool": "cronstable-cli", "findings": entries}
