"""Time zone names as the daemon checks them: zoneinfo, backed by tzdata."""

from __future__ import annotations

from functools import lru_cache

from ..engine.zones import ZoneError, load_zone
from ..names import closest


@lru_cache(maxsize=1024)
def is_known_zone(name: str) -> bool:
    """True when zoneinfo can load `name` (an IANA name such as Europe/Berlin)."""
    if not name or name != name.strip() or name == "local":
        return False
    try:
        load_zone(name)
    except ZoneError:
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
    """A self-contained message for an unknown zone name."""
    message = f"unknown time zone {name!r} in {where}; use an IANA name such as 'Europe/Berlin'"
    suggestion = zone_suggestion(name)
    if suggestion:
        message = f"unknown time zone {name!r} in {where}; did you mean {suggestion!r}?"
    return message
