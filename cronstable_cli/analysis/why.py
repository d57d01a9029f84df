"""Why a schedule did or did not fire at an instant: a verdict per field."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from ..engine import CronTab
from ..engine.describe import MONTHS, WEEKDAYS, compress, join_words, ordinal
from ..engine.schedule import days_in_month, weekday_of

ONE_SECOND = timedelta(seconds=1)
AND_RULE = "day (AND rule)"  # the extra row when only one of two restricted day fields holds


@dataclass(frozen=True, slots=True)
class FieldVerdict:
    """One field's answer for the instant's civil value."""

    field: str
    value: str  # the civil value at the instant, in words
    matched: bool
    reason: str  # what the field selects, and why it did or did not match


@dataclass(frozen=True)
class WhyReport:
    """`cronstable why`: did it fire at `at`, why (not), and the fires around it."""

    expression: str
    resolved: str
    timezone: str
    at: datetime  # in the schedule's zone
    fired: bool
    verdict: str  # one sentence
    fields: tuple[FieldVerdict, ...]
    dst: str | None
    previous: datetime | None
    next: datetime | None


def why(tab: CronTab, expression: str, zone_label: str, at: datetime) -> WhyReport:
    """Explain the schedule's verdict at `at` (microseconds are ignored)."""
    local = at.astimezone(tab.zone).replace(microsecond=0)
    fields = _verdicts(tab, local)
    previous = tab.prev(local + ONE_SECOND)
    # Compare instants, not wall fields: aware datetimes sharing a tzinfo compare
    # by wall time and ignore fold, which would confuse the two passes of an hour.
    fired = previous is not None and previous.timestamp() == local.timestamp()
    civil_match = tab.test(local)
    dst = _dst_note(tab, local, fired, civil_match)
    if tab.is_reboot:
        verdict = "@reboot fires only when the daemon starts, never at a clock instant."
    elif fired and civil_match:
        verdict = "Yes: every field matches, so it fired at this instant."
    elif fired:
        verdict = (
            "Yes, shifted: this instant is where a scheduled wall time inside a DST gap fires."
        )
    elif civil_match:
        verdict = (
            "No: the civil fields match, but this is the second pass of a repeated "
            "hour; the schedule fired at the first occurrence only."
        )
    else:
        failed = [f.field for f in fields if not f.matched and f.field != AND_RULE]
        verdict = f"No: {join_words(failed)} did not match."
        count = tab.parsed.field_count
        if "second" in failed and count != 7:
            verdict += f" The second field is implicit: {_implicit_second(count)}."
        if any(f.field == AND_RULE for f in fields):
            verdict += " Both day fields are restricted, so both must match (the AND rule)."
    return WhyReport(
        expression=expression,
        resolved=tab.resolved,
        timezone=zone_label,
        at=local,
        fired=fired,
        verdict=verdict,
        fields=fields,
        dst=dst,
        previous=tab.prev(local) if not tab.is_reboot else None,
        next=tab.next(local) if not tab.is_reboot else None,
    )


def _verdicts(tab: CronTab, t: datetime) -> tuple[FieldVerdict, ...]:
    p = tab.parsed
    if p.reboot:
        return ()
    out = []
    if p.field_count == 7 or p.seconds != frozenset((0,)):
        out.append(_plain("second", t.second, p.seconds, str(t.second)))
    elif t.second not in p.seconds:
        # A 5- or 6-field schedule has no second field written, yet fires only at
        # second 0; without this row every shown field would say "match".
        out.append(
            FieldVerdict(
                "second",
                str(t.second),
                False,
                f"{t.second} is not 0: {_implicit_second(p.field_count)}",
            )
        )
    out.append(_plain("minute", t.minute, p.minutes, str(t.minute)))
    out.append(_plain("hour", t.hour, p.hours, str(t.hour)))
    out.extend(_day_verdicts(tab, t))
    out.append(_plain("month", t.month, p.months, MONTHS[t.month - 1], lambda m: MONTHS[m - 1][:3]))
    if p.field_count != 5 or len(p.years) != 130:
        out.append(_plain("year", t.year, p.years, str(t.year)))
    return tuple(out)


