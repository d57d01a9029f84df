"""Seeded generators of whole job trees the daemon is asked to load (see test_parity_generated).

Where configgen.py mutates keys and values inside one well-formed config, this
module builds what that never produces: whole documents (empty, comments,
`---`, `...`, several documents, a byte-order mark, CRLF or CR line ends, tabs),
directory layouts (a file that includes a sibling, `_`/`.` names, nested
directories, crontabs beside YAML, one basename in two directories), spellings
(every macro and keyword in case variants, zone names in every case, links,
`Etc/` zones, `Z`), and crontab lines in the shapes real files have (tabs,
environment lines, `CRON_TZ`, user columns, `%`).

A case is `(files, entry)`: file contents by path relative to the case's root,
and the path (a file or a directory, relative to the root) the daemon loads.
"""

from __future__ import annotations

import random
from collections.abc import Callable

Files = dict[str, bytes]
Case = tuple[Files, str]

# -- spellings -----------------------------------------------------------------------

MACROS = ["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@hourly", "@midnight"]
REBOOT = "@reboot"
ZONES = [
    "UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Etc/GMT+5", "Etc/UTC",
    "Europe/Kiev", "US/Eastern", "GMT", "Zulu", "EST5EDT", "Australia/Lord_Howe",
]  # fmt: skip
# Names ZoneInfo refuses on every host (a misspelling, a bare city, an offset).
BAD_ZONES = ["Z", "z", "utc", "Utc", "Berlin", "Europe/Berlim", "+01:00", "UTC+1", "GMT+1:00"]
FIELDS = [
    "0 0 * * *", "*/15 * * * *", "H 2 * * *", "H/20 * * * 1-5", "0 12 * * MON", "0 12 1 JAN *",
    "30 4 1,15 * *", "0 0 L * *", "0 12 * * mon#2", "0 9-17/2 * * mon-fri", "H H(0-5) * * *",
    "0 0 31 2 *", "5 4 * * sun", "0 0 * * 7", "0 22 * * 1-5",
]  # fmt: skip
BAD_FIELDS = [
    "61 * * * *",
    "* * * *",
    "0 0 32 * *",
    "0 0 * * 8",
    "H(50-70) * * * *",
    "0 0 * * fri#6",
]


def case_variants(rng: random.Random, word: str) -> str:
    """`word` as written, lower, upper, title, or with random letters flipped."""
    pick = rng.randrange(5)
    if pick == 0:
        return word
    if pick == 1:
        return word.lower()
    if pick == 2:
        return word.upper()
    if pick == 3:
        return word.title()
    return "".join(c.upper() if rng.random() < 0.4 else c.lower() for c in word)


