"""The daemon's load-time checks that do not depend on the host, on checked data.

Each function takes the plain data the schema check produced (a value that
failed its type check is INVALID and is skipped here: it was reported
already) and returns Issues: the dotted path of the offending key and the
message. The loader turns them into findings at that key's position.
Host-dependent checks (files, users, resolvable names) are left out.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

from .type_check import INVALID

Issue = tuple[str, str]  # (dotted path of the key, message)

# The built-in job defaults the checks below read (the daemon's DEFAULT_CONFIG).
JOB_BASE: dict[str, Any] = {
    "concurrencyPolicy": "Allow",
    "concurrencyScope": "node",
    "catchupJitterSeconds": 0,
    "startingDeadlineSeconds": None,
    "saveLimit": 4096,
    "maxLineLength": 16 * 1024 * 1024,
    "executionTimeout": None,
    "killTimeout": 30,
    "poolSlots": 1,
    "queuePriority": 0,
    "queueTimeout": 3600.0,
    "monitorResources": False,
    "pool": None,
    "verify": None,
    "resourceLimits": None,
    "secrets": [],
    "environment": [],
    "sla": {
        "maxTimeSinceSuccessSeconds": None,
        "lateAfterSeconds": None,
        "maxRuntimeSeconds": None,
    },
}
HOOKS = ("onFailure", "onPermanentFailure", "onSuccess", "onLate")
# Every top-level key `job_issues` reads, and the ones the whole-config checks take
# from a job (pool, poolSlots, concurrencyScope, secrets, the hooks' push reporter).
# A job that sets none of them has its defaults' verdicts: the loader checks those
# once per file instead of once per job (tests/loaders/test_daemon_checks.py pins
# the set: no other key changes what job_issues says).
JOB_CHECKED_KEYS = frozenset({
    "pool", "poolSlots", "queuePriority", "queueTimeout", "verify", "secrets",
    "resourceLimits", "saveLimit", "maxLineLength", "killTimeout", "monitorResources",
    "concurrencyScope", "concurrencyPolicy", "catchupJitterSeconds",
    "startingDeadlineSeconds", "executionTimeout", "sla", *HOOKS,
})  # fmt: skip


def merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """`override` over `base` as the daemon merges defaults (its mergedicts)."""
    merged = dict(base)
    for key, value in override.items():
        if key not in merged:
            merged[key] = value
            continue
        old = merged[key]
        if isinstance(old, dict) and (isinstance(value, dict) or value is None):
            # An empty section (None) keeps the inherited mapping.
            merged[key] = merge(old, value or {})
        elif isinstance(old, list) and isinstance(value, list):
            merged[key] = _merge_lists(key, old, value)
        else:
            merged[key] = value
    return merged


def _merge_lists(key: str, old: list[Any], new: list[Any]) -> list[Any]:
    field = {"environment": "key", "secrets": "name"}.get(key)
    if key == "fingerprint":
        return new
    if field is None or not all(isinstance(e, dict) and field in e for e in old + new):
        return old + new
    by_name = {entry[field]: entry for entry in old}
    for entry in new:
        by_name[entry[field]] = entry
    return list(by_name.values())


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _sub(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    """The mapping under `key`, or an empty one."""
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _get(data: Mapping[str, Any], *path: str) -> Any:
    node: Any = data
    for key in path:
        # Checked data is plain dicts: test for one before the (slow) ABC check.
        if type(node) is not dict and not isinstance(node, Mapping):
            return None
        node = node.get(key)
    return None if node is INVALID else node


# -- jobs ---------------------------------------------------------------------


def job_issues(job: Mapping[str, Any]) -> list[Issue]:
    """The daemon's JobConfig checks on one job merged over its defaults."""
    issues: list[Issue] = []
    add = issues.append
    issues.extend(_pool_keys(job))
    issues.extend(_verify(job.get("verify")))
    for index, entry in enumerate(job.get("secrets") or ()):
        sources = [entry.get(k) for k in ("value", "fromFile", "fromEnvVar")] if isinstance(
            entry, dict) else [INVALID]  # fmt: skip
        if INVALID not in sources and not any(sources):
            add((f"secrets[{index}]", f"secret {entry.get('name')!r} needs a value, "
                 "fromFile or fromEnvVar source"))  # fmt: skip
    issues.extend(resource_limit_issues(job.get("resourceLimits")))
    issues.extend(_ranges(job))
    for hook in HOOKS:
        report = _get(job, hook, "report")
        issues.extend(filter(None, (mail_conflict(report, f"{hook}.report"),
                                    eventlog_source(report, f"{hook}.report"))))  # fmt: skip
    return issues


_LOG_NAMES = frozenset({"application", "system", "security"})


