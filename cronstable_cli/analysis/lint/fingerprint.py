"""Stable identities for findings: what SARIF alert tracking and baselines match on.

A fingerprint hashes the code, the job, the file (as the caller names it,
e.g. repository-relative) and the rule's `Finding.key`, never the message
or the line: rewording a message, moving lines, reordering jobs or a new
year's DST dates leave it unchanged. Findings that agree on all four get an
occurrence number in report order so each still has its own identity.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...records import Finding

VERSION = "v2"  # bump when the hashed fields change: old baselines then match nothing


def fingerprint(finding: Finding, file_id: str, occurrence: int = 0) -> str:
    """sha256 hex of code, job, file id, key and the occurrence number."""
    import hashlib  # on first use: start-up time

    parts = (VERSION, finding.code, finding.job or "", file_id, finding.key, str(occurrence))
    # surrogatepass: a file name or job name may carry lone surrogates (undecodable bytes).
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def fingerprints(findings: Sequence[Finding], file_id: Callable[[Finding], str]) -> list[str]:
    """One fingerprint per finding, in order; equal identities are numbered 0, 1, ..."""
    seen: dict[tuple[str, str, str, str], int] = {}
    out: list[str] = []
    for finding in findings:
        ident = file_id(finding)
        identity = (finding.code, finding.job or "", ident, finding.key)
        occurrence = seen.get(identity, 0)
        seen[identity] = occurrence + 1
        out.append(fingerprint(finding, ident, occurrence))
    return out
