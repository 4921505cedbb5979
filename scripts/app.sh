#!/usr/bin/env bash
# Install the app into .venv-app (fresh machine friendly) and serve the Paper Tales Lab app
# (notebooks/app.ipynb) with Voilà: open the printed http://localhost:PORT/ address.
# PORT=8866 by default; extra arguments go to voila (e.g. --Voila.ip=0.0.0.0).
# POOL=N keeps N kernels that have already run the app, for a class arriving together
# (docs/classroom.md: about 135 MB of memory each, refilled 2 minutes after each is taken; default 1).
# The app runs on the compiled engine (mypyc: the coach's hints and reviews in about a sixth
# of the pure engine's time, docs/performance.md; the pure-Python engine when no C compiler is
# found): a regular install, done again only when a source file changed since the last one
# (compiling takes a minute or two).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv-app
sources=$(find papertales widgets kingdom_legacy setup.py pyproject.toml notebooks/app.ipynb share -type f \
              \( -name '*.py' -o -name '*.json' -o -name '*.toml' -o -name '*.ipynb' -o -name '*.j2' \) -print0 \
              | sort -z | xargs -0 sha256sum | sha256sum)
if [ "$(cat .venv-app/sources.sha256 2>/dev/null)" != "$sources" ]; then
    echo "scripts/app.sh: installing the app (the compiled engine: a minute or two) ..."
    .venv-app/bin/python -m pip install -q --upgrade pip
    .venv-app/bin/python -m pip install -q ".[app]" -c binder/requirements.txt
    echo "$sources" > .venv-app/sources.sha256
fi
# `papertales app` (widgets/serve.py) runs Voilà with the app's options and says why each.
exec .venv-app/bin/papertales app --port="${PORT:-8866}" --pool_size="${POOL:-1}" "$@"