def eventlog_source(report: object, where: str) -> Issue | None:
    """An enabled eventlog reporter needs a source name that is not a path or a log."""
    eventlog = _get(report, "eventlog") if isinstance(report, dict) else None
    if not isinstance(eventlog, dict) or eventlog.get("enabled") is not True:
        return None
    source = eventlog.get("source", "cronstable")
    if not isinstance(source, str):
        return None
    if not source or "\\" in source or "/" in source:
        return (f"{where}.eventlog.source", f"{where}.eventlog.source must be a non-empty name "
                "with no path separator")  # fmt: skip
    if source.lower() in _LOG_NAMES:
        return (f"{where}.eventlog.source", f"{where}.eventlog.source {source!r} names a Windows "
                "event LOG, not a source in one; choose a name such as 'cronstable'")  # fmt: skip
    return None


def _pool_keys(job: Mapping[str, Any]) -> list[Issue]:
    issues: list[Issue] = []
    slots, timeout = _number(job.get("poolSlots")), _number(job.get("queueTimeout"))
    if slots is not None and slots < 1:
        issues.append(("poolSlots", "poolSlots must be >= 1"))
    if timeout is not None and not (math.isfinite(timeout) and timeout > 0):
        issues.append(("queueTimeout", "queueTimeout must be finite and > 0"))
    if job.get("pool") is None:
        for key, default in (("poolSlots", 1), ("queuePriority", 0), ("queueTimeout", 3600.0)):
            value = _number(job.get(key))
            if value is not None and value != default:
                issues.append((key, f"{key} needs pool (poolSlots, queuePriority and "
                               "queueTimeout only apply to a job that names a pool)"))  # fmt: skip
    return issues


def _verify(verify: object) -> list[Issue]:
    if not isinstance(verify, dict):
        return []
    issues: list[Issue] = []
    command = verify.get("command")
    if command is not INVALID and not command:
        issues.append(("verify.command", "verify.command must be non-empty"))
    timeout = _number(verify.get("timeout", 60.0))
    if timeout is not None and not (math.isfinite(timeout) and timeout > 0):
        issues.append(("verify.timeout", "verify.timeout must be finite and > 0"))
    return issues


def _ranges(job: Mapping[str, Any]) -> list[Issue]:
    """JobConfig._validate_numeric_ranges, NaN refused where the daemon refuses it."""
    issues: list[Issue] = []
    add = issues.append
    value = _number(job.get("saveLimit"))
    if value is not None and value < 0:
        add(("saveLimit", "saveLimit must be >= 0"))
    value = _number(job.get("maxLineLength"))
    if value is not None and value <= 0:
        add(("maxLineLength", "maxLineLength must be > 0"))
    value = _number(job.get("killTimeout"))
    if value is not None and not value >= 0:
        add(("killTimeout", "killTimeout must be >= 0"))
    monitor = job.get("monitorResources")
    if isinstance(monitor, dict):
        interval = _number(monitor.get("interval", 1.0))
        if interval is not None and not interval >= 0.1:
            add(("monitorResources.interval", "monitorResources.interval must be >= 0.1 (seconds)"))
        history = _number(monitor.get("history", 240))
        if history is not None and not 0 <= history <= 2000:
            add(("monitorResources.history",
                 "monitorResources.history must be between 0 and 2000 (points)"))  # fmt: skip
    if job.get("concurrencyScope") == "cluster" and job.get("concurrencyPolicy") == "Allow":
        add(("concurrencyScope", "concurrencyScope: cluster has no effect with "
             "concurrencyPolicy: Allow (the default); set Forbid or Replace, or drop "
             "concurrencyScope"))  # fmt: skip
    value = _number(job.get("catchupJitterSeconds"))
    if value is not None and value < 0:
        add(("catchupJitterSeconds", "catchupJitterSeconds must be >= 0"))
    value = _number(job.get("startingDeadlineSeconds"))
    if value is not None and value <= 0:
        add(("startingDeadlineSeconds", "startingDeadlineSeconds must be > 0 when set"))
    value = _number(job.get("executionTimeout"))
    if value is not None and not value > 0:
        add(("executionTimeout", "executionTimeout must be > 0 when set"))
    sla = _sub(job, "sla")
    for key in ("maxTimeSinceSuccessSeconds", "lateAfterSeconds", "maxRuntimeSeconds"):
        value = _number(sla.get(key))
        if value is not None and value <= 0:
            add((f"sla.{key}", f"sla.{key} must be > 0 when set"))
    on_late = job.get("onLate")
    if (
        isinstance(on_late, dict)
        and all(v is None for v in sla.values())
        and onlate_reports(on_late)
    ):
        add(("onLate", "onLate requires sla (set at least one sla threshold, or drop onLate)"))
    retry = _get(job, "onFailure", "retry")
    if isinstance(retry, dict):
        for key, least, inclusive, words in (
            ("maximumRetries", -1, True, "must be >= -1"),
            ("initialDelay", 0, True, "must be >= 0"),
            ("maximumDelay", 0, False, "must be > 0"),
            ("backoffMultiplier", 0, False, "must be > 0"),
        ):
            value = _number(retry.get(key))
            if value is not None and not (value >= least if inclusive else value > least):
                add((f"onFailure.retry.{key}", f"onFailure.retry.{key} {words}"))
    return issues


