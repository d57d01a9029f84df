"""The fleet parse cache returns exactly what the engine's parse returns."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.analysis.schedule_cache import ScheduleCache, hash_plan
from cronstable_cli.engine import Parsed, ScheduleError, parse

from .fleet_helpers import job

H_TEXTS = [
    "H H * * *", "H/15 * * * *", "H * * * *", "H(0-29)/10 H(9-17) * * mon-fri",
    "H H H(1-31) H H", "H,30 H/6 * * *", "H H * * H(mon-fri)", "H H H * * * *",
    "H H/2 * * * 2026", "H 3 L * *", "H H * * sat-sun", "H(0-5),H/20 * * * *",
    "H(jan-mar) * * * *", "H H H(1-28)/7 * *", "H/7 H/5 * * H/2",
]
PLAIN = ["0 0 * * THU", "@daily", "*/5 * * * *", "0 9 * * mon#1", "@midnight"]


def outcome(func: Callable[..., Parsed], *args: object, **kwargs: object) -> object:
    try:
        return func(*args, **kwargs)
    except ScheduleError as err:
        return ("error", err.message)


@pytest.mark.parametrize("text", H_TEXTS + PLAIN)
def test_cache_agrees_with_the_engine_for_many_names(text: str) -> None:
    cache = ScheduleCache()
    for i in range(400):
        name = f"job-{i}"
        for crontab in (False, True):
            assert outcome(cache.parse, text, name, crontab=crontab) == outcome(
                parse, text, name, crontab=crontab), (text, name)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(H_TEXTS + PLAIN + ["61 * * * *", "H/0 * * * *"]),
             min_size=1, max_size=12),
    st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=12),
)
def test_parse_jobs_agrees_with_the_engine(texts: list[str], names: list[str]) -> None:
    jobs = [job(name, text) for text, name in zip(texts, names, strict=False)]
    got = ScheduleCache().parse_jobs(jobs)
    for j, result in zip(jobs, got, strict=True):
        expected = outcome(parse, j.schedule, j.name)
        actual = ("error", result.message) if isinstance(result, ScheduleError) else result
        assert actual == expected


def test_equal_slots_share_one_parsed_object() -> None:
    cache = ScheduleCache()
    got = {id(cache.parse("H H * * *", f"job-{i}")) for i in range(5000)}
    assert len(got) <= 24 * 60


@pytest.mark.parametrize(("text", "moduli"), [
    ("0 * * * *", ()),
    ("0 0 * * THU", ()),
    ("H H * * *", (("minute", 60), ("hour", 24))),
    ("H/15 * * * *", (("minute", 15),)),
    ("H(1-31) * * * *", (("minute", 31),)),
    ("* * H * *", (("day-of-month", 28),)),
    ("* * * * H", (("day-of-week", 7),)),
    ("H * * * * * *", (("second", 60),)),
])
def test_hash_plan_names_each_items_modulus(text: str, moduli: tuple) -> None:
    plan = hash_plan(text)
    assert plan is not None
    assert plan.moduli == moduli


def test_unreadable_h_items_are_parsed_job_by_job() -> None:
    assert hash_plan("H(x-y) * * * *") is None
    cache = ScheduleCache()
    assert outcome(cache.parse, "H(x-y) * * * *", "a") == outcome(parse, "H(x-y) * * * *", "a")


def test_a_text_the_engine_hashes_but_the_plan_missed_is_never_shared(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import cronstable_cli.analysis.schedule_cache as module

    monkeypatch.setattr(module, "hash_plan", lambda text: module.NO_HASH)
    cache = ScheduleCache()
    names = [f"job-{i}" for i in range(50)]
    got = cache.parse_jobs([job(n, "H * * * *") for n in names])
    assert got == [parse("H * * * *", n) for n in names]
    assert len({p.resolved for p in got if isinstance(p, Parsed)}) > 1
