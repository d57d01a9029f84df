"""`cronstable lint`: schedule findings per job plus the fleet's crowded minutes.

from cronstable_cli.analysis.lint import LintSettings, lint
report = lint(load_paths(["jobs/"]), LintSettings(max_per_minute=5))
report.findings, report.summary, report.exit_code("warning")
"""

from .context import LintSettings
from .linter import LintReport, lint
from .registry import BY_CODE, CODES, RULES, Rule

__all__ = ["BY_CODE", "CODES", "RULES", "LintReport", "LintSettings", "Rule", "lint"]