def onlate_reports(on_late: Mapping[str, Any]) -> bool:
    """Whether an onLate block names a destination (only then does it need sla)."""
    report = _get(on_late, "report") or {}
    if not isinstance(report, dict):
        return False
    sources = ("value", "fromFile", "fromEnvVar")
    dsn = _get(report, "sentry", "dsn") or {}
    url = _get(report, "webhook", "url") or {}
    mail = report.get("mail") or {}
    shell = report.get("shell") or {}
    return bool(
        (isinstance(dsn, dict) and any(dsn.get(k) is not None for k in sources))
        or (isinstance(mail, dict) and (mail.get("to") is not None or mail.get("from") is not None))
        or (isinstance(shell, dict) and shell.get("command") is not None)
        or (isinstance(url, dict) and any(url.get(k) is not None for k in sources))
        or _get(report, "push", "enabled") is True
        or _get(report, "eventlog", "enabled") is True
    )


def mail_conflict(report: object, where: str) -> Issue | None:
    """A sending mail block that sets both tls and starttls (every send would fail)."""
    mail = _get(report, "mail") if isinstance(report, dict) else None
    if not isinstance(mail, dict):
        return None
    if (
        mail.get("tls") is True
        and mail.get("starttls") is True
        and mail.get("to")
        and mail.get("from")
    ):
        return (f"{where}.mail.starttls", f"{where}.mail sets both tls and starttls, which are "
                "mutually exclusive; set one of them to false")  # fmt: skip
    return None


# -- resourceLimits -----------------------------------------------------------

_DIGITS = r"[0-9](?:_?[0-9]){0,29}"
_WHOLE = re.compile(r"[+-]?" + _DIGITS)
_SIZE = re.compile(
    rf"\+?({_DIGITS}(?:\.(?:{_DIGITS})?)?|\.{_DIGITS})\s*(?:([kmgt])i?b?|b)?",
    re.ASCII | re.IGNORECASE,
)
_SHIFTS = {"k": 10, "m": 20, "g": 30, "t": 40}
_LIMIT_WORDS = {
    "cpu": "a CPU count between 0.01 and 1000000, such as 0.5 or 2",
    "memory": "a size of at least 1 MiB and below 8 EiB, such as 512M (K, M, G, T: powers of 1024)",
    "processes": "a whole number of processes between 1 and 4194304",
}


def _size(text: str) -> int | None:
    match = _SIZE.fullmatch(text)
    if match is None:
        return None
    number, unit = match.groups()
    whole, _, fraction = number.replace("_", "").partition(".")
    shift = _SHIFTS[unit.lower()] if unit else 0
    scale: int = 10 ** len(fraction)
    return (int(whole + fraction) << shift) // scale


def _cpu(text: str) -> float | None:
    if not text.isascii():
        return None
    try:
        return float(text)
    except ValueError:
        return None


def _limit(key: str, text: str) -> float | int | None:
    if key == "cpu":
        return _cpu(text)
    if key == "memory":
        return _size(text)
    return int(text, 10) if _WHOLE.fullmatch(text) else None


def resource_limit_issues(limits: object) -> list[Issue]:
    """Each cap must read as its unit (or `max`) and lie in the daemon's range."""
    if not isinstance(limits, dict):
        return []
    issues: list[Issue] = []
    bounds = {"cpu": (0.01, 1_000_000), "memory": (1024 * 1024, 2**63 - 1),
              "processes": (1, 4194304)}  # fmt: skip
    for key, (low, high) in bounds.items():
        raw = limits.get(key)
        if not isinstance(raw, str):
            continue
        text = raw.strip()
        if text.lower() == "max":
            continue
        value = _limit(key, text)
        if value is None:
            issues.append((f"resourceLimits.{key}", f"resourceLimits.{key}: cannot read "
                           f"{raw!r} as {_LIMIT_WORDS[key]}, or max"))  # fmt: skip
        elif not low <= value <= high:
            issues.append((f"resourceLimits.{key}", f"resourceLimits.{key} must be "
                           f"{_LIMIT_WORDS[key]}; found {raw!r}"))  # fmt: skip
    return issues


# -- sections -----------------------------------------------------------------


