"""The user documentation of each load-problem code, in the rule-doc shape.

`load_codes.py` declares each code with its level and the text here; lint's
registry, `--list-rules`, SARIF and docs/lint-rules.md read it from there.
"""

from __future__ import annotations

INVALID_SCHEDULE = """The schedule text cannot be parsed.

## What it does
Reports a schedule the daemon would refuse, at the line and column of the
offending item, with the field, the item and a hint when the text looks like
another cron dialect (Quartz's seconds-first 6-field layout, `5L`, `#`
outside day-of-week).

## Why is this bad?
The daemon refuses the job (and with it the whole file), so nothing in the
file runs.

## Example
```yaml
  schedule: "0 */5 * * * ?"   # Quartz: the 6th field here is a year
```

## Use instead
```yaml
  schedule: "0 */5 * * * ? *"  # seconds-first needs 7 fields
```
"""

INVALID_CONFIG = """The file breaks the daemon's job schema.

## What it does
Reports YAML that the daemon's strict schema refuses: a job without `name`,
`command` or `schedule`, a value of the wrong type (`utc: maybe`), YAML
syntax errors, a crontab line that is not an entry, an unescaped `%` in a
crontab command.

## Why is this bad?
The daemon refuses the whole file over one bad job, so none of its jobs run.

## Example
```yaml
jobs:
  - name: backup
    schedule: "0 2 * * *"      # no command
```

## Use instead
```yaml
  - name: backup
    command: backup.sh
    schedule: "0 2 * * *"
```
"""

UNKNOWN_TIMEZONE = """The `timezone` (or `CRON_TZ`) names no IANA zone.

## What it does
Checks every zone name against the IANA database (zoneinfo with tzdata) and
suggests the closest known name.

## Why is this bad?
The daemon cannot place the job in time and refuses it.

## Example
```yaml
    timezone: Europe/Berlim
```

## Use instead
```yaml
    timezone: Europe/Berlin
```
"""

DUPLICATE_JOB_NAME = """Two jobs of the loaded set share a name.

## What it does
Reports the second occurrence (in load order) of a job name; names must be
unique across every file loaded together, includes too.

## Why is this bad?
The name is the job's identity: history, ownership across replicas and the
`H` hash all key on it. The daemon refuses the duplicate.

## Example
```yaml
  - name: backup
  - name: backup
```

## Use instead
Give each job its own name (`backup-db`, `backup-files`).
"""

INCLUDE_CYCLE = """An `include` leads back to a file that is already being loaded.

## What it does
Follows `include` paths and reports the one that closes a cycle.

## Why is this bad?
The daemon refuses configurations with include cycles.

## Example
```yaml
# a.yaml
include: [b.yaml]
# b.yaml
include: [a.yaml]
```

## Use instead
Move the shared part into a third file that both include.
"""

UNREADABLE_FILE = """A file cannot be read (missing include, permissions, not UTF-8).

## What it does
Reports files that cannot be opened or decoded; the other files are still
checked.

## Why is this bad?
Whatever that file defines is not loaded by the daemon either.

## Example
```yaml
include: [jobs/missing.yaml]
```

## Use instead
Fix the path, the permissions or the encoding (UTF-8).
"""

UNKNOWN_KEY = """A job key outside the daemon's schema, with a did-you-mean.

## What it does
Reports keys the daemon's strict job schema does not know, suggesting the
closest known key. The job is still analysed for its other findings.

## Why is this bad?
The daemon's strict schema refuses the whole file over one unknown key, so
a typo stops every job in it.

## Example
```yaml
  - name: backup
    command: backup.sh
    schedule: "0 2 * * *"
    timeZone: Europe/Berlin     # the key is `timezone`
```

## Use instead
```yaml
    timezone: Europe/Berlin
```
"""

MISSING_FINAL_NEWLINE = """A crontab whose last entry has no trailing newline.

## What it does
Reports a crontab file that does not end with a newline.

## Why is this bad?
Classic cron silently drops an unterminated last entry; the same file
installed with `crontab` elsewhere loses that job.

## Example
```
0 2 * * * backup.sh⏎
30 3 * * * cleanup.sh      (no newline at the end)
```

## Use instead
End the file with a newline.
"""

