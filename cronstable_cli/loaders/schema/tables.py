"""The daemon's YAML config schema (cronstable 1.2.72) as data tables.

Every section and key the released daemon's strictyaml schema knows, with
its value type, whether it is required, and one line on what it means.
Lint validates files against these tables; an editor JSON Schema can be
generated from the same tables. Keep them in the daemon's order.
"""

from __future__ import annotations

from ... import DAEMON_SCHEMA_VERSION
from .vocabulary import (
    Anything,
    Bool,
    Empty,
    EmptyMap,
    Enum,
    Field,
    Float,
    Int,
    Map,
    MapOf,
    Seq,
    Str,
    fields,
    one_of,
    opt,
    req,
)

STR, INT, FLOAT, BOOL, EMPTY = Str(), Int(), Float(), Bool(), Empty()
OPT_STR = one_of(EMPTY, STR)  # strictyaml's EmptyNone() | Str()
OPT_INT = one_of(EMPTY, INT)
NUMBER = one_of(INT, FLOAT)
COMMAND = one_of(STR, Seq(STR))

CONCURRENCY_POLICIES = ("Allow", "Forbid", "Replace")
CONCURRENCY_SCOPES = ("node", "cluster")
CLUSTER_POLICIES = ("Leader", "PreferLeader", "EveryNode")
ON_MISSED = ("skip", "run-once", "run-all")
PRIORITY_LEVELS = ("idle", "below-normal", "normal", "above-normal", "high")
TASK_TYPES = ("task", "sensor", "approval")
TRIGGER_RULES = ("all_success", "all_done")
ON_REJECT = ("fail", "skip")
WEB_TOKEN_SCOPES = ("view", "control", "approve")
MCP_TOOLSETS = ("observe", "act", "dags", "state")
NOTIFY_EVENTS = ("dag_failure", "approval_waiting", "leader_change", "quorum_loss")
CLUSTER_BACKENDS = ("gossip", "kubernetes", "etcd", "filesystem")
DISTRIBUTIONS = ("single-leader", "spread")
TOPOLOGIES = ("auto", "single-node", "shared")
SCHEDULE_FIELDS = ("second", "minute", "hour", "dayOfMonth", "month", "year", "dayOfWeek")


def secret_source(what: str) -> Map:
    """A value/fromFile/fromEnvVar block (one source of a secret)."""
    return fields(
        opt("value", OPT_STR, f"the {what} itself"),
        opt("fromFile", OPT_STR, f"a file holding the {what}"),
        opt("fromEnvVar", OPT_STR, f"an environment variable holding the {what}"),
    )


REPORT = fields(
    opt("sentry", fields(
        opt("dsn", secret_source("Sentry DSN"), "where events go"),
        opt("fingerprint", Seq(STR), "Sentry grouping fingerprint (replaces the default)"),
        opt("level", STR, "Sentry event level"),
        opt("extra", MapOf(one_of(STR, INT, BOOL)), "extra data attached to the event"),
        opt("body", STR, "message template"),
        opt("environment", STR, "Sentry environment name"),
        opt("maxStringLength", INT, "longest string sent to Sentry"),
    ), "report to Sentry"),
    opt("mail", fields(
        req("from", OPT_STR, "sender address (mail is off while from/to are empty)"),
        req("to", OPT_STR, "recipient address"),
        opt("smtpHost", STR, "SMTP server (default localhost)"),
        opt("smtpPort", INT, "SMTP port (default 25)"),
        opt("subject", STR, "subject template"),
        opt("body", STR, "body template"),
        opt("username", STR, "SMTP login"),
        opt("password", secret_source("SMTP password"), "SMTP password"),
        opt("tls", BOOL, "TLS from the start of the connection"),
        opt("starttls", BOOL, "upgrade a plain connection with STARTTLS"),
        opt("validate_certs", BOOL, "verify the server certificate"),
        opt("html", BOOL, "send the body as HTML"),
    ), "report by mail"),
    opt("shell", fields(
        opt("shell", STR, "shell that runs the command"),
        req("command", COMMAND, "command to run"),
        opt("timeout", FLOAT, "seconds before the reporter is killed (default 60)"),
    ), "report by running a command"),
    opt("webhook", fields(
        opt("url", secret_source("webhook URL"), "where to send the request"),
        opt("method", STR, "HTTP method (default POST)"),
        opt("contentType", STR, "Content-Type header"),
        opt("headers", MapOf(STR), "extra HTTP headers"),
        opt("body", STR, "body template"),
        opt("timeout", FLOAT, "request timeout in seconds"),
    ), "report to a webhook"),
    opt("push", fields(
        opt("enabled", BOOL, "send an encrypted push alert to paired devices"),
        opt("priority", Enum(("time-sensitive", "passive")), "APNs interruption level"),
        opt("includeLogTail", BOOL, "include the last output lines"),
    ), "push alerts (needs the top-level push section)"),
    opt("eventlog", fields(
        opt("enabled", BOOL, "write a Windows Event Log record"),
        opt("source", STR, "Event Log source name"),
        opt("includeOutput", BOOL, "include a tail of the output"),
    ), "Windows Event Log records (no-op elsewhere)"),
)  # fmt: skip

