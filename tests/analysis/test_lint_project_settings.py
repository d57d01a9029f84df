"""Flags over the config file, resolved once for `lint` and the language server."""

from __future__ import annotations

import pytest

from cronstable_cli.analysis.lint.project import UnknownCodes, project_settings
from cronstable_cli.settings.config_file import ProjectConfig

CONFIG = ProjectConfig(
    source="pyproject.toml",
    select=("uneven-step", "never-fires"),
    ignore=("hashed-slot",),
    fail_on="error",
    max_per_minute=7,
)


def test_the_config_file_alone() -> None:
    s = project_settings(CONFIG)
    assert s.select == {"uneven-step", "never-fires"}
    assert s.ignore == {"hashed-slot"}
    assert (s.fail_on, s.max_per_minute) == ("error", 7)


def test_flags_replace_the_files_lists_and_values() -> None:
    s = project_settings(
        CONFIG,
        select=("every-minute,uneven-step",),
        ignore=("never-fires", "dst-skipped-time"),
        fail_on="note",
        max_per_minute=3,
    )
    assert s.select == {"every-minute", "uneven-step"}
    assert s.ignore == {"never-fires", "dst-skipped-time"}
    assert (s.fail_on, s.max_per_minute) == ("note", 3)


def test_defaults_without_file_or_flags() -> None:
    s = project_settings(ProjectConfig())
    assert (s.select, s.ignore, s.fail_on, s.max_per_minute) == (None, frozenset(), "warning", None)


@pytest.mark.parametrize(
    ("config", "flags", "option"),
    [
        (ProjectConfig(), {"select": ("uneven-stpe",)}, "--select"),
        (ProjectConfig(), {"ignore": ("nope",)}, "--ignore"),
        (ProjectConfig(source="a.toml", select=("nope",)), {}, "select in a.toml"),
        (ProjectConfig(source="a.toml", ignore=("nope",)), {}, "ignore in a.toml"),
        (
            ProjectConfig(source="a.toml", per_file_ignores=(("x/*", ("nope",)),)),
            {},
            "per-file-ignores 'x/*' in a.toml",
        ),
    ],
)
def test_an_unknown_code_names_its_option(
    config: ProjectConfig, flags: dict[str, tuple[str, ...]], option: str
) -> None:
    with pytest.raises(UnknownCodes) as caught:
        project_settings(config, **flags)  # type: ignore[arg-type]
    err = caught.value
    assert err.option == option
    assert err.reason.startswith("unknown code") and option not in err.reason
    assert str(err) == f"{option}: {err.reason}"  # as the language server shows it


def test_a_flag_spares_the_files_list_its_check() -> None:
    # `--select` replaces the file's list, so a bad code there is not the run's problem.
    bad = ProjectConfig(source="a.toml", select=("nope",))
    assert project_settings(bad, select=("uneven-step",)).select == {"uneven-step"}
