#!/usr/bin/env bash
# The script behind action.yml: install cronstable-cli, run `lint`, pass its exit status on.
#
# Inputs arrive as INPUT_* variables (action.yml). CRONSTABLE_PYTHON names a
# Python that already has cronstable_cli (the tests use it to skip the install).
set -euo pipefail

action_dir="${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/.." && pwd)}"
format="${INPUT_FORMAT:-github}"
case "$format" in
  github|sarif) ;;
  # The value is not echoed: an input holding `::` or a newline would forge commands.
  *) echo "::error::the format input must be github or sarif"; exit 2 ;;
esac

python="${CRONSTABLE_PYTHON:-}"
if [ -z "$python" ]; then
  venv="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/cronstable-cli-venv"
  python3 -m venv "$venv"
  if [ -n "${INPUT_VERSION:-}" ]; then
    "$venv/bin/python" -m pip install -q --disable-pip-version-check "cronstable-cli==$INPUT_VERSION"
  else
    "$venv/bin/python" -m pip install -q --disable-pip-version-check "$action_dir"
  fi
  python="$venv/bin/python"
fi

args=(lint --format "$format")
if [ -n "${INPUT_FAIL_ON:-}" ]; then args+=(--fail-on "$INPUT_FAIL_ON"); fi
if [ -n "${INPUT_CONFIG:-}" ]; then args+=(--config "$INPUT_CONFIG"); fi
if [ "$format" = sarif ]; then
  sarif="${INPUT_SARIF_FILE:-cronstable.sarif}"
  # The name goes into $GITHUB_OUTPUT as `sarif-file=NAME`: a line break (or any
  # control character) would add entries of its own, so such a name is refused.
  if [[ "$sarif" =~ [[:cntrl:]] ]]; then
    echo "::error::the sarif-file input must be one line of plain text"; exit 2
  fi
  args+=(--output "$sarif")
  if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "sarif-file=$sarif" >> "$GITHUB_OUTPUT"; fi
fi
# Paths are separated by whitespace (spaces or newlines in the workflow).
read -r -d '' -a paths <<< "${INPUT_PATHS:-}" || true

status=0
# `--` before the paths: a committed file named `--baseline=x.crontab` is a path,
# never an option.
"$python" -m cronstable_cli "${args[@]}" -- ${paths[@]+"${paths[@]}"} || status=$?
exit "$status"
