#!/usr/bin/env bash
# Install the app into .venv-app (fresh machine friendly) and serve the Paper Tales Lab app
# (notebooks/app.ipynb) with Voilà: open the printed http://localhost:PORT/ address.
# PORT=8866 by default; extra arguments go to voila (e.g. --Voila.ip=0.0.0.0).
# The app runs on the compiled engine (mypyc, about twice the coach's samples per second;
# the pure-Python engine when no C compiler is found): a regular install, done again only
# when a source file changed since the last one (compiling takes a minute or two).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv-app
sources=$(find papertales widgets kingdom_legacy setup.py pyproject.toml -type f \
              \( -name '*.py' -o -name '*.json' -o -name '*.toml' \) -print0 | sort -z | xargs -0 sha256sum | sha256sum)
if [ "$(cat .venv-app/sources.sha256 2>/dev/null)" != "$sources" ]; then
    echo "scripts/app.sh: installing the app (the compiled engine: a minute or two) ..."
    .venv-app/bin/python -m pip install -q --upgrade pip
    .venv-app/bin/python -m pip install -q ".[app]" -c binder/requirements.txt
    echo "$sources" > .venv-app/sources.sha256
fi
# --preheat_kernel: a kernel runs the notebook before anybody asks for the page, so the
# first visit is interactive within seconds (the pool refills itself after each visit).
# One kernel per open page: the page shuts its kernel down when it closes (the app sets the
# _xsrf cookie that Voilà's shutdown request needs, see widgets/pagejs.py); kernels whose
# page vanished without saying so (a crashed tab, a lost network) are culled after 3
# minutes without a connection and activity (checked every 30 s), so every visitor's kernel
# is gone within 3.5 minutes of leaving (benchmarks/bench_classroom.py measures it); a
# connected page is never culled, however long it stays idle.  Voilà never culls the
# pooled kernel.  --VoilaExecutor.iopub_timeout=60: when many pages open at once on a busy
# machine the app's output can reach Voilà more than the default 4 s after its cell ran, and
# Voilà would serve the page without the app (20 visitors arriving together did that).
# --template=papertales (share/jupyter/voila/templates/papertales): Voilà's lab template
# without its Font Awesome stylesheets from a CDN (Voilà's own bundle has the icons), so
# the page needs no internet.
export JUPYTER_PATH="$PWD/share/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
exec .venv-app/bin/python -m voila notebooks/app.ipynb --no-browser --port="${PORT:-8866}" --template=papertales \
    --preheat_kernel=True --pool_size=1 --Voila.ip=127.0.0.1 \
    --MappingKernelManager.cull_idle_timeout=180 --MappingKernelManager.cull_interval=30 \
    --MappingKernelManager.cull_connected=False --VoilaExecutor.iopub_timeout=60 "$@"
