"""Whatever the bytes, loading gives findings, never a traceback."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.loaders import load_paths

YAMLISH = st.text(alphabet=" -:#'\"|>\n\tabcnmejos01*/@%[]{}&!?,=\\\r\x00é", max_size=200)
SEEDS = [
    "jobs:\n  - name: a\n    command: x\n    schedule: '0 1 * * *'\n",
    "defaults:\n  timezone: UTC\ninclude: other.yaml\njobs:\n- name: b\n  command: [x]\n",
    "CRON_TZ=UTC\n0 1 * * * /bin/x %\n@midnight y\n",
]


def mutate(text: str, cut: int, insert: str) -> str:
    cut %= len(text) + 1
    return text[:cut] + insert + text[cut:]


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(YAMLISH, st.builds(mutate, st.sampled_from(SEEDS), st.integers(0, 200), YAMLISH)),
    st.sampled_from(["x.yaml", "x.crontab", "x"]),
)
def test_any_text_loads_without_exceptions(text: str, name: str) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / name
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        result = load_paths([str(path)])
        for finding in result.findings:
            assert (
                finding.code and finding.message and finding.level in ("error", "warning", "note")
            )
        for job in result.jobs:
            # A blank name is loaded, as the daemon loads it (`name: #a` is a
            # comment after the key): empty-value warns about it.
            assert isinstance(job.name, str) and job.location.file == str(path)
            if not job.name:
                assert any(f.code == "empty-value" for f in result.findings)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_load_without_exceptions(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "x.yaml"
        path.write_bytes(data)
        load_paths([str(path)])