EMPTY_CONFIG = """A file with no jobs in it.

## What it does
Notes a YAML file that is empty (0 bytes) or a crontab without entries: a
valid config with no jobs, which the daemon loads. A YAML file that holds
only comments, blank lines, spaces or `---` is *not* empty to the daemon: it
refuses that file ("when expecting a mapping"), and lint reports it as an
`invalid-config` error.

## Why is this bad?
It is not wrong, but a file expected to hold jobs that defines none usually
means a bad include path, a bad merge or a file emptied by mistake.

## Example
A 0-byte `old-jobs.yaml`, left behind when its jobs moved elsewhere.

## Use instead
Delete the file, or add the jobs it should hold. To disable a YAML file's
jobs, empty it or set `enabled: false` on them: commenting every line out
makes the daemon refuse the file.
"""

LIKELY_USER_COLUMN = """A crontab entry that looks like a system crontab line with a user column.

## What it does
Warns about entries whose sixth field reads as a user name, as in
`/etc/crontab` and `/etc/cron.d/*`. The word is judged by its shape: a user
name (`root`, `news`, `Debian-exim`) that is a well-known system account or
an account on this host and not a command here, or any user-shaped word that
is no command here followed by what starts a command (an absolute path,
`test`, `[`, `cd`, `run-parts`, ...). The first such entry of a file carries
the explanation; the others point at it.

## Why is this bad?
The daemon loads the file but does not parse a user column: it runs a
command named after the user (`root backup.sh`), which fails on every run.

## Example
```
0 2 * * * root backup.sh
```

## Use instead
```
0 2 * * * backup.sh
```
Or read the file as a system crontab: `--system-crontab` (every command that
loads job files takes it), or the config file's `system-crontab` globs.
"""

EMPTY_VALUE = """A job whose `name` or `command` is blank.

## What it does
Warns about a job whose `name` or `command` is empty or only spaces. The
daemon loads such a job (its schema takes any text), so this is not an
error.

## Why is this bad?
A blank command runs nothing on every fire, and a blank name cannot be told
apart in logs, the web API or the H hash (which it seeds).

## Example
```yaml
  - name: backup
    command: ""
    schedule: "0 2 * * *"
```

## Use instead
```yaml
  - name: backup
    command: backup.sh
    schedule: "0 2 * * *"
```
"""

ENV_REFERENCE = """A `${VAR}` reference without a default: its value is left to the host.

## What it does
Notes a string value with a `${VAR}` reference (without a `:-default`). The
daemon expands `${VAR}` and `${VAR:-default}` in string values after
validating the file, and refuses the file when such a variable is unset on
its host. Lint never reads its own environment for this (the linter's
environment is not the daemon's, and in CI it holds secrets), so the value
is not known here: lint names the variable, never a value, and does not
check the value further. A `${VAR:-default}` is checked with its default.

## Why is this bad?
On a host without the variable the daemon refuses the whole file.

## Example
```yaml
    timezone: ${JOB_TZ}
```

## Use instead
```yaml
    timezone: ${JOB_TZ:-UTC}
```
"""

COMMAND_LOOKS_LIKE_FIELD = """A crontab command that starts with what looks like a schedule field.

## What it does
Warns when the first word of a crontab entry's command reads as a cron field
(`*`, `*/6`, `0`, `1-5`, `mon-fri`): the line most likely has six or seven
schedule fields, as in Quartz, Spring or a YAML job, pasted into a crontab.

## Why is this bad?
A crontab entry takes exactly five fields, and the daemon agrees. The sixth
becomes the start of the command: `*/6 * * * * * echo hi` runs every 6
minutes, and the command it runs is `* echo hi`. The shell expands that `*`
into the names of the files in the working directory and runs the first
one. Nothing fails at load time.

## Example
```
*/6 * * * * * echo hi
```

## Use instead
```
*/6 * * * * echo hi
```
For a seconds or year field, move the job to a YAML config, whose schedule
takes 6 or 7 fields.
"""
