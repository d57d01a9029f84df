"""Seeded generator of daemon configs: valid ones, and mutations of them.

Values come from the schema tables' types (tests/oracle/test_generated_configs.py
asks the released daemon about each config), but good values for keys whose
text carries meaning (zones, schedules, pool names, sizes) come from hand lists,
so most generated configs are close to valid and a mutation tests one thing.
Keys whose verdict depends on the host (users, env files, optional extras, the
host name in a cluster) are never generated.
"""

from __future__ import annotations

import random
from typing import Any

from cronstable_cli.loaders.schema import tables as ds
from cronstable_cli.loaders.schema import vocabulary as st

EMPTY = ""  # an empty value: `key:` (strictyaml reads it as '')

# Keys never generated: their verdict depends on the daemon's host.
HOST_KEYS = frozenset({"env_file", "user", "group", "bonjour", "push"})

# Set in lint's environment by the test (lint must not read them), never in the daemon's.
ENVIRON = {"CRONSTABLE_ORACLE_TZ": "Asia/Tokyo", "CRONSTABLE_ORACLE_CPU": "0.25"}
GOOD_TEXT: dict[str, list[str]] = {
    "timezone": [
        "Europe/Berlin",
        "UTC",
        "America/New_York",
        "Asia/Kolkata",
        "${CRONSTABLE_ORACLE_TZ}",
        "${CRONSTABLE_ORACLE_NOPE:-UTC}",
    ],
    "cpu": ["0.5", "2", "max", "1e-1", "${CRONSTABLE_ORACLE_CPU}"],
    "memory": ["512M", "1GiB", "2g", "max", "4_194_304"],
    "processes": ["10", "max", "+4"],
    "listen": ["127.0.0.1:0", "localhost:9000", "http://127.0.0.1:8999"],
    "url": ["https://relay.example.com"],
    "pool": ["db"],
}
BAD_TEXT: dict[str, list[str]] = {
    "timezone": [
        "Europe/Berlim",
        "Mars/Base",
        "",
        "${CRONSTABLE_ORACLE_NOPE}",
        "${CRONSTABLE_ORACLE_NOPE:-Mars/Base}",
    ],
    "cpu": ["0", "lots", "2000000", "nan"],
    "memory": ["10k", "huge", "512 MB"],
    "processes": ["0", "1.5", "many"],
    "listen": ["10.1.2.3:80", "unix:///tmp/s", "127.0.0.1:99999"],
    "pool": ["ghost", ""],
}
INTS = ["0", "1", "5", "300", "-1", "-5", "1_000", "+2"]
BAD_INTS = ["1.5", "x", "", "0x10", "_", "1e3"]
FLOATS = ["0", "1", "2.5", "60", "1e2", "-1", ".5", "nan", "inf"]
BAD_FLOATS = ["x", "", ".", "1.2.3", "ten"]
BOOLS = ["yes", "no", "true", "False", "on", "OFF", "y", "n", "1", "0"]
BAD_BOOLS = ["maybe", "", "ja", "2"]
WORDS = ["text", "/bin/true", "a b", "0.5", "$${HOME}", "${CRONSTABLE_ORACLE_NOPE:-}"]
SCHEDULES = ["0 2 * * *", "H 3 * * *", "*/15 * * * *", "@daily", "@reboot", "H H(0-5) * * 1-5",
             "30 */5 * * * * *", "0 0 L * *", "0 12 * * mon#2", "0 0 1 1 * 2030"]  # fmt: skip
BAD_SCHEDULES = ["61 * * * *", "", "every day", "H(50-70) * * * *", "* * *"]


