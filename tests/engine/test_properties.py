"""Properties of the engine over generated schedules, instants and zones (hypothesis).

- any text parses or raises ScheduleError, never anything else, and never hangs;
- str() and .resolved parse back to an equal schedule, H values stay in their fields;
- next is strictly after and strictly increasing; in UTC test(next(t)) holds;
- next/prev agree in every frame: prev(next(t)) <= t and next(prev(next(t))) == next(t);
- fires_between (the fleet analyses' enumeration) equals stepping next() over a window.

Zoned instants are drawn near real DST transitions (found by scanning the tz database)
so the gap and repeat handling is exercised, not just plain days.
"""

from __future__ import annotations

import math
import signal
import string
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from functools import cache
from itertools import islice
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cronstable_cli import CronTab, ScheduleError

UTC = timezone.utc
ZONES = [
    "UTC",
    "America/New_York",
    "Europe/Berlin",
    "Australia/Lord_Howe",  # 30-minute DST
    "Pacific/Chatham",  # +12:45 / +13:45, transitions at 02:45 and 03:45
    "Asia/Kathmandu",  # +05:30 -> +05:45 in 1986: a 15-minute gap
    "Pacific/Apia",  # skipped 2011-12-30 entirely
]
EPOCH_MIN = 0  # 1970-01-01
EPOCH_MAX = 4102444799  # 2099-12-31 23:59:59 UTC

# Deadlines catch a slow search (generous: CI machines are busy); time_limit catches a hang.
DEADLINE = timedelta(seconds=5)
FAST = settings(max_examples=150, deadline=DEADLINE, suppress_health_check=[HealthCheck.too_slow])


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Fail instead of hanging: a SIGALRM timer around one example (POSIX only)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------------------------------
# Strategies: valid expressions, built from the documented item forms


@st.composite
def plain_item(draw: st.DrawFn, lo: int, hi: int, top: int | None = None) -> str:
    """`*`, a value, `a-b`, `*/n`, `a/n` or `a-b/n`, valid by construction (docs/dialect.md)."""
    top = hi if top is None else top  # where `*` and `a/n` end (6 for day-of-week)
    form = draw(st.sampled_from(["value", "range", "star-step", "start-step", "range-step"]))
    if form == "value":
        return str(draw(st.integers(lo, hi)))
    if form == "range":
        a, b = sorted(draw(st.tuples(st.integers(lo, hi), st.integers(lo, hi))))
        return f"{a}-{b}"
    if form == "star-step":
        return f"*/{draw(st.integers(1, hi - lo))}"
    a = draw(st.integers(lo, min(top, hi - 1)))
    n = draw(st.integers(1, hi - a))  # the first increment must stay in the field
    if form == "start-step":
        return f"{a}/{n}"
    b = draw(st.integers(a, hi))
    return f"{a}-{b}/{n}"


@st.composite
def hashed_item(draw: st.DrawFn, lo: int, hi: int, hash_lo: int, hash_hi: int) -> str:
    form = draw(st.sampled_from(["H", "H(a-b)", "H/n", "H(a-b)/n"]))
    if form == "H":
        return "H"
    if form == "H/n":
        return f"H/{draw(st.integers(1, hash_hi - hash_lo + 1))}"
    a, b = sorted(draw(st.tuples(st.integers(lo, hi), st.integers(lo, hi))))
    if form == "H(a-b)":
        return f"H({a}-{b})"
    return f"H({a}-{b})/{draw(st.integers(1, b - a + 1))}"


def field(items: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.just("*"), st.lists(items, min_size=1, max_size=3).map(",".join))


def dom_items(hashed: bool) -> st.SearchStrategy[str]:
    forms = [
        plain_item(1, 31),
        st.just("L"),
        st.integers(1, 30).map(lambda n: f"L-{n}"),
        st.integers(1, 31).map(lambda n: f"{n}W"),
        st.just("LW"),
    ]
    if hashed:
        forms.append(hashed_item(1, 31, 1, 28))
    return st.one_of(*forms)


WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]


def _name_range(pair: tuple[str, str]) -> str:
    """`a-b` in week order, or `a-sun`, which wraps to Sunday (docs/dialect.md)."""
    a, b = sorted(pair, key=lambda n: WEEKDAYS.index(n.lower()))
    return f"{b}-{a}" if a.lower() == "sun" else f"{a}-{b}"


def dow_items(hashed: bool) -> st.SearchStrategy[str]:
    names = st.sampled_from(["sun", "MON", "Tue", "wed", "thu", "FRI", "sat"])
    forms = [
        plain_item(0, 7, top=6),
        names,
        st.tuples(names, names).map(_name_range),
        st.integers(1, 6).map(lambda d: f"{d}-0"),
        st.integers(0, 7).map(lambda d: f"L{d}"),
        st.tuples(st.integers(0, 7), st.integers(1, 5)).map(lambda dn: f"{dn[0]}#{dn[1]}"),
        st.tuples(names, st.integers(1, 5)).map(lambda dn: f"{dn[0]}#{dn[1]}"),
    ]
    if hashed:
        forms.append(hashed_item(0, 7, 0, 6))
    return st.one_of(*forms)


def simple_field(
    lo: int,
    hi: int,
    hashed: bool,
    hash_range: tuple[int, int] | None = None,
    names: list[str] | None = None,
) -> st.SearchStrategy[str]:
    forms = [plain_item(lo, hi)]
    if names:
        forms.append(st.sampled_from(names))
    if hashed:
        h_lo, h_hi = hash_range or (lo, hi)
        forms.append(hashed_item(lo, hi, h_lo, h_hi))
    return field(st.one_of(*forms))