SCHEDULE = one_of(
    STR,
    fields(*(opt(name, STR, f"the {name} cron field (default *)") for name in SCHEDULE_FIELDS)),
)

# Keys shared by `defaults:` and every job (the daemon's _job_defaults_common),
# scalar options first as the daemon declares them.
JOB_COMMON: tuple[Field, ...] = (
    opt("shell", STR, "shell that runs the command"),
    opt("concurrencyPolicy", Enum(CONCURRENCY_POLICIES), "what to do while the last run is going"),
    opt("concurrencyScope", Enum(CONCURRENCY_SCOPES), "node, or cluster-wide (needs state)"),
    opt("clusterPolicy", Enum(CLUSTER_POLICIES), "where the job runs under leader election"),
    opt("onMissed", Enum(ON_MISSED), "catch-up of runs missed while down"),
    opt("startingDeadlineSeconds", OPT_INT, "only catch up runs missed this recently"),
    opt("catchupJitterSeconds", INT, "spread catch-up launches over this many seconds"),
    opt("onlyIfLastSucceeded", BOOL, "skip a run when the previous one failed"),
    opt("archiveOutput", BOOL, "archive each run's output to the state store"),
    opt("redactArchivedSecrets", BOOL, "scrub secrets from archived output"),
    opt("captureStderr", BOOL, "capture standard error"),
    opt("captureStdout", BOOL, "capture standard output"),
    opt("saveLimit", INT, "lines of output kept per run"),
    opt("maxLineLength", INT, "longest output line kept"),
    opt("utc", BOOL, "read the schedule in UTC (default true)"),
    opt("executionTimeout", FLOAT, "seconds before a run is killed"),
    opt("killTimeout", FLOAT, "seconds between terminate and kill"),
    opt("priority", Enum(PRIORITY_LEVELS), "process scheduling priority"),
    opt("streamPrefix", STR, "prefix of each logged output line"),
    opt("enabled", BOOL, "whether the job is scheduled (default true)"),
    opt("poolSlots", INT, "slots the job takes in its pool"),
    opt("queuePriority", INT, "order in the pool's queue"),
    opt("queueTimeout", FLOAT, "seconds a run may wait in the pool's queue"),
    opt("monitorResources", one_of(BOOL, fields(
        opt("enabled", BOOL, "sample CPU and memory"),
        opt("interval", FLOAT, "seconds between samples"),
        opt("history", INT, "points kept per run"),
    )), "sample each run's CPU time and peak memory"),
    opt("timezone", STR, "IANA zone the schedule is read in"),
    opt("failsWhen", fields(
        req("producesStdout", BOOL, "output on stdout fails the run"),
        opt("producesStderr", BOOL, "output on stderr fails the run"),
        opt("nonzeroReturn", BOOL, "a non-zero exit fails the run"),
        opt("always", BOOL, "every run fails"),
    ), "what counts as a failed run"),
    opt("onFailure", fields(
        opt("retry", fields(
            req("maximumRetries", INT, "retries after a failure (-1: forever)"),
            req("initialDelay", FLOAT, "seconds before the first retry"),
            req("maximumDelay", FLOAT, "longest delay between retries"),
            req("backoffMultiplier", FLOAT, "delay growth per retry"),
        ), "retry a failed run"),
        opt("report", REPORT, "where failures are reported"),
    ), "what happens when a run fails"),
    opt("onPermanentFailure", fields(opt("report", REPORT, "where it is reported")),
        "what happens when retries are exhausted"),
    opt("onSuccess", fields(opt("report", REPORT, "where it is reported")),
        "what happens when a run succeeds"),
    opt("sla", fields(
        opt("maxTimeSinceSuccessSeconds", OPT_INT, "longest time without a success"),
        opt("lateAfterSeconds", OPT_INT, "a due run not started after this is late"),
        opt("maxRuntimeSeconds", OPT_INT, "longest run"),
    ), "service-level thresholds that fire onLate"),
    opt("onLate", fields(opt("report", REPORT, "where it is reported")),
        "what happens when an sla threshold is breached (needs sla)"),
    opt("environment", Seq(fields(
        req("key", STR, "variable name"),
        req("value", STR, "variable value"),
    )), "environment variables, a list of key/value"),
    opt("secrets", Seq(fields(
        req("name", STR, "secret name"),
        opt("value", OPT_STR, "the secret itself"),
        opt("fromFile", OPT_STR, "a file holding the secret"),
        opt("fromEnvVar", OPT_STR, "an environment variable holding the secret"),
    )), "run-scoped secrets served over the state endpoint (needs state)"),
    opt("stateAllowedScopes", Seq(STR), "extra state scopes the job may name"),
    opt("env_file", STR, "file of NAME=value lines added to the environment"),
    opt("workingDirectory", OPT_STR, "directory the job starts in"),
    opt("statsd", fields(
        req("prefix", STR, "metric name prefix"),
        req("host", STR, "statsd host"),
        req("port", INT, "statsd port"),
    ), "send run metrics to statsd"),
    opt("user", one_of(INT, STR), "user (name or uid) the job runs as"),
    opt("group", one_of(INT, STR), "group (name or gid) the job runs as"),
    opt("verify", one_of(EMPTY, fields(
        req("command", COMMAND, "command that checks the run's result"),
        opt("timeout", FLOAT, "seconds the check may take (default 60)"),
    )), "a check run after each successful run"),
    opt("pool", OPT_STR, "the pool (see pools) the job runs in"),
    opt("resourceLimits", fields(
        opt("cpu", STR, "CPU cap, e.g. 0.5, or max"),
        opt("memory", STR, "memory cap, e.g. 512M, or max"),
        opt("processes", STR, "process count cap, or max"),
        opt("required", BOOL, "fail runs where caps cannot be applied"),
    ), "per-run CPU, memory and process caps"),
)  # fmt: skip