class Gen:
    """One seeded stream of values for the schema's types."""

    def __init__(self, rng: random.Random, bad: float) -> None:
        self.rng = rng
        self.bad = bad  # chance that a generated value is a wrong one

    def wrong(self) -> bool:
        return self.rng.random() < self.bad

    def value(self, type_: st.Type, key: str = "") -> Any:
        """A value for `type_` under `key`: mostly good, wrong with chance `bad`."""
        rng = self.rng
        if key in GOOD_TEXT and isinstance(type_, st.Str | st.OneOf):
            pool = BAD_TEXT.get(key, []) if self.wrong() else GOOD_TEXT[key]
            if pool:
                return rng.choice(pool)
        if isinstance(type_, st.OneOf):
            return self.value(rng.choice(type_.options), key)
        if isinstance(type_, st.Str):
            return rng.choice(WORDS) if not self.wrong() else rng.choice([{"a": "b"}, ["x"]])
        if isinstance(type_, st.Int):
            return rng.choice(BAD_INTS if self.wrong() else INTS)
        if isinstance(type_, st.Float):
            return rng.choice(BAD_FLOATS if self.wrong() else FLOATS)
        if isinstance(type_, st.Bool):
            return rng.choice(BAD_BOOLS if self.wrong() else BOOLS)
        if isinstance(type_, st.Empty | st.EmptyMap):
            return EMPTY if not self.wrong() else "x"
        if isinstance(type_, st.Enum):
            if self.wrong():
                return rng.choice(
                    [type_.values[0].lower() + "x", type_.values[-1].upper(), "bogus"]
                )
            return rng.choice(type_.values)
        if isinstance(type_, st.Anything):
            return {"handler": {"class": "logging.NullHandler"}}
        if isinstance(type_, st.Seq):
            if self.wrong() and rng.random() < 0.3:
                return "not-a-list"
            return [self.value(type_.item, key) for _ in range(rng.randint(1, 2))]
        if isinstance(type_, st.MapOf):
            if self.wrong() and rng.random() < 0.3:
                return "not-a-map"
            return {rng.choice(["a", "b-c", "X_1"]): self.value(type_.value, key)}
        assert isinstance(type_, st.Map)
        return self.mapping(type_)

    def mapping(self, type_: st.Map, extra: int = 2) -> Any:
        """A mapping with its required keys and a few optional ones (or a broken one)."""
        rng = self.rng
        if self.wrong() and rng.random() < 0.2:
            return rng.choice(["scalar", EMPTY])
        out: dict[str, Any] = {}
        optional = [f for f in type_.fields if not f.required and f.name not in HOST_KEYS]
        required = any(f.required for f in type_.fields)
        low = 0 if required else 1  # an empty mapping would be an empty value
        chosen = rng.sample(optional, k=min(len(optional), rng.randint(low, max(low, extra))))
        for entry in type_.fields:
            if entry.required and not (self.wrong() and rng.random() < 0.2):
                out[entry.name] = self.value(entry.type, entry.name)
        for entry in chosen:
            out[entry.name] = self.value(entry.type, entry.name)
        if self.wrong() and rng.random() < 0.15 and type_.fields:
            name = rng.choice(type_.fields).name
            out[name[:-1] + name[-1].upper() + "x"] = "1"  # an unknown, near-miss key
        return out


def render(data: Any, indent: int = 0) -> str:
    """Block-style YAML for plain data (every scalar single-quoted, '' as empty)."""
    pad = " " * indent
    lines: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            lines.append(f"{pad}{key}:" + _tail(value, indent + 2))
    elif isinstance(data, list):
        for item in data:
            if isinstance(item, dict) and item:
                first, *rest = render(item, indent + 2).split("\n")
                lines.append(f"{pad}- {first.lstrip()}")
                lines.extend(rest)
            else:
                lines.append(f"{pad}-" + _tail(item, indent + 2))
    return "\n".join(lines)


def _tail(value: Any, indent: int) -> str:
    if isinstance(value, dict | list):
        if not value:
            return ""
        return "\n" + render(value, indent)
    if value == EMPTY:
        return ""
    return " '" + str(value).replace("'", "''") + "'"


def job(gen: Gen, name: str, bad_keys: int) -> dict[str, Any]:
    """A job with a good schedule and command, plus `bad_keys` generated keys."""
    rng = gen.rng
    schedule: Any = rng.choice(SCHEDULES)
    if rng.random() < 0.15:
        schedule = {
            "minute": "H",
            "hour": rng.choice(["2", "*/3", "1-5", "4", "0 1"]),
            "dayOfWeek": "1-5",
        }
    out: dict[str, Any] = {"name": name, "command": rng.choice(["run.sh", ["a", "b c"]]),
                           "schedule": schedule}  # fmt: skip
    fields = [f for f in ds.JOB_COMMON if f.name not in HOST_KEYS]
    for entry in rng.sample(fields, k=bad_keys):
        out[entry.name] = gen.value(entry.type, entry.name)
    return out


