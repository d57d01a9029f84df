#!/bin/sh
# System packages the test suite uses, installed here when missing (root on the CI
# machine): headless Chromium renders the HTML report; Neovim is the real editor
# the language server is tested in (tests/lsp/test_neovim.py). Without them those
# tests skip and say why. Nothing else is installed outside .venv.
missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v nvim >/dev/null 2>&1 || missing="$missing neovim"
if [ -n "$missing" ]; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
        echo "tests/setup-system.sh: installing$missing for the HTML report and editor tests"
        # shellcheck disable=SC2086
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null) \
            || echo "tests/setup-system.sh:$missing could not be installed; their tests will be skipped"
    fi
fi
exit 0
