"""The two fleet shapes the whole-command benchmarks run on (scale.py, diff.py).

- flat: one YAML file, every job a name, a command and a schedule (a tenth with
  a timezone): the cheapest file a loader can be given;
- realistic: a directory as teams keep one: a top `cronstable.yaml` with
  defaults that includes one fragment per team (`_team-NN.yaml`, each with its
  own defaults), jobs with nested keys (`onFailure.retry`), `environment:`
  lists, map schedules, block and list commands, timeouts and policies, and a
  tenth of the jobs in classic crontab files (`legacy-NN.crontab`, with
  `CRON_TZ` and variable lines).

Both draw schedules from one mix (hourly piles, H, daily, steps, zones), so
they differ only in how the jobs are written, and `lint` finds about as much in
each: the teams' default `executionTimeout` (TEAM_TIMEOUT) is shorter than every
schedule's shortest gap, so the defaults give every job runtime keys without a
runs-may-overlap warning the flat fleet has no counterpart for. `write(...,
team_timeout=NOISY_TEAM_TIMEOUT)` writes the same directory with an hour there,
which 41% of the jobs outrun: the fleet a team has before it heeds `lint`, for
what 41,000 warnings cost (scale.py reports it beside the ratio, not in it).
`changed(specs, k)` gives the fleet with k jobs changed in every way `diff`
tells apart.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

SCHEDULES = (
    "0 * * * *",
    "H * * * *",
    "H H * * *",
    "30 3 * * *",
    "0 6 * * 1-5",
    "*/15 * * * *",
    "*/5 * * * *",
    "H/15 * * * *",
    "15 4 * * *",
    "0 12 * * *",
)
ZONES = (None, None, None, None, None, None, None, None, "America/New_York", "Europe/Berlin")
TEAMS = 20
CRONTABS = 5
SHAPES = ("flat", "realistic")
# The teams' default executionTimeout (s): plus the 30 s killTimeout, under the
# shortest gap of SCHEDULES (*/5: 300 s). NOISY: an hour, which the hourly and
# faster schedules outrun (a runs-may-overlap warning each).
TEAM_TIMEOUT = 240
NOISY_TEAM_TIMEOUT = 3600


@dataclass(frozen=True)
class Spec:
    """One job of a generated fleet."""

    name: str
    schedule: str
    zone: str | None
    index: int  # decides which optional keys the realistic shape writes


def specs(n: int) -> list[Spec]:
    return [
        Spec(f"job-{i:06d}", SCHEDULES[(i + i // 10) % len(SCHEDULES)], ZONES[(i // 7) % 10], i)
        for i in range(n)
    ]


def changed(jobs: list[Spec], k: int) -> list[Spec]:
    """The fleet with k jobs changed: fires moved, respelled, renamed, added, removed."""
    out = list(jobs)
    step = max(1, len(jobs) // k)
    picks = list(range(0, len(jobs), step))[:k]
    quarter, fifth = k // 4, k // 5
    removed = set()
    for n, i in enumerate(picks):
        job = out[i]
        if n < quarter:
            out[i] = replace(job, schedule="7 7 * * *")
        elif n < 2 * quarter:
            out[i] = replace(
                job,
                schedule=job.schedule.replace("*/15", "0,15,30,45").replace("0 *", "0 0-23"),
            )
        elif n < 2 * quarter + fifth:
            out[i] = replace(job, name=job.name + "-renamed")
        elif n % 2:
            removed.add(i)
        else:
            out.append(Spec(f"new-{n:04d}", "0 * * * *", None, len(jobs) + n))
    return [job for i, job in enumerate(out) if i not in removed]


def write(
    shape: str, jobs: list[Spec], directory: str, team_timeout: int = TEAM_TIMEOUT
) -> list[str]:
    """Write a fleet of the given shape under `directory`; the paths to pass a command.

    `team_timeout`: the realistic teams' default executionTimeout."""
    os.makedirs(directory, exist_ok=True)
    if shape == "flat":
        return [_flat(jobs, directory)]
    return _realistic(jobs, directory, team_timeout)


