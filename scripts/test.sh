#!/usr/bin/env bash
# Install everything and run the whole test suite twice, once per build of the engine:
#  1. .venv, an editable install (pure Python): engine and panel tests (on both cores,
#     pytest-xdist), then every notebook (pytest --nbval-lax) and the Voilà app played in
#     headless Chromium (Debian's chromium, installed here when /usr/bin/chromium is
#     missing), one at a time: a browser test's timeouts assume a quiet machine; among them
#     the static site (tests/browser/test_site.py: scripts/build_site.py builds it once, with
#     its tools in .venv-site and its downloads, npm's included, cached in build/site-cache);
#  2. .venv-compiled, a regular install whose engine modules mypyc compiled: the same tests
#     but the browser ones, run against the installed package (python -P: the sources in
#     this folder are not importable, so the compiled modules are the ones tested).
#  3. the Binder environment as repo2docker builds it (scripts/check_binder.py): a fresh
#     virtualenv from binder/requirements.txt, binder/postBuild, notebooks/app.ipynb executed
#     and rendered by Voilà.
# Both test environments are constrained by binder/requirements.txt: the tests run on the
# exact versions Binder serves (scripts/pin_requirements.py writes that file).
# PAPERTALES_EXPECT_BUILD makes tests/test_build.py fail if the other build ran instead.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
    echo "scripts/test.sh: installing Debian's chromium for the browser test (about a minute) ..."
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
if ! command -v npm >/dev/null; then
    echo "scripts/test.sh: installing Debian's npm for the static site's build (tests/browser/test_site.py) ..."
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq npm >/dev/null
fi
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[test,types]" -c binder/requirements.txt
echo "scripts/test.sh: 1/3 the pure-Python engine (.venv, editable install)"
PAPERTALES_REQUIRE_MYPY=1 PAPERTALES_EXPECT_BUILD=pure \
    .venv/bin/python -m pytest -q -n 2 tests --ignore=tests/browser "$@"
PAPERTALES_REQUIRE_BROWSER=1 PAPERTALES_EXPECT_BUILD=pure \
    .venv/bin/python -m pytest -q --nbval-lax --nbval-current-env tests/browser notebooks "$@"

echo "scripts/test.sh: 2/3 the compiled engine (.venv-compiled, mypyc; compiling takes about a minute)"
python3 -m venv .venv-compiled
.venv-compiled/bin/python -m pip install -q --upgrade pip
.venv-compiled/bin/python -m pip install -q ".[test,types]" -c binder/requirements.txt   # a local folder is always rebuilt
PAPERTALES_REQUIRE_MYPY=1 PAPERTALES_EXPECT_BUILD=compiled \
    .venv-compiled/bin/python -P -m pytest -q -n 2 -p no:cacheprovider tests --ignore=tests/browser "$@"

echo "scripts/test.sh: 3/3 the Binder environment (binder/ files in a fresh virtualenv, the app served by Voilà)"
python3 scripts/check_binder.py
