"""YAML that is not a job config is named as such, before any advice on its YAML.

Most Compose files use anchors and most workflows use flow style; strictyaml
refuses both, but "use block style" is the wrong advice for a file that is
not a cronstable config at all.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cronstable_cli.loaders import load_paths
from cronstable_cli.loaders.yaml.foreign import foreign_document, top_level_keys

CORPUS = Path(__file__).resolve().parent.parent / "data" / "real-world" / "yaml"


# file in the corpus | what it looks like | line of the key that gives it away
@pytest.mark.parametrize(
    ("name", "what", "line"),
    [
        pytest.param("docker-compose.yml", "a Docker Compose file", 9, id="compose-with-anchors"),
        pytest.param("cronjob.yaml", "a Kubernetes CronJob manifest", 1, id="k8s-cronjob"),
        pytest.param("k8s-deployment.yaml", "a Kubernetes manifest", 2, id="k8s-multi-document"),
        pytest.param("nightly.yml", "a GitHub Actions workflow", 3, id="github-workflow"),
        pytest.param("openapi.yaml", "an OpenAPI document", 1, id="openapi"),
        pytest.param(".gitlab-ci.yml", "a GitLab CI configuration", 1, id="gitlab-ci"),
        pytest.param("playbook.yml", "an Ansible playbook", 1, id="ansible-playbook"),
    ],
)
def test_recognised_and_not_given_yaml_advice(name: str, what: str, line: int) -> None:
    result = load_paths([str(CORPUS / name)])
    (finding,) = result.findings
    assert (finding.code, finding.level, finding.line, finding.column) == (
        "invalid-config",
        "error",
        line,
        1,
    )
    assert finding.message.startswith(f"not a cronstable config (this looks like {what})")
    for advice in ("anchor", "flow style", "block style", "YAML syntax"):
        assert advice not in finding.message
    assert result.jobs == ()


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(
            "jobs:\n  - name: x\n    command: y\n    schedule: '* * * * *'\n", id="config"
        ),
        pytest.param("services:\n  web: {}\njobs:\n  - name: x\n", id="config-with-services-key"),
        pytest.param("", id="empty"),
        pytest.param("- name: x\n  command: y\n", id="a list of jobs without jobs:"),
    ],
)
def test_configs_are_not_foreign(text: str) -> None:
    assert foreign_document(text) is None


def test_top_level_keys_of_every_document() -> None:
    text = '---\n"on":\n  push: {}\nname: x\n---\napiVersion: v1\n  nested: 1\n# c: 2\n'
    assert top_level_keys(text) == {"on": 2, "name": 4, "apiVersion": 6}


def test_unparseable_file_with_no_config_key_is_not_a_config(tmp_path: Path) -> None:
    # A Helm values file with an anchor: no key a config has, so no YAML advice either.
    path = tmp_path / "values.yaml"
    path.write_text("replicaCount: 2\nimage: &img\n  repository: nginx\nsidecar:\n  image: *img\n")
    (finding,) = load_paths([str(path)]).findings
    assert finding.message.startswith(
        "not a cronstable config: its top-level keys ('replicaCount', 'image', 'sidecar')"
    )


def test_a_typo_of_jobs_still_gets_the_yaml_problem(tmp_path: Path) -> None:
    path = tmp_path / "jobs.yaml"
    path.write_text("job:\n  - name: x\n    command: [a]\n")
    (finding,) = load_paths([str(path)]).findings
    assert "flow style" in finding.message


# -- an unquoted schedule ---------------------------------------------------------------


def test_unquoted_schedule_says_quote_it() -> None:
    result = load_paths([str(CORPUS / "unquoted-schedule.yaml")])
    (finding,) = result.findings
    assert (finding.code, finding.line, finding.column) == ("invalid-config", 4, 15)
    assert finding.message.startswith('quote the schedule: schedule: "*/5 * * * *"')
    assert "alias" in finding.message and "while scanning" not in finding.message
    # The other job of the file is still checked.
    assert [j.name for j in result.jobs] == ["nightly-report"]


@pytest.mark.parametrize(
    ("line", "quoted"),
    [
        pytest.param("    schedule: @daily", 'schedule: "@daily"', id="macro"),
        pytest.param(
            "  - schedule: */10 * * * *  # every 10",
            'schedule: "*/10 * * * *"',
            id="list-item-with-comment",
        ),
        pytest.param("      minute: */5", 'minute: "*/5"', id="map-form-field"),
    ],
)
def test_other_unquoted_schedules(tmp_path: Path, line: str, quoted: str) -> None:
    head = "jobs:\n  - name: x\n    command: y\n"
    if line.startswith("      minute"):
        head += "    schedule:\n"
    elif line.startswith("  - "):
        head = "jobs:\n"
    path = tmp_path / "jobs.yaml"
    path.write_text(head + line + "\n")
    findings = load_paths([str(path)]).findings
    assert findings and findings[0].message.startswith(f"quote the schedule: {quoted}")