JOB = fields(
    *JOB_COMMON,
    req("name", STR, "the job's unique name (also the H hash key)"),
    req("command", COMMAND, "what to run: a string or a list of words"),
    req("schedule", SCHEDULE, "cron expression, or a map of fields"),
)
DEFAULTS = fields(*JOB_COMMON)

# Launch keys a DAG task shares with jobs (the daemon's _DAG_TASK_LAUNCH_KEYS).
TASK_LAUNCH_KEYS = frozenset({
    "shell", "environment", "captureStderr", "captureStdout", "monitorResources",
    "saveLimit", "maxLineLength", "streamPrefix", "failsWhen", "executionTimeout",
    "killTimeout", "priority", "statsd", "user", "group", "env_file",
    "workingDirectory", "secrets", "stateAllowedScopes", "onSuccess", "verify",
    "pool", "poolSlots", "queuePriority", "queueTimeout", "resourceLimits",
})  # fmt: skip

TASK = fields(
    *(entry for entry in JOB_COMMON if entry.name in TASK_LAUNCH_KEYS),
    req("id", STR, "the task's id, unique in its DAG"),
    opt("command", COMMAND, "what to run (not needed by an approval gate)"),
    opt("type", Enum(TASK_TYPES), "task, sensor or approval"),
    opt("dependsOn", Seq(STR), "ids of the tasks that run first"),
    opt("triggerRule", Enum(TRIGGER_RULES), "when the task may start"),
    opt("retries", INT, "retries of a failed task"),
    opt("retryDelaySeconds", NUMBER, "seconds between retries"),
    opt("expand", fields(
        req("fromTask", STR, "task whose output list is mapped over"),
        req("key", STR, "key of that output"),
    ), "run once per item of another task's output"),
    opt("pokeIntervalSeconds", NUMBER, "seconds between sensor pokes"),
    opt("pokeTimeoutSeconds", NUMBER, "seconds before a sensor gives up"),
    opt("pokeJitterSeconds", NUMBER, "random delay added to each poke"),
    opt("onReject", Enum(ON_REJECT), "what a rejected approval does"),
    opt("onFailure", fields(opt("report", REPORT, "where it is reported")),
        "where a failed task is reported"),
)  # fmt: skip

