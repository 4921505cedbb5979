#!/usr/bin/env bash
# Install everything into .venv (fresh machine friendly) and run the whole test suite:
# engine and panel tests, every notebook (pytest --nbval-lax) and the Voilà app played in
# headless Chromium (Debian's chromium, installed here when /usr/bin/chromium is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
    echo "scripts/test.sh: installing Debian's chromium for the browser test (about a minute) ..."
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[test]"
export PAPERTALES_REQUIRE_BROWSER=1      # a missing browser fails the browser test, never skips it
.venv/bin/python -m pytest -q --nbval-lax --nbval-current-env tests notebooks "$@"