def pool_issues(pools: object) -> list[Issue]:
    """Pool names printable, slots and maxQueued between 1 and 10000."""
    if not isinstance(pools, dict):
        return []
    issues: list[Issue] = []
    for name, conf in pools.items():
        if not name or any(ord(c) < 32 or ord(c) == 127 for c in name):
            issues.append((f"pools.{name}", "pool names must be non-empty and printable"))
        if not isinstance(conf, dict):
            continue
        for key in ("slots", "maxQueued"):
            value = _number(conf.get(key))
            if value is not None and not 1 <= value <= 10000:
                issues.append((f"pools.{name}.{key}", f"pool {key} must be between 1 and 10000"))
    return issues


def state_issues(state: object) -> list[Issue]:
    """The state section's builder checks (path, floors, the jobApi endpoint)."""
    if not isinstance(state, dict):
        return []
    issues: list[Issue] = []
    add = issues.append
    path = state.get("path")
    if isinstance(path, str) and not path.strip():
        add(("state.path", "state.path is required and must be non-empty"))
    ops = _number(state.get("maxOpsPerSecond"))
    if ops is not None and not (math.isfinite(ops) and ops >= 0):
        add(("state.maxOpsPerSecond", "state.maxOpsPerSecond must be >= 0 and finite"))
    grace = _number(state.get("gcGraceSeconds"))
    if grace is not None and 0 < grace < 86400:
        add(("state.gcGraceSeconds", "state.gcGraceSeconds must be <= 0 (GC disabled) or >= 86400"))
    ttl = _number(state.get("slotTtlSeconds", 30))
    if ttl is not None and not (math.isfinite(ttl) and ttl >= 5):
        add(("state.slotTtlSeconds", "state.slotTtlSeconds must be >= 5 and finite"))
    api = state.get("jobApi")
    if not isinstance(api, dict):
        return issues
    ttl = _number(api.get("lockTtlSeconds", 30))
    if ttl is not None and not (math.isfinite(ttl) and ttl >= 5):
        add(("state.jobApi.lockTtlSeconds", "state.jobApi.lockTtlSeconds must be >= 5 and finite"))
    for key in ("maxValueBytes", "maxArtifactBytes"):
        value = _number(api.get(key))
        if value is not None and value < 0:
            add((f"state.jobApi.{key}", f"state.jobApi.{key} must be >= 0"))
    listen = api.get("listen")
    if isinstance(listen, str) and listen:
        problem = _job_api_listen(listen)
        if problem:
            return [*issues, problem]
    issues.extend(_job_api_tls(api, listen if isinstance(listen, str) else ""))
    return issues


def _job_api_listen(listen: str) -> Issue | None:
    from urllib.parse import urlsplit

    where = "state.jobApi.listen"
    if "://" in listen and not listen.startswith(("http://", "https://")):
        return (where, "state.jobApi.listen must be an http:// or https:// URL or a bare "
                "host:port (the job CLI reaches the endpoint over TCP only)")  # fmt: skip
    try:
        port = urlsplit(listen if "://" in listen else "http://" + listen).port
    except ValueError:
        port = -1
    if port is not None and not 0 <= port <= 65535:
        return (where, f"state.jobApi.listen has an invalid port in {listen!r} (an integer "
                "in 0-65535; 0 or none binds an ephemeral port)")  # fmt: skip
    return None


def _job_api_tls(api: Mapping[str, Any], listen: str) -> list[Issue]:
    """TLS material and an https:// listen go together; a plain listen stays on loopback."""
    from urllib.parse import urlsplit

    tls = _sub(api, "tls")
    cert, key, ca = tls.get("cert"), tls.get("key"), tls.get("ca")
    https = listen.startswith("https://")
    where = "state.jobApi"
    if bool(cert) != bool(key):
        return [(f"{where}.tls", f"{where}.tls.cert and {where}.tls.key must be set together")]
    if (cert or ca) and not https:
        return [(f"{where}.tls", f"{where}.tls is configured but {where}.listen is not an "
                 "https:// URL, so the TLS material would be ignored")]  # fmt: skip
    if https and not cert:
        return [(f"{where}.listen", f"{where}.listen is https:// but {where}.tls.cert and key "
                 "are not set")]  # fmt: skip
    if not listen:
        return []
    try:
        host = urlsplit(listen if "://" in listen else "http://" + listen).hostname or ""
    except ValueError:
        host = ""
    if https and _wildcard(host):
        return [(f"{where}.listen", f"{where}.listen cannot bind a wildcard host over https://; "
                 "name the interface")]  # fmt: skip
    if api.get("allowNonLoopbackBind") is not True and host != "localhost" and not _loopback(host):
        return [(f"{where}.listen", f"{where}.listen host {host!r} is not loopback; binding it "
                 f"beyond this host needs {where}.allowNonLoopbackBind: true")]  # fmt: skip
    return []