def dag(gen: Gen, name: str, keys: int) -> dict[str, Any]:
    """A DAG with a simple valid graph; generated DAG and task keys (the schema's)."""
    rng = gen.rng
    out: dict[str, Any] = {"name": name, "schedule": rng.choice(["H 4 * * *", "0 5 * * 1"])}
    dag_fields = [f for f in ds.DAG.fields if f.name not in ("name", "tasks", "schedule")]
    for entry in rng.sample(dag_fields, k=min(keys, 2)):
        out[entry.name] = gen.value(entry.type, entry.name)
    graph = {"id", "dependsOn", "expand", "command", "type"}  # the graph stays valid
    task_fields = [f for f in ds.TASK.fields if f.name not in HOST_KEYS | graph]
    first: dict[str, Any] = {"id": "first", "command": "one.sh"}
    for entry in rng.sample(task_fields, k=keys):
        first[entry.name] = gen.value(entry.type, entry.name)
    second: dict[str, Any] = {"id": "second", "dependsOn": ["first"]}
    second["type"] = rng.choice(["task", "approval", "sensor"])
    if second["type"] != "approval" or rng.random() < 0.3:
        second["command"] = "two.sh"
    return out | {"tasks": [first, second]}


SECTIONS = ("state", "pools", "web", "mcp", "notify", "logging", "cluster")
PEERS = ["node-b:8900", "node-c:8900", "node-d:8900", "127.0.0.1:8900", "node-a:8900",
         "nohost", "[::1]:8900", "node-b:99999", "2001:db8::1:8900"]  # fmt: skip
TLS = {"ca": "/etc/cronstable/ca.pem", "cert": "/etc/cronstable/node.pem",
       "key": "/etc/cronstable/node.key"}  # fmt: skip


def cluster(gen: Gen) -> dict[str, Any]:
    """A cluster section for one backend (nodeName set: the host name stays out of it)."""
    rng = gen.rng
    backend = rng.choice([None, "gossip", "gossip", "kubernetes", "etcd", "filesystem"])
    out: dict[str, Any] = {"nodeName": "node-a"}
    if backend:
        out["backend"] = backend
    if backend in (None, "gossip") or rng.random() < 0.1:
        out["listen"] = rng.choice(["0.0.0.0:8900", "10.0.0.1:8900", "node-a:8900", "8900"])
        out["tls"] = dict(TLS) if rng.random() < 0.9 else {**TLS, "ca": " "}
        out["peers"] = [{"host": h} for h in rng.sample(PEERS[:4] if rng.random() < 0.7 else PEERS,
                                                         k=rng.randint(1, 3))]  # fmt: skip
    if rng.random() < 0.5:
        out["electLeader"] = rng.choice(["yes", "no"])
    if rng.random() < 0.2:
        out["distribution"] = rng.choice(["spread", "single-leader"])
    if backend == "kubernetes" or (backend is None and rng.random() < 0.05):
        out["kubernetes"] = {"leaseName": rng.choice(["cronstable", "cron.table", "Bad_Name"]),
                             "leaseDurationSeconds": rng.choice(["15", "10", "30"]),
                             "renewDeadlineSeconds": rng.choice(["10", "5", "0"]),
                             "retryPeriodSeconds": rng.choice(["2", "6", "0"])}  # fmt: skip
        if rng.random() < 0.3:
            out["kubernetes"]["apiServer"] = rng.choice(["https://k8s:6443", "http://k8s"])
    if backend == "etcd":
        etcd: dict[str, Any] = {"endpoints": [rng.choice(
            ["http://127.0.0.1:2379", "https://etcd:2379", "etcd:2379", "https://u:p@etcd"])],
            "ttl": rng.choice(["15", "2", "3"])}  # fmt: skip
        if rng.random() < 0.3:
            etcd["tls"] = {"ca": "/etc/ca.pem"}
        if rng.random() < 0.3:
            etcd["username"] = "cron"
            if rng.random() < 0.7:
                etcd["password"] = {"value": "secret"}
        out["etcd"] = etcd
    if backend == "filesystem":
        out["filesystem"] = {"path": rng.choice(["/mnt/lease", " "]),
                             "ttl": rng.choice(["15", "2.5", "nan"])}  # fmt: skip
    if rng.random() < 0.15:
        obs: dict[str, Any] = {"shareNodeStats": "yes"}
        if rng.random() < 0.6:
            obs.update(listen="0.0.0.0:8901", tls=dict(TLS), peers=[{"host": "node-b:8901"}])
        out["observability"] = obs
    if gen.wrong():
        entry = rng.choice([f for f in ds.CLUSTER.fields if f.name != "nodeName"])
        out[entry.name] = gen.value(entry.type, entry.name)
    return out


