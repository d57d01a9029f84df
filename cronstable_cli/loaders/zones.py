"""Time zone names as the daemon checks them: zoneinfo, backed by tzdata."""

from __future__ import annotations

from functools import lru_cache

from ..names import closest


@lru_cache(maxsize=1024)
def is_known_zone(name: str) -> bool:
    """True when the daemon's `ZoneInfo(name)` loads `name`: the one zone check of job files.

    Every zone a job file names (`timezone` of a job, of `defaults:`, of a DAG,
    and `CRON_TZ`) is judged here, exactly as the daemon judges it: an IANA name
    or link, `UTC`, spelled in its exact case (`utc`, `Z` and `europe/berlin`
    are refused). The engine's own conveniences (`utc`, `Z`, `local`) are not
    zone names to the daemon. What the host's zone database holds beyond the
    tzdata package (`localtime`, `posix/...`) is the host's answer, as it is
    the daemon's.
    """
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    if not name or "\0" in name:
        return False
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return False
    return True


@lru_cache(maxsize=1)
def _all_zones() -> dict[str, str]:
    from zoneinfo import available_timezones

    try:
        zones = available_timezones()
    except Exception:  # pragma: no cover - a broken tzdata install
        zones = set()
    return {zone.lower(): zone for zone in zones}


@lru_cache(maxsize=256)
def zone_suggestion(name: str) -> str | None:
    """The known zone `name` was probably meant to be, if one is close."""
    zones = _all_zones()
    lowered = name.strip().lower().replace(" ", "_")
    if lowered in zones:
        return zones[lowered]
    close = closest(lowered, zones, cutoff=0.75)
    if close:
        return zones[close[0]]
    # A bare city often means the zone of that city: "Berlin" -> "Europe/Berlin".
    cities = [zone for key, zone in zones.items() if key.rsplit("/", 1)[-1] == lowered]
    return cities[0] if len(cities) == 1 else None


def unknown_zone_message(name: str, where: str) -> str:
    """A self-contained message for a zone name the daemon's `ZoneInfo` refuses."""
    suggestion = zone_suggestion(name) or ("UTC" if name.strip().lower() == "z" else None)
    message = f"unknown time zone {name!r} in {where}"
    if suggestion and suggestion.lower() == name.strip().lower():
        # `utc`, `europe/berlin`: the daemon looks zone names up case-sensitively.
        return (
            f'{message}: the daemon refuses it ("unknown timezone"; zone names are '
            f"case-sensitive): did you mean {suggestion!r}?"
        )
    if suggestion:
        return (
            f'{message}: the daemon refuses it ("unknown timezone"); did you mean {suggestion!r}?'
        )
    return (
        f'{message}: the daemon refuses it ("unknown timezone"); use an IANA name such '
        "as 'Europe/Berlin', or 'UTC'"
    )