def _wildcard(host: str) -> bool:
    import ipaddress

    text = host.strip().strip("[]")
    if not text:
        return True
    try:
        return ipaddress.ip_address(text).is_unspecified
    except ValueError:
        return False


def _loopback(host: str) -> bool:
    import ipaddress

    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def push_issues(push: object) -> list[Issue]:
    """The push relay must be an http(s) URL with a positive timeout."""
    if not isinstance(push, dict):
        return []
    from urllib.parse import urlsplit

    issues: list[Issue] = []
    url = _get(push, "relay", "url")
    if isinstance(url, str):
        try:
            parsed = urlsplit(url.strip())
            ok = parsed.scheme in ("http", "https") and bool(parsed.netloc)
        except ValueError:
            ok = False
        if not ok:
            issues.append(("push.relay.url", "push.relay.url must be an http(s) URL"))
    timeout = _number(_get(push, "relay", "timeout"))
    if timeout is not None and timeout <= 0:
        issues.append(("push.relay.timeout", "push.relay.timeout must be > 0 seconds"))
    return issues


def mcp_issues(mcp: object) -> list[Issue]:
    """mcp.maxRows and mcp.maxBodyBytes are at least 1."""
    if not isinstance(mcp, dict):
        return []
    return [
        (f"mcp.{key}", f"mcp.{key} must be >= 1")
        for key in ("maxRows", "maxBodyBytes")
        if (value := _number(mcp.get(key))) is not None and value < 1
    ]


def web_issues(web: object) -> list[Issue]:
    """web.tls against the https listeners, anonymous scopes, history and buckets."""
    if not isinstance(web, dict):
        return []
    issues: list[Issue] = []
    add = issues.append
    tls = _sub(web, "tls")
    cert, key, client_ca = tls.get("cert"), tls.get("key"), tls.get("clientCa")
    listen = [a for a in web.get("listen") or () if isinstance(a, str)]
    https = [a for a in listen if a.startswith("https://")]
    if bool(cert) != bool(key):
        add(("web.tls", "web.tls.cert and web.tls.key must be set together"))
    elif client_ca and not cert:
        add(("web.tls.clientCa", "web.tls.clientCa needs web.tls.cert and web.tls.key"))
    elif (cert or client_ca) and not https:
        add(("web.tls", "web.tls is configured but no web.listen address uses https://"))
    elif https and not cert:
        add(("web.listen", "web.listen has https:// address(es) but no web.tls.cert/web.tls.key"))
    if web.get("anonymousScopes") and not (web.get("authToken") or web.get("authTokens")):
        add(("web.anonymousScopes", "web.anonymousScopes requires web.authToken or web.authTokens"))
    for index, entry in enumerate(web.get("authTokens") or ()):
        if isinstance(entry, dict) and entry.get("label") == "anonymous":
            add((f"web.authTokens[{index}].label", "web.authTokens label 'anonymous' is reserved"))
    history = web.get("nodeHistory")
    if isinstance(history, dict):
        interval, points = _number(history.get("interval")), _number(history.get("points"))
        if interval is not None and interval < 1.0:
            add(("web.nodeHistory.interval", "web.nodeHistory.interval must be >= 1 second"))
        if points is not None and not 10 <= points <= 50000:
            add(("web.nodeHistory.points", "web.nodeHistory.points must be between 10 and 50000"))
    buckets = _get(web, "metrics", "durationBuckets")
    if isinstance(buckets, list):
        previous = 0.0
        for bound in buckets:
            value = _number(bound)
            if value is None:
                break
            if not math.isfinite(value) or value <= previous:
                add(("web.metrics.durationBuckets", "web.metrics.durationBuckets must be "
                     "finite, positive and strictly increasing"))  # fmt: skip
                break
            previous = value
    return issues


def notify_issues(notify: object) -> list[Issue]:
    """notify.report: mail not both tls and starttls; an eventlog source that is a name."""
    if not isinstance(notify, dict):
        return []
    report = _get(notify, "report")
    found = (mail_conflict(report, "notify.report"), eventlog_source(report, "notify.report"))
    return [issue for issue in found if issue]


def duplicates(names: Iterable[str]) -> list[str]:
    """The names that occur more than once, sorted."""
    seen: set[str] = set()
    twice: set[str] = set()
    for name in names:
        (twice if name in seen else seen).add(name)
    return sorted(twice)


# -- dags -----------------------------------------------------------------------

# Keys of a DAG task that shape the graph; the rest is the task's launch template.
TASK_NODE_KEYS = frozenset({
    "id", "type", "dependsOn", "triggerRule", "retries", "retryDelaySeconds", "expand",
    "pokeIntervalSeconds", "pokeTimeoutSeconds", "pokeJitterSeconds", "onReject",
})  # fmt: skip
_APPROVAL_RESETS = (
    "pool",
    "poolSlots",
    "queuePriority",
    "queueTimeout",
    "verify",
    "resourceLimits",
)
_DAG_FRAME_KEYS = ("onMissed", "startingDeadlineSeconds", "catchupJitterSeconds", "clusterPolicy")