def focused(rng: random.Random) -> dict[str, str]:
    """A case about one section (web, mcp, notify, state, logging) or one DAG's keys."""
    gen = Gen(rng, bad=rng.choice([0.0, 0.05, 0.15]))
    doc: dict[str, Any] = {}
    if rng.random() < 0.7:
        doc["state"] = {"path": "/tmp/cronstable-oracle-state"}
    topic = rng.choice(["web", "mcp", "notify", "state", "web+mcp", "logging", "dags", "dags"])
    if topic == "dags":
        if rng.random() < 0.4:
            doc["pools"] = {"db": {"slots": "2"}}
        if rng.random() < 0.4:
            fields = [f for f in ds.JOB_COMMON if f.name not in HOST_KEYS]
            doc["defaults"] = {e.name: gen.value(e.type, e.name) for e in rng.sample(fields, k=2)}
        doc["dags"] = [dag(gen, "etl", rng.randint(1, 4))]
    for name in topic.split("+") if topic != "dags" else ():
        table = ds.TOP.field(name)
        assert table is not None
        doc[name] = gen.value(table.type, name)
        if name == "mcp" and isinstance(doc["mcp"], dict) and rng.random() < 0.7:
            doc["mcp"]["enabled"] = "yes"
    doc["jobs"] = [job(gen, "a", rng.choice([0, 1, 2]))]
    return {"main.yaml": render(doc) + "\n"}


def config(rng: random.Random) -> dict[str, str]:
    """One case: file name -> text; `main.yaml` is the entry the daemon loads."""
    if rng.random() < 0.3:
        return focused(rng)
    gen = Gen(rng, bad=rng.choice([0.0, 0.0, 0.02, 0.05, 0.15]))
    doc: dict[str, Any] = {}
    if rng.random() < 0.6:
        doc["state"] = {"path": "/tmp/cronstable-oracle-state"}
        if rng.random() < 0.3:
            more = gen.mapping(ds.STATE, extra=3)
            doc["state"] = more if not isinstance(more, dict) else {**doc["state"], **more}
    if rng.random() < 0.35:
        doc["pools"] = {"db": {"slots": rng.choice(["2", "1", "3", "5", "4", "0", "20000"])}}
        if rng.random() < 0.3:
            doc["pools"]["db"]["maxQueued"] = rng.choice(["5", "100", "0"])
    if rng.random() < 0.2:
        doc["cluster"] = cluster(gen)
    for name in ("web", "mcp", "notify", "logging"):
        if rng.random() < 0.08:
            table = ds.TOP.field(name)
            assert table is not None
            doc[name] = gen.value(table.type, name)
    if rng.random() < 0.3:
        fields = [f for f in ds.JOB_COMMON if f.name not in HOST_KEYS]
        doc["defaults"] = {e.name: gen.value(e.type, e.name)
                           for e in rng.sample(fields, k=rng.randint(1, 3))}  # fmt: skip
    names = ["backup", "report", "sync", "cleanup"]
    doc["jobs"] = [
        job(gen, names[i], rng.choice([0, 1, 1, 2, 3])) for i in range(rng.randint(1, 3))
    ]
    if rng.random() < 0.05:
        doc["jobs"].append(job(gen, names[0], 0))  # a duplicate name
    if rng.random() < 0.15:
        doc["dags"] = [dag(gen, "etl", rng.randint(0, 2))]
    files = {"main.yaml": render(doc) + "\n"}
    if rng.random() < 0.15:
        other = {"jobs": [job(gen, "included", rng.randint(0, 2))]}
        if rng.random() < 0.5:
            other["defaults"] = {"enabled": rng.choice(["no", "yes"])}
        if rng.random() < 0.2:
            other["pools"] = {"db": {"slots": "1"}}
        files["inc.yaml"] = render(other) + "\n"
        files["main.yaml"] = "include:\n  - inc.yaml\n" + files["main.yaml"]
    return files