DAG = fields(
    req("name", STR, "the DAG's unique name (its schedule job is dag:<name>)"),
    opt("schedule", SCHEDULE, "when the DAG runs (none: manual only)"),
    opt("timezone", STR, "IANA zone the schedule is read in"),
    opt("utc", BOOL, "read the schedule in UTC (default true)"),
    opt("onMissed", Enum(ON_MISSED), "catch-up of runs missed while down"),
    opt("startingDeadlineSeconds", OPT_INT, "only catch up runs missed this recently"),
    opt("catchupJitterSeconds", INT, "spread catch-up launches over this many seconds"),
    opt("clusterPolicy", Enum(CLUSTER_POLICIES), "where the DAG runs under leader election"),
    opt("enabled", BOOL, "whether the DAG is scheduled"),
    opt("retainRuns", INT, "finished runs kept (at least 1)"),
    req("tasks", Seq(TASK), "the DAG's tasks"),
)

GOSSIP_TLS = fields(
    req("ca", STR, "trust anchor for peer certificates"),
    req("cert", STR, "this node's certificate"),
    req("key", STR, "this node's private key"),
)
PEERS = Seq(fields(req("host", STR, "host:port of another node")))

WEB = fields(
    req("listen", Seq(STR), "addresses to serve on (http://, https://, unix://)"),
    opt("headers", MapOf(STR), "extra response headers"),
    opt("allowedOrigins", Seq(STR), "browser origins allowed to call mutating endpoints"),
    opt("authToken", secret_source("bearer token"), "bearer token for the API"),
    opt("authTokens", Seq(fields(
        opt("value", OPT_STR, "the token itself"),
        opt("fromFile", OPT_STR, "a file holding the token"),
        opt("fromEnvVar", OPT_STR, "an environment variable holding the token"),
        req("scopes", Seq(Enum(WEB_TOKEN_SCOPES)), "what the token may do"),
        opt("label", STR, "name for revocation"),
    )), "scoped bearer tokens"),
    opt("anonymousScopes", Seq(Enum(("view",))), "scopes of requests without a token"),
    opt("socketMode", STR, "octal permissions of a unix:// socket"),
    opt("tls", fields(
        opt("cert", OPT_STR, "server certificate"),
        opt("key", OPT_STR, "server private key"),
        opt("clientCa", OPT_STR, "CA that client certificates must chain to"),
    ), "TLS for https:// listeners"),
    opt("ui", BOOL, "serve the dashboard"),
    opt("metrics", one_of(BOOL, fields(
        opt("enabled", BOOL, "serve /metrics"),
        opt("public", BOOL, "serve /metrics without a token"),
        opt("durationBuckets", Seq(FLOAT), "histogram bucket bounds"),
    )), "Prometheus metrics at /metrics"),
    opt("badges", one_of(BOOL, fields(
        opt("enabled", BOOL, "serve status badges"),
        opt("public", BOOL, "serve badges without a token"),
    )), "SVG status badges"),
    opt("nodeHistory", one_of(BOOL, fields(
        opt("enabled", BOOL, "record node CPU/memory history"),
        opt("interval", FLOAT, "seconds between samples"),
        opt("points", INT, "samples kept"),
    )), "node CPU/memory history for the dashboard"),
    opt("bonjour", one_of(BOOL, fields(
        opt("enabled", BOOL, "advertise the API over mDNS"),
        opt("name", STR, "instance name"),
    )), "mDNS/Bonjour advert of the API"),
)  # fmt: skip