def dag_issues(dags: object, defaults: Mapping[str, Any]) -> list[Issue]:
    """Per-DAG load checks that are not graph checks: retainRuns, task templates."""
    if not isinstance(dags, list):
        return []
    issues: list[Issue] = []
    for index, dag in enumerate(dags):
        if not isinstance(dag, dict):
            continue
        at = f"dags[{index}]"
        label = f"dag {dag.get('name')!r}"
        retain = _number(dag.get("retainRuns", 50))
        if retain is not None and retain < 1:
            issues.append((f"{at}.retainRuns", f"{label}: retainRuns must be >= 1"))
        if dag.get("schedule") not in (None, INVALID):
            frame = merge(JOB_BASE, {k: dag[k] for k in _DAG_FRAME_KEYS if k in dag})
            issues.extend(
                (f"{at}.{path}", f"{label}: {message}") for path, message in _ranges(frame)
            )
        for number, task in enumerate(dag.get("tasks") or ()):
            if isinstance(task, dict):
                issues.extend(_task_issues(task, f"{at}.tasks[{number}]", label, defaults))
    return issues


def _task_issues(
    task: dict[str, Any], at: str, label: str, defaults: Mapping[str, Any]
) -> list[Issue]:
    issues: list[Issue] = []
    label = f"{label}: task {task.get('id')!r}"
    kind = task.get("type", "task")
    command = task.get("command")
    if kind != "approval" and command is not INVALID and not command:
        issues.append((f"{at}.command" if "command" in task else f"{at}.id",
                       f"{label} needs a command"))  # fmt: skip
    retries = _number(task.get("retries", 0))
    if retries is not None and retries < 0:
        issues.append((f"{at}.retries", f"{label}: retries must be >= 0 (the job-level -1 "
                       "retry-forever sentinel is not supported for dag tasks)"))  # fmt: skip
    launch = {k: v for k, v in task.items() if k not in TASK_NODE_KEYS}
    template = merge(merge(JOB_BASE, defaults), launch)
    if kind == "approval":
        for key in ("pool", "verify", "resourceLimits"):
            if task.get(key) not in (None, INVALID):
                issues.append((f"{at}.{key}", f"{label}: an approval gate runs no process, "
                               f"so it cannot use {key}"))  # fmt: skip
        for key in _APPROVAL_RESETS:
            template[key] = JOB_BASE[key]
    issues.extend((f"{at}.{path}", f"{label}: {message}") for path, message in job_issues(template))
    return issues


# -- web listeners ----------------------------------------------------------------


def _local_listener(address: str) -> bool:
    from urllib.parse import urlsplit

    try:
        parsed = urlsplit(address if "://" in address else "http://" + address)
        host = (parsed.hostname or "").lower()
    except ValueError:
        return False
    return parsed.scheme == "unix" or host == "localhost" or _loopback(host)


def open_listeners(web: Mapping[str, Any]) -> list[str]:
    """Web listeners a stranger could reach without any credential."""
    if web.get("authToken") or web.get("authTokens"):
        return []
    tls = _sub(web, "tls")
    mtls = bool(tls.get("clientCa"))
    return [
        a
        for a in web.get("listen") or ()
        if isinstance(a, str) and not _local_listener(a) and not (mtls and a.startswith("https://"))
    ]


def uses_push(holder: Mapping[str, Any]) -> bool:
    """Whether any hook of a job (or task template) enables the push reporter."""
    return any(_get(holder, hook, "report", "push", "enabled") is True for hook in HOOKS)


# -- cluster ----------------------------------------------------------------------

_LEASE_BACKENDS = ("kubernetes", "etcd", "filesystem")
_LABEL = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?")
_SUBDOMAIN = re.compile(r"[a-z0-9]([-a-z0-9.]*[a-z0-9])?")


def cluster_issues(cluster: object) -> list[Issue]:
    """The cluster builders' checks: per backend, and the observability overlay."""
    if not isinstance(cluster, dict):
        return []
    issues: list[Issue] = []
    backend = cluster.get("backend", "gossip")
    timeout = _number(cluster.get("connectTimeout", 10))
    if timeout is not None and timeout <= 0:
        issues.append(("cluster.connectTimeout", "cluster.connectTimeout must be > 0"))
    for other in _LEASE_BACKENDS:
        if other != backend and cluster.get(other) is not None:
            issues.append((f"cluster.{other}", f"cluster.{other} is configured but "
                           f"cluster.backend is {backend!r}; it would be ignored"))  # fmt: skip
    if backend in _LEASE_BACKENDS:
        if cluster.get("distribution", "single-leader") != "single-leader":
            issues.append(("cluster.distribution", "cluster.distribution: spread is not "
                           f"supported with the {backend!r} backend"))  # fmt: skip
        issues.extend(_lease_issues(backend, cluster))
    elif backend == "gossip":
        issues.extend(gossip_issues(cluster, "cluster"))
    issues.extend(_observability(cluster, backend))
    return issues


