"""Whether a crontab entry carries a system crontab's user column, judged by its shape.

`/etc/crontab` and `/etc/cron.d/*` put a user between the schedule and the
command (`17 * * * * root cd / && run-parts --report /etc/cron.hourly`). The
daemon does not read that column: it runs `root cd / && ...` as the command,
which fails on every run. A word there is taken for a user when it has a user
name's shape and either names an account (a well-known system account, or one
in this host's account database) that is not a command here, or is followed by
what starts a command (an absolute path, `test`, `[`, `cd`, `run-parts`, ...)
while being no command itself.
"""

from __future__ import annotations

import re
import shutil
from functools import lru_cache

# A POSIX user name (useradd's rules, plus the upper case Debian-exim has).
_USER_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]{0,31}\$?")
# System accounts Debian, Ubuntu, RHEL and the BSDs create, and the usual service users.
KNOWN_ACCOUNTS = frozenset((
    "root", "daemon", "bin", "sys", "sync", "games", "man", "lp", "mail", "news", "uucp",
    "proxy", "www-data", "backup", "list", "irc", "gnats", "nobody", "_apt", "messagebus",
    "sshd", "postfix", "Debian-exim", "munin", "nagios", "zabbix", "postgres", "mysql",
    "redis", "operator", "smmsp", "apache", "nginx", "ntp", "chrony", "ubuntu", "ec2-user",
    "centos", "jenkins", "git", "www", "http", "wwwrun", "squid", "bind", "named", "clamav",
    "amavis", "dovecot", "uucp", "adm", "halt", "shutdown", "ftp", "tss", "polkitd",
    "systemd-network", "systemd-resolve", "syslog", "tomcat", "elasticsearch", "mongodb",
    "rabbitmq", "memcache", "prometheus", "grafana", "gitlab-runner", "deploy", "admin",
    "Debian-snmp", "snmp", "netdata", "sogo", "vmail", "opendkim", "spamd", "debian-tor",
))  # fmt: skip
# Accounts that are also the names of common commands: a user only before a command.
_ALSO_COMMANDS = frozenset((
    "mail", "git", "man", "sync", "backup", "lp", "ftp", "halt", "shutdown", "admin",
    "deploy", "http", "list", "nginx", "mysql", "redis", "apache", "ntp", "named", "squid",
    "postfix", "grafana", "prometheus", "netdata", "tomcat", "mongodb", "elasticsearch",
))  # fmt: skip
# Words that start a command in a crontab's command column and are no user name.
COMMAND_STARTS = frozenset((
    "test", "cd", "if", "command", "run-parts", "php", "perl", "python", "python3", "sh",
    "bash", "nice", "ionice", "flock", "env", "exec", "sleep", "echo", "true", "false",
    "su", "sudo", "timeout", "chronic", "find", "rm", "cp", "mv", "tar", "rsync", "curl",
    "wget", "logrotate", "certbot", "systemctl", "service", "nohup", "set", "export",
))  # fmt: skip


def is_user_column(word: str, following: str) -> bool:
    """True when `word`, right after the schedule and before `following`, reads as a user."""
    if not _USER_NAME.fullmatch(word) or word in COMMAND_STARTS:
        return False
    starts_command = following.startswith(("/", "[", "~", "$", "(")) or following in COMMAND_STARTS
    command_here = _is_command(word)
    if word in _ALSO_COMMANDS:
        return starts_command and (word in KNOWN_ACCOUNTS or _has_account(word))
    if word in KNOWN_ACCOUNTS or _has_account(word):
        return starts_command or not command_here
    return starts_command and not command_here


@lru_cache(maxsize=256)
def _is_command(word: str) -> bool:
    return shutil.which(word) is not None


@lru_cache(maxsize=256)
def _has_account(word: str) -> bool:
    try:
        import pwd  # POSIX only; elsewhere only the shape and the known names count

        pwd.getpwnam(word)
    except (ImportError, KeyError, OSError):
        return False
    return True


_TOKEN = re.compile(r"\S+")


def has_user_column(line: str) -> bool:
    """Whether a whole crontab line is an entry with a user column (for a directory's hint)."""
    from ...engine import ScheduleError, parse

    tokens = _TOKEN.findall(line)
    if not tokens or tokens[0].startswith("#"):
        return False
    count = 1 if tokens[0].startswith("@") else 5
    if len(tokens) < count + 2:
        return False
    try:
        parse(" ".join(tokens[:count]), "", crontab=True)
    except ScheduleError:
        return False
    return is_user_column(tokens[count], tokens[count + 1])
