#!/usr/bin/env bash
# Make sure Debian's chromium is at /usr/bin/chromium for the browser test (tests/browser/).
# Playwright drives this browser through executable_path=; its own browser download
# (`playwright install`) cannot work on the project's machines, so it is never used.
# As root the package is installed with apt-get; otherwise this only says what to do.
set -euo pipefail

BROWSER=/usr/bin/chromium

if [ -x "$BROWSER" ]; then
    exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-chromium: $BROWSER is missing; installing Debian's chromium with apt-get" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
    if [ -x "$BROWSER" ]; then
        echo "ensure-chromium: installed $("$BROWSER" --version 2>/dev/null || echo chromium)" >&2
        exit 0
    fi
    echo "ensure-chromium: apt-get finished but $BROWSER is still missing" >&2
    exit 1
fi

cat >&2 <<MSG
ensure-chromium: $BROWSER is missing and this script cannot install it here
(it needs root and apt-get). Install Debian's chromium package yourself:

    sudo apt-get update && sudo apt-get install -y chromium

Without it the browser test (pytest -m browser) is skipped, except under CI=true,
where it fails.
MSG
exit 0