def zone_spelling(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.45:
        return rng.choice(ZONES)
    if roll < 0.75:
        return case_variants(rng, rng.choice(ZONES))
    return rng.choice(BAD_ZONES)


def schedule_spelling(rng: random.Random, *, crontab: bool) -> str:
    roll = rng.random()
    if roll < 0.35:
        return rng.choice(FIELDS)
    if roll < 0.5:
        return _spaced(rng, rng.choice(FIELDS))
    if roll < 0.6:
        return case_variants(rng, rng.choice(FIELDS))
    if roll < 0.85:
        macro = rng.choice([*MACROS, REBOOT])
        return macro if rng.random() < 0.4 else case_variants(rng, macro)
    if roll < 0.9 and not crontab:
        return rng.choice(["H * * * * * *", "0 0 0 * * * *", "0 0 * * * 2027", "@every 5m"])
    return rng.choice(BAD_FIELDS)


def _spaced(rng: random.Random, fields: str) -> str:
    """The fields joined by runs of spaces and tabs, as Debian files write them."""
    parts = fields.split(" ")
    out = parts[0]
    for part in parts[1:]:
        out += rng.choice([" ", "  ", "\t", " \t", "\t\t"]) + part
    return out


def _yaml_quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t") + '"'


# -- YAML documents -------------------------------------------------------------------


def job_yaml(rng: random.Random, name: str) -> str:
    text = f"  - name: {name}\n    command: /bin/{name}\n"
    schedule = schedule_spelling(rng, crontab=False)
    if "\t" in schedule and rng.random() < 0.5:
        # a tab inside a quoted scalar is only allowed as an escape in double quotes;
        # written raw inside single quotes it is literal text
        text += f"    schedule: '{schedule}'\n"
    else:
        text += f"    schedule: {_yaml_quoted(schedule)}\n"
    if rng.random() < 0.35:
        text += f"    timezone: {_yaml_quoted(zone_spelling(rng))}\n"
    if rng.random() < 0.1:
        text += "    utc: false\n"
    if rng.random() < 0.1:
        text += f"    enabled: {rng.choice(['no', 'yes', 'False', 'ON'])}\n"
    return text


def jobs_yaml(rng: random.Random, prefix: str, count: int) -> str:
    return "jobs:\n" + "".join(job_yaml(rng, f"{prefix}{i}") for i in range(count))


def defaults_yaml(rng: random.Random) -> str:
    return f"defaults:\n  timezone: {_yaml_quoted(zone_spelling(rng))}\n"


def dag_yaml(rng: random.Random, name: str) -> str:
    schedule = rng.choice([*FIELDS[:6], *MACROS[:5], REBOOT, case_variants(rng, REBOOT)])
    text = f"dags:\n  - name: {name}\n    schedule: {_yaml_quoted(schedule)}\n"
    if rng.random() < 0.6:
        text += f"    timezone: {_yaml_quoted(zone_spelling(rng))}\n"
    text += "    tasks:\n      - id: a\n        command: x\n"
    return "state:\n  path: /tmp/cronstable-parity-state\n" + text


EMPTY_BODIES = [
    "", "\n", "\n\n", "   ", "  \n", "\t", "# disabled\n", "# a\n# b\n", "#", "---\n", "---",
    "--- \n", "---\n# c\n", "# c\n---\n", "---\n...\n", "...\n", "---\n---\n", "\n# c\n\n",
    "null\n", "~\n", "''\n", "# jobs:\n#   - name: x\n",
]  # fmt: skip


def document(rng: random.Random) -> str:
    """A whole YAML document: empty-ish, or jobs with wrappers around them."""
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(EMPTY_BODIES)
    body = ""
    if rng.random() < 0.2:
        body += defaults_yaml(rng)
    body += jobs_yaml(rng, "j", rng.randint(0, 3) or 1)
    if rng.random() < 0.15:
        body += dag_yaml(rng, "etl")
    if rng.random() < 0.2:
        body = "# header comment\n\n" + body
    if rng.random() < 0.2:
        body = "---\n" + body
    if rng.random() < 0.1:
        body += "...\n"
    if rng.random() < 0.07:
        body += "---\n" + rng.choice(["", "jobs:\n"])
    if rng.random() < 0.1:
        body = body.rstrip("\n")
    return body


def encode(rng: random.Random, text: str, *, allow_bom: bool = True) -> bytes:
    """The text with CRLF / CR line ends and a byte-order mark now and then."""
    roll = rng.random()
    if roll < 0.12:
        text = text.replace("\n", "\r\n")
    elif roll < 0.16:
        text = text.replace("\n", "\r")
    data = text.encode("utf-8")
    if allow_bom and rng.random() < 0.08:
        data = b"\xef\xbb\xbf" + data
    return data


# -- crontab files --------------------------------------------------------------------

USERS = ["root", "www-data", "news", "munin", "list", "operator", "Debian-exim", "nobody", "smmsp"]
ENV_LINES = [
    "SHELL=/bin/sh", "PATH=/usr/local/sbin:/usr/local/bin:/sbin:/bin", "MAILTO=root",
    'MAILTO=""', "HOME = /var/tmp", "LANG='C.UTF-8'", "MAILTO = ops@example.com",
]  # fmt: skip


def crontab_line(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.08:
        return f"CRON_TZ={zone_spelling(rng)}"
    if roll < 0.16:
        return rng.choice(ENV_LINES)
    if roll < 0.22:
        return rng.choice(["", "# comment", "   # indented comment", "\t"])
    schedule = schedule_spelling(rng, crontab=True)
    sep = rng.choice([" ", "\t", "  "])
    command = rng.choice(
        [
            "/usr/bin/true", "test -x /usr/sbin/x && /usr/sbin/x", "date +\\%F > /tmp/d",
            "echo 100% done", "run --flag 'a b'", "/bin/job # trailing",
        ]
    )  # fmt: skip
    if rng.random() < 0.12:
        command = f"{rng.choice(USERS)}{sep}{command}"  # a system crontab line
    if rng.random() < 0.04:
        return schedule  # no command
    lead = rng.choice(["", "", "", " ", "\t"])
    return f"{lead}{schedule}{sep}{command}"


def crontab_text(rng: random.Random) -> str:
    lines = [crontab_line(rng) for _ in range(rng.randint(0, 6))]
    return "\n".join(lines) + ("\n" if rng.random() < 0.9 else "")


CRONTAB_NAMES = ["crontab", "legacy.crontab", "x.cron", "CRONTAB", "Nightly.Cron", "jobs.crontab"]


# -- directory layouts -----------------------------------------------------------------

YAML_NAMES = ["a.yaml", "b.yml", "c.YAML", "_frag.yaml", ".hidden.yaml", "z.yaml", "_x.yml"]


def include_block(targets: list[str]) -> str:
    return "include:\n" + "".join(f"  - {t}\n" for t in targets)


def layout(rng: random.Random) -> Case:
    """A config directory (or one file of it) with includes, fragments, crontabs, subdirs."""
    files: Files = {}
    names = rng.sample(YAML_NAMES, rng.randint(1, 4))
    subdir = rng.random() < 0.4
    if subdir:
        files["sub/inner.yaml"] = encode(rng, jobs_yaml(rng, "inner", 1), allow_bom=False)
        if rng.random() < 0.5:
            files["sub/crontab"] = crontab_text(rng).encode()
    if rng.random() < 0.4:
        files[rng.choice(CRONTAB_NAMES)] = crontab_text(rng).encode()
    if rng.random() < 0.15:
        files["README.md"] = b"0 4 * * * not a job file\n"
    if rng.random() < 0.15:
        # a neutral name, read by its first line when included (never by the directory)
        files["extra"] = rng.choice([crontab_text(rng).encode(), jobs_yaml(rng, "ex", 1).encode()])
    for index, name in enumerate(names):
        text = ""
        others = [n for n in names if n != name]
        candidates = others + (["sub/inner.yaml"] if subdir else [])
        if subdir and "sub/crontab" in files:
            candidates.append("sub/crontab")
        if "extra" in files:
            candidates.append("extra")
        if candidates and rng.random() < 0.45:
            targets = rng.sample(candidates, rng.randint(1, min(2, len(candidates))))
            if rng.random() < 0.1:
                targets.append(targets[0])  # the same file twice
            text += include_block(targets)
        roll = rng.random()
        if roll < 0.12:
            text += rng.choice(EMPTY_BODIES) if not text else ""
        else:
            text += jobs_yaml(
                rng, f"{name.split('.')[0].strip('_')}{index}-", rng.randint(0, 2) or 1
            )
        files[name] = encode(rng, text, allow_bom=False)
    entry = "." if rng.random() < 0.7 else rng.choice(sorted(files))
    return files, entry


def same_basename(rng: random.Random) -> Case:
    """Crontabs of one basename in two directories, one including the other or not."""
    files: Files = {}
    files["one/crontab"] = crontab_text(rng).encode() or b"0 1 * * * /bin/a\n"
    files["two/crontab"] = crontab_text(rng).encode() or b"0 2 * * * /bin/b\n"
    main = include_block(["one/crontab", "two/crontab"][: rng.randint(1, 2)])
    if rng.random() < 0.5:
        main += jobs_yaml(rng, "m", 1)
    files["main.yaml"] = main.encode()
    return files, rng.choice(["main.yaml", "one/crontab", "one"])


# -- the mixes ----------------------------------------------------------------------------


def single_document(rng: random.Random) -> Case:
    name = rng.choice(["c.yaml", "c.yml", "config", "C.YAML"])
    return {name: encode(rng, document(rng))}, name


def single_crontab(rng: random.Random) -> Case:
    name = rng.choice(CRONTAB_NAMES)
    return {name: encode(rng, crontab_text(rng), allow_bom=rng.random() < 0.3)}, name


def spelled_config(rng: random.Random) -> Case:
    """Defaults, jobs and a DAG whose zones and schedules are spelled every way."""
    text = ""
    if rng.random() < 0.4:
        text += defaults_yaml(rng)
    text += jobs_yaml(rng, "s", rng.randint(1, 3))
    if rng.random() < 0.35:
        text += dag_yaml(rng, "d")
    return {"c.yaml": text.encode()}, "c.yaml"


BOOLEANS = ["yes", "no", "true", "false", "on", "off", "1", "0", "y", "n"]
ENUMS = {
    "concurrencyPolicy": ["Allow", "Forbid", "Replace"],
    "clusterPolicy": ["Leader", "PreferLeader", "EveryNode"],
}


def keyword_config(rng: random.Random) -> Case:
    """Keys, booleans and enum values in case variants (strictyaml: booleans in any
    case, keys and enums exact), and the top-level keys too."""
    jobs_key = "jobs" if rng.random() < 0.85 else case_variants(rng, "jobs")
    text = f"{jobs_key}:\n"
    for index in range(rng.randint(1, 3)):
        keys = ["name", "command", "schedule"]
        values = [f"k{index}", "/bin/true", _yaml_quoted(rng.choice(FIELDS[:8]))]
        for key in ("utc", "enabled"):
            if rng.random() < 0.4:
                keys.append(key)
                values.append(case_variants(rng, rng.choice(BOOLEANS)))
        for key, choices in ENUMS.items():
            if rng.random() < 0.3:
                keys.append(key)
                values.append(
                    rng.choice(choices)
                    if rng.random() < 0.5
                    else case_variants(rng, rng.choice(choices))
                )
        if rng.random() < 0.12:
            spot = rng.randrange(len(keys))
            keys[spot] = case_variants(rng, keys[spot])
        lines = [f"{k}: {v}" for k, v in zip(keys, values, strict=True)]
        text += "  - " + "\n    ".join(lines) + "\n"
    return {"c.yaml": text.encode()}, "c.yaml"


def broken_document(rng: random.Random) -> Case:
    """A valid document with one line broken: a key without its colon, a line out of
    indentation, an unclosed quote, an unquoted `*` schedule, a stray word."""
    text = jobs_yaml(rng, "b", rng.randint(1, 3))
    lines = text.rstrip("\n").split("\n")
    keys = [i for i, line in enumerate(lines) if ": " in line]
    index = rng.choice(keys)
    line = lines[index]
    how = rng.randrange(5)
    if how == 0:
        lines[index] = line.replace(": ", " ", 1)
    elif how == 1:
        lines[index] = line[1:] if line.startswith("    ") else " " + line
    elif how == 2:
        lines[index] = line.replace(': "', ': "x', 1).rstrip('"') if '"' in line else line + ' "'
    elif how == 3:
        lines[index] = "    schedule: */5 * * * *"
    else:
        lines.insert(index + 1, rng.choice(["  stray", "    stray words", "  - ", "  -x"]))
    return {"c.yaml": ("\n".join(lines) + "\n").encode()}, "c.yaml"


GENERATORS: list[tuple[str, Callable[[random.Random], Case], int]] = [
    # name, generator, weight
    ("document", single_document, 4),
    ("crontab", single_crontab, 4),
    ("spelling", spelled_config, 3),
    ("layout", layout, 4),
    ("basename", same_basename, 1),
    ("broken", broken_document, 2),
    ("keywords", keyword_config, 2),
]


def cases(seed: int, count: int) -> list[tuple[str, Case]]:
    rng = random.Random(seed)
    weights = [w for _, _, w in GENERATORS]
    out = []
    for _ in range(count):
        name, make, _ = rng.choices(GENERATORS, weights)[0]
        out.append((name, make(rng)))
    return out