MONTH_NAMES = ["jan", "FEB", "Mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "Dec"]


@st.composite
def expressions(draw: st.DrawFn, hashed: bool | None = None) -> tuple[str, str | None]:
    """(a valid expression, its hash key or None)."""
    if hashed is None:
        hashed = draw(st.booleans())
    key = draw(st.text(min_size=1, max_size=12)) if hashed else None
    minute = draw(simple_field(0, 59, hashed))
    hour = draw(simple_field(0, 23, hashed))
    dom = draw(field(dom_items(hashed)))
    month = draw(simple_field(1, 12, hashed, names=MONTH_NAMES))
    dow = draw(field(dow_items(hashed)))
    fields = [minute, hour, dom, month, dow]
    layout = draw(st.sampled_from([5, 5, 5, 6, 7]))
    if layout >= 6:
        year = draw(
            st.one_of(
                st.just("*"), st.just("*"), field(plain_item(1970, 2099)).filter(lambda y: y != "*")
            )
        )
        fields.append(year)
    if layout == 7:
        fields.insert(0, draw(simple_field(0, 59, hashed)))
    return " ".join(fields), key


@cache
def transitions(name: str) -> tuple[int, ...]:
    """Epoch seconds at which the zone's UTC offset changes, 1970-2099 (12-hour scan + bisect)."""
    zone = ZoneInfo(name)

    def offset(epoch: int) -> timedelta | None:
        return datetime.fromtimestamp(epoch, zone).utcoffset()

    found = []
    step = 43200
    current = offset(EPOCH_MIN)
    for start in range(EPOCH_MIN, EPOCH_MAX, step):
        following = offset(start + step)
        if following != current:
            lo, hi = start, start + step
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if offset(mid) == current:
                    lo = mid
                else:
                    hi = mid
            found.append(hi)
        current = following
    return tuple(found)


@st.composite
def zoned_instants(draw: st.DrawFn) -> tuple[str, datetime]:
    """(zone, an aware instant), usually within two days of one of the zone's transitions."""
    name = draw(st.sampled_from(ZONES))
    known = transitions(name) if name != "UTC" else ()
    if known and draw(st.integers(0, 3)):
        base = draw(st.sampled_from(known))
        epoch = base + draw(st.one_of(st.integers(-7200, 7200), st.integers(-172800, 172800)))
    else:
        epoch = draw(st.integers(EPOCH_MIN, EPOCH_MAX))
    micro = draw(st.sampled_from([0, 0, 0, 1, 500000, 999999]))
    instant = datetime.fromtimestamp(epoch, UTC) + timedelta(microseconds=micro)
    if draw(st.booleans()):  # pass it in the schedule's own zone sometimes (folds included)
        instant = instant.astimezone(ZoneInfo(name) if name != "UTC" else UTC)
    return name, instant


utc_instants = st.builds(
    lambda s, us: datetime.fromtimestamp(s, UTC) + timedelta(microseconds=us),
    st.integers(EPOCH_MIN, EPOCH_MAX),
    st.sampled_from([0, 0, 1, 999999]),
)


# ---------------------------------------------------------------------------------------
# Any text: a value or a ScheduleError, quickly

TOKENS = [
    "*",
    "0",
    "1",
    "5",
    "7",
    "12",
    "15",
    "23",
    "29",
    "31",
    "59",
    "60",
    "99",
    "1970",
    "2099",
    "2100",
    "-",
    "/",
    ",",
    "L",
    "W",
    "#",
    "?",
    "H",
    "(",
    ")",
    "mon",
    "FRI",
    "jan",
    "Dec",
    "sun",
    "l",
    "w",
    "h",
    "@daily",
    "@reboot",
    "@",
    "LW",
    "L-",
    "5L",
]

field_soup = st.lists(
    st.lists(st.sampled_from(TOKENS), min_size=1, max_size=6).map("".join),
    min_size=0,
    max_size=8,
).map(" ".join)
printable = st.text(alphabet=string.printable, max_size=40)
anything = st.text(max_size=30)  # any unicode, including odd whitespace and digits


def _exercise(text: str, key: str | None, crontab: bool, now: datetime) -> None:
    try:
        tab = CronTab(text, hash_key=key, crontab=crontab)
    except ScheduleError as err:
        assert str(err)
        return
    assert CronTab(str(tab), hash_key=key, crontab=crontab) == tab
    for result in (tab.next(now), tab.prev(now)):
        assert result is None or result.tzinfo is not None
    tab.test(now)


@given(
    text=st.one_of(field_soup, printable, anything),
    key=st.sampled_from([None, "job"]),
    crontab=st.booleans(),
    now=utc_instants,
)
@settings(max_examples=400, deadline=DEADLINE)
def test_any_text_parses_or_raises_schedule_error(
    text: str, key: str | None, crontab: bool, now: datetime
) -> None:
    with time_limit(10):
        _exercise(text, key, crontab, now)


@FAST
@given(soup=field_soup, zone_and_now=zoned_instants())
def test_any_accepted_soup_answers_in_any_zone(
    soup: str, zone_and_now: tuple[str, datetime]
) -> None:
    name, now = zone_and_now
    try:
        tab = CronTab(soup, hash_key="job", tz=name)
    except ScheduleError:
        return
    with time_limit(10):
        tab.next(now)
        tab.prev(now)


# ---------------------------------------------------------------------------------------
# Valid expressions


@FAST
@given(expressions())
def test_generated_expressions_are_accepted_and_round_trip(
    expr_key: tuple[str, str | None],
) -> None:
    expr, key = expr_key
    tab = CronTab(expr, hash_key=key)
    assert str(tab) == expr
    assert CronTab(str(tab), hash_key=key) == tab
    resolved = CronTab(tab.resolved)  # an H schedule equals its resolved form
    assert resolved == tab
    assert hash(resolved) == hash(tab)
    assert tab == CronTab("  " + expr.replace(" ", " \t ") + " ", hash_key=key)


@FAST
@given(expressions(hashed=True))
def test_hashed_values_stay_in_their_fields(expr_key: tuple[str, str | None]) -> None:
    expr, key = expr_key
    p = CronTab(expr, hash_key=key).parsed
    assert p.seconds <= set(range(60))
    assert p.minutes <= set(range(60))
    assert p.hours <= set(range(24))
    assert p.dom.days <= set(range(1, 32))
    assert p.months <= set(range(1, 13))
    assert p.dow.days <= set(range(7))
    assert p.years <= set(range(1970, 2100))
    assert p.seconds and p.minutes and p.hours and p.months and p.years


@given(expressions(), expressions())
@settings(max_examples=100, deadline=None)
def test_equality_is_symmetric_and_agrees_with_hash(
    a: tuple[str, str | None], b: tuple[str, str | None]
) -> None:
    left, right = CronTab(a[0], hash_key=a[1]), CronTab(b[0], hash_key=b[1])
    assert (left == right) == (right == left)
    if left == right:
        assert hash(left) == hash(right)


@FAST
@given(expressions(), utc_instants)
def test_utc_next_is_a_strictly_increasing_chain_of_matching_times(
    expr_key: tuple[str, str | None], now: datetime
) -> None:
    tab = CronTab(*expr_key)
    current = now
    for _ in range(4):
        following = tab.next(current)
        if following is None:  # never again: the last fire ever is behind us
            last = tab.prev(datetime(2100, 1, 1, tzinfo=UTC))
            assert last is None or last <= current
            return
        assert following > current
        assert following.microsecond == 0
        assert tab.test(following)
        current = following


@FAST
@given(expressions(), utc_instants)
def test_utc_next_and_prev_agree(expr_key: tuple[str, str | None], now: datetime) -> None:
    _check_next_prev(CronTab(*expr_key), now)


@settings(max_examples=250, deadline=DEADLINE, suppress_health_check=[HealthCheck.too_slow])
@given(expressions(), zoned_instants())
def test_zoned_next_and_prev_agree(
    expr_key: tuple[str, str | None], zone_and_now: tuple[str, datetime]
) -> None:
    name, now = zone_and_now
    with time_limit(10):
        _check_next_prev(CronTab(*expr_key, tz=name), now)


def _epoch(dt: datetime | None) -> float | None:
    # Aware datetimes sharing a tzinfo compare by wall time, ignoring fold; compare instants.
    return None if dt is None else dt.timestamp()


def _check_next_prev(tab: CronTab, now: datetime) -> None:
    t = now.timestamp()
    following = _epoch(tab.next(now))
    previous = _epoch(tab.prev(now))
    if following is not None:
        assert following > t
        follow_dt = datetime.fromtimestamp(following, UTC)
        before = _epoch(tab.prev(follow_dt))  # the last fire strictly before `following` ...
        if before is None:
            assert previous is None
        else:
            assert before <= t  # ... so no later than `now`: nothing fires in between
            assert before in (t, previous)  # `now` itself may be a fire
            assert _epoch(tab.next(datetime.fromtimestamp(before, UTC))) == following
    if previous is not None:
        assert previous < t
        after = _epoch(tab.next(datetime.fromtimestamp(previous, UTC)))
        if after is None:
            assert following is None
        else:
            assert after >= t  # nothing fires strictly between `previous` and `now`
            assert after in (t, following)


# Busy schedules make the comparison meaningful; rare ones keep the generator honest.
BUSY = st.sampled_from(
    [
        "* * * * *",
        "*/15 * * * *",
        "15,40 * * * *",
        "*/7 1-3 * * *",
        "0,30 2 * * *",
        "45 1 * * *",
        "15 2 * * *",
        "*/5 0-4 * * *",
        "0 * * * *",
        "59 23 * * *",
        "0 0 * * *",
        "30 */20 * * * * *",
        "0 0,30 0-3 * * * *",
        "*/10 2 * * 0",
    ]
)


@settings(max_examples=200, deadline=DEADLINE, suppress_health_check=[HealthCheck.too_slow])
@given(
    expr=st.one_of(BUSY, expressions(hashed=False).map(lambda ek: ek[0])),
    zone_and_start=zoned_instants(),
    hours=st.integers(0, 60),
)
def test_fires_between_equals_stepping_next(
    expr: str, zone_and_start: tuple[str, datetime], hours: int
) -> None:
    name, start = zone_and_start
    tab = CronTab(expr, tz=name)
    if len(tab.parsed.seconds) > 1:
        hours = min(hours, 2)
    start_epoch = int(start.timestamp())
    end_epoch = start_epoch + hours * 3600 + (start_epoch % 3571)  # ragged ends too
    window = tab.timeline.fires_between(start_epoch, end_epoch)
    stepped: list[int] = []
    current = tab.next(datetime.fromtimestamp(start_epoch - 1, UTC))
    with time_limit(20):
        while current is not None and current.timestamp() < end_epoch:
            stepped.append(int(current.timestamp()))
            current = tab.next(current)
    assert window == stepped


@pytest.mark.parametrize("name", [z for z in ZONES if z != "UTC"])
def test_transition_scan_finds_transitions(name: str) -> None:
    """Guard for the strategy above: every zone in the list really has transitions."""
    assert transitions(name)


def _fields(dt: datetime) -> tuple[object, ...]:
    return (*dt.timetuple()[:6], dt.microsecond, dt.fold, dt.tzinfo)


@settings(max_examples=300, deadline=DEADLINE, suppress_health_check=[HealthCheck.too_slow])
@given(
    expr=st.one_of(BUSY, expressions(hashed=False).map(lambda ek: ek[0])),
    zone_and_now=zoned_instants(),
    shown_in=st.one_of(st.none(), st.sampled_from(ZONES)),
    pinned=st.booleans(),
)
def test_next_and_prev_are_the_datetimes_fromtimestamp_gives_for_the_epoch_search(
    expr: str, zone_and_now: tuple[str, datetime], shown_in: str | None, pinned: bool
) -> None:
    """next() and prev() build their answers from wall fields when they can: the same
    instants as the epoch-level searches, and the very datetimes fromtimestamp makes of
    them (fold, tzinfo)."""
    name, now = zone_and_now
    if shown_in is not None:  # `now` in another zone than the frame: the answer comes in it
        now = now.astimezone(ZoneInfo(shown_in))
    tab = CronTab(expr, tz=name) if pinned else CronTab(expr)
    timeline = tab.timeline if pinned else tab._timeline(now.tzinfo or UTC)
    for got, epoch in (
        (tab.next(now), timeline.next_epoch(now)),
        (tab.prev(now), timeline.prev_epoch(now)),
    ):
        if epoch is None:
            assert got is None
            continue
        assert got is not None
        want = datetime.fromtimestamp(epoch, now.tzinfo)
        assert _fields(got) == _fields(want)
        assert got.tzinfo is want.tzinfo


@settings(max_examples=200, deadline=DEADLINE, suppress_health_check=[HealthCheck.too_slow])
@given(
    expr=st.one_of(BUSY, expressions(hashed=False).map(lambda ek: ek[0])),
    zone_and_start=zoned_instants(),
    shown_in=st.one_of(st.none(), st.sampled_from(ZONES)),
    count=st.integers(1, 400),
)
def test_occurrences_are_the_epoch_search_stepped_as_fromtimestamp_datetimes(
    expr: str, zone_and_start: tuple[str, datetime], shown_in: str | None, count: int
) -> None:
    """Iteration (batches, wall-field runs, careful steps near changes) yields what stepping
    the epoch-level search does, each as the datetime fromtimestamp makes (fold, tzinfo)."""
    name, start = zone_and_start
    if shown_in is not None:
        start = start.astimezone(ZoneInfo(shown_in))
    tab = CronTab(expr, tz=name)
    got = list(islice(tab.occurrences(start), count))
    want: list[datetime] = []
    epoch: int | None = math.floor(start.timestamp())
    with time_limit(20):
        while len(want) < count:
            epoch = tab.timeline.next_after(epoch) if epoch is not None else None
            if epoch is None:
                break
            want.append(datetime.fromtimestamp(epoch, start.tzinfo))
    assert [_fields(g) for g in got] == [_fields(w) for w in want]
    assert all(g.tzinfo is start.tzinfo for g in got)