MCP = one_of(EmptyMap(), fields(
    opt("enabled", BOOL, "serve the MCP endpoint on the web listeners"),
    opt("readOnly", BOOL, "strip every mutating tool"),
    opt("toolsets", Seq(Enum(MCP_TOOLSETS)), "tool groups to expose"),
    opt("allowedOrigins", Seq(STR), "browser origins allowed to call /mcp"),
    opt("allowUnauthenticated", BOOL, "serve /mcp on routable listeners without a token"),
    opt("resources", BOOL, "expose MCP resources"),
    opt("prompts", BOOL, "expose MCP prompts"),
    opt("instructions", OPT_STR, "note shown to the client"),
    opt("maxRows", INT, "cap on a list tool's rows"),
    opt("maxBodyBytes", INT, "cap on a request body"),
))  # fmt: skip

CLUSTER = fields(
    opt("backend", Enum(CLUSTER_BACKENDS), "leadership backend"),
    opt("listen", STR, "host:port of the gossip listener"),
    opt("tls", GOSSIP_TLS, "mTLS material of the gossip mesh"),
    opt("peers", PEERS, "the other nodes"),
    opt("nodeName", STR, "this node's name (default: host name)"),
    opt("interval", INT, "seconds between gossip rounds"),
    opt("driftAfter", INT, "mismatched rounds before a peer counts as drifted"),
    opt("connectTimeout", INT, "seconds per peer request"),
    opt("electLeader", BOOL, "run scheduled jobs on the elected leader only"),
    opt("distribution", Enum(DISTRIBUTIONS), "single-leader, or spread jobs over nodes"),
    opt("kubernetes", fields(
        opt("leaseName", STR, "Lease object name"),
        opt("leaseNamespace", OPT_STR, "Lease namespace"),
        opt("leaseDurationSeconds", INT, "lease duration"),
        opt("renewDeadlineSeconds", INT, "renew deadline"),
        opt("retryPeriodSeconds", INT, "retry period"),
        opt("identity", OPT_STR, "holder identity (default nodeName)"),
        opt("kubeconfig", OPT_STR, "kubeconfig file for out-of-cluster use"),
        opt("apiServer", OPT_STR, "apiserver URL override (https)"),
        opt("clientLibrary", Enum(("auto", "http", "library")), "client implementation"),
    ), "Kubernetes Lease backend"),
    opt("etcd", fields(
        opt("endpoints", Seq(STR), "etcd endpoint URLs"),
        opt("electionName", STR, "election key"),
        opt("ttl", INT, "lease time-to-live in seconds"),
        opt("username", OPT_STR, "etcd user"),
        opt("password", secret_source("etcd password"), "etcd password"),
        opt("tls", fields(
            opt("ca", OPT_STR, "CA bundle"),
            opt("cert", OPT_STR, "client certificate"),
            opt("key", OPT_STR, "client key"),
        ), "client TLS to etcd"),
    ), "etcd lease backend"),
    opt("filesystem", fields(
        opt("path", STR, "directory of the election lease"),
        opt("electionName", STR, "election name"),
        opt("ttl", NUMBER, "lease time-to-live in seconds"),
        opt("deploymentId", OPT_STR, "namespace inside the store"),
        opt("topology", Enum(TOPOLOGIES), "auto, single-node or shared"),
    ), "shared-mount lease backend"),
    opt("observability", fields(
        opt("shareNodeStats", BOOL, "share node CPU/memory with the fleet"),
        opt("listen", STR, "host:port of the overlay mesh"),
        opt("tls", GOSSIP_TLS, "mTLS material of the overlay mesh"),
        opt("peers", PEERS, "the other nodes of the overlay"),
        opt("nodeName", STR, "this node's name in the overlay"),
        opt("interval", INT, "seconds between overlay rounds"),
        opt("driftAfter", INT, "mismatched rounds before drift"),
        opt("connectTimeout", INT, "seconds per overlay request"),
    ), "gossip overlay carrying fleet data"),
)  # fmt: skip

