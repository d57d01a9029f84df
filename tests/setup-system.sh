#!/bin/sh
# System packages the test suite uses. Headless Chromium renders the HTML
# report; it is installed here when missing (root on the CI machine).
# Nothing else is installed outside .venv.
if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
        echo "tests/setup-system.sh: installing chromium for the HTML report test"
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
            || echo "tests/setup-system.sh: chromium could not be installed; its test will be skipped"
    fi
fi
exit 0
