"""``papertales app`` (or ``python -m papertales app``): serve the one-page app
(``notebooks/app.ipynb``) with Voilà, from a checkout or from an installed wheel.

The wheel carries the notebook and the Voilà template inside this package (setup.py copies
them to the same paths), so the command needs no checkout; from a checkout (an editable
install) they are read where they live.  A command of another package, registered through
the ``papertales.commands`` entry points (pyproject.toml): the engine never imports the panels.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import TextIO

from papertales.i18n import t

HERE = Path(__file__).resolve().parent
#: the folder holding ``notebooks/app.ipynb`` and ``share/jupyter``: this package in a wheel,
#: the repository in a checkout
FILES = HERE if (HERE / "notebooks/app.ipynb").is_file() else HERE.parent
NOTEBOOK = FILES / "notebooks/app.ipynb"
PORT = 8866
#: Voilà's options for the app; an option the caller gives replaces ours (Voilà refuses one twice).
#: --preheat_kernel: a kernel runs the notebook before anybody asks for the page, so the
#: first visit is interactive within seconds (the pool refills itself after each visit).
#: One kernel per open page: the page shuts its kernel down when it closes (the app sets the
#: _xsrf cookie that Voilà's shutdown request needs, see widgets/pagejs.py); kernels whose
#: page vanished without saying so (a crashed tab, a lost network) are culled after 3 minutes
#: without a connection and activity (checked every 30 s), so every visitor's kernel is gone
#: within 3.5 minutes of leaving (benchmarks/bench_classroom.py measures it); a connected page
#: is never culled, however long it stays idle.  Voilà never culls the pooled kernel.
#: --VoilaExecutor.iopub_timeout=60: when many pages open at once on a busy machine the app's
#: output can reach Voilà more than the default 4 s after its cell ran, and Voilà would serve
#: the page without the app (20 visitors arriving together did that).
#: --Voila.tornado_settings=websocket_compression_options={}: messages to the page are deflated
#: (plotly's 5 MB widget bundle, sent once per page by papertales_widgets.charts, arrives as
#: 1.5 MB).  --VoilaConfiguration.extension_denylist=jupyterlab-plotly: that extension renders
#: plain plotly figures (the app draws only FigureWidgets) and would send the page another
#: copy of plotly.js (4.8 MB) on every visit.
#: --template=papertales (share/jupyter/voila/templates/papertales): Voilà's lab template
#: without its Font Awesome stylesheets from a CDN (Voilà's own bundle has the icons), so the
#: page needs no internet.
VOILA_OPTIONS = ["--no-browser", f"--port={PORT}", "--template=papertales", "--Voila.ip=127.0.0.1",
                 "--preheat_kernel=True", "--pool_size=1",
                 "--MappingKernelManager.cull_idle_timeout=180", "--MappingKernelManager.cull_interval=30",
                 "--MappingKernelManager.cull_connected=False", "--VoilaExecutor.iopub_timeout=60",
                 "--Voila.tornado_settings=websocket_compression_options={}",
                 "--VoilaConfiguration.extension_denylist=jupyterlab-plotly"]


#: seconds a pool of more than one kernel (a class: ``--pool_size=30``) waits before it starts
#: a kernel again for each one taken: refilling right away started a kernel per arriving
#: student (2-3 s of CPU each) while the class played, and 30 visitors' clicks took 3.2 s at
#: p95 instead of 0.5 (docs/classroom.md).  A visitor beyond the pool waits up to this long.
CLASS_FILL_DELAY = 120


def voila_command(options: list[str]) -> list[str]:
    """The command serving the app with the caller's ``options`` (Voilà's, e.g. ``--port=8900``)."""
    given = {option.split("=", 1)[0] for option in options}
    ours = [option for option in VOILA_OPTIONS if option.split("=", 1)[0] not in given]
    pool = next((option.split("=", 1)[1] for option in options if option.startswith("--pool_size=")), "1")
    if pool.isdigit() and int(pool) > 1 and "--VoilaKernelManager.fill_delay" not in given:
        ours.append(f"--VoilaKernelManager.fill_delay={CLASS_FILL_DELAY}")
    return [sys.executable, "-m", "voila", str(NOTEBOOK), *ours, *options]


def jupyter_path() -> str:
    """``JUPYTER_PATH`` with the app's template folder first (where Voilà finds ``papertales``)."""
    return os.pathsep.join(filter(None, [str(FILES / "share" / "jupyter"), os.environ.get("JUPYTER_PATH")]))


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    """Serve the app until interrupted; Voilà prints the page's address.  Returns Voilà's exit code."""
    out = out or sys.stdout
    argv = list(sys.argv[1:] if argv is None else argv)
    if "-h" in argv or "--help" in argv:
        out.write(t("app.serve.help", port=PORT) + "\n")
        return 0
    try:
        return subprocess.call(voila_command(argv), env={**os.environ, "JUPYTER_PATH": jupyter_path()})
    except KeyboardInterrupt:                 # Ctrl+C: Voilà, in the same process group, stops too
        return 130
