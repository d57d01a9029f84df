"""Duplicates: semantic equality in the same zone, H slots, ordering, spelling."""

from __future__ import annotations

import itertools
import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.analysis.duplicates import (
    DuplicateGroup,
    find_duplicates,
)
from cronstable_cli.analysis.fires import build_fleet
from cronstable_cli.formats.json_out import duplicates_json

from .fleet_helpers import h_value, job


def groups(jobs: list) -> list[tuple[str, str, int, tuple[str, ...]]]:
    return [
        (g.expression, g.timezone, g.count, g.jobs)
        for g in find_duplicates(build_fleet(jobs)).groups
    ]


def test_equal_meaning_different_spelling() -> None:
    jobs = [
        job("a", "*/5 * * * *"),
        job("b", "0-59/5 * * * *"),
        job("c", "*/5 * * * *"),
        job("d", "@hourly"),
        job("e", "0 * * * *"),
        job("f", "0 0 * * 5#3"),
        job("g", "0 0 * * fri#3"),
    ]
    assert groups(jobs) == [
        ("*/5 * * * *", "UTC", 3, ("a", "b", "c")),
        ("0 0 * * 5#3", "UTC", 2, ("f", "g")),
        ("@hourly", "UTC", 2, ("d", "e")),
    ]


def test_h_job_joins_when_its_slot_coincides() -> None:
    minute = h_value("minute", "alpha") % 60
    hour = h_value("hour", "alpha") % 24
    jobs = [job("alpha", "H H * * *"), job("plain", f"{minute} {hour} * * *")]
    (group,) = find_duplicates(build_fleet(jobs)).groups
    assert group.jobs == ("alpha", "plain")


def test_h_jobs_with_different_slots_do_not_join() -> None:
    names = ["alpha", "beta"]
    slots = {(h_value("minute", n) % 60, h_value("hour", n) % 24) for n in names}
    assert len(slots) == 2  # the test's premise
    minute = h_value("minute", "alpha") % 60
    hour = h_value("hour", "alpha") % 24
    jobs = [
        job("alpha", "H H * * *"),
        job("beta", "H H * * *"),
        job("plain", f"{minute} {hour} * * *"),
    ]
    assert [g.jobs for g in find_duplicates(build_fleet(jobs)).groups] == [("alpha", "plain")]


def test_zone_must_match() -> None:
    jobs = [
        job("a", "0 3 * * *"),
        job("b", "0 3 * * *", timezone="UTC"),
        job("c", "0 3 * * *", timezone="Europe/Berlin"),
        job("d", "0 3 * * *", timezone="Europe/Paris"),
    ]
    assert groups(jobs) == [("0 3 * * *", "UTC", 2, ("a", "b"))]


def test_disabled_reboot_and_invalid_jobs_never_group() -> None:
    jobs = [
        job("a", "0 3 * * *"),
        job("b", "0 3 * * *", enabled=False),
        job("r1", "@reboot"),
        job("r2", "@reboot"),
        job("x", "nonsense"),
        job("y", "nonsense"),
    ]
    result = find_duplicates(build_fleet(jobs))
    assert result.groups == ()
    assert (result.jobs, result.excluded, result.invalid) == (1, 3, 2)


def test_largest_first_then_by_expression() -> None:
    jobs = [
        job("b1", "5 * * * *"),
        job("b2", "5 * * * *"),
        job("a1", "1 * * * *"),
        job("a2", "1 * * * *"),
        job("c1", "9 * * * *"),
        job("c2", "9 * * * *"),
        job("c3", "9 * * * *"),
    ]
    assert [g.expression for g in find_duplicates(build_fleet(jobs)).groups] == [
        "9 * * * *",
        "1 * * * *",
        "5 * * * *",
    ]


def test_most_common_spelling_then_first_loaded() -> None:
    jobs = [job("z", "0-59/5 * * * *"), job("y", "*/5 * * * *"), job("x", "*/5 * * * *")]
    assert groups(jobs)[0][0] == "*/5 * * * *"
    tie = [job("z", "0-59/5 * * * *"), job("y", "*/5 * * * *")]
    assert groups(tie)[0][0] == "0-59/5 * * * *"


def test_description_and_json() -> None:
    result = find_duplicates(build_fleet([job("a", "0 3 * * *"), job("b", "0 3 * * *")]))
    assert result.groups == (DuplicateGroup("0 3 * * *", "At 03:00", "UTC", 2, ("a", "b")),)
    doc = json.loads(duplicates_json(result, build_fleet([]), []))
    assert doc["version"] == 1
    assert doc["jobs"] == 2
    assert doc["groups"] == [
        {
            "expression": "0 3 * * *",
            "description": "At 03:00",
            "timezone": "UTC",
            "count": 2,
            "jobs": ["a", "b"],
        }
    ]


def test_groups_alike_in_size_spelling_and_zone_go_by_their_jobs_in_natural_order() -> None:
    # `H * * * *` puts t-9 and t-128 at minute 50, t-10 and t-61 at minute 5: two
    # groups of two, one spelling, one zone. Natural order puts t-9's group first
    # (9 < 10); text order would put ("t-10", "t-61") before ("t-128", "t-9").
    fleet = [job(n, "H * * * *") for n in ("t-10", "t-128", "t-61", "t-9")]
    assert groups(fleet) == [
        ("H * * * *", "UTC", 2, ("t-9", "t-128")),
        ("H * * * *", "UTC", 2, ("t-10", "t-61")),
    ]


def _reference_key(name: str) -> list[tuple[int, int | str]]:
    # Natural order written out here: digit runs by value, the rest as text.
    out: list[tuple[int, int | str]] = []
    for run in re.findall(r"[0-9]+|[^0-9]+", name):
        out.append((0, int(run)) if run.isdigit() else (1, run))
    return out


@settings(max_examples=150, deadline=None)
@given(
    numbers=st.lists(st.integers(0, 400), min_size=2, max_size=40, unique=True),
    width=st.sampled_from([0, 3]),  # 3: one skeleton (zero-padded); 0: runs of many widths
    prefixes=st.lists(st.sampled_from(["t-", "job", "a:"]), min_size=1, max_size=2),
)
def test_tie_runs_go_by_their_jobs_in_natural_order_whatever_the_names(
    numbers: list[int], width: int, prefixes: list[str]
) -> None:
    # `H * * * *` gives each name a minute: groups of one spelling, zone and size
    # are tied but for their jobs, and go by the jobs' natural order, whether the
    # names share one skeleton (where text order is the natural one) or not.
    names = [f"{prefixes[i % len(prefixes)]}{n:0{width}d}" for i, n in enumerate(numbers)]
    found = groups([job(n, "H * * * *") for n in names])
    for g in found:
        assert list(g[3]) == sorted(g[3], key=_reference_key)
    for a, b in itertools.pairwise(found):
        if a[:3] == b[:3]:
            assert [_reference_key(n) for n in a[3]] < [_reference_key(n) for n in b[3]]