def gossip_issues(cfg: Mapping[str, Any], where: str) -> list[Issue]:
    """A gossip mesh needs listen, tls and peers, well-formed, and 3+ nodes to elect."""
    issues: list[Issue] = []
    missing = [key for key in ("listen", "tls", "peers") if cfg.get(key) is None]
    for key in missing:
        issues.append((where, f"{where}.backend gossip requires {where}.{key}"))
    tls = _sub(cfg, "tls")
    for key in ("ca", "cert", "key"):
        if isinstance(tls.get(key), str) and not tls[key].strip():
            issues.append((f"{where}.tls.{key}", f"{where}.tls.{key} must be a non-empty path"))
    for key, low in (("interval", 0), ("driftAfter", 1)):
        value = _number(cfg.get(key))
        if value is not None and (value <= low if key == "interval" else value < low):
            issues.append(
                (f"{where}.{key}", f"{where}.{key} must be {'> 0' if low == 0 else '>= 1'}")
            )
    listen = cfg.get("listen")
    peers = [p.get("host") for p in cfg.get("peers") or () if isinstance(p, dict)]
    if isinstance(listen, str):
        problem = _host_port(listen)
        if problem:
            issues.append((f"{where}.listen", f"{where}.listen {problem}, got {listen!r}"))
    for index, host in enumerate(peers):
        if isinstance(host, str) and (problem := _host_port(host)):
            issues.append(
                (f"{where}.peers[{index}]", f"{where}.peers[].host {problem}, got {host!r}")
            )
    if missing or cfg.get("electLeader") is not True or not isinstance(listen, str):
        return issues
    node = cfg.get("nodeName") if isinstance(cfg.get("nodeName"), str) else None
    distinct = {h for h in peers if isinstance(h, str) and not _self_listed(h, listen, node)}
    if len(distinct) + 1 == 2:
        issues.append((f"{where}.electLeader", f"{where}.electLeader needs a fault-tolerant "
                       "cluster, but this config declares only 2 nodes (1 peer): a quorum of 2 "
                       "needs both up; use 3 or more nodes, or run one replica without "
                       "electLeader"))  # fmt: skip
    return issues


def _host_port(address: str) -> str | None:
    def port_ok(port: str) -> bool:
        return port.isascii() and port.isdigit() and len(port) <= 5 and 0 < int(port) <= 65535

    if address.startswith("["):
        bracket, sep, port = address.rpartition("]:")
        return None if sep and bracket[1:] and port_ok(port) else "must be [ipv6]:port"
    host, _, port = address.rpartition(":")
    if ":" in host:
        return "looks like a bare IPv6 address; write it as [ipv6]:port"
    return None if host and port_ok(port) else "must be host:port"


def _self_listed(peer: str, listen: str, node: str | None) -> bool:
    """A peer entry that can only be this node (so it does not count as a member)."""
    import ipaddress

    if peer == listen:
        return True
    listen_host, _, listen_port = listen.rpartition(":")
    peer_host, _, peer_port = peer.rpartition(":")
    if peer_port != listen_port:
        return False
    try:
        bound = ipaddress.ip_address(listen_host.strip("[]"))
        versions = {bound.version} if bound.is_unspecified else set()
    except ValueError:
        versions = {4, 6} if listen_host in ("", "*") else set()
    if not versions:
        return False
    if node is not None and peer_host == node:
        return True
    try:
        address = ipaddress.ip_address(peer_host.strip("[]"))
    except ValueError:
        return False
    return address.is_loopback and address.version in versions