def _implicit_second(count: int) -> str:
    return f"a {count}-field schedule fires at second 0 only"


def _plain(
    name: str, value: int, allowed: frozenset[int], shown: str, fmt: Any = str
) -> FieldVerdict:
    matched = value in allowed
    selects = compress(allowed, fmt)
    if len(selects) > 80:
        selects = selects[:77] + "..."
    reason = f"selects {selects}" if matched else f"{shown} is not in {selects}"
    return FieldVerdict(name, shown, matched, reason)


def _day_verdicts(tab: CronTab, t: datetime) -> list[FieldVerdict]:
    p = tab.parsed
    y, m, d = t.year, t.month, t.day
    days = days_in_month(y, m)
    wd = weekday_of(y, m, d)
    dom, dow = p.dom, p.dow
    dom_mask, dow_mask = tab.schedule.field_day_masks(y, m)
    dom_only = bool(dom_mask >> d & 1)
    dow_only = bool(dow_mask >> d & 1)
    value_dom = f"the {ordinal(d)} (of {days})"
    value_dow = WEEKDAYS[wd]
    dom_reason = (
        ("selects " + ("every day" if not dom.restricted else _describe_dom(tab)))
        if dom_only
        else f"the {ordinal(d)} is not selected ({_describe_dom(tab)})"
    )
    dow_reason = (
        ("selects " + ("every day of the week" if not dow.restricted else _describe_dow(tab)))
        if dow_only
        else f"{WEEKDAYS[wd]} the {ordinal(d)} is not selected ({_describe_dow(tab)})"
    )
    out = [
        FieldVerdict("day-of-month", value_dom, dom_only, dom_reason),
        FieldVerdict("day-of-week", value_dow, dow_only, dow_reason),
    ]
    if dom.restricted and dow.restricted and dom_only != dow_only:
        out.append(
            FieldVerdict(
                AND_RULE,
                f"{WEEKDAYS[wd]} the {ordinal(d)}",
                False,
                "both day fields are restricted, so cronstable requires both to match "
                "(Vixie cron would fire on either)",
            )
        )
    return out


def _describe_dom(tab: CronTab) -> str:
    from ..engine.describe import explain_fields

    for f in explain_fields(tab.parsed):
        if f.name == "day-of-month":
            return f.words
    return "every day"


def _describe_dow(tab: CronTab) -> str:
    from ..engine.describe import explain_fields

    for f in explain_fields(tab.parsed):
        if f.name == "day-of-week":
            return f.words
    return "every day of the week"


def _dst_note(tab: CronTab, local: datetime, fired: bool, civil_match: bool) -> str | None:
    zone = tab.zone
    # astimezone marks the second pass of a repeated hour with fold=1; clear it so
    # the two offsets compared really are the first and the second pass.
    naive = local.replace(tzinfo=None, fold=0)
    off0 = zone.utcoffset(naive)
    off1 = zone.utcoffset(naive.replace(fold=1))
    if off0 != off1:
        if local.fold:
            return (
                f"{naive:%H:%M:%S} happens twice today; this is its second pass "
                f"({local.tzname()}), when nothing fires again."
            )
        return (
            f"{naive:%H:%M:%S} happens twice today; this is its first pass "
            f"({local.tzname()}), the one that fires."
        )
    if fired and not civil_match:
        # The wall time that was scheduled: this instant read with the offset in force
        # before the clocks sprang forward (a day earlier is safely before the gap).
        before = (local - timedelta(days=1)).astimezone(zone).utcoffset()
        after = local.utcoffset()
        if before is not None and after is not None and after > before:
            wall = naive - (after - before)
            minutes = int((after - before).total_seconds()) // 60
            return (
                f"{wall:%H:%M:%S} does not exist on {wall:%Y-%m-%d} (the clocks "
                f"sprang forward {minutes} minutes); that fire happens at this "
                f"instant instead, shifted by the gap."
            )
        return (
            "A scheduled wall time fell into this day's spring-forward gap and fires "
            "at this instant instead (shifted by the gap)."
        )
    return None
