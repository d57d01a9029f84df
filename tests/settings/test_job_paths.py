"""What no PATHS means (settings/job_paths.py), the rule `lint` and the language server share."""

from __future__ import annotations

import pytest

from cronstable_cli.settings.config_file import ProjectConfig
from cronstable_cli.settings.job_paths import DEFAULT_PATHS, JobPaths, job_paths


@pytest.mark.parametrize(
    ("present", "expected"),
    [
        (set(), ()),
        ({"cronstable.yaml"}, ("cronstable.yaml",)),
        ({"cronstable.d"}, ("cronstable.d",)),
        ({"cronstable.d", "cronstable.yaml"}, ("cronstable.yaml", "cronstable.d")),  # that order
        ({"other.yaml"}, ()),
    ],
)
def test_without_configured_paths_the_defaults_that_exist(
    present: set[str], expected: tuple[str, ...]
) -> None:
    assert DEFAULT_PATHS == ("cronstable.yaml", "cronstable.d")
    assert job_paths(ProjectConfig(), present.__contains__) == JobPaths(expected)


def test_configured_paths_replace_the_defaults() -> None:
    config = ProjectConfig(source="pyproject.toml", paths=("jobs", "more/a.yaml"))
    present = {"jobs", "more/a.yaml", "cronstable.yaml"}
    assert job_paths(config, present.__contains__) == JobPaths(("jobs", "more/a.yaml"))


def test_a_configured_path_that_does_not_exist_is_named_and_the_rest_kept() -> None:
    config = ProjectConfig(source=".cronstable.toml", paths=("a", "gone", "b", "also-gone"))
    found = job_paths(config, {"a", "b"}.__contains__)
    assert found.paths == ("a", "b")
    assert found.problem == "`paths` in .cronstable.toml names gone, which does not exist"