STATE = fields(
    req("path", STR, "directory of the durable store"),
    opt("topology", Enum(TOPOLOGIES), "auto, single-node or shared"),
    opt("deploymentId", STR, "namespace inside the store"),
    opt("maxRunsPerJob", INT, "finished runs kept per job"),
    opt("onStoreUnavailable", Enum(("degrade", "fail-closed")), "behaviour when the store is down"),
    opt("gcGraceSeconds", INT, "age before unreferenced state is collected"),
    opt("maxOpsPerSecond", NUMBER, "store operations per second (0: no cap)"),
    opt("slotTtlSeconds", NUMBER, "TTL of cluster concurrency slots (at least 5)"),
    opt("jobApi", fields(
        opt("enabled", BOOL, "run the loopback endpoint for jobs"),
        opt("listen", STR, "bind address of the endpoint"),
        opt("maxValueBytes", INT, "largest KV value"),
        opt("maxArtifactBytes", INT, "largest artifact"),
        opt("lockTtlSeconds", NUMBER, "TTL of job locks (at least 5)"),
        opt("allowNonLoopbackBind", BOOL, "allow a non-loopback listen host"),
        opt("tls", fields(
            opt("cert", OPT_STR, "server certificate"),
            opt("key", OPT_STR, "server private key"),
            opt("ca", OPT_STR, "CA handed to jobs"),
        ), "TLS for an https:// listen"),
    ), "the job-facing state API"),
)  # fmt: skip

LOGGING = fields(
    req("version", INT, "logging.config schema version (1)"),
    opt("incremental", BOOL, "logging.config incremental"),
    opt("disable_existing_loggers", BOOL, "logging.config disable_existing_loggers"),
    opt("formatters", Anything(), "logging.config formatters"),
    opt("filters", Anything(), "logging.config filters"),
    opt("handlers", Anything(), "logging.config handlers"),
    opt("loggers", Anything(), "logging.config loggers"),
    opt("root", Anything(), "logging.config root"),
)

NOTIFY = fields(
    opt("events", Seq(Enum(NOTIFY_EVENTS)), "events to report (default: all)"),
    opt("report", REPORT, "where daemon events are reported"),
)

PUSH = fields(
    req("relay", fields(
        req("url", STR, "http(s) URL of the push relay"),
        opt("timeout", FLOAT, "request timeout in seconds"),
    ), "the push relay"),
    opt("devicesFile", OPT_STR, "device registry file (without a state section)"),
    opt("allowUnauthenticated", BOOL, "serve pairing on routable listeners without a token"),
)  # fmt: skip

POOL = fields(
    req("slots", INT, "concurrent runs the pool allows (1-10000)"),
    opt("maxQueued", INT, "runs that may wait (1-10000, default 1000)"),
)

TOP = fields(
    opt("defaults", DEFAULTS, "job keys applied to every job of this file"),
    opt("jobs", Seq(JOB), "the scheduled jobs"),
    opt("dags", Seq(DAG), "workflows of dependent tasks"),
    opt("pools", MapOf(POOL), "named concurrency pools"),
    opt("web", WEB, "the web API and dashboard"),
    opt("mcp", MCP, "the Model Context Protocol server"),
    opt("cluster", CLUSTER, "leader election across nodes"),
    opt("state", STATE, "the durable state store"),
    opt("include", Seq(STR), "other config files to load (a list of paths)"),
    opt("logging", LOGGING, "Python logging.config dictionary"),
    opt("notify", NOTIFY, "daemon event notifications"),
    opt("push", PUSH, "end-to-end encrypted push alerts"),
)

# Top-level sections that may appear at most once across a config's files.
SINGLE_SECTIONS = ("web", "cluster", "state", "mcp", "logging", "notify", "push")

__all__ = ["DAEMON_SCHEMA_VERSION", "TOP"]
