"""Zone names to tzinfo objects: IANA names (zoneinfo + tzdata), UTC, local."""

from __future__ import annotations

import os
from datetime import datetime, timezone, tzinfo
from functools import lru_cache

LOCAL = "local"


class ZoneError(ValueError):
    """An unknown zone name."""


def load_zone(name: str) -> tzinfo:
    """The tzinfo for `UTC`, `local` (the host's zone) or an IANA name."""
    if name == LOCAL:
        return _host_zone()  # read each time: TZ is the environment's, not the name's
    return _named_zone(name)


@lru_cache(maxsize=512)
def _named_zone(name: str) -> tzinfo:
    if name in ("UTC", "utc", "Z"):
        return timezone.utc
    if not name or name.startswith(("/", ".")) or ".." in name or "\0" in name:
        raise ZoneError(f"unknown time zone {name!r}")
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError  # not needed for UTC-only runs

    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as err:
        raise ZoneError(f"unknown time zone {name!r} (not an IANA zone name)") from err


def zone_name(zone: tzinfo) -> str:
    """A display name for a tzinfo: its IANA key, `UTC`, or its abbreviation."""
    if zone is timezone.utc:
        return "UTC"
    key = getattr(zone, "key", None)
    if isinstance(key, str):
        return key
    return str(zone.tzname(datetime.now(timezone.utc)))


def _host_zone() -> tzinfo:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    if "TZ" in os.environ:
        # The C library reads TZ first: an IANA name (optionally after `:`), a zone
        # file's path, or a POSIX rule such as `XXX-9`. A rule is not read here, and
        # falling back to /etc/localtime would silently show another zone: refused.
        # The value itself is never echoed (no environment value reaches the output).
        tz_env = os.environ["TZ"].lstrip(":")
        if not tz_env:
            return timezone.utc  # TZ set but empty is UTC to the C library
        try:
            if os.path.isabs(tz_env):
                with open(tz_env, "rb") as handle:
                    return ZoneInfo.from_file(handle, key=LOCAL)
            return ZoneInfo(tz_env)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            raise ZoneError(
                "--tz local: the TZ environment variable is not an IANA zone name or a "
                "zone file (a POSIX TZ rule is not read); pass --tz with an IANA name, "
                "or unset TZ to use /etc/localtime"
            ) from None
    try:
        with open("/etc/localtime", "rb") as handle:
            return ZoneInfo.from_file(handle, key=LOCAL)
    except (OSError, ValueError):
        local = datetime.now().astimezone().tzinfo
        return local if local is not None else timezone.utc


# Keys of the tz database's zones that are UTC under another name.
_UTC_KEYS = frozenset(
    (
        "UTC",
        "Etc/UTC",
        "Etc/UCT",
        "UCT",
        "Zulu",
        "Etc/Zulu",
        "GMT",
        "Etc/GMT",
        "Universal",
        "Etc/Universal",
        "Greenwich",
        "Etc/Greenwich",
        "GMT0",
        "Etc/GMT0",
        "GMT+0",
        "GMT-0",
        "Etc/GMT+0",
        "Etc/GMT-0",
    )
)


def is_fixed(zone: tzinfo) -> bool:
    """True for zones whose offset never changes (UTC, Etc/GMT+n, fixed offsets)."""
    if isinstance(zone, timezone):
        return True
    key = getattr(zone, "key", None)
    return isinstance(key, str) and (key in _UTC_KEYS or key.startswith("Etc/GMT"))
