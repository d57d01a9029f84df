"""The daemon's checks across a whole config: sections, pools, state, DAGs.

The daemon runs these once on the assembled config (every file, include and
config-directory entry together), so a section one job depends on may live
in another file. Lint runs them once per config the PATHS make (see
`session.config_key`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ... import load_codes as codes
from ...records import Finding, SourceLocation
from ..yaml_config import YamlFile
from .daemon_checks import duplicates, merge
from .jobs import locate
from .tables import SINGLE_SECTIONS


@dataclass
class ConfigParts:
    """Each YAML file of the load, in load order."""

    files: list[tuple[str, YamlFile]] = field(default_factory=list)

    def add(self, path: str, loaded: YamlFile) -> None:
        """One more file of the config."""
        self.files.append((path, loaded))


def _finding(message: str, at: SourceLocation, job: str | None = None) -> Finding:
    return Finding(
        code=codes.INVALID_CONFIG,
        level="error",
        message=message,
        location=at,
        job=job,
    )


def whole_config_findings(parts: ConfigParts) -> list[Finding]:
    """Every whole-config refusal of the daemon, each at the key that causes it."""
    found: list[Finding] = []
    first: dict[str, tuple[Any, SourceLocation]] = {}
    for _, loaded in parts.files:
        for name in SINGLE_SECTIONS:
            if name not in loaded.section_keys:
                continue
            at = loaded.section_keys[name]
            if name in first:
                if first[name][1] == at:  # one file loaded twice (a sibling also included)
                    found.append(_finding(
                        f"the '{name}' section of {at.file} is loaded twice: the file is "
                        "loaded on its own and again through an include, and the daemon takes "
                        "each of web, cluster, state, mcp, logging, notify and push from one "
                        f"file of a config only (\"Multiple '{name}' configurations found\")",
                        at))  # fmt: skip
                    continue
                found.append(_finding(
                    f"a second '{name}' section (the first is at {first[name][1]}); the daemon "
                    "takes each of web, cluster, state, mcp, logging, notify and push from "
                    "one file of a config only", at))  # fmt: skip
                continue
            first[name] = (loaded.sections.get(name), at)
    state = first["state"][0] if "state" in first else None
    has_state = "state" in first
    api = state.get("jobApi") if isinstance(state, dict) else None
    api_on = not (isinstance(api, dict) and api.get("enabled") is False)
    found += _pools(parts, has_state)
    found += _jobs(parts, has_state, api_on)
    found += _dags(parts, has_state, api_on)
    found += _mcp_and_push(parts, first, has_state)
    return found


def _pools(parts: ConfigParts, has_state: bool) -> list[Finding]:
    found: list[Finding] = []
    pools: dict[str, int] = {}
    for _, loaded in parts.files:
        section = loaded.sections.get("pools")
        if not isinstance(section, dict):
            continue
        at = loaded.section_keys["pools"]
        if not has_state:
            found.append(_finding("pools require durable state: add a `state` section "
                                  "(pools live on the state store)", at))  # fmt: skip
        for name, conf in section.items():
            where = SourceLocation(at.file, *locate(loaded.where, f"pools.{name}", at))
            if name in pools:
                found.append(_finding(f"duplicate pool {name!r} (pool names are unique across "
                                      "the config's files)", where))  # fmt: skip
                continue
            slots = conf.get("slots") if isinstance(conf, dict) else None
            pools[name] = slots if isinstance(slots, int) else 10000
    for _, loaded in parts.files:
        for job in loaded.job_facts:
            if job.pool is None:
                continue
            at = SourceLocation(job.location.file, *locate(job.where, "pool", job.location))
            if job.pool not in pools:
                hint = ""
                if pools:
                    from ..shared import did_you_mean

                    hint = did_you_mean(job.pool, list(pools))
                found.append(_finding(f"job {job.name!r}: unknown pool {job.pool!r} (pools are "
                                      f"defined under the top-level `pools` section){hint}",
                                      at, job.name))  # fmt: skip
            elif job.pool_slots > pools[job.pool]:
                found.append(_finding(f"job {job.name!r}: poolSlots ({job.pool_slots}) exceeds "
                                      f"the capacity of pool {job.pool!r} ({pools[job.pool]})",
                                      at, job.name))  # fmt: skip
        for index, dag in enumerate(loaded.dags):
            if not isinstance(dag, dict):
                continue
            for number, task in enumerate(dag.get("tasks") or ()):
                if not isinstance(task, dict):
                    continue
                merged = merge(loaded.defaults.data, task)
                pool = merged.get("pool")
                if not isinstance(pool, str) or task.get("type") == "approval":
                    continue
                path = f"dags[{index}].tasks[{number}]"
                dags_at = loaded.section_keys["dags"]
                at = SourceLocation(dags_at.file, *locate(loaded.where, f"{path}.pool", dags_at))
                slots = merged.get("poolSlots", 1)
                if pool not in pools:
                    found.append(_finding(f"dag {dag.get('name')!r} task {task.get('id')!r}: "
                                          f"unknown pool {pool!r}", at))  # fmt: skip
                elif isinstance(slots, int) and slots > pools[pool]:
                    found.append(_finding(f"dag {dag.get('name')!r} task {task.get('id')!r}: "
                                          "poolSlots exceeds pool capacity", at))  # fmt: skip
    return found


def _jobs(parts: ConfigParts, has_state: bool, api_on: bool) -> list[Finding]:
    found: list[Finding] = []
    for _, loaded in parts.files:
        for job in loaded.job_facts:
            if job.scope == "cluster" and not has_state:
                where = locate(job.where, "concurrencyScope", job.location)
                at = SourceLocation(job.location.file, *where)
                found.append(_finding(f"job {job.name!r}: concurrencyScope: cluster requires a "
                                      "`state` section (the shared store coordinates the nodes)",
                                      at, job.name))  # fmt: skip
            if job.has_secrets and not (has_state and api_on):
                at = SourceLocation(job.location.file, *locate(job.where, "secrets", job.location))
                why = ("state.jobApi.enabled is false" if has_state
                       else "no `state` section is configured")  # fmt: skip
                found.append(_finding(f"job {job.name!r}: `secrets` are staged over the state "
                                      f"loopback endpoint, but {why}", at, job.name))  # fmt: skip
    return found


def _dags(parts: ConfigParts, has_state: bool, api_on: bool) -> list[Finding]:
    found: list[Finding] = []
    names: list[str] = []
    first_at: SourceLocation | None = None
    for _, loaded in parts.files:
        at = loaded.section_keys.get("dags")
        if at is None:
            continue
        first_at = first_at or at
        for index, dag in enumerate(loaded.dags):
            if isinstance(dag, dict) and isinstance(dag.get("name"), str):
                name = dag["name"]
                if name in names:
                    where = SourceLocation(
                        at.file, *locate(loaded.where, f"dags[{index}].name", at)
                    )
                    found.append(_finding(f"duplicate dag name {name!r}", where))
                names.append(name)
    if first_at is None or not names:
        return found
    if not has_state:
        found.append(_finding("dags require a `state` section (runs and task progress are kept "
                              "on the state store)", first_at))  # fmt: skip
    elif not api_on:
        found.append(_finding("dags need the job API (task outputs and progress): "
                              "state.jobApi.enabled must not be false", first_at))  # fmt: skip
    return found


def _mcp_and_push(
    parts: ConfigParts, first: dict[str, tuple[Any, SourceLocation]], has_state: bool
) -> list[Finding]:
    from .daemon_checks import open_listeners

    found: list[Finding] = []
    web = first["web"][0] if "web" in first else None
    web = web if isinstance(web, dict) else None
    mcp = first["mcp"][0] if "mcp" in first else None
    if isinstance(mcp, dict) and mcp.get("enabled") is True:
        at = first["mcp"][1]
        if web is None or not web.get("listen"):
            found.append(_finding("mcp.enabled requires a `web` section with at least one "
                                  "`listen` address (/mcp is served on the web listeners)",
                                  at))  # fmt: skip
        elif mcp.get("allowUnauthenticated") is not True and (open_ := open_listeners(web)):
            found.append(_finding("mcp.enabled without web.authToken/authTokens on non-loopback "
                                  f"listener(s) {', '.join(open_)}: /mcp would be served without "
                                  "authentication (or set mcp.allowUnauthenticated: true)",
                                  at))  # fmt: skip
    push = first["push"][0] if "push" in first else None
    if "push" not in first:
        users = [job for _, loaded in parts.files for job in loaded.push_users]
        if users:
            found.append(_finding("report.push.enabled is set but no `push:` section is "
                                  "configured (add push.relay.url, or disable the push reporter)",
                                  users[0]))  # fmt: skip
    elif isinstance(push, dict):
        at = first["push"][1]
        if not push.get("devicesFile") and not has_state:
            found.append(_finding("push needs storage for its device registry: a `state` "
                                  "section or push.devicesFile", at))  # fmt: skip
        if (
            web is not None
            and push.get("allowUnauthenticated") is not True
            and (open_ := open_listeners(web))
        ):
            found.append(_finding("push without web.authToken/authTokens on non-loopback "
                                  f"listener(s) {', '.join(open_)}: pairing would be open "
                                  "(or set push.allowUnauthenticated: true)", at))  # fmt: skip
    return found


__all__ = ["ConfigParts", "duplicates", "whole_config_findings"]