def _lease_issues(backend: str, cluster: Mapping[str, Any]) -> list[Issue]:
    issues: list[Issue] = []
    block = _sub(cluster, backend)
    where = f"cluster.{backend}"
    if backend == "kubernetes":
        name = block.get("leaseName", "cronstable-leader")
        if isinstance(name, str) and (len(name) > 253 or not _SUBDOMAIN.fullmatch(name)):
            issues.append((f"{where}.leaseName", f"{where}.leaseName must be a valid RFC1123 "
                           "name (lowercase alphanumeric, '-' or '.')"))  # fmt: skip
        space = block.get("leaseNamespace")
        if isinstance(space, str) and (len(space) > 63 or not _LABEL.fullmatch(space)):
            issues.append((f"{where}.leaseNamespace", f"{where}.leaseNamespace must be a valid "
                           "RFC1123 label (lowercase alphanumeric or '-')"))  # fmt: skip
        api = block.get("apiServer")
        if isinstance(api, str) and api and not api.lower().startswith("https://"):
            issues.append((f"{where}.apiServer", f"{where}.apiServer must be an https:// URL"))
        duration = _number(block.get("leaseDurationSeconds", 15))
        renew = _number(block.get("renewDeadlineSeconds", 10))
        retry = _number(block.get("retryPeriodSeconds", 2))
        if None not in (duration, renew, retry):
            assert duration is not None and renew is not None and retry is not None
            for ok, words in (
                (renew > 0, "renewDeadlineSeconds must be > 0"),
                (duration > renew, "leaseDurationSeconds must exceed renewDeadlineSeconds"),
                (retry > 0, "retryPeriodSeconds must be > 0"),
                (retry < renew, "retryPeriodSeconds must be less than renewDeadlineSeconds"),
                (renew + retry < duration,
                 "renewDeadlineSeconds + retryPeriodSeconds must be below leaseDurationSeconds"),
            ):  # fmt: skip
                if not ok:
                    issues.append((where, f"{where}: {words}"))
                    break
        return issues
    ttl = _number(block.get("ttl", 15))
    if ttl is not None and not (math.isfinite(ttl) and ttl >= 3):
        issues.append((f"{where}.ttl", f"{where}.ttl must be >= 3 seconds and finite"))
    if backend == "filesystem":
        path = block.get("path")
        if not (isinstance(path, str) and path.strip()) and path is not INVALID:
            issues.append((where, f"{where}.path is required and must be non-empty"))
        name = block.get("electionName", "cluster/leader")
        if isinstance(name, str) and not name.strip():
            issues.append((f"{where}.electionName", f"{where}.electionName must be non-empty"))
        return issues
    return issues + _etcd_issues(block, where)


def _etcd_issues(etcd: Mapping[str, Any], where: str) -> list[Issue]:
    from urllib.parse import urlsplit

    issues: list[Issue] = []
    endpoints = etcd.get("endpoints", ["http://127.0.0.1:2379"])
    if not isinstance(endpoints, list) or INVALID in endpoints:
        return issues
    schemes = []
    for index, url in enumerate(endpoints):
        try:
            parsed = urlsplit(url)
            port = parsed.port
            ok = parsed.scheme in ("http", "https") and bool(parsed.hostname)
            ok = ok and (port is None or 0 < port <= 65535) and "@" not in parsed.netloc
        except ValueError:
            ok = False
        if not ok:
            issues.append((f"{where}.endpoints[{index}]", f"{where}.endpoints must be "
                           f"http(s)://host[:port] without credentials, got {url!r}"))  # fmt: skip
            return issues
        schemes.append(parsed.scheme)
    tls = _sub(etcd, "tls")
    if bool(tls.get("cert")) != bool(tls.get("key")):
        issues.append((f"{where}.tls", f"{where}.tls.cert and key must be set together"))
    elif any(tls.get(k) for k in ("ca", "cert", "key")) and "https" not in schemes:
        issues.append((f"{where}.tls", f"{where}.tls is configured but no endpoint is https://"))
    password = _sub(etcd, "password")
    if password.get("fromFile") or password.get("fromEnvVar"):
        return issues  # resolved on the daemon's host: not judged here
    has_password = bool(password.get("value"))
    if etcd.get("username") and not has_password:
        issues.append((f"{where}.username", f"{where}.username is set but no password is "
                       "configured"))  # fmt: skip
    elif (etcd.get("username") or has_password) and "http" in schemes:
        issues.append((where, f"{where}: authentication requires https:// endpoints"))
    return issues


def _observability(cluster: Mapping[str, Any], backend: str) -> list[Issue]:
    obs = cluster.get("observability")
    if not isinstance(obs, dict):
        return []
    where = "cluster.observability"
    transport = ("listen", "tls", "peers")
    if backend == "gossip":
        if any(obs.get(k) is not None for k in transport):
            return [(where, f"{where}.{{listen,tls,peers}} is redundant with backend: gossip")]
        return [
            (f"{where}.{key}", f"{where}.{key} only applies to a lease backend's overlay mesh")
            for key in ("nodeName", "interval", "driftAfter", "connectTimeout")
            if obs.get(key) is not None
        ]
    for key in transport:
        if obs.get(key) is None:
            return [(where, f"{where} requires {where}.{key} when backend is {backend!r}")]
    mesh = {k: obs[k] for k in (*transport, "nodeName", "interval", "driftAfter") if k in obs}
    issues = gossip_issues(mesh, where)
    timeout = _number(obs.get("connectTimeout", 10))
    if timeout is not None and timeout <= 0:
        issues.append((f"{where}.connectTimeout", "cluster.connectTimeout must be > 0"))
    return issues
