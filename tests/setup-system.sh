#!/bin/sh
# System packages the test suite uses, installed here when missing (root on the CI
# machine): headless Chromium renders the HTML report; Neovim is the real editor
# the language server is tested in (tests/lsp/test_neovim.py). Without them those
# tests skip and say why. Nothing else is installed outside .venv.
missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v nvim >/dev/null 2>&1 || missing="$missing neovim"
if [ -n "$missing" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq || true
    for package in $missing; do
        echo "tests/setup-system.sh: installing $package for its tests"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null \
            || echo "tests/setup-system.sh: $package could not be installed; its tests will be skipped"
    done
fi
exit 0