def _flat(jobs: list[Spec], directory: str) -> str:
    lines = ["jobs:"]
    for job in jobs:
        lines += [
            f"  - name: {job.name}",
            f"    command: /opt/run {job.name.removesuffix('-renamed')}",
            f'    schedule: "{job.schedule}"',
        ]
        if job.zone:
            lines.append(f"    timezone: {job.zone}")
    path = os.path.join(directory, "fleet.yaml")
    _put(path, lines)
    return path


def _yaml_job(job: Spec, team: int) -> list[str]:
    i = job.index
    task = job.name.removesuffix("-renamed")
    out = [f"  - name: {job.name}"]
    if i % 10 == 3 and job.schedule.startswith("0 ") and job.schedule.count(" ") == 4:
        minute, hour, *_ = job.schedule.split()
        out += ["    schedule:", f'      minute: "{minute}"', f'      hour: "{hour}"']
    else:
        out.append(f'    schedule: "{job.schedule}"')
    if i % 20 == 5:
        out += ["    command: |", f"      /usr/local/bin/task --id {task}", "      echo done"]
    elif i % 20 == 9:
        out += ["    command:", "      - /usr/local/bin/task", f"      - --id={task}"]
    else:
        out.append(f"    command: /usr/local/bin/task --id {task} --team {team}")
    if job.zone:
        out.append(f"    timezone: {job.zone}")
    if i % 3 == 0:
        out += [
            "    environment:",
            "      - key: LOG_LEVEL",
            "        value: info",
            "      - key: SHARD",
            f"        value: '{i % 8}'",
        ]
    if i % 4 == 1:
        out += [
            "    onFailure:",
            "      retry:",
            "        maximumRetries: 3",
            "        initialDelay: 1",
            "        maximumDelay: 60",
            "        backoffMultiplier: 2",
        ]
    if i % 5 == 2:
        out += ["    executionTimeout: 900", "    concurrencyPolicy: Forbid"]
    if i % 50 == 7:
        out.append("    enabled: false")
    return out


def _crontab_line(job: Spec) -> str:
    task = job.name.removesuffix("-renamed")
    # A crontab has no H and names no job: its jobs keep a plain schedule.
    schedule = job.schedule.replace("H/15", "*/15").replace("H H", "20 2").replace("H", "40")
    return f"{schedule} /usr/local/bin/legacy {task} >/dev/null 2>&1"


def _realistic(jobs: list[Spec], directory: str, team_timeout: int) -> list[str]:
    crontab_jobs = [j for j in jobs if j.index % 10 == 6]
    yaml_jobs = [j for j in jobs if j.index % 10 != 6]
    top = [
        "# The fleet: shared defaults, one fragment per team, legacy crontabs beside.",
        "defaults:",
        "  captureStderr: true",
        "  onMissed: skip",
        "include:",
        *(f"  - _team-{t:02d}.yaml" for t in range(TEAMS)),
        "jobs:",
        "  - name: fleet-heartbeat",
        "    command: /usr/local/bin/heartbeat",
        '    schedule: "*/5 * * * *"',
    ]
    _put(os.path.join(directory, "cronstable.yaml"), top)
    # A job's file follows from its index alone, so a changed fleet moves no job
    # between files (what `diff` would report as renamed or moved).
    for t in range(TEAMS):
        lines = [
            f"# team {t}",
            "defaults:",
            f"  executionTimeout: {team_timeout}",
            "  captureStdout: true",
            "jobs:",
        ]
        for job in yaml_jobs:
            if job.index // 10 % TEAMS == t:
                lines += _yaml_job(job, t)
        if lines[-1] == "jobs:":
            lines.pop()  # a team without jobs yet (a small fleet): its defaults alone
        _put(os.path.join(directory, f"_team-{t:02d}.yaml"), lines)
    for c in range(CRONTABS):
        lines = ["# carried over from the old cron host", "SHELL=/bin/bash", "MAILTO=ops"]
        zone = None
        for job in (j for j in crontab_jobs if j.index // 10 % CRONTABS == c):
            if job.zone != zone:
                lines.append(f"CRON_TZ={job.zone or 'UTC'}")
                zone = job.zone
            lines.append(_crontab_line(job))
        _put(os.path.join(directory, f"legacy-{c:02d}.crontab"), lines)
    return [directory]


def _put(path: str, lines: list[str]) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
