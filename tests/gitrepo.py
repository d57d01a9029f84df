"""Real git repositories in a temp dir, for the tests that read revisions."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

# An empty global config of our own: the user's settings (hooks, signing) must not
# leak in, and os.devnull is not always a device on a shared test machine.
_EMPTY = tempfile.NamedTemporaryFile(prefix="gitconfig-", delete=False)  # noqa: SIM115
_EMPTY.close()
_ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.com",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.com",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": _EMPTY.name,
}


class Repo:
    """A throwaway repository: write files, commit, read the commit ids back."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.git("init", "-q", "-b", "main")

    def git(self, *args: str) -> str:
        env = {**os.environ, **_ENV}
        done = subprocess.run(
            ["git", *args], cwd=self.root, env=env, check=True, capture_output=True, text=True
        )
        return done.stdout.strip()

    def write(self, files: dict[str, str | None]) -> None:
        """Create, replace or (with None) delete files."""
        for name, text in files.items():
            path = self.root / name
            if text is None:
                path.unlink()
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")

    def commit(self, files: dict[str, str | None], message: str = "change") -> str:
        self.write(files)
        self.git("add", "-A")
        self.git("commit", "-q", "--allow-empty", "-m", message)
        return self.git("rev-parse", "HEAD")
