"""`python -m cronstable_cli`: always this toolkit (like `cronstable-cli`)."""

import sys

from .cli.main import main_cli

sys.exit(main_cli())
